//! The stdin/stdout protocol front end. The first command chooses the dialect: `xboard` starts
//! CECP (XBoard/WinBoard), anything else is read as UCI (with variants, as Fairy-Stockfish
//! speaks it). Input is read on its own thread, so `stop`, `isready` and `quit` are answered
//! while a search runs; search results come back to the loop as events. This layer parses and
//! formats only: the work is done by [`crate::engine::Engine`].

pub mod uci;
pub mod xboard;

use crate::engine::{Engine, SearchOutcome};
use crate::games::variants::Registry;
use std::io::{BufRead, Write};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};

/// Longest input line accepted; longer lines are reported and skipped.
pub const MAX_LINE: usize = 1 << 20;

/// Something the protocol loop reacts to.
#[derive(Debug)]
pub enum Event {
    /// A line of input (without its end-of-line).
    Line(Vec<u8>),
    /// Input ended.
    Eof,
    /// A search finished; `generation` tells which `go` it answers.
    SearchDone(u64, SearchOutcome),
}

/// A shared, line-buffered writer for protocol output.
#[derive(Clone)]
pub struct Out(Arc<Mutex<Box<dyn Write + Send>>>);

impl Out {
    /// Output to the process's stdout.
    pub fn stdout() -> Out {
        Out(Arc::new(Mutex::new(Box::new(std::io::stdout()))))
    }

    /// Output to any writer (tests).
    pub fn new(w: Box<dyn Write + Send>) -> Out {
        Out(Arc::new(Mutex::new(w)))
    }

    /// Writes one line and flushes it.
    pub fn line(&self, s: &str) {
        log::debug!(">> {s}");
        if let Ok(mut w) = self.0.lock() {
            // A closed stdout (the GUI went away) is not an error worth dying for.
            let _ = writeln!(w, "{s}");
            let _ = w.flush();
        }
    }
}

/// What the loop should do after a command.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    /// Keep reading.
    Continue,
    /// Leave the loop.
    Quit,
}

/// A protocol dialect.
pub trait Mode {
    /// Handles one input line (already trimmed, non-empty).
    fn command(&mut self, line: &str) -> Flow;
    /// Handles the end of a search started by this mode.
    fn search_done(&mut self, generation: u64, outcome: SearchOutcome);
    /// Called when input ends: stop searching and finish.
    fn shutdown(&mut self);
    /// Reports a problem with the input in this dialect's form.
    fn error(&self, msg: &str);
}

/// Reads `input` line by line on a thread, sending events to `tx`.
fn spawn_reader(mut input: Box<dyn BufRead + Send>, tx: Sender<Event>) {
    let spawned = std::thread::Builder::new()
        .name("input".into())
        .spawn(move || {
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match input.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => {
                        let _ = tx.send(Event::Eof);
                        return;
                    }
                    Ok(_) => {
                        while buf.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
                            buf.pop();
                        }
                        if tx.send(Event::Line(buf.clone())).is_err() {
                            return;
                        }
                    }
                }
            }
        });
    if let Err(e) = spawned {
        log::error!("cannot start the input thread: {e}");
    }
}

/// Runs the protocol loop until `quit` or the end of input, with the built-in games. Returns
/// the exit code.
pub fn run(input: Box<dyn BufRead + Send>, out: Out) -> i32 {
    run_with(input, out, Registry::builtin())
}

/// Runs the protocol loop with the games of `registry` (the built-in ones and those of
/// `kaissa --variants FILE`, loaded before the first command): both dialects list them and
/// play them. Returns the exit code.
pub fn run_with(input: Box<dyn BufRead + Send>, out: Out, registry: Registry) -> i32 {
    let (tx, rx): (Sender<Event>, Receiver<Event>) = channel();
    spawn_reader(input, tx.clone());
    let mut mode: Option<Box<dyn Mode>> = None;
    while let Ok(event) = rx.recv() {
        match event {
            Event::Eof => break,
            Event::SearchDone(g, o) => {
                if let Some(m) = mode.as_mut() {
                    m.search_done(g, o);
                }
            }
            Event::Line(bytes) => {
                let line = match std::str::from_utf8(&bytes) {
                    Ok(s) => s.trim(),
                    Err(_) => {
                        report_error(&mode, &out, "input line is not valid UTF-8");
                        continue;
                    }
                };
                if bytes.len() > MAX_LINE {
                    report_error(&mode, &out, "input line too long");
                    continue;
                }
                if line.is_empty() {
                    continue;
                }
                log::debug!("<< {line}");
                let m = mode.get_or_insert_with(|| {
                    let engine = Engine::with_registry(registry.clone());
                    if line == "xboard" {
                        Box::new(xboard::Xboard::new(out.clone(), tx.clone(), engine))
                            as Box<dyn Mode>
                    } else {
                        Box::new(uci::Uci::new(out.clone(), engine))
                    }
                });
                if m.command(line) == Flow::Quit {
                    m.shutdown();
                    return 0;
                }
            }
        }
    }
    // End of input: stop any search and still answer it, so piped scripts see `bestmove`.
    if let Some(m) = mode.as_mut() {
        m.shutdown();
        while let Ok(event) = rx.try_recv() {
            if let Event::SearchDone(g, o) = event {
                m.search_done(g, o);
            }
        }
    }
    0
}

/// Reports an error in the dialect in use (UCI's form before any command).
fn report_error(mode: &Option<Box<dyn Mode>>, out: &Out, msg: &str) {
    match mode {
        Some(m) => m.error(msg),
        None => out.line(&format!("info string error: {msg}")),
    }
}
