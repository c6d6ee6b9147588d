//! Helpers shared by the XBoard (CECP v2) session tests (`xboard_session.rs`,
//! `xboard_session_input.rs`, `xboard_session_play.rs`): a [`Session`] that speaks XBoard to the
//! tests' engine process (`session::driver`, every wait with a timeout, so a hung engine fails
//! the test instead of hanging CI); and conversions between XBoard's ten-rank coordinates
//! (ranks numbered from 0) and the engine's.

use crate::session::driver::Process;
use kaissa::engine::Engine;
use std::time::{Duration, Instant};

/// How long a reply that should come at once may take (generous: CI machines stall).
pub const REPLY: Duration = Duration::from_secs(20);

/// A running engine in XBoard mode: the tests' engine process ([`Process`]) with XBoard's
/// handshake, pings and moves.
pub struct Session {
    p: Process,
    pings: u32,
}

impl Session {
    /// Starts the engine and does the handshake; returns the session and the feature lines.
    pub fn start() -> (Session, Vec<String>) {
        let mut s = Session {
            p: Process::spawn("xboard"),
            pings: 0,
        };
        s.send("xboard");
        s.send("protover 2");
        let (features, _) = s.until(|l| l == "feature done=1");
        (s, features)
    }

    pub fn send(&mut self, line: &str) {
        self.p.send(line);
    }

    /// Writes raw bytes (a newline is not added).
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        self.p.send_bytes(bytes);
    }

    pub fn fail(&self, what: &str) -> ! {
        self.p.fail(what)
    }

    /// The next line, waiting at most `timeout`.
    pub fn next_within(&mut self, timeout: Duration) -> String {
        match self.p.recv(timeout) {
            Some(l) => l.text,
            None => self.fail(&format!("no reply within {timeout:?}")),
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
        // A polite end; the process is killed by [`Process`]'s drop if it has not exited.
        if !std::thread::panicking() {
            self.p.send("quit");
            let end = Instant::now() + Duration::from_secs(2);
            while Instant::now() < end && !self.p.exited() {
                std::thread::sleep(Duration::from_millis(10));
            }
        }
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
