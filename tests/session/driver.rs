//! The one driver of the engine binary in the tests: the built `kaissa` with piped
//! stdin/stdout/stderr, spoken to in UCI ([`Process`], with UCI's handshake and `isready`), in
//! XBoard (`xboard_session_common`, on a [`Process`]) or as a script (`session::session`).
//! Replies are read on threads and handed over through channels, so every wait has a timeout
//! and a hung engine fails the test (with the last lines of the conversation) instead of
//! hanging CI. Dropping a [`Process`] kills it if it is still running.

#![allow(dead_code)]

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a reply that should come at once may take (generous: CI machines stall).
pub const REPLY: Duration = Duration::from_secs(10);

/// How many lines of the conversation a failure message shows.
const TRANSCRIPT: usize = 40;

/// The kaissa start position (the default variant).
pub const KAISSA_START: &str =
    "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1";

/// One line the engine wrote, with the moment the reader thread got it.
#[derive(Clone, Debug)]
pub struct Line {
    pub text: String,
    pub at: Instant,
}

/// The engine process spoken to in UCI (the name the UCI tests use).
pub type Uci = Process;

/// A running engine process.
pub struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    stderr: Arc<Mutex<Vec<u8>>>,
    stderr_thread: Option<std::thread::JoinHandle<()>>,
    transcript: VecDeque<String>,
    /// Name used in failure messages.
    pub name: String,
}

impl Process {
    /// Starts the engine in protocol mode (no subcommand).
    pub fn spawn(name: &str) -> Uci {
        Uci::spawn_with(name, &[])
    }

    /// Starts the engine in protocol mode with command-line arguments (`--variants FILE`).
    pub fn spawn_with(name: &str, args: &[&str]) -> Uci {
        let mut child = Command::new(env!("CARGO_BIN_EXE_kaissa"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .env_remove("RUST_LOG")
            .spawn()
            .expect("the kaissa binary starts");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("piped stdout");
        let mut stderr_pipe = child.stderr.take().expect("piped stderr");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match r.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {
                        while buf.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
                            buf.pop();
                        }
                        let line = Line {
                            text: String::from_utf8_lossy(&buf).into_owned(),
                            at: Instant::now(),
                        };
                        if tx.send(line).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let sink = stderr.clone();
        let stderr_thread = std::thread::spawn(move || {
            let mut chunk = [0u8; 4096];
            while let Ok(n) = stderr_pipe.read(&mut chunk) {
                if n == 0 {
                    return;
                }
                sink.lock().unwrap().extend_from_slice(&chunk[..n]);
            }
        });
        Uci {
            child,
            stdin,
            lines: rx,
            stderr,
            stderr_thread: Some(stderr_thread),
            transcript: VecDeque::new(),
            name: name.to_string(),
        }
    }

    /// Starts an engine and runs the `uci` handshake, returning the handshake's lines.
    pub fn start(name: &str) -> (Uci, Vec<String>) {
        let mut e = Uci::spawn(name);
        e.send("uci");
        let lines = e.until(|l| l == "uciok", REPLY);
        (e, lines)
    }

    /// Starts an engine past the handshake.
    pub fn ready(name: &str) -> Uci {
        Uci::start(name).0
    }

    fn note(&mut self, s: String) {
        if self.transcript.len() == TRANSCRIPT {
            self.transcript.pop_front();
        }
        self.transcript.push_back(s);
    }

    /// Fails the test with `msg`, the last lines of the conversation and the engine's stderr.
    pub fn fail(&self, msg: &str) -> ! {
        let stderr = String::from_utf8_lossy(&self.stderr.lock().unwrap()).into_owned();
        let t: Vec<&str> = self.transcript.iter().map(|s| s.as_str()).collect();
        panic!(
            "[{}] {msg}\n--- last lines (> sent, < received) ---\n{}\n--- stderr ---\n{}",
            self.name,
            t.join("\n"),
            stderr.chars().take(4000).collect::<String>()
        );
    }

    /// Writes raw bytes (a newline is not added); returns the moment just before the write
    /// (taken before, so that a reply can never seem to come before its command).
    pub fn send_bytes(&mut self, bytes: &[u8]) -> Instant {
        let shown: String = String::from_utf8_lossy(bytes).chars().take(200).collect();
        self.note(format!("> {}", shown.trim_end()));
        let Some(stdin) = self.stdin.as_mut() else {
            self.fail("stdin already closed")
        };
        let at = Instant::now();
        if let Err(e) = stdin.write_all(bytes).and_then(|_| stdin.flush()) {
            self.fail(&format!("cannot write to the engine: {e}"));
        }
        at
    }

    /// Writes one command line; returns the moment just before the write.
    pub fn send(&mut self, line: &str) -> Instant {
        let mut b = Vec::with_capacity(line.len() + 1);
        b.extend_from_slice(line.as_bytes());
        b.push(b'\n');
        self.send_bytes(&b)
    }

    /// The next line, or `None` after `timeout`. Fails if the engine closed its output.
    pub fn recv(&mut self, timeout: Duration) -> Option<Line> {
        match self.lines.recv_timeout(timeout) {
            Ok(l) => {
                let shown: String = l.text.chars().take(200).collect();
                self.note(format!("< {shown}"));
                Some(l)
            }
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => self.fail("the engine closed its output"),
        }
    }

    /// Lines up to and including the first one matching `done` (with arrival times).
    pub fn until_timed(&mut self, done: impl Fn(&str) -> bool, timeout: Duration) -> Vec<Line> {
        let deadline = Instant::now() + timeout;
        let mut out = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.recv(left) {
                Some(l) => {
                    let stop = done(&l.text);
                    out.push(l);
                    if stop {
                        return out;
                    }
                }
                None => self.fail(&format!(
                    "no expected reply within {timeout:?} ({} other lines came)",
                    out.len()
                )),
            }
        }
    }

    /// Lines up to and including the first one matching `done`.
    pub fn until(&mut self, done: impl Fn(&str) -> bool, timeout: Duration) -> Vec<String> {
        self.until_timed(done, timeout)
            .into_iter()
            .map(|l| l.text)
            .collect()
    }

    /// Waits for `bestmove`; returns the lines before it and the bestmove line.
    pub fn bestmove(&mut self, timeout: Duration) -> (Vec<String>, String) {
        let mut lines = self.until(|l| l.starts_with("bestmove"), timeout);
        let last = lines.pop().unwrap();
        (lines, last)
    }

    /// Sends `isready` and returns what came before `readyok`.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.until(|l| l == "readyok", REPLY);
        lines.pop();
        lines
    }

