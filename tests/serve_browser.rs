//! `kaissa serve` in a real browser: headless Chromium (Debian's `chromium`), driven through
//! Debian's `chromedriver` over its WebDriver HTTP API, plays Kaissa, Caïssa and Jikaida by
//! clicking cells: a move, the engine's answer, a placement from the hand, a promotion (GC
//! Kaissa), a short position played to its end with the result in words, undo, flip, the drin
//! names, analysis, a FEN and a PGN loaded; and in each of Kaissa, Caïssa, Jikaida and Donkey
//! Kaissa a move dragged against the engine at level 0, the move list clicked, a reload back
//! to the same game, "analyse game" and its graph, and a flag falling on a clock; two browsers
//! on one game following each other, a move from a stale board refused, and a game the server
//! no longer has. A screenshot of each board goes to
//! `target/serve-screenshots/`, and to `docs/serve-GAME.png` with `KAISSA_SCREENSHOTS=docs`
//! (how the pictures of README.md and docs/board.md were made).
//!
//! Without `chromium` or `chromedriver` the test is skipped with a message, unless the
//! environment variable `CI` is set (CI installs them: see `.ci/run`), where it fails.

mod serve_common;

use serde_json::{Value, json};
use serve_common::{Served, http};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long any one thing may take to appear (the machine may be busy).
const WAIT: Duration = Duration::from_secs(90);
/// WebDriver's key for an element reference.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// Finds a program on PATH.
fn find(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .map(|d| d.join(program))
        .find(|p| p.is_file())
}

