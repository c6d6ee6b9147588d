//! XBoard / WinBoard (CECP v2) dialect. Being written; see protocol.md.

use super::{Event, Flow, Mode, Out};
use crate::engine::{Engine, SearchOutcome};
use std::sync::mpsc::Sender;

/// The CECP dialect's state.
pub struct Xboard {
    #[allow(dead_code)]
    engine: Engine,
    out: Out,
    #[allow(dead_code)]
    events: Sender<Event>,
}

impl Xboard {
    /// A CECP session writing to `out`.
    pub fn new(out: Out, events: Sender<Event>) -> Xboard {
        Xboard {
            engine: Engine::new(),
            out,
            events,
        }
    }
}

impl Mode for Xboard {
    fn command(&mut self, line: &str) -> Flow {
        if line == "quit" {
            return Flow::Quit;
        }
        if line != "xboard" {
            self.error(&format!("unknown command: {line}"));
        }
        Flow::Continue
    }

    fn search_done(&mut self, _generation: u64, _outcome: SearchOutcome) {}

    fn shutdown(&mut self) {}

    fn error(&self, msg: &str) {
        self.out.line(&format!("Error ({msg})"));
    }
}