    /// Sends `line`, then `isready`; returns everything the engine said in between.
    pub fn ask(&mut self, line: &str) -> Vec<String> {
        self.send(line);
        self.sync()
    }

    /// Sends `line` and checks that its whole answer is one `info string error: ` line.
    pub fn expect_error(&mut self, line: &str) -> String {
        let reply = self.ask(line);
        match reply.as_slice() {
            [one] if one.starts_with("info string error: ") => one.clone(),
            _ => self.fail(&format!(
                "expected one error line for {:?}, got {reply:?}",
                line.chars().take(100).collect::<String>()
            )),
        }
    }

    /// The position as the engine shows it with `d`.
    pub fn fen(&mut self) -> String {
        self.send("d");
        let lines = self.until(|l| l.starts_with("Variant: "), REPLY);
        match lines.iter().find_map(|l| l.strip_prefix("Fen: ")) {
            Some(f) => f.to_string(),
            None => self.fail("'d' printed no Fen line"),
        }
    }

    /// The engine's stderr so far.
    pub fn stderr(&self) -> String {
        String::from_utf8_lossy(&self.stderr.lock().unwrap()).into_owned()
    }

    /// Waits for the process to end (up to `timeout`).
    pub fn wait_exit(&mut self, timeout: Duration) -> ExitStatus {
        let deadline = Instant::now() + timeout;
        loop {
            match self.child.try_wait() {
                Ok(Some(s)) => {
                    if let Some(t) = self.stderr_thread.take() {
                        let _ = t.join();
                    }
                    return s;
                }
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(5))
                }
                Ok(None) => self.fail(&format!("the engine did not exit within {timeout:?}")),
                Err(e) => self.fail(&format!("cannot wait for the engine: {e}")),
            }
        }
    }

    /// Every line until the engine closes its output (after the end of its input, say),
    /// failing after `timeout`.
    pub fn rest(&mut self, timeout: Duration) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut out = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(l) => {
                    let shown: String = l.text.chars().take(200).collect();
                    self.note(format!("< {shown}"));
                    out.push(l.text);
                }
                Err(RecvTimeoutError::Disconnected) => return out,
                Err(RecvTimeoutError::Timeout) => self.fail(&format!(
                    "the engine did not close its output within {timeout:?}"
                )),
            }
        }
    }

    /// True once the process has ended.
    pub fn exited(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(Some(_)))
    }

    /// Closes stdin (end of input) without `quit`.
    pub fn close_stdin(&mut self) {
        self.note("> <end of input>".into());
        self.stdin = None;
    }

    /// Asserts that stderr has no panic message.
    pub fn assert_no_panic(&self) {
        if self.stderr().contains("panicked") {
            self.fail("the engine panicked");
        }
    }

    /// Sends `quit` and checks that the engine exits with status 0 without having panicked.
    pub fn quit(mut self) {
        self.send("quit");
        let status = self.wait_exit(REPLY);
        self.assert_no_panic();
        if status.code() != Some(0) {
            self.fail(&format!("exit status after quit: {status}"));
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.stdin = None;
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// The words after `key` in a line of `key value` pairs, e.g. `field(l, "nodes")`.
pub fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let mut it = line.split_whitespace();
    while let Some(w) = it.next() {
        if w == key {
            return it.next();
        }
    }
    None
}

/// A numeric field of an `info` line.
pub fn num(line: &str, key: &str) -> Option<i64> {
    field(line, key).and_then(|v| v.parse().ok())
}

/// The moves after `pv` in an `info` line.
pub fn pv(line: &str) -> Vec<String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    match words.iter().position(|w| *w == "pv") {
        Some(p) => words[p + 1..].iter().map(|s| s.to_string()).collect(),
        None => Vec::new(),
    }
}