/// A free TCP port of 127.0.0.1.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// A chromedriver process with one browser session.
struct Browser {
    driver: Child,
    addr: String,
    session: String,
    profile: PathBuf,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = http(
            &self.addr,
            "DELETE",
            &format!("/session/{}", self.session),
            "",
        );
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

impl Browser {
    fn start(chromium: &Path, chromedriver: &Path) -> Browser {
        let port = free_port();
        let driver = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let addr = format!("127.0.0.1:{port}");
        let start = Instant::now();
        while http(&addr, "GET", "/status", "").is_err() {
            assert!(start.elapsed() < WAIT, "chromedriver does not answer");
            std::thread::sleep(Duration::from_millis(100));
        }
        // One profile per browser (the port tells two of one test run apart).
        let profile = std::env::temp_dir().join(format!(
            "kaissa-serve-chromium-{}-{port}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&profile);
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": chromium,
                "args": [
                    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                    "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync",
                    "--disable-dev-shm-usage", "--window-size=1200,860",
                    format!("--user-data-dir={}", profile.display()),
                ]
            }
        }}});
        let (status, body) = http(&addr, "POST", "/session", &caps.to_string()).expect("a session");
        let v: Value = serde_json::from_str(&body).expect("JSON");
        assert_eq!(status, 200, "no browser session: {body}");
        let session = v["value"]["sessionId"]
            .as_str()
            .expect("session id")
            .to_string();
        Browser {
            driver,
            addr,
            session,
            profile,
        }
    }

    /// A WebDriver command; its `value`.
    fn cmd(&self, method: &str, path: &str, body: Value) -> Value {
        let path = format!("/session/{}{path}", self.session);
        let body = if body.is_null() {
            String::new()
        } else {
            body.to_string()
        };
        let (status, text) = http(&self.addr, method, &path, &body)
            .unwrap_or_else(|e| panic!("{method} {path}: {e}"));
        let v: Value = serde_json::from_str(&text).unwrap_or_else(|_| panic!("{text}"));
        assert_eq!(status, 200, "{method} {path} {body}: {text}");
        v["value"].clone()
    }

    fn open(&self, url: &str) {
        self.cmd("POST", "/url", json!({ "url": url }));
    }

    /// Runs a script (a function body) in the page; its return value.
    fn js(&self, script: &str) -> Value {
        self.cmd(
            "POST",
            "/execute/sync",
            json!({ "script": script, "args": [] }),
        )
    }

    /// Waits until `expr` (a JavaScript expression) is true.
    fn wait(&self, what: &str, expr: &str) {
        let start = Instant::now();
        loop {
            if self.js(&format!(
                "try {{ return !!({expr}); }} catch (e) {{ return false; }}"
            )) == json!(true)
            {
                return;
            }
            if start.elapsed() > WAIT {
                let page = self.js("return document.getElementById('error').textContent + ' | ' + document.getElementById('status').textContent + ' | ' + document.getElementById('result').textContent;");
                panic!("waited in vain for {what} ({expr}); page says: {page}");
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// A WebDriver command that may fail; its status and answer.
    fn try_cmd(&self, method: &str, path: &str, body: Value) -> (u16, Value) {
        let path = format!("/session/{}{path}", self.session);
        let (status, text) = http(&self.addr, method, &path, &body.to_string())
            .unwrap_or_else(|e| panic!("{method} {path}: {e}"));
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    /// Clicks the element matching a CSS selector, as a user would. The page draws the board
    /// anew on every change, so an element found just before may be gone: then it is found
    /// again.
    fn click(&self, css: &str) {
        let start = Instant::now();
        loop {
            let (status, el) = self.try_cmd(
                "POST",
                "/element",
                json!({ "using": "css selector", "value": css }),
            );
            if status == 200 {
                let id = el["value"][ELEMENT].as_str().expect("an element id");
                let (status, answer) =
                    self.try_cmd("POST", &format!("/element/{id}/click"), json!({}));
                if status == 200 {
                    return;
                }
                assert!(
                    answer["value"]["error"] == "stale element reference",
                    "click {css}: {answer}"
                );
            }
            assert!(start.elapsed() < WAIT, "cannot click {css}: {el}");
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Clicks a cell by its engine name.
    fn cell(&self, name: &str) {
        self.click(&format!("[data-cell=\"{name}\"]"));
    }

    /// The piece letter shown on a cell (empty if none).
    fn piece(&self, name: &str) -> String {
        self.js(&format!(
            "const c = document.querySelector('[data-cell=\"{name}\"]'); return c ? (c.dataset.piece || '') : 'missing';"
        ))
        .as_str()
        .unwrap_or("")
        .to_string()
    }

    /// Presses and releases a key (a WebDriver key code such as `\u{E012}`, the left arrow).
    fn key(&self, key: &str) {
        let actions = json!({"actions": [{"type": "key", "id": "keyboard", "actions": [
            {"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}
        ]}]});
        self.cmd("POST", "/actions", actions);
    }

    /// Types into a text field (replacing its text).
    fn type_into(&self, id: &str, text: &str) {
        let el = self.cmd(
            "POST",
            "/element",
            json!({ "using": "css selector", "value": format!("#{id}") }),
        );
        let eid = el[ELEMENT].as_str().expect("element");
        self.cmd("POST", &format!("/element/{eid}/clear"), json!({}));
        self.cmd(
            "POST",
            &format!("/element/{eid}/value"),
            json!({ "text": text }),
        );
    }

    /// Drags the piece on cell `from` to cell `to` with the mouse (press, move, release).
    fn drag(&self, from: &str, to: &str) {
        let find = |name: &str| {
            let el = self.cmd(
                "POST",
                "/element",
                json!({ "using": "css selector", "value": format!("[data-cell=\"{name}\"]") }),
            );
            el[ELEMENT].as_str().expect("an element id").to_string()
        };
        let (a, z) = (find(from), find(to));
        let before = self.moves();
        let actions = json!({"actions": [{"type": "pointer", "id": "mouse",
            "parameters": {"pointerType": "mouse"}, "actions": [
            {"type": "pointerMove", "duration": 0, "origin": {ELEMENT: a}, "x": 0, "y": 0},
            {"type": "pointerDown", "button": 0},
            {"type": "pointerMove", "duration": 150, "origin": {ELEMENT: z}, "x": 0, "y": 0},
            {"type": "pointerUp", "button": 0}
        ]}]});
        self.cmd("POST", "/actions", actions);
        self.wait(
            &format!("{from}{to} dragged into the move list"),
            &format!("document.querySelectorAll('#moves li').length > {before}"),
        );
    }

    /// Picks an option of a select element by its value, and tells the page.
    fn choose(&self, id: &str, value: &str) {
        self.js(&format!(
            "const s = document.getElementById('{id}'); s.value = '{value}'; s.dispatchEvent(new Event('change'));"
        ));
    }

    /// Saves a screenshot of the page; checks it is a PNG.
    fn screenshot(&self, name: &str) {
        let b64 = self.cmd("GET", "/screenshot", Value::Null);
        let png = base64(b64.as_str().expect("base64 text"));
        assert!(
            png.starts_with(b"\x89PNG\r\n\x1a\n") && png.len() > 10_000,
            "{name}: not a PNG"
        );
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let dir = root.join("target/serve-screenshots");
        std::fs::create_dir_all(&dir).expect("a screenshot folder");
        std::fs::write(dir.join(format!("serve-{name}.png")), &png).expect("screenshot written");
        if std::env::var("KAISSA_SCREENSHOTS").as_deref() == Ok("docs") {
            std::fs::write(root.join(format!("docs/serve-{name}.png")), &png).expect("docs/");
        }
    }

    /// Loads a FEN through the page's field and button; waits for `cell` to show `piece`.
    fn load_fen(&self, fen: &str, cell: &str, piece: &str) {
        self.type_into("fen-input", fen);
        self.click("#load-fen");
        self.wait(
            &format!("the FEN's {piece} on {cell}"),
            &format!("document.querySelector('[data-cell=\"{cell}\"]').dataset.piece === '{piece}' && document.getElementById('fen-input').value.startsWith('{}')", &fen[..8]),
        );
    }

    /// Number of moves in the page's move list.
    fn moves(&self) -> u64 {
        self.js("return document.querySelectorAll('#moves li').length;")
            .as_u64()
            .unwrap_or(0)
    }

    /// Clicks `from` then `to`, checking `to` was offered as a target first, and waits until
    /// the page shows the move played.
    fn play(&self, from: &str, to: &str) {
        let before = self.moves();
        self.cell(from);
        self.wait(
            &format!("{to} highlighted after picking {from}"),
            &format!("document.querySelector('[data-cell=\"{to}\"]').classList.contains('target')"),
        );
        self.cell(to);
        self.wait(
            &format!("{from}{to} in the move list"),
            &format!("document.querySelectorAll('#moves li').length > {before}"),
        );
    }

    /// Opens a new game of `variant` at `/?variant=NAME`, waits for its `cells` cells, and
    /// makes the engine answer fast.
    fn new_game(&self, base: &str, variant: &str, cells: usize) {
        self.open(&format!("{base}?variant={variant}"));
        self.wait(
            &format!("the {variant} board"),
            &format!("document.querySelectorAll('[data-cell]').length === {cells} && document.getElementById('variant').value === '{variant}'"),
        );
        self.js("document.getElementById('movetime').value = '200';");
    }
}

/// Decodes standard base64.
fn base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let sextets: Vec<u8> = text.bytes().filter_map(value).collect();
    let mut out = Vec::with_capacity(sextets.len() * 3 / 4);
    for chunk in sextets.chunks(4) {
        let mut n = 0u32;
        for (i, s) in chunk.iter().enumerate() {
            n |= u32::from(*s) << (18 - 6 * i);
        }
        for i in 0..chunk.len().saturating_sub(1) {
            out.push((n >> (16 - 8 * i)) as u8);
        }
    }
    out
}

fn kaissa(b: &Browser, base: &str) {
    b.new_game(base, "kaissa", 100);
    assert_eq!((b.piece("e1"), b.piece("a10")), ("U".into(), "i".into()));
    b.play("e2", "e5");
    b.wait(
        "the engine's answer",
        "document.querySelectorAll('#moves li').length === 2",
    );
    assert_eq!(b.piece("e5"), "P");
    // Yellow's second turn: the Home Stone window is open and drawn on the first rank.
    b.wait(
        "the Home Stone zone",
        "document.querySelector('[data-cell=\"a1\"]').classList.contains('zone-first')",
    );
    b.screenshot("kaissa");

    // The line as PGN, loaded into a new game and stepped through.
    b.click("#copy-pgn");
    b.wait(
        "the PGN",
        "document.getElementById('pgn-input').value.includes('1. e2e5')",
    );
    let pgn = b.js("return document.getElementById('pgn-input').value;");
    b.click("#new");
    b.wait(
        "a new game",
        "document.querySelectorAll('#moves li').length === 0",
    );
    b.choose("mode", "humans");
    b.type_into("pgn-input", pgn.as_str().unwrap());
    b.click("#load-pgn");
    b.wait(
        "the PGN's moves",
        "document.querySelectorAll('#moves li').length === 2",
    );
    b.click("#first");
    b.wait(
        "the start",
        "document.querySelector('[data-cell=\"e2\"]').dataset.piece === 'P'",
    );
    b.click("#next");
    b.wait(
        "the first move",
        "document.querySelector('[data-cell=\"e5\"]').dataset.piece === 'P'",
    );
    // The arrow keys step too.
    b.key("\u{E012}");
    b.wait(
        "the start again, by the left arrow",
        "document.querySelector('[data-cell=\"e2\"]').dataset.piece === 'P' && document.querySelectorAll('#moves li.current').length === 0",
    );
    b.key("\u{E014}");
    b.wait(
        "the first move again, by the right arrow",
        "document.querySelector('#moves li.current') && document.querySelector('#moves li.current').dataset.ply === '1'",
    );

    // A placement from the hand: pick the Home Stone, then a free cell of the first rank.
    b.load_fen(
        "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUAT1BI[Hh] w - - 0 2",
        "g1",
        "T",
    );
    b.click("#hand-bottom [data-drop=\"H\"]");
    b.wait(
        "h1 offered",
        "document.querySelector('[data-cell=\"h1\"]').classList.contains('target')",
    );
    b.cell("h1");
    b.wait(
        "the Home Stone placed",
        "document.querySelector('[data-cell=\"h1\"]').dataset.piece === 'H'",
    );

    // A short position to its end: the Rider takes the Home Stone.
    b.load_fen("4h5/4R5/10/10/10/10/10/10/10/4H5[] w - - 0 20", "e10", "h");
    b.play("e9", "e10");
    b.wait(
        "the result",
        "document.getElementById('result').textContent.includes('Yellow captures the Home Stone')",
    );
    b.click("#undo");
    b.wait("the move taken back", "document.querySelector('[data-cell=\"e10\"]').dataset.piece === 'h' && document.getElementById('result').textContent === ''");
    let top = |b: &Browser| b.js("return document.querySelector('[data-cell=\"a1\"]').style.top;");
    let before = top(b);
    b.click("#flip");
    assert_eq!(
        top(b),
        json!("0px"),
        "a1 at the top once flipped (was {before})"
    );
}

/// A promotion asks which piece: GC Kaissa's Spearman on the last rank.
fn promotion(b: &Browser, base: &str) {
    b.new_game(base, "gc", 100);
    b.choose("mode", "humans");
    b.load_fen("4h5/2P7/10/10/10/10/10/10/10/4H5[] w - - 0 20", "c9", "P");
    b.cell("c9");
    b.wait(
        "c10 highlighted",
        "document.querySelector('[data-cell=\"c10\"]').classList.contains('target')",
    );
    b.cell("c10");
    b.wait(
        "the promotion choices",
        "!document.getElementById('promotion').hidden && document.querySelectorAll('#promotion button').length === 2 && document.getElementById('promotion').textContent.includes('Rider')",
    );
    b.click("#promotion [data-move=\"c9c10r\"]");
    b.wait(
        "the Rider on c10",
        "document.querySelector('[data-cell=\"c10\"]').dataset.piece === 'R'",
    );
}

fn caissa(b: &Browser, base: &str) {
    b.new_game(base, "caissa", 49);
    b.play("c2", "b1");
    b.wait(
        "the engine's answer",
        "document.querySelectorAll('#moves li').length === 2",
    );
    b.wait(
        "a sunk tile",
        "document.querySelector('[data-cell=\"c2\"]').classList.contains('hole')",
    );
    b.screenshot("caissa");

    // Analysis with two lines, then stopped.
    b.js("document.getElementById('multipv').value = '2';");
    b.click("#analyse");
    b.wait("two analysis lines", "document.querySelectorAll('#lines li').length === 2 && document.getElementById('lines').textContent.includes('depth')");
    b.click("#stop");
    b.wait(
        "the analysis stopped",
        "document.getElementById('thinking').textContent === ''",
    );

    // The 200-ply limit: the last ply's move draws.
    b.choose("mode", "humans");
    b.load_fen("7/3bqn1/4r2/7/2R4/1NQB3/7 w - 199", "c2", "Q");
    b.play("c2", "b1");
    b.wait(
        "the result",
        "document.getElementById('result').textContent.includes('200-ply')",
    );

    // The engine takes the first side: it moves as soon as the game starts.
    b.choose("mode", "engine");
    b.choose("engine-side", "0");
    b.click("#new");
    b.wait(
        "the engine's first move",
        "document.querySelectorAll('#moves li').length === 1 && document.getElementById('status').textContent === 'Black to move'",
    );
}

fn jikaida(b: &Browser, base: &str) {
    b.new_game(base, "jikaida", 12 * 18);
    b.play("c3", "c4");
    b.wait(
        "the engine's answer",
        "document.querySelectorAll('#moves li').length === 2",
    );
    assert_eq!(b.piece("c4"), "S");
    b.screenshot("jikaida");
    b.click("#names");
    b.wait(
        "the drin names",
        "[...document.querySelectorAll('.area')].map(a => a.textContent).sort().join() === 'Chavonth,Leem,Mortil,Neemu,Wersting,Zhantil' && document.querySelector('[data-cell=\"a1\"]').title === 'a1 = Mortil A1'",
    );
    b.click("#names");

    // A short position to its end: the Pallan bares the Blue King, whose one reply cannot
    // bare Yellow's.
    b.choose("mode", "humans");
    b.load_fen(
        "5k6/12/12/12/12/12/12/12/12/12/12/12/12/12/12/12/s11/P6K4 y - 1",
        "a2",
        "s",
    );
    b.play("a1", "a2");
    b.play("f18", "e17");
    b.wait(
        "the result",
        "document.getElementById('result').textContent.includes('Yellow bares the Blue King')",
    );

    // A larger board from a FEN: Hyrshiv's 18 x 24.
    let fen = format!("k17/{}K17 y - 1", "18/".repeat(22));
    b.load_fen(&fen, "a24", "k");
    b.wait(
        "the 18 x 24 board",
        "document.querySelectorAll('[data-cell]').length === 18 * 24",
    );
}

/// What the page offers in every game: a move dragged against the engine at level 0 (which
/// searches one ply), the numbered move list and an earlier move clicked, the same game after
/// a reload, "analyse game" with one point per position and a click on the graph, and a game
/// on a clock whose flag falls.
fn every_game(b: &Browser, base: &str, variant: &str, cells: usize, (from, to): (&str, &str)) {
    b.new_game(base, variant, cells);
    b.choose("level", "0");
    b.drag(from, to);
    b.wait(
        &format!("{variant}: the engine's answer at level 0, one ply deep"),
        "document.querySelectorAll('[data-role=\"move-list\"] li').length === 2 && document.querySelector('#moves li .num').textContent === '1. ' && document.getElementById('lines').textContent.startsWith('depth 1 ')",
    );
    b.click("#moves li[data-ply=\"1\"]");
    let after_first = format!(
        "document.querySelector('#moves li.current').dataset.ply === '1' && !document.querySelector('[data-cell=\"{from}\"]').dataset.piece && !!document.querySelector('[data-cell=\"{to}\"]').dataset.piece"
    );
    b.wait(
        &format!("{variant}: the board after the first move"),
        &after_first,
    );
    // A reload finds the same game, at the same move.
    let url = b.js("return location.href;");
    let url = url.as_str().expect("the address");
    assert!(
        url.contains("game="),
        "{variant}: the game is in the address: {url}"
    );
    b.open(url);
    b.wait(
        &format!("{variant}: the same game after a reload"),
        &format!("document.querySelectorAll('#moves li').length === 2 && {after_first}"),
    );
    b.js("document.getElementById('scan-nodes').value = '3000';");
    b.click("#analyse-game");
    b.wait(
        &format!("{variant}: the graph, one point per position"),
        "document.querySelectorAll('[data-role=\"eval-graph\"] circle').length === 3 && document.getElementById('scan-progress').textContent.startsWith('analysed') && !document.querySelector('[data-role=\"eval-bar\"]').hidden",
    );
    b.click("[data-role=\"eval-graph\"] circle[data-ply=\"0\"]");
    b.wait(
        &format!("{variant}: the start, from the graph"),
        &format!("document.querySelectorAll('#moves li.current').length === 0 && !!document.querySelector('[data-cell=\"{from}\"]').dataset.piece"),
    );
    if variant == "donkey" {
        b.screenshot("donkey");
    }
    // Two people on a 5-second clock: one move, then the second player's flag falls.
    b.choose("mode", "humans");
    b.choose("clock-preset", "custom");
    b.js("document.getElementById('clock-base').value = '0.0833'; document.getElementById('clock-inc').value = '0';");
    b.click("#new");
    b.wait(
        &format!("{variant}: two clocks"),
        "document.querySelectorAll('[data-role=\"clock\"]:not([hidden])').length === 2 && document.querySelectorAll('#moves li').length === 0",
    );
    b.play(from, to);
    b.wait(
        &format!("{variant}: a flag"),
        "document.getElementById('result').textContent.includes(\"'s time ran out\") && document.querySelector('[data-role=\"clock\"].flag')",
    );
    b.choose("clock-preset", "");
}

/// Chromium and chromedriver, or `None` (the test is skipped) when they are not installed
/// outside CI.
fn browser_programs() -> Option<(PathBuf, PathBuf)> {
    let (Some(chromium), Some(chromedriver)) = (find("chromium"), find("chromedriver")) else {
        if std::env::var_os("CI").is_some() {
            panic!(
                "chromium and chromedriver must be installed in CI (apt-get install chromium chromium-driver)"
            );
        }
        eprintln!(
            "skipped: chromium or chromedriver is not installed (apt-get install chromium chromium-driver)"
        );
        return None;
    };
    Some((chromium, chromedriver))
}

#[test]
fn the_page_plays_every_game_in_chromium() {
    let Some((chromium, chromedriver)) = browser_programs() else {
        return;
    };
    let server = Served::start();
    let browser = Browser::start(&chromium, &chromedriver);
    browser.open(&format!("{}?variant=chess", server.url));
    browser.wait(
        "the default game and the error",
        "document.querySelectorAll('[data-cell]').length === 100 && document.getElementById('error').textContent.includes(\"unknown variant 'chess'\")",
    );
    kaissa(&browser, &server.url);
    promotion(&browser, &server.url);
    caissa(&browser, &server.url);
    jikaida(&browser, &server.url);
    every_game(&browser, &server.url, "kaissa", 100, ("e2", "e5"));
    every_game(&browser, &server.url, "caissa", 49, ("c2", "b1"));
    every_game(&browser, &server.url, "jikaida", 12 * 18, ("c3", "c4"));
    every_game(&browser, &server.url, "donkey", 96, ("a13", "a34"));
    let errors = browser.js("return document.getElementById('error').textContent;");
    assert_eq!(errors, json!(""), "the games ran without an error");
}

/// The game's line as the server has it.
fn server_line(server: &Served, game: &str) -> Value {
    let (status, body) = http(&server.addr, "GET", &format!("/api/state?game={game}"), "")
        .expect("the server answers");
    assert_eq!(status, 200, "{body}");
    serde_json::from_str::<Value>(&body).expect("JSON")["line"].clone()
}

/// Two browsers on one game: a move in tab A appears in tab B; tab B, hidden (so it stops
/// following) while A plays on, makes a move on its old board that is legal in the new
/// position too: refused with the reason shown, B catches up and the game is unchanged; shown
/// again, B plays at the right ply and A follows. Then a game the server does not have: said
/// so, with a new game offered.
#[test]
fn two_tabs_follow_one_game_and_an_old_board_cannot_move() {
    let Some((chromium, chromedriver)) = browser_programs() else {
        return;
    };
    let server = Served::start();
    let a = Browser::start(&chromium, &chromedriver);
    a.new_game(&server.url, "kaissa", 100);
    a.choose("mode", "humans");
    let game = a
        .js("return page.game;")
        .as_str()
        .expect("a game id")
        .to_string();
    let b = Browser::start(&chromium, &chromedriver);
    b.open(&format!("{}?game={game}", server.url));
    b.wait(
        "tab B on the same game",
        "document.querySelectorAll('[data-cell]').length === 100 && page.game !== null",
    );
    assert_eq!(b.js("return page.game;"), json!(game));
    b.choose("mode", "humans");

    a.play("e2", "e5");
    b.wait(
        "A's move in tab B",
        "document.querySelectorAll('#moves li').length === 1 && document.querySelector('[data-cell=\"e5\"]').dataset.piece === 'P'",
    );

    // B goes to the background: it stops asking. A plays two more moves.
    b.js("Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true}); document.dispatchEvent(new Event('visibilitychange'));");
    a.play("e9", "e6");
    a.play("d2", "d5");
    std::thread::sleep(Duration::from_millis(2500));
    assert_eq!(b.moves(), 1, "a hidden tab does not follow");
    // B's board is at ply 1 (Red to move): d9d6 is legal there and in the game's position.
    b.cell("d9");
    b.wait(
        "d6 offered on B's old board",
        "document.querySelector('[data-cell=\"d6\"]').classList.contains('target')",
    );
    b.cell("d6");
    b.wait(
        "the refusal shown and B caught up",
        "document.getElementById('error').textContent.startsWith('the game has moved on: the move was made at ply 1, the game is at ply 3') && document.querySelectorAll('#moves li').length === 3 && document.querySelector('[data-cell=\"d5\"]').dataset.piece === 'P' && document.querySelector('[data-cell=\"d9\"]').dataset.piece === 'p'",
    );
    assert_eq!(
        server_line(&server, &game),
        json!(["e2e5", "e9e6", "d2d5"]),
        "the refused move changed nothing"
    );

    // Shown again, B plays at the game's ply; A follows.
    b.js("delete document.visibilityState; document.dispatchEvent(new Event('visibilitychange'));");
    b.play("d9", "d6");
    a.wait(
        "B's move in tab A",
        "document.querySelectorAll('#moves li').length === 4 && document.querySelector('[data-cell=\"d6\"]').dataset.piece === 'p'",
    );
    assert_eq!(
        server_line(&server, &game),
        json!(["e2e5", "e9e6", "d2d5", "d9d6"])
    );
    assert_eq!(
        a.js("return document.getElementById('error').textContent;"),
        json!("")
    );

    // A game the server does not have: said so, and a new game on request.
    a.open(&format!("{}?game=00000000deadbeef", server.url));
    a.wait(
        "the lost game's message",
        "!document.getElementById('lost').hidden && document.querySelector('[data-role=\"lost-game\"]').textContent.includes('Game 00000000deadbeef is no longer on the server') && document.querySelector('main').hidden",
    );
    assert!(
        a.js("return location.search;")
            .as_str()
            .unwrap()
            .contains("00000000deadbeef"),
        "the address still names the game asked for"
    );
    a.click("#lost-new");
    a.wait(
        "a new game in its place",
        "document.querySelectorAll('[data-cell]').length === 100 && document.getElementById('lost').hidden && !document.querySelector('main').hidden && page.game && !location.search.includes('00000000deadbeef')",
    );
}
