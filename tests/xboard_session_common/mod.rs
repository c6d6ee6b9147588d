//! Helpers shared by the XBoard (CECP v2) session tests (`xboard_session.rs`,
//! `xboard_session_input.rs`, `xboard_session_play.rs`): a [`Session`] that runs the built
//! `kaissa` binary in XBoard mode with piped stdin/stdout, reading the replies line by line with
//! timeouts, so a hung engine fails the test instead of hanging CI; and conversions between
//! XBoard's ten-rank coordinates (ranks numbered from 0) and the engine's.

use kaissa::engine::Engine;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

/// How long a reply that should come at once may take (generous: CI machines stall).
pub const REPLY: Duration = Duration::from_secs(20);

/// A running engine in XBoard mode.
pub struct Session {
    child: Child,
    pub stdin: ChildStdin,
    lines: Receiver<String>,
    transcript: Vec<String>,
    pings: u32,
}

impl Session {
    /// Starts the engine and does the handshake; returns the session and the feature lines.
    pub fn start() -> (Session, Vec<String>) {
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

    pub fn send(&mut self, line: &str) {
        self.transcript.push(format!(">> {line}"));
        writeln!(self.stdin, "{line}").expect("the engine reads its input");
        self.stdin.flush().expect("flush");
    }

    pub fn fail(&self, what: &str) -> ! {
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
    pub fn next_within(&mut self, timeout: Duration) -> String {
        match self.lines.recv_timeout(timeout) {
            Ok(l) => {
                self.transcript.push(format!("<< {l}"));
                l
            }
            Err(_) => self.fail(&format!("no reply within {timeout:?}")),
        }
    }

    /// Reads until a line satisfies `pred`; returns the lines before it and that line.
    pub fn until_within(
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

    pub fn until(&mut self, pred: impl Fn(&str) -> bool) -> (Vec<String>, String) {
        self.until_within(REPLY, pred)
    }

    /// Sends a ping and returns everything the engine said before the pong.
    pub fn sync(&mut self) -> Vec<String> {
        self.pings += 1;
        let pong = format!("pong {}", self.pings);
        self.send(&format!("ping {}", self.pings));
        self.until(|l| l == pong).0
    }

    /// Sends a line and returns what the engine said in reply (up to a ping).
    pub fn ask(&mut self, line: &str) -> Vec<String> {
        self.send(line);
        self.sync()
    }

    /// The engine's position as FEN (from the `d` debugging command).
    pub fn fen(&mut self) -> String {
        let out = self.ask("d");
        out.iter()
            .find_map(|l| l.strip_prefix("# fen ").map(String::from))
            .unwrap_or_else(|| self.fail("no FEN from d"))
    }

    /// Waits for the engine's `move`, returning the move and the lines before it.
    pub fn engine_move(&mut self) -> (String, Vec<String>) {
        let (before, l) = self.until(|l| l.starts_with("move "));
        (l["move ".len()..].to_string(), before)
    }

    /// Starts a new game of `variant` in force mode.
    pub fn new_game(&mut self, variant: &str) -> Vec<String> {
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
pub fn to_engine(mv: &str) -> String {
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
pub fn is_gui_move(m: &str) -> bool {
    let b = m.as_bytes();
    let sq =
        |i: usize| b.len() > i + 1 && (b'a'..=b'j').contains(&b[i]) && b[i + 1].is_ascii_digit();
    match b {
        [l, b'@', ..] => l.is_ascii_uppercase() && b.len() == 4 && sq(2),
        _ => sq(0) && sq(2) && (b.len() == 4 || (b.len() == 5 && b[4].is_ascii_lowercase())),
    }
}

/// A legal move in the engine's current position, in XBoard's notation.
pub fn any_legal(s: &mut Session) -> String {
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