/// `(best, ponder)` of a `bestmove` line.
pub fn parse_bestmove(line: &str) -> (String, Option<String>) {
    let w: Vec<&str> = line.split_whitespace().collect();
    assert!(
        w.len() == 2 || (w.len() == 4 && w[2] == "ponder"),
        "malformed bestmove line {line:?}"
    );
    (w[1].to_string(), w.get(3).map(|s| s.to_string()))
}

/// A library engine (the crate itself) to cross-check the process against.
pub struct Reference {
    pub engine: kaissa::engine::Engine,
}

impl Reference {
    /// The library on a variant's start position (with rule options).
    pub fn new(variant: &str, options: &[&str]) -> Reference {
        let mut engine = kaissa::engine::Engine::new();
        let opts: Vec<String> = options.iter().map(|s| s.to_string()).collect();
        engine.set_variant(variant, &opts).expect("variant exists");
        Reference { engine }
    }

    /// Sets a position the way `position` does.
    pub fn set(&mut self, fen: Option<&str>, moves: &[&str]) {
        self.engine
            .state_mut()
            .set_position(fen, moves)
            .expect("the reference accepts the position");
    }

    pub fn fen(&self) -> String {
        self.engine.state().fen()
    }

    pub fn legal(&self) -> Vec<String> {
        self.engine.state().legal_moves()
    }

    pub fn is_legal(&self, mv: &str) -> bool {
        self.legal().iter().any(|m| m == mv)
    }

    pub fn play(&mut self, mv: &str) {
        self.engine.state_mut().play(mv).expect("legal move");
    }

    pub fn outcome(&self) -> Option<kaissa::core::outcome::Outcome> {
        self.engine.state().outcome()
    }
}

/// A small seeded PRNG, the crate's SplitMix64 ([`kaissa::core::rng::splitmix64`]):
/// reproducible games and mutations.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        kaissa::core::rng::splitmix64(&mut self.0)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.next_u64() % den < num
    }

    /// One element of a non-empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}
