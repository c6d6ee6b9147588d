//! Integration tests of the XBoard (CECP v2) mode: each test starts the built `kaissa` binary
//! with piped stdin/stdout and scripts a whole session the way XBoard does, reading the replies
//! line by line with timeouts, so a hung engine fails the test instead of hanging CI.
//!
//! Covered: the `xboard`/`protover 2` handshake and its features; `variant` for each of the
//! five rule sets with the `setup` and `piece` replies; `usermove` and the engine's `move`
//! (XBoard numbers the ranks of a ten-rank board from 0); `setboard`; `undo` and `remove`;
//! `lift` → `highlight`; `ping`/`pong` (also while thinking); `force`, `go`, `playother`;
//! `st`, `sd`, `level`, `time`, `otim`; thinking output with `post`; `analyze`/`exit`; result
//! claims after the engine's and after the user's move; whole games of the engine against
//! itself in `go` mode, checked move by move against the library; and malformed input, each
//! line answered by one `Error (...)` or `Illegal move (...)` line while the position stays.

use kaissa::engine::Engine;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

/// How long a reply that should come at once may take (generous: CI machines stall).
const REPLY: Duration = Duration::from_secs(20);

/// A running engine in XBoard mode.
struct Session {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    transcript: Vec<String>,
    pings: u32,
}

