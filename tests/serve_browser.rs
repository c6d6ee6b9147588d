//! `kaissa serve` in a real browser: headless Chromium (Debian's `chromium`), driven through
//! Debian's `chromedriver` over its WebDriver HTTP API, plays Kaissa, Caïssa and Jikaida by
//! clicking cells: a move, the engine's answer, a placement from the hand, a promotion (GC
//! Kaissa), a short position played to its end with the result in words, undo, flip, the drin
//! names, analysis, a FEN and a PGN loaded, side lines kept, shown, promoted and written, a
//! principal variation's move clicked; and in each of Kaissa, Caïssa, Jikaida and Donkey
//! Kaissa a move dragged against the engine at level 0, the move list clicked, a reload back
//! to the same game, "analyse game" and its graph, and a flag falling on a clock; two browsers
//! on one game following each other, a move from a stale board refused, and a game the server
//! no longer has. A screenshot of each board goes to
//! `target/serve-screenshots/`, and to `docs/serve-GAME.png` with `KAISSA_SCREENSHOTS=docs`
//! (how the pictures of README.md and docs/board.md were made).
//!
//! Without `chromium` or `chromedriver` the test is skipped with a message, unless the
//! environment variable `CI` is set (CI installs them: see `.ci/run`), where it fails.

mod serve_browser {
    pub mod driver;
}
mod serve_common;

use serde_json::{Value, json};
use serve_browser::driver::{Browser, browser_programs};
use serve_common::{Served, TempDir, http};
use std::time::Duration;

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

