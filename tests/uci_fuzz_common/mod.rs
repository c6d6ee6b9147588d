//! Helpers shared by the UCI fuzzing tests (`uci_fuzz.rs`, `uci_fuzz_fresh.rs`): the UCI
//! engine harness, the long-running [`Session`] with the state it must keep, a [`TempDir`] for
//! bad variants files, the hand-written bad lines ([`lines`]) and the seeded mutations of valid
//! commands ([`mutate`]).

pub use crate::uci_harness as harness;
pub mod lines;
pub mod mutate;

use harness::{REPLY, Reference, Uci, parse_bestmove};

/// The game the long-running engine is kept in.
pub const VARIANT: &str = "gc";
/// The moves of its position.
pub const MOVES: &str = "e2e5 e9e6 d1f4";

/// The engine with the state it must keep.
pub struct Session {
    pub e: Uci,
    fen: String,
    reference: Reference,
    /// Lines sent so far.
    pub sent: usize,
    /// Mutated lines the engine accepted (and the state was set again).
    pub accepted: usize,
}

impl Session {
    pub fn new(name: &str) -> Session {
        let e = Uci::ready(name);
        let mut reference = Reference::new(VARIANT, &[]);
        let moves: Vec<&str> = MOVES.split(' ').collect();
        reference.set(None, &moves);
        let mut s = Session {
            e,
            fen: reference.fen(),
            reference,
            sent: 0,
            accepted: 0,
        };
        s.restore();
        s
    }

    /// Sets the known state again.
    pub fn restore(&mut self) {
        let r = self
            .e
            .ask(&format!("setoption name UCI_Variant value {VARIANT}"));
        if r.len() != 1 || !r[0].starts_with("info string variant gc ") {
            self.e.fail(&format!("UCI_Variant gc answered {r:?}"));
        }
        for cmd in [
            "setoption name MultiPV value 2",
            "setoption name Move Overhead value 30",
            &format!("position startpos moves {MOVES}"),
        ] {
            let r = self.e.ask(cmd);
            if !r.is_empty() {
                self.e.fail(&format!("{cmd} answered {r:?}"));
            }
        }
        self.check_state();
    }

    /// `d` shows the known position and variant.
    pub fn check_state(&mut self) {
        self.e.send("d");
        let lines = self.e.until(|l| l.starts_with("Variant: "), REPLY);
        let fen = lines.iter().find_map(|l| l.strip_prefix("Fen: "));
        if fen != Some(self.fen.as_str()) || lines.last().unwrap() != "Variant: gc" {
            self.e.fail(&format!(
                "state changed: expected Fen {} in gc, `d` shows {lines:?}",
                self.fen
            ));
        }
    }

    /// A short search: alive, two PV lines (MultiPV kept), a legal move.
    pub fn check_search(&mut self) {
        self.e.send("go depth 2");
        let (lines, best) = self.e.bestmove(REPLY);
        let last: Vec<&String> = lines.iter().filter(|l| l.contains(" depth 2 ")).collect();
        if last.len() != 2 || !last[1].contains(" multipv 2 ") {
            self.e.fail(&format!("MultiPV 2 lost: {lines:?}"));
        }
        let (mv, _) = parse_bestmove(&best);
        if !self.reference.is_legal(&mv) {
            self.e.fail(&format!("illegal {best}"));
        }
    }

    /// Sends a line that must be refused with one error line and change nothing.
    pub fn bad(&mut self, line: &[u8]) {
        self.sent += 1;
        let mut b = line.to_vec();
        b.push(b'\n');
        self.e.send_bytes(&b);
        let reply = self.e.sync();
        let shown = String::from_utf8_lossy(line)
            .chars()
            .take(120)
            .collect::<String>();
        match reply.as_slice() {
            [one] if one.starts_with("info string error: ") => {}
            _ => self.e.fail(&format!(
                "expected one `info string error:` line for {shown:?}, got {:?}",
                reply
                    .iter()
                    .map(|l| l.chars().take(200).collect::<String>())
                    .collect::<Vec<_>>()
            )),
        }
        self.check_state();
    }

    /// Sends a line that must be ignored silently.
    pub fn silent(&mut self, line: &[u8]) {
        self.sent += 1;
        let mut b = line.to_vec();
        b.push(b'\n');
        self.e.send_bytes(&b);
        let reply = self.e.sync();
        if !reply.is_empty() {
            self.e
                .fail(&format!("an empty line was answered: {reply:?}"));
        }
    }

    /// Sends a mutated line, which may or may not be valid.
    pub fn mutated(&mut self, line: &[u8]) {
        self.sent += 1;
        let mut b = line.to_vec();
        b.push(b'\n');
        self.e.send_bytes(&b);
        let mut reply = self.e.sync();
        // A line that is (a variation of) `isready` has its own readyok: wait for ours too.
        let first = std::str::from_utf8(line)
            .ok()
            .and_then(|t| t.split_whitespace().next())
            .unwrap_or("");
        if first == "isready" {
            if !reply.is_empty() {
                self.e.fail(&format!("isready answered {reply:?}"));
            }
            reply = self.e.until(|l| l == "readyok", REPLY);
            reply.pop();
        }
        let errors = reply
            .iter()
            .filter(|l| l.starts_with("info string error: "))
            .count();
        if errors > 0 {
            if reply.len() != 1 {
                self.e
                    .fail(&format!("an error among other output: {reply:?}"));
            }
            self.check_state();
            return;
        }
        // Accepted. A `go` must be answered by exactly one bestmove (a perft never gets here:
        // the streams have none).
        self.accepted += 1;
        let text = String::from_utf8_lossy(line);
        let mut bestmoves = reply.iter().filter(|l| l.starts_with("bestmove")).count();
        if first == "go" && bestmoves == 0 {
            self.e.send("stop");
            self.e.bestmove(REPLY);
            bestmoves = 1;
        }
        if bestmoves != usize::from(first == "go") {
            self.e.fail(&format!(
                "{bestmoves} bestmove lines after {text:?}: {reply:?}"
            ));
        }
        self.restore();
    }
}

/// A temporary directory removed on drop.
pub struct TempDir(std::path::PathBuf);

impl TempDir {
    pub fn new(tag: &str) -> TempDir {
        let p = std::env::temp_dir().join(format!("kaissa-fuzz-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        TempDir(p)
    }

    pub fn file(&self, name: &str, text: &str) -> String {
        self.file_bytes(name, text.as_bytes())
    }

    pub fn file_bytes(&self, name: &str, bytes: &[u8]) -> String {
        let p = self.0.join(name);
        std::fs::write(&p, bytes).unwrap();
        p.to_str().unwrap().to_string()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