impl Session {
    /// Starts the engine and does the handshake; returns the session and the feature lines.
    fn start() -> (Session, Vec<String>) {
        let mut child = Command::new(env!("CARGO_BIN_EXE_kaissa"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .env_remove("RUST_LOG")
            .spawn()
            .expect("the kaissa binary starts");
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        let mut s = Session {
            child,
            stdin,
            lines: rx,
            transcript: Vec::new(),
            pings: 0,
        };
        s.send("xboard");
        s.send("protover 2");
        let (features, _) = s.until(|l| l == "feature done=1");
        (s, features)
    }

    fn send(&mut self, line: &str) {
        self.transcript.push(format!(">> {line}"));
        writeln!(self.stdin, "{line}").expect("the engine reads its input");
        self.stdin.flush().expect("flush");
    }

    fn fail(&self, what: &str) -> ! {
        let tail: Vec<&String> = self.transcript.iter().rev().take(40).rev().collect();
        panic!(
            "{what}\n--- last lines of the session ---\n{}",
            tail.iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join("\n")
        );
    }

    /// The next line, waiting at most `timeout`.
    fn next_within(&mut self, timeout: Duration) -> String {
        match self.lines.recv_timeout(timeout) {
            Ok(l) => {
                self.transcript.push(format!("<< {l}"));
                l
            }
            Err(_) => self.fail(&format!("no reply within {timeout:?}")),
        }
    }

    /// Reads until a line satisfies `pred`; returns the lines before it and that line.
    fn until_within(
        &mut self,
        timeout: Duration,
        pred: impl Fn(&str) -> bool,
    ) -> (Vec<String>, String) {
        let end = Instant::now() + timeout;
        let mut before = Vec::new();
        loop {
            let left = end.saturating_duration_since(Instant::now());
            if left.is_zero() {
                self.fail("the expected line did not come in time");
            }
            let l = self.next_within(left);
            if pred(&l) {
                return (before, l);
            }
            before.push(l);
        }
    }

    fn until(&mut self, pred: impl Fn(&str) -> bool) -> (Vec<String>, String) {
        self.until_within(REPLY, pred)
    }

    /// Sends a ping and returns everything the engine said before the pong.
    fn sync(&mut self) -> Vec<String> {
        self.pings += 1;
        let pong = format!("pong {}", self.pings);
        self.send(&format!("ping {}", self.pings));
        self.until(|l| l == pong).0
    }

    /// Sends a line and returns what the engine said in reply (up to a ping).
    fn ask(&mut self, line: &str) -> Vec<String> {
        self.send(line);
        self.sync()
    }

    /// The engine's position as FEN (from the `d` debugging command).
    fn fen(&mut self) -> String {
        let out = self.ask("d");
        out.iter()
            .find_map(|l| l.strip_prefix("# fen ").map(String::from))
            .unwrap_or_else(|| self.fail("no FEN from d"))
    }

    /// Waits for the engine's `move`, returning the move and the lines before it.
    fn engine_move(&mut self) -> (String, Vec<String>) {
        let (before, l) = self.until(|l| l.starts_with("move "));
        (l["move ".len()..].to_string(), before)
    }

    /// Starts a new game of `variant` in force mode.
    fn new_game(&mut self, variant: &str) -> Vec<String> {
        self.send("new");
        self.send(&format!("variant {variant}"));
        self.send("force");
        self.sync()
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let end = Instant::now() + Duration::from_secs(2);
        while Instant::now() < end {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// XBoard's coordinates on a ten-rank board to the engine's: ranks one higher.
fn to_engine(mv: &str) -> String {
    let mut out = String::new();
    let mut digits = String::new();
    for c in mv.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        if !digits.is_empty() {
            out.push_str(&(digits.parse::<u32>().unwrap() + 1).to_string());
            digits.clear();
        }
        out.push(c);
    }
    if !digits.is_empty() {
        out.push_str(&(digits.parse::<u32>().unwrap() + 1).to_string());
    }
    out
}

/// True for a move in XBoard's ten-rank notation: `e0e2`, `c8c9t`, `H@e0`.
fn is_gui_move(m: &str) -> bool {
    let b = m.as_bytes();
    let sq =
        |i: usize| b.len() > i + 1 && (b'a'..=b'j').contains(&b[i]) && b[i + 1].is_ascii_digit();
    match b {
        [l, b'@', ..] => l.is_ascii_uppercase() && b.len() == 4 && sq(2),
        _ => sq(0) && sq(2) && (b.len() == 4 || (b.len() == 5 && b[4].is_ascii_lowercase())),
    }
}

/// A legal move in the engine's current position, in XBoard's notation.
fn any_legal(s: &mut Session) -> String {
    let fen = s.fen();
    let variant = s
        .ask("d")
        .iter()
        .find_map(|l| {
            l.strip_prefix("# variant ")?
                .split_whitespace()
                .next()
                .map(String::from)
        })
        .unwrap();
    let mut engine = Engine::new();
    engine.set_variant(&variant, &[]).unwrap();
    engine.state_mut().set_position(Some(&fen), &[]).unwrap();
    let mv = engine.state().legal_moves()[0].clone();
    // Engine to XBoard notation: ranks one lower.
    let mut out = String::new();
    let mut digits = String::new();
    for c in mv.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        if !digits.is_empty() {
            out.push_str(&(digits.parse::<u32>().unwrap() - 1).to_string());
            digits.clear();
        }
        if c != ' ' {
            out.push(c);
        }
    }
    out
}

#[test]
fn handshake_announces_the_features_and_every_variant() {
    let (mut s, features) = Session::start();
    let all = features.join(" ");
    for f in [
        "ping=1",
        "setboard=1",
        "usermove=1",
        "playother=1",
        "memory=1",
        "smp=1",
        "highlight=1",
        "sigint=0",
        "sigterm=0",
        "san=0",
        "colors=0",
        "myname=\"kaissa ",
    ] {
        assert!(all.contains(f), "feature {f} missing in {all}");
    }
    let variants = all
        .split("variants=\"")
        .nth(1)
        .and_then(|v| v.split('"').next())
        .expect("a variants feature");
    let mut listed: Vec<&str> = variants.split(',').collect();
    listed.sort();
    assert_eq!(listed, ["gc", "gorean", "kaissa", "merchants", "northern"]);
    // The GUI acknowledges features; the engine stays silent.
    s.send("accepted ping");
    s.send("rejected setscore");
    assert!(s.sync().is_empty());
}

#[test]
fn each_variant_is_described_with_setup_and_piece_lines() {
    let (mut s, _) = Session::start();
    let registry = kaissa::variant::Registry::builtin();
    for name in ["merchants", "northern", "gc", "gorean", "kaissa"] {
        let def = registry.get(name, &[]).unwrap();
        let out = s.ask(&format!("variant {name}"));
        let setup = &out[0];
        assert!(setup.starts_with("setup ("), "{setup}");
        let (table, rest) = setup["setup (".len()..].split_once(") ").unwrap();
        assert_eq!(table.len() % 2, 0, "{table}");
        let (white, black) = table.split_at(table.len() / 2);
        assert_eq!(black, white.to_ascii_lowercase());
        assert!(white.ends_with('.'), "no King in these games: {table}");
        assert_eq!(
            rest,
            format!("10x10+{}_fairy {}", def.pieces.len(), def.start_fen)
        );
        let pieces: Vec<&String> = out[1..].iter().collect();
        assert_eq!(pieces.len(), def.pieces.len(), "{out:?}");
        for p in &def.pieces {
            assert!(white.contains(p.letter.as_str()), "{name}: {}", p.letter);
            let line = format!("piece {}& {}", p.letter, p.betza);
            assert!(
                pieces.iter().any(|l| l.starts_with(&line)),
                "{name}: no '{line}' in {pieces:?}"
            );
        }
        // The variant's start position is set up.
        assert_eq!(s.fen(), def.start_fen);
    }
    assert!(s.ask("variant gorean").iter().any(|l| l == "piece T& NmK"));
    // A size prefix as XBoard may send it is understood.
    assert!(s.ask("variant 10x10+10_gc")[0].starts_with("setup ("));
    // RuleOptions switches a reading on and describes the game again.
    s.ask("variant gorean");
    let out = s.ask("option RuleOptions=flight_captures_only");
    assert!(out.iter().any(|l| l == "piece T& cNmK"), "{out:?}");
}

#[test]
fn user_moves_are_answered_in_ten_rank_coordinates() {
    let (mut s, _) = Session::start();
    s.send("new");
    s.send("variant kaissa");
    s.send("sd 3");
    s.send("usermove e1e3");
    let (mv, _) = s.engine_move();
    assert!(is_gui_move(&mv), "{mv}");
    let mut engine = Engine::new();
    engine.state_mut().play("e2e4").unwrap();
    let reply = to_engine(&mv);
    assert!(
        engine.state().legal_moves().contains(&reply),
        "{mv} (engine {reply}) is not a legal reply"
    );
    engine.state_mut().play(&reply).unwrap();
    assert_eq!(s.fen(), engine.state().fen());
    // Bare moves (GUIs without usermove) work too.
    s.send("force");
    let out = s.ask("a2a3");
    assert!(out.is_empty(), "{out:?}");
}

#[test]
fn illegal_and_malformed_moves_keep_the_position() {
    let (mut s, _) = Session::start();
    s.new_game("kaissa");
    let start = s.fen();
    for (mv, why) in [
        ("e1e5", "not legal in this position"),
        ("e0e1", "not legal in this position"),
        ("H@e0", "not legal in this position"),
        ("e1e2q", "this move does not promote"),
        ("e1e", "not a move in coordinate notation"),
        ("k1k2", "square off the board"),
        ("e1e10", "square off the board"),
        ("@@@@", "not a move in coordinate notation"),
        ("e1e2,e2e3", "not a move in coordinate notation"),
    ] {
        let out = s.ask(&format!("usermove {mv}"));
        assert_eq!(out, [format!("Illegal move ({why}): {mv}")]);
    }
    assert_eq!(s.fen(), start);
    // A promotion without its piece names the choices.
    s.ask("setboard 4h5/2P7/10/10/10/10/10/10/10/4H5[] w - - 0 20");
    let out = s.ask("usermove c8c9");
    assert_eq!(out, ["Illegal move (promotion needs one of: t r): c8c9"]);
    assert!(s.ask("usermove c8c9r").is_empty());
    assert!(s.fen().starts_with("2R1h5/"), "{}", s.fen());
}

#[test]
fn malformed_commands_get_one_error_each_and_change_nothing() {
    let (mut s, _) = Session::start();
    s.new_game("gc");
    s.ask("usermove e1e3");
    let before = s.fen();
    let long = "x".repeat(5000);
    for line in [
        "frobnicate",
        "level",
        "level 40 5",
        "level a 5 0",
        "level 0 5:xx 0",
        "level 0 -1 0",
        "st",
        "st -3",
        "st 0",
        "sd",
        "sd zero",
        "sd 0",
        "time",
        "time soon",
        "otim 1.5",
        "usermove",
        "usermove e1e3 e8e6",
        "setboard",
        "setboard not a fen",
        "setboard 10/10/10 w - - 0 1",
        "setboard ibstuatsbi/mrpppppprm/10/10/10/10/10/10/MRPPPPPPRM/IBSTUATSBI[Hh] x - - 0 1",
        "setboard ibstuatsbi/mrpppppprm/10/10/10/10/10/10/MRPPPPPPRM/IBSTUATSBQ[Hh] w - - 0 1",
        "variant",
        "variant chess",
        "variant kaissa extra",
        "lift",
        "lift q",
        "lift e99",
        "lift HH@",
        "memory lots",
        "cores -1",
        "protover two",
        "option Nonsense=1",
        "option RuleOptions=no_such_rule",
        "undo now",
        "new game",
        "go fast",
        "ünïcödé ☃",
        long.as_str(),
    ] {
        let out = s.ask(line);
        assert_eq!(out.len(), 1, "{line}: {out:?}");
        assert!(
            out[0].starts_with("Error (") && out[0].contains("): "),
            "{line}: {out:?}"
        );
        assert!(
            out[0].ends_with(line),
            "the error names the command: {out:?}"
        );
    }
    assert_eq!(s.fen(), before);
    // Empty lines are skipped; invalid UTF-8 is reported.
    s.send("");
    s.send("   ");
    s.stdin.write_all(b"\xff\xfe usermove\n").unwrap();
    let out = s.sync();
    assert_eq!(out, ["Error (input line is not valid UTF-8): input"]);
    // Nothing to take back after a new game.
    s.new_game("gc");
    assert_eq!(
        s.ask("undo"),
        ["Error (command not legal now: no move to take back): undo"]
    );
    s.ask("usermove e1e3");
    assert_eq!(
        s.ask("remove"),
        ["Error (command not legal now: no move to take back): remove"]
    );
    assert_eq!(s.fen(), before);
}

#[test]
fn setboard_undo_and_remove() {
    let (mut s, _) = Session::start();
    s.new_game("kaissa");
    let start = s.fen();
    let fen = "ibstuatsbi/mrpppppprm/p8p/10/10/10/4P5/P8P/MRPP1PPPRM/IBSTUATSBI[Hh] b - - 0 1";
    assert!(s.ask(&format!("setboard {fen}")).is_empty());
    assert_eq!(s.fen(), fen);
    // XBoard's own FEN flavour: castling and en passant fields, promoted-piece marks.
    let gui = "ibstuatsbi/mrpppppprm/p8p/10/10/10/4P5/P8P/MRPP1PPPRM/IBSTUATSBI[Hh] b KQkq e3 0 1";
    assert!(s.ask(&format!("setboard {gui}")).is_empty());
    assert_eq!(s.fen(), fen);
    // Captured pieces XBoard keeps in the holdings cannot be placed: they are left out.
    let gui = "ibstuatsbi/mrpppppprm/p8p/10/10/10/4P5/P8P/MRPP1PPPRM/IBSTUATSBI[HPRhb] b - - 0 1";
    assert!(s.ask(&format!("setboard {gui}")).is_empty());
    assert_eq!(s.fen(), fen);
    s.ask("usermove e8e6");
    s.ask("usermove d0f3");
    let two = s.fen();
    s.ask("usermove d9f6");
    assert!(s.ask("undo").is_empty());
    assert_eq!(s.fen(), two);
    assert!(s.ask("remove").is_empty());
    assert_eq!(s.fen(), fen);
    assert_eq!(
        s.ask("undo"),
        ["Error (command not legal now: no move to take back): undo"],
        "setboard starts a new history"
    );
    s.ask("new");
    assert_eq!(s.fen(), start);
}

#[test]
fn lift_marks_the_targets() {
    let (mut s, _) = Session::start();
    s.new_game("kaissa");
    // Spearman e2 (XBoard e1): one to three steps forward.
    assert_eq!(
        s.ask("lift e1"),
        ["highlight 10/10/10/10/10/4Y5/4Y5/4Y5/10/10"]
    );
    // Tarnsman d1 (XBoard d0): (3,2) leaps to b4, f4, g3 (a3 holds a Spearman).
    assert_eq!(
        s.ask("lift d0"),
        ["highlight 10/10/10/10/10/10/1Y3Y4/6Y3/10/10"]
    );
    // An empty square, and the opponent's piece, have no targets.
    let none = "highlight 10/10/10/10/10/10/10/10/10/10";
    assert_eq!(s.ask("lift e5"), [none]);
    assert_eq!(s.ask("lift e8"), [none]);
    // The Home Stone in hand: first turn is outside the window (turns 2-10).
    assert_eq!(s.ask("lift H@"), [none]);
    s.ask("usermove d0f3");
    s.ask("usermove d9f6");
    // Now d1 is free and it is Yellow's second turn: the holdings slot (XBoard's l6) and H@.
    assert_eq!(
        s.ask("lift l6"),
        ["highlight 10/10/10/10/10/10/10/10/10/3Y6"]
    );
    assert_eq!(
        s.ask("lift H@"),
        ["highlight 10/10/10/10/10/10/10/10/10/3Y6"]
    );
    // Red's holdings slot while Yellow is to move: nothing.
    assert_eq!(s.ask("lift _3"), [none]);
    // Captures are red, promotions magenta.
    s.ask("setboard 1r2h5/2P7/10/10/10/10/10/10/10/4H5[] w - - 0 20");
    assert_eq!(
        s.ask("lift c8"),
        ["highlight 1MMM6/10/10/10/10/10/10/10/10/10"]
    );
}

#[test]
fn ping_is_answered_after_the_move_when_thinking() {
    let (mut s, _) = Session::start();
    s.new_game("kaissa");
    s.send("st 1");
    s.send("go");
    s.send("ping 99");
    let (before, _) = s.until(|l| l == "pong 99");
    assert!(
        before.iter().any(|l| l.starts_with("move ")),
        "pong came before the move: {before:?}"
    );
}

#[test]
fn force_go_and_playother() {
    let (mut s, _) = Session::start();
    s.new_game("merchants");
    s.send("sd 2");
    // In force mode moves are only played.
    assert!(s.ask("usermove e1e3").is_empty());
    assert!(s.ask("usermove e8e6").is_empty());
    // go: the engine takes the side to move (Yellow) and moves.
    s.send("go");
    let (m1, _) = s.engine_move();
    assert!(is_gui_move(&m1));
    // It now plays Yellow: a Red move is answered.
    s.send("usermove d8d6");
    let (m2, _) = s.engine_move();
    assert!(is_gui_move(&m2));
    // playother: the engine takes the side not on move and waits.
    s.send("force");
    let red = any_legal(&mut s);
    s.send(&format!("usermove {red}"));
    assert!(s.ask("playother").is_empty(), "playother does not move");
    // Yellow is on move and the engine plays Red; after Yellow's move it answers.
    let yellow = any_legal(&mut s);
    s.send(&format!("usermove {yellow}"));
    let (m3, _) = s.engine_move();
    assert!(is_gui_move(&m3));
    // result ends the game for the engine: force mode, moves are only played.
    s.send("result 1/2-1/2 {test}");
    let red = any_legal(&mut s);
    assert!(s.ask(&format!("usermove {red}")).is_empty());
    std::thread::sleep(Duration::from_millis(200));
    assert!(s.sync().is_empty(), "no move after result");
}

#[test]
fn time_controls_limit_the_search() {
    let (mut s, _) = Session::start();
    for bad in ["level 40", "st x", "sd -2", "time", "otim x"] {
        let out = s.ask(bad);
        assert_eq!(out.len(), 1, "{bad}: {out:?}");
        assert!(out[0].starts_with("Error ("), "{bad}: {out:?}");
    }
    // Half a second on the clock of a 5-minute game: the engine must answer well inside it.
    s.new_game("kaissa");
    s.send("level 40 5 0");
    s.send("time 50");
    s.send("otim 30000");
    let t = Instant::now();
    s.send("go");
    s.engine_move();
    assert!(
        t.elapsed() < Duration::from_millis(500),
        "took {:?} with 0.5 s left",
        t.elapsed()
    );
    // st: a fixed time per move (fractions of a second accepted).
    s.send("force");
    s.send("st 0.3");
    let t = Instant::now();
    s.send("go");
    s.engine_move();
    let took = t.elapsed();
    assert!(took < Duration::from_millis(1500), "st 0.3 took {took:?}");
    // sd: the depth limit shows in the thinking output.
    s.send("force");
    s.send("level 0 10 0");
    s.send("time 60000");
    s.send("sd 2");
    s.send("post");
    s.send("go");
    let (_, before) = s.engine_move();
    let depths: Vec<i64> = before
        .iter()
        .filter_map(|l| l.split_whitespace().next()?.parse().ok())
        .collect();
    assert!(!depths.is_empty(), "no thinking output: {before:?}");
    assert!(depths.iter().all(|&d| d <= 2), "{depths:?}");
}

#[test]
fn thinking_output_has_the_cecp_format() {
    let (mut s, _) = Session::start();
    s.new_game("kaissa");
    s.send("post");
    s.send("sd 4");
    s.send("go");
    let (_, lines) = s.engine_move();
    assert!(!lines.is_empty());
    for l in &lines {
        let f: Vec<&str> = l.split_whitespace().collect();
        assert!(f.len() >= 5, "{l}");
        for n in &f[..4] {
            assert!(n.parse::<i64>().is_ok(), "{l}");
        }
        assert!(f[4..].iter().all(|m| is_gui_move(m)), "{l}");
    }
    // nopost silences it.
    s.send("force");
    s.send("nopost");
    s.send("go");
    let (_, lines) = s.engine_move();
    assert!(lines.is_empty(), "{lines:?}");
}

#[test]
fn mate_scores_use_100000() {
    let (mut s, _) = Session::start();
    s.new_game("kaissa");
    s.send("post");
    s.send("sd 3");
    s.send("setboard 9h/10/10/10/10/10/10/10/10/4H4U[] w - - 0 20");
    s.send("go");
    let (mv, lines) = s.engine_move();
    assert_eq!(mv, "j0j9");
    assert!(
        lines
            .iter()
            .any(|l| l.split_whitespace().nth(1) == Some("100001")),
        "{lines:?}"
    );
    let (_, result) = s.until(|l| l.contains(" {"));
    assert_eq!(result, "1-0 {Yellow captures the Home Stone}");
}

#[test]
fn results_are_claimed_after_the_users_move_too() {
    let (mut s, _) = Session::start();
    s.new_game("kaissa");
    s.ask("setboard 9h/10/10/10/10/10/10/10/10/4H4U[] w - - 0 20");
    assert_eq!(
        s.ask("usermove j0j9"),
        ["1-0 {Yellow captures the Home Stone}"]
    );
    // The game is over: moves and go are refused with the result.
    assert_eq!(
        s.ask("usermove e9e8"),
        ["Illegal move (the game is over): e9e8"]
    );
    assert_eq!(s.ask("go"), ["1-0 {Yellow captures the Home Stone}"]);
    // A missed deadline: Yellow's tenth turn with the Home Stone in hand and no free cell.
    s.ask("force");
    s.ask("setboard 4h5/10/10/10/10/10/10/10/10/IBSTUATSBI[H] w - - 0 10");
    assert_eq!(
        s.ask("go"),
        ["0-1 {Yellow did not place the Home Stone in time}"]
    );
    // The gorean draw when both Ubars are gone (Red's Ubar taken by the user's move).
    s.new_game("gorean");
    s.ask("setboard 4u4h/10/10/10/10/10/10/10/10/4B4H[] w - - 0 20");
    assert_eq!(
        s.ask("usermove e0e9"),
        ["1/2-1/2 {both players lost every Ubar}"]
    );
}

#[test]
fn analyze_until_exit() {
    let (mut s, _) = Session::start();
    s.new_game("northern");
    s.send("analyze");
    let (_, first) = s.until(|l| l.split_whitespace().count() >= 5);
    assert!(
        first
            .split_whitespace()
            .next()
            .unwrap()
            .parse::<i64>()
            .is_ok()
    );
    // A move restarts the analysis of the new position; nothing is played.
    s.send("usermove e1e3");
    std::thread::sleep(Duration::from_millis(300));
    s.send("exit");
    let out = s.sync();
    assert!(out.iter().all(|l| !l.starts_with("move")), "{out:?}");
    assert!(s.fen().contains(" b "), "the user's move was played");
    // After exit the engine is idle: pings are answered at once.
    let t = Instant::now();
    s.sync();
    assert!(t.elapsed() < Duration::from_secs(2));
}

#[test]
fn move_now_and_options() {
    let (mut s, _) = Session::start();
    s.send("memory 16");
    s.send("cores 2");
    s.send("easy");
    s.send("hard");
    s.send("random");
    s.send("computer");
    s.send("name Opponent");
    s.send("rating 2000 1800");
    assert!(s.sync().is_empty());
    s.new_game("kaissa");
    // st 60: without '?' this would take a minute.
    s.send("st 60");
    s.send("go");
    std::thread::sleep(Duration::from_millis(300));
    let t = Instant::now();
    s.send("?");
    s.engine_move();
    assert!(
        t.elapsed() < Duration::from_secs(5),
        "? took {:?}",
        t.elapsed()
    );
    // force while thinking discards the search: no move comes.
    s.send("go");
    std::thread::sleep(Duration::from_millis(100));
    s.send("force");
    let out = s.sync();
    assert!(out.iter().all(|l| !l.starts_with("move")), "{out:?}");
}

/// Plays the engine against itself with `go` on every turn until it claims a result; checks
/// every move against the library and the claim against the final position.
fn self_play(variant: &str, depth: u32) -> (String, usize) {
    let (mut s, _) = Session::start();
    s.new_game(variant);
    s.send(&format!("sd {depth}"));
    s.send("st 5");
    let mut engine = Engine::new();
    engine.set_variant(variant, &[]).unwrap();
    for ply in 0..2000 {
        s.send("go");
        let (line_pred, result) = {
            let (_, l) = s.until(|l| l.starts_with("move ") || l.contains(" {"));
            (l.starts_with("move "), l)
        };
        assert!(line_pred, "a result before a move: {result}");
        let mv = &result["move ".len()..];
        assert!(is_gui_move(mv), "{mv}");
        let em = to_engine(mv);
        assert!(
            engine.state().legal_moves().contains(&em),
            "ply {ply}: {mv} ({em}) is not legal in {}",
            engine.state().fen()
        );
        engine.state_mut().play(&em).unwrap();
        if let Some(o) = engine.state().outcome() {
            let (_, claim) = s.until(|l| l.contains(" {"));
            let code = match o.score_for(kaissa::geometry::Color::First) {
                1 => "1-0 {",
                -1 => "0-1 {",
                _ => "1/2-1/2 {",
            };
            assert!(claim.starts_with(code), "{claim} for {o:?}");
            assert!(claim.ends_with('}'));
            // The engine's own position agrees with the library's.
            assert_eq!(s.fen(), engine.state().fen());
            return (claim, ply + 1);
        }
    }
    s.fail("no result after 2000 plies");
}

#[test]
fn whole_games_end_with_a_result_claim() {
    for (variant, depth) in [("kaissa", 3), ("merchants", 2), ("gorean", 2)] {
        let (claim, plies) = self_play(variant, depth);
        println!("{variant}: {claim} after {plies} plies");
    }
}

#[test]
fn a_clock_game_never_runs_out_of_time() {
    // 2 s + 0.05 s per move for each side, clocks kept here and sent before every move as
    // XBoard does; the engine plays both sides with `go`.
    let (mut s, _) = Session::start();
    s.new_game("kaissa");
    s.send("level 0 0:02 0.05");
    let inc = Duration::from_millis(50);
    let mut clocks = [Duration::from_secs(2); 2];
    let mut lowest = clocks[0];
    for ply in 0..80 {
        let side = ply % 2;
        s.send(&format!("time {}", clocks[side].as_millis() / 10));
        s.send(&format!("otim {}", clocks[1 - side].as_millis() / 10));
        let t = Instant::now();
        s.send("go");
        let (_, l) = s.until(|l| l.starts_with("move ") || l.contains(" {"));
        let used = t.elapsed();
        assert!(
            used < clocks[side],
            "ply {ply}: {used:?} used with {:?} on the clock",
            clocks[side]
        );
        clocks[side] = clocks[side] - used + inc;
        lowest = lowest.min(clocks[side]);
        if !l.starts_with("move ") {
            break;
        }
        if s.sync().iter().any(|l| l.contains(" {")) {
            break;
        }
    }
    println!("lowest clock: {lowest:?}");
}

/// A small deterministic generator (xorshift), so failures can be replayed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[(self.next() % items.len() as u64) as usize]
    }
}

#[test]
fn random_input_never_kills_the_engine() {
    let commands = [
        "new",
        "variant",
        "force",
        "go",
        "playother",
        "usermove",
        "level",
        "st",
        "sd",
        "time",
        "otim",
        "setboard",
        "undo",
        "remove",
        "result",
        "ping",
        "post",
        "nopost",
        "hard",
        "easy",
        "memory",
        "cores",
        "lift",
        "put",
        "hover",
        "analyze",
        "exit",
        "option",
        "?",
        "d",
        "e1e3",
        "H@e0",
        "protover",
        "accepted",
        "rejected",
        "computer",
        "random",
        "name",
        "xboard",
        "",
    ];
    let args = [
        "",
        "0",
        "1",
        "-1",
        "99999999999999999999999",
        "0:30",
        "1.5",
        "e0",
        "j9",
        "l6",
        "_3",
        "H@",
        "e1e3",
        "e0e9",
        "c8c9t",
        "H@e0",
        "kaissa",
        "gorean",
        "nosuch",
        "10x10+10_gc",
        "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh]",
        "w",
        "b",
        "-",
        "KQkq",
        "1-0",
        "{x}",
        "RuleOptions=seven_turn_window",
        "@",
        "[",
        "]",
        "/",
        "é",
        "\t",
    ];
    let (mut s, _) = Session::start();
    s.send("sd 1");
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for _ in 0..1500 {
        let mut line = rng.pick(&commands).to_string();
        for _ in 0..rng.next() % 4 {
            line.push(' ');
            line.push_str(rng.pick(&args));
        }
        if line.trim() == "quit" {
            continue;
        }
        s.send(&line);
        if rng.next().is_multiple_of(50) {
            s.sync();
        }
    }
    // Raw bytes, including invalid UTF-8 and control characters.
    for _ in 0..200 {
        let n = rng.next() % 40;
        let mut bytes: Vec<u8> = (0..n).map(|_| (rng.next() % 256) as u8).collect();
        bytes.retain(|b| *b != b'\n' && *b != b'\r');
        bytes.push(b'\n');
        s.stdin.write_all(&bytes).unwrap();
    }
    s.send("force");
    s.sync();
    // Still alive and still playing.
    s.new_game("kaissa");
    s.send("sd 2");
    s.send("go");
    let (mv, _) = s.engine_move();
    assert!(is_gui_move(&mv), "{mv}");
}
