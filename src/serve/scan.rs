//! "Analyse game": every position of a game's line scored by a short search, on a thread of
//! its own, for the page's evaluation graph. Scores are from the first player's side, so the
//! graph reads one way throughout; a position where the game has ended scores its result.
//! The scan can be cancelled at any time; what it has scored so far stays to be read.

use crate::core::outcome::Outcome;
use crate::engine::AnyGame;
use crate::engine::SearchRequest;
use crate::search::Score;
use crate::search::Signals;
use crate::search::time::Limits;
use crate::search::tt::Table;
use serde::Serialize;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;

/// Transposition table of a scan, in MiB.
const HASH_MIB: usize = 8;
/// Nodes per position when the page names none.
pub const DEFAULT_NODES: u64 = 20_000;
/// Most nodes per position a page may ask for.
pub const MAX_NODES: u64 = 2_000_000;
/// The score of a decided game (a position that has ended, or a forced win found), in
/// centipawns from the first player's side.
pub const DECIDED: i32 = 10_000;

/// One scored position.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Point {
    /// Moves of the line played before this position.
    pub ply: usize,
    /// Centipawns from the first player's side; ±[`DECIDED`] for a decided game.
    pub cp: i32,
    /// Moves to the end of a forced win (positive: the first player's) when the search saw
    /// one.
    pub mate: Option<i32>,
    /// True for a position where the game has ended.
    pub end: bool,
}

/// A scan's progress, as the page reads it.
#[derive(Clone, Debug, Default, Serialize)]
pub struct ScanView {
    /// Positions in the line (moves + 1).
    pub total: usize,
    /// The positions scored so far, in order.
    pub points: Vec<Point>,
    /// True while the scan runs.
    pub running: bool,
    /// Nodes searched per position.
    pub nodes: u64,
}

/// A running or finished scan.
pub struct Scan {
    view: Arc<Mutex<ScanView>>,
    /// Set to cancel the scan (checked between positions).
    cancelled: Arc<AtomicBool>,
    /// The signals of the search running in it (set `stop` to cut it short).
    signals: Signals,
    thread: Option<JoinHandle<()>>,
}

fn lock(v: &Mutex<ScanView>) -> MutexGuard<'_, ScanView> {
    v.lock().unwrap_or_else(|e| e.into_inner())
}

/// `s` (from the side to move's view) from the first player's side, as a [`Point`].
fn point(ply: usize, s: Score, mover: usize, end: bool) -> Point {
    let sign = if mover == 0 { 1 } else { -1 };
    let (cp, mate) = match s {
        Score::Cp(c) => (c.clamp(-DECIDED + 1, DECIDED - 1), None),
        Score::Mate(m) => (if m > 0 { DECIDED } else { -DECIDED }, Some(m)),
    };
    Point {
        ply,
        cp: sign * cp,
        mate: mate.map(|m| sign * m),
        end,
    }
}

impl Scan {
    /// Starts scoring the positions of `start` followed by `moves` (all legal), `nodes` each.
    pub fn start(mut state: AnyGame, moves: Vec<String>, nodes: u64) -> Scan {
        let view = Arc::new(Mutex::new(ScanView {
            total: moves.len() + 1,
            points: Vec::new(),
            running: true,
            nodes,
        }));
        let signals = Signals::default();
        let cancelled = Arc::new(AtomicBool::new(false));
        let (out, stop, cancel) = (view.clone(), signals.clone(), cancelled.clone());
        let thread = std::thread::Builder::new()
            .name("scan".into())
            .stack_size(64 * 1024 * 1024)
            .spawn(move || {
                let tt = Arc::new(Table::new(HASH_MIB));
                for ply in 0..=moves.len() {
                    // The search sets `stop` when it ends; a cancel sets `cancelled` first,
                    // then `stop`, so clearing `stop` before reading `cancelled` loses neither.
                    stop.stop.store(false, Ordering::SeqCst);
                    if cancel.load(Ordering::SeqCst) {
                        break;
                    }
                    let mover = state.side_to_move().index();
                    let p = match state.outcome() {
                        Some(o) => {
                            let cp = match o {
                                Outcome::Win(c, _) if c.index() == 0 => DECIDED,
                                Outcome::Win(..) => -DECIDED,
                                Outcome::Draw(_) => 0,
                            };
                            Point {
                                ply,
                                cp,
                                mate: None,
                                end: true,
                            }
                        }
                        None => {
                            let limits = Limits {
                                nodes: Some(nodes),
                                multipv: 1,
                                ..Limits::default()
                            };
                            let done = state.search(SearchRequest {
                                signals: stop.clone(),
                                ..SearchRequest::quiet(tt.clone(), limits)
                            });
                            if cancel.load(Ordering::SeqCst) {
                                break;
                            }
                            point(ply, done.score, mover, false)
                        }
                    };
                    lock(&out).points.push(p);
                    if let Some(mv) = moves.get(ply)
                        && state.play(mv).is_err()
                    {
                        break;
                    }
                }
                lock(&out).running = false;
            });
        let thread = thread
            .map_err(|e| {
                log::error!("cannot start the scan thread: {e}");
                lock(&view).running = false;
            })
            .ok();
        Scan {
            view,
            cancelled,
            signals,
            thread,
        }
    }

    /// The progress so far.
    pub fn view(&self) -> ScanView {
        lock(&self.view).clone()
    }

    /// Stops the scan and waits for its thread; the points scored stay.
    pub fn cancel(&mut self) {
        self.abandon();
        if let Some(t) = self.thread.take()
            && t.join().is_err()
        {
            log::error!("the scan thread panicked");
        }
        lock(&self.view).running = false;
    }

    /// Asks the scan to stop without waiting (the page went away).
    pub fn abandon(&self) {
        self.cancelled.store(true, Ordering::SeqCst);
        self.signals.stop.store(true, Ordering::SeqCst);
    }
}

impl Drop for Scan {
    fn drop(&mut self) {
        self.cancel();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_read_from_the_first_players_side() {
        assert_eq!(point(3, Score::Cp(40), 1, false).cp, -40);
        assert_eq!(point(3, Score::Cp(40), 0, false).cp, 40);
        let m = point(4, Score::Mate(2), 1, false);
        assert_eq!((m.cp, m.mate), (-DECIDED, Some(-2)));
    }
}
