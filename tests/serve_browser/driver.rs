//! Driving headless Chromium for the tests of `kaissa serve`: a chromedriver process with one
//! browser session, spoken to over WebDriver's HTTP API (click, drag, type, keys, scripts,
//! screenshots), and where the programs are.

use crate::serve_common::http;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long any one thing may take to appear (the machine may be busy).
pub const WAIT: Duration = Duration::from_secs(90);
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
pub struct Browser {
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
    pub fn start(chromium: &Path, chromedriver: &Path) -> Browser {
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
    pub fn cmd(&self, method: &str, path: &str, body: Value) -> Value {
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

    pub fn open(&self, url: &str) {
        self.cmd("POST", "/url", json!({ "url": url }));
    }

    /// Runs a script (a function body) in the page; its return value.
    pub fn js(&self, script: &str) -> Value {
        self.cmd(
            "POST",
            "/execute/sync",
            json!({ "script": script, "args": [] }),
        )
    }

    /// Waits until `expr` (a JavaScript expression) is true.
    pub fn wait(&self, what: &str, expr: &str) {
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
    pub fn try_cmd(&self, method: &str, path: &str, body: Value) -> (u16, Value) {
        let path = format!("/session/{}{path}", self.session);
        let (status, text) = http(&self.addr, method, &path, &body.to_string())
            .unwrap_or_else(|e| panic!("{method} {path}: {e}"));
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    /// Clicks the element matching a CSS selector, as a user would. The page draws the board
    /// anew on every change, so an element found just before may be gone: then it is found
    /// again.
    pub fn click(&self, css: &str) {
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
    pub fn cell(&self, name: &str) {
        self.click(&format!("[data-cell=\"{name}\"]"));
    }

    /// The piece letter shown on a cell (empty if none).
    pub fn piece(&self, name: &str) -> String {
        self.js(&format!(
            "const c = document.querySelector('[data-cell=\"{name}\"]'); return c ? (c.dataset.piece || '') : 'missing';"
        ))
        .as_str()
        .unwrap_or("")
        .to_string()
    }

    /// Presses and releases a key (a WebDriver key code such as `\u{E012}`, the left arrow).
    pub fn key(&self, key: &str) {
        let actions = json!({"actions": [{"type": "key", "id": "keyboard", "actions": [
            {"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}
        ]}]});
        self.cmd("POST", "/actions", actions);
    }

    /// Types into a text field (replacing its text).
    pub fn type_into(&self, id: &str, text: &str) {
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
    pub fn drag(&self, from: &str, to: &str) {
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
    pub fn choose(&self, id: &str, value: &str) {
        self.js(&format!(
            "const s = document.getElementById('{id}'); s.value = '{value}'; s.dispatchEvent(new Event('change'));"
        ));
    }

    /// Saves a screenshot of the page; checks it is a PNG.
    pub fn screenshot(&self, name: &str) {
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
    pub fn load_fen(&self, fen: &str, cell: &str, piece: &str) {
        self.type_into("fen-input", fen);
        self.click("#load-fen");
        self.wait(
            &format!("the FEN's {piece} on {cell}"),
            &format!("document.querySelector('[data-cell=\"{cell}\"]').dataset.piece === '{piece}' && document.getElementById('fen-input').value.startsWith('{}')", &fen[..8]),
        );
    }

    /// Number of moves in the page's move list.
    pub fn moves(&self) -> u64 {
        self.js("return document.querySelectorAll('#moves li').length;")
            .as_u64()
            .unwrap_or(0)
    }

    /// Clicks `from` then `to`, checking `to` was offered as a target first, and waits until
    /// the page shows the move played.
    pub fn play(&self, from: &str, to: &str) {
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
    pub fn new_game(&self, base: &str, variant: &str, cells: usize) {
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

/// Chromium and chromedriver, or `None` (the test is skipped) when they are not installed
/// outside CI.
pub fn browser_programs() -> Option<(PathBuf, PathBuf)> {
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