/// A move played from an earlier point keeps the line: the side line is listed beside it and
/// shown by a click, both are in the PGN, and the side line promoted becomes the main line; a
/// move of the engine's principal variation is a link that plays the line to it.
fn side_lines(b: &Browser, base: &str) {
    b.new_game(base, "merchants", 100);
    b.choose("mode", "humans");
    b.play("e2", "e5");
    b.play("e9", "e6");
    b.play("d2", "d4");
    b.click("#moves li[data-ply=\"1\"]");
    b.wait(
        "the first move shown",
        "document.querySelector('#moves li.current') && document.querySelector('#moves li.current').dataset.ply === '1'",
    );
    b.cell("d9");
    b.wait(
        "d8 offered",
        "document.querySelector('[data-cell=\"d8\"]').classList.contains('target')",
    );
    b.cell("d8");
    b.wait(
        "the side line, the line kept beside it",
        "document.querySelectorAll('#moves li').length === 2 && document.querySelectorAll('#branches li').length === 1 && !document.getElementById('promote').hidden && document.querySelector('#branches a').textContent === 'main line: 1... e9e6 2. d2d4'",
    );
    b.click("#branches a");
    b.wait(
        "the main line shown again, the side line listed",
        "document.querySelectorAll('#moves li').length === 3 && document.getElementById('promote').hidden && document.querySelector('#branches a').textContent === '1... d9d8'",
    );
    b.click("#copy-pgn");
    b.wait(
        "both lines in the PGN",
        "document.getElementById('pgn-input').value.replace(/\\s+/g, ' ').includes('1. e2e5 e9e6 (1... d9d8) 2. d2d4')",
    );
    b.click("#branches a");
    b.wait(
        "the side line shown",
        "document.querySelectorAll('#moves li').length === 2 && !document.getElementById('promote').hidden",
    );
    b.click("#promote");
    b.wait(
        "the side line promoted",
        "document.getElementById('promote').hidden && document.querySelector('#branches a').textContent === '1... e9e6 2. d2d4'",
    );
    b.click("#copy-pgn");
    b.wait(
        "the promoted line first in the PGN",
        "document.getElementById('pgn-input').value.replace(/\\s+/g, ' ').includes('1. e2e5 d9d8 (1... e9e6 2. d2d4)')",
    );
    b.screenshot("side-lines");
    // A move of the engine's line, clicked, is played with the moves before it.
    b.click("#analyse");
    b.wait(
        "the engine's line, its moves links",
        "document.querySelectorAll('#lines a.pv-move').length >= 2",
    );
    let before = b.moves();
    b.click("#lines a.pv-move:nth-of-type(2)");
    b.wait(
        "two moves of the engine's line played",
        &format!(
            "document.querySelectorAll('#moves li').length === {}",
            before + 2
        ),
    );
    b.click("#stop");
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
    b.wait(
        "the best move's arrow",
        "document.querySelector('#board svg.arrow') && document.querySelector('#board svg.arrow').dataset.move === page.report.lines[0].pv[0] && document.querySelector('#board svg.arrow .arrow-line, #board svg.arrow .arrow-ring')",
    );
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

    // A larger board from a FEN: Hyrshiv's 18 x 24 (a King and a Swordsman a side: bare
    // Kings alone would be a game already drawn, which the board refuses to start from).
    let fen = format!("ks16/{}SK16 y - 1", "18/".repeat(22));
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
    // The engine's lines, hidden from its opponent by default, shown.
    b.click("#show-lines");
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
    // The bar follows the move shown: a click on the first move shows that move's score.
    b.click("#moves li[data-ply=\"1\"]");
    b.wait(
        &format!("{variant}: the first move's score in the bar"),
        "document.querySelector('#moves li.current').dataset.ply === '1' && document.getElementById('eval-bar').dataset.ply === '1' && document.getElementById('eval-bar').dataset.cp === String(page.scan.points.find(p => p.ply === 1).cp)",
    );
    // Each side's mistakes, blunders and average loss.
    b.wait(
        &format!("{variant}: the summary by side"),
        "document.querySelectorAll('[data-role=\"scan-summary\"] li').length === 2 && document.querySelector('[data-role=\"scan-summary\"] li').textContent.includes('average loss')",
    );
    if variant == "donkey" {
        // The analysis board: the graph, each side's summary and the best move's arrow.
        b.click("#analyse");
        b.wait(
            "donkey: the best move's arrow over the analysed game",
            "document.querySelector('#board svg.arrow .arrow-line, #board svg.arrow .arrow-ring') && document.querySelectorAll('[data-role=\"scan-summary\"] li').length === 2 && !document.getElementById('eval-graph').hidden",
        );
        b.screenshot("donkey");
        b.click("#stop");
        b.wait(
            "donkey: the analysis stopped",
            "document.getElementById('thinking').textContent === ''",
        );
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
    // No clock runs before the first move: both still show the whole time a while later.
    let shown = |b: &Browser| {
        b.js("return Array.from(document.querySelectorAll('[data-role=\"clock\"]:not([hidden])')).map(c => c.textContent).join(' | ');")
    };
    let before = shown(b);
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(
        shown(b),
        before,
        "{variant}: a clock ran before the first move"
    );
    assert_eq!(
        b.js("return page.state.clock.running === null && page.state.clock.left_ms[0] === page.state.clock.base_ms && page.state.clock.left_ms[1] === page.state.clock.base_ms;"),
        json!(true),
        "{variant}: the clocks before the first move: {before}"
    );
    b.play(from, to);
    b.wait(
        &format!("{variant}: a flag"),
        "document.getElementById('result').textContent.includes(\"'s time ran out\") && document.querySelector('[data-role=\"clock\"].flag')",
    );
    b.choose("clock-preset", "");
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
    side_lines(&browser, &server.url);
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

/// Playing Red against the engine: a new player's level is 3, the board turns to Red (a1 at
/// the top), a label says who plays what, and resigning ends the game in words.
fn play_as_red(b: &Browser, base: &str) {
    b.new_game(base, "kaissa", 100);
    assert_eq!(
        b.js("return document.getElementById('level').value;"),
        json!("3"),
        "a new player's level"
    );
    b.choose("mode", "engine");
    b.choose("engine-side", "0");
    b.click("#new");
    b.wait(
        "the engine's first move, the board turned to Red",
        "document.querySelectorAll('#moves li').length === 1 && document.querySelector('[data-cell=\"a1\"]').style.top === '0px' && document.querySelector('[data-cell=\"a10\"]').style.top !== '0px'",
    );
    assert_eq!(
        b.js("return document.querySelector('[data-role=\"players\"]').textContent;"),
        json!("You play Red, the engine Yellow (level 3)")
    );
    // The legend names every piece letter of the game, and the markings.
    b.wait(
        "the legend",
        "document.querySelectorAll('[data-role=\"legend\"] #legend-pieces li').length === Object.keys(page.state.pieces).length && document.getElementById('legend-pieces').textContent.includes(page.state.pieces['H']) && document.querySelectorAll('#legend-marks li').length === 7",
    );
    // The engine's lines are hidden from its opponent until asked for.
    b.wait(
        "the engine's lines hidden",
        "document.querySelectorAll('#lines li').length === 0 && !document.getElementById('lines-hidden').hidden",
    );
    b.click("#show-lines");
    b.wait(
        "the engine's lines shown",
        "document.querySelectorAll('#lines li').length > 0 && document.getElementById('lines-hidden').hidden",
    );
    b.click("#resign");
    b.wait(
        "the resignation in words",
        "document.getElementById('result').textContent === 'Game over: Red resigns (1-0)' && document.getElementById('resign').hidden",
    );
}

/// Donkey Kaissa's board as its six wedges: every cell a polygon under its piece, the hexagon
/// and the wedge borders drawn, the cells' names on request.
fn donkey_shapes(b: &Browser, base: &str) {
    b.new_game(base, "donkey", 96);
    b.wait(
        "the kites and the lines",
        "document.querySelectorAll('svg.shapes polygon[data-shape]').length === 96 && document.querySelectorAll('svg.shapes line.edge').length === 6 && document.querySelectorAll('svg.shapes line.wedge').length === 6",
    );
    b.click("#names");
    b.wait(
        "the cells' names",
        "document.querySelectorAll('svg.shapes text.cell-name').length === 96 && [...document.querySelectorAll('svg.shapes text.cell-name')].some(t => t.textContent === 'a11')",
    );
    b.screenshot("donkey-wedges");
    b.click("#names");
    b.wait(
        "the names hidden",
        "document.querySelectorAll('svg.shapes text.cell-name').length === 0",
    );
}

/// The board grows with the window, and on a phone-sized screen fits its width with the side
/// panel under it.
fn the_board_fits_the_window(b: &Browser) {
    let width = |b: &Browser| {
        b.js("return document.getElementById('board').getBoundingClientRect().width;")
            .as_f64()
            .expect("a width")
    };
    let resize = |w: u32, h: u32| {
        b.cmd("POST", "/window/rect", json!({"width": w, "height": h}));
        b.wait(
            &format!("the window at {w} x {h}"),
            &format!(
                "Math.abs(window.outerWidth - {w}) < 40 || Math.abs(window.innerWidth - {w}) < 40"
            ),
        );
        std::thread::sleep(Duration::from_millis(300));
    };
    let before = width(b);
    resize(1600, 1150);
    b.wait(
        "a larger board in a larger window",
        &format!("document.getElementById('board').getBoundingClientRect().width > {before} + 40"),
    );
    resize(390, 844);
    b.wait(
        "the board within a phone's width, the panel under it",
        "(() => { const r = document.getElementById('board').getBoundingClientRect(); return r.right <= window.innerWidth && r.width > window.innerWidth * 0.6 && document.querySelector('aside').getBoundingClientRect().top >= r.bottom; })()",
    );
    b.screenshot("phone");
    resize(1200, 860);
}

/// Engine against engine is set up before it starts: no move until "Start", each side at the
/// level chosen; then the engines play.
fn engine_against_engine(b: &Browser, base: &str) {
    b.new_game(base, "merchants", 100);
    b.choose("mode", "watch");
    b.choose("level-first", "1");
    b.choose("level", "2");
    b.wait(
        "the start button",
        "document.getElementById('pause').textContent === 'Start' && !document.getElementById('pause').hidden && document.querySelector('[data-role=\"players\"]').textContent === 'The engine plays both: Yellow at level 1, Red at level 2'",
    );
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(b.moves(), 0, "no move before Start");
    b.click("#pause");
    b.wait(
        "the engines playing",
        "document.querySelectorAll('#moves li').length >= 2 && document.getElementById('pause').textContent === 'Pause'",
    );
    b.click("#pause");
}

/// The server killed in the middle of a game and started again on the same database and
/// port: the game's address opened anew brings the game back as it was, the list of recent games names it, and play
/// goes on. Then a game as Red.
#[test]
fn a_game_is_back_on_reload_after_the_server_restarts() {
    let Some((chromium, chromedriver)) = browser_programs() else {
        return;
    };
    let dir = TempDir::new("kaissa-serve-restart");
    let mut server = Served::start_with(&dir.db(), 0);
    let port = server.port();
    let b = Browser::start(&chromium, &chromedriver);
    b.new_game(&server.url, "kaissa", 100);
    b.choose("mode", "humans");
    b.play("e2", "e5");
    b.play("e9", "e6");
    let game = b
        .js("return page.game;")
        .as_str()
        .expect("a game id")
        .to_string();
    server.kill();
    let server = Served::start_with(&dir.db(), port);
    drop(b);
    // A browser of its own opens the game's address anew. (The same tab reloaded at once has
    // been seen to wait until another client connected to the new server: a stall between
    // Chromium's connections and the HTTP layer that this test does not cover.)
    let b = Browser::start(&chromium, &chromedriver);
    b.open(&format!("{}?game={game}", server.url));
    b.wait(
        "the game back after the restart",
        &format!("page.game === '{game}' && document.querySelectorAll('#moves li').length === 2 && document.querySelector('[data-cell=\"e5\"]').dataset.piece === 'P' && document.querySelector('[data-cell=\"e6\"]').dataset.piece === 'p' && document.getElementById('lost').hidden"),
    );
    b.wait(
        "the game in the list of recent games",
        &format!("document.querySelector('[data-role=\"recent-games\"] li.current a[data-game=\"{game}\"]').textContent.startsWith('kaissa, 2 moves')"),
    );
    b.choose("mode", "humans");
    b.play("d2", "d5");
    assert_eq!(
        server_line(&server, &game),
        json!(["e2e5", "e9e6", "d2d5"]),
        "play goes on after the restart"
    );
    play_as_red(&b, &server.url);
    donkey_shapes(&b, &server.url);
    the_board_fits_the_window(&b);
    engine_against_engine(&b, &server.url);
}
