//! The engine facade the protocol layers drive: it owns the variant registry, the current game
//! and position (with its move history), the transposition table, the options, and the search
//! thread. Results leave through callbacks; nothing here prints.
//!
//! Every game is played through one [`AnyGame`] ([`new_state`]), which holds the game's
//! [`crate::core::playable::Playable`] position as a [`PlayState`] behind the [`GameState`]
//! trait object: the position type and bitboard width are hidden there, and dynamic dispatch
//! happens once per command, never inside move generation or search.

pub mod bench;
pub mod skill;
mod state;
mod wake;

pub use state::{AnyGame, PlayState, new_state};

use crate::core::board_view::BoardView;
use crate::core::definition::VariantDef;
use crate::core::geometry::Color;
use crate::core::moves::Move;
use crate::core::outcome::Outcome;
use crate::games::variants::{DEFAULT_VARIANT, Registry};
use crate::search::pool::HelperPool;
use crate::search::time::Limits;
use crate::search::tt::Table;
use crate::search::{Score, Signals};
use skill::Skill;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use wake::Wake;

/// A finished search, with moves in engine notation.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchOutcome {
    /// The move to play; `None` when the game is over.
    pub best: Option<String>,
    /// The expected reply.
    pub ponder: Option<String>,
    /// The score of the best move.
    pub score: Score,
    /// Depth completed.
    pub depth: i32,
    /// Nodes searched.
    pub nodes: u64,
}

/// One search report as the engine gives it: the search's [`crate::search::Info`] with its
/// line in engine notation.
pub type Info = crate::search::Info<String>;

/// A score as UCI and the tools write it: `cp 35`, or `mate 3` (`mate -3` when losing).
pub fn score_text(s: Score) -> String {
    match s {
        Score::Cp(c) => format!("cp {c}"),
        Score::Mate(m) => format!("mate {m}"),
    }
}

/// Callback for each search iteration.
pub type InfoSink = Box<dyn FnMut(&Info) + Send>;
/// Callback for the end of a search.
pub type DoneSink = Box<dyn FnOnce(SearchOutcome) + Send>;

/// A game and position of some bitboard width, seen through a width-free interface.
pub trait GameState: Send {
    /// The definition of the game.
    fn def(&self) -> &VariantDef;
    /// Plays one move in engine notation.
    fn play(&mut self, mv: &str) -> Result<(), String>;
    /// Takes back the last move; false if there is none.
    fn undo(&mut self) -> bool;
    /// The position as FEN.
    fn fen(&self) -> String;
    /// The position's Zobrist key.
    fn key(&self) -> u64;
    /// The side to move.
    fn side_to_move(&self) -> Color;
    /// Legal moves in engine notation.
    fn legal_moves(&self) -> Vec<String>;
    /// Legal moves with their text in engine notation (to restrict a search to some of
    /// them: [`Limits::searchmoves`]).
    fn legal_moves_with_text(&self) -> Vec<(Move, String)>;
    /// The result if the game has ended (including repetition and the ply limit).
    fn outcome(&self) -> Option<Outcome>;
    /// Perft split by root move.
    fn divide(&mut self, depth: u32) -> Vec<(String, u64)>;
    /// Perft: the leaves of the legal-move tree `depth` plies deep.
    fn perft(&mut self, depth: u32) -> u64;
    /// The board as text, first rank at the bottom.
    fn board_text(&self) -> String;
    /// The board as text with the game's own square names drawn on it (Jikaida's drins, the
    /// book's `Mortil A1`), for `d` with the `DrinNames` option. `None` for games that have
    /// no such names (the Kaissa family, Caïssa): [`GameState::board_text`] is all they show.
    fn named_board_text(&self) -> Option<String> {
        None
    }
    /// The position as a front end draws it (cells with names, places and looks, hands,
    /// notes): see [`BoardView`].
    fn board_view(&self) -> BoardView;
    /// Evaluation terms (name, Yellow, Red) and the side-to-move evaluation (the learned
    /// net's when one is in use).
    fn eval(&self) -> (Vec<(String, i32, i32)>, i32);
    /// The learned net in use, by name; `None` when the hand-written evaluation is.
    fn net_name(&self) -> Option<String>;
    /// Searches the position as `request` asks; its `report` gets each finished iteration
    /// with its line in engine notation.
    fn search(&self, request: SearchRequest<'_>) -> SearchOutcome;
}

/// What a search of a [`GameState`] is asked to do: its table, limits, threads and time
/// reserve, the signals that stop it, and where its progress goes.
pub struct SearchRequest<'a> {
    /// The shared transposition table.
    pub tt: Arc<Table>,
    /// What the search may spend.
    pub limits: Limits,
    /// Time kept in reserve per move for communication.
    pub overhead: Duration,
    /// Search threads (1 or more).
    pub threads: usize,
    /// Stop and ponder signals.
    pub signals: Signals,
    /// Gets each finished iteration, its line in engine notation.
    pub report: Box<dyn FnMut(&Info) + Send + 'a>,
    /// When the search was asked for: its clock runs from here.
    pub start: Instant,
    /// Threads kept for the helpers of a search on more than one thread.
    pub pool: Option<HelperPool>,
    /// Gets the answer as soon as the main thread has it, before the helpers have unwound
    /// (the search still returns it).
    pub answer: Option<Box<dyn FnOnce(SearchOutcome) + Send + 'a>>,
}

impl SearchRequest<'_> {
    /// A request for `limits` on one thread with the table `tt`, no time reserve, no outside
    /// signals and no report: for tools that want one answer.
    pub fn quiet(tt: Arc<Table>, limits: Limits) -> SearchRequest<'static> {
        SearchRequest {
            tt,
            limits,
            overhead: Duration::ZERO,
            threads: 1,
            signals: Signals::default(),
            report: Box::new(|_| {}),
            start: Instant::now(),
            pool: None,
            answer: None,
        }
    }
}

/// Engine options a protocol can set.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// Transposition table size in MiB.
    pub hash_mib: usize,
    /// Search threads.
    pub threads: usize,
    /// Principal variations to report.
    pub multipv: usize,
    /// Time kept in reserve per move for communication.
    pub move_overhead: Duration,
    /// Evaluate with a learned net where the game has one (`Use NNUE`).
    pub use_nnue: bool,
    /// A net file to use in place of the game's built-in net (`EvalFile`); `None`: the
    /// built-in one.
    pub eval_file: Option<String>,
    /// `Skill Level`: 0 (weakest) to [`skill::FULL`] (full strength, the default).
    pub skill_level: u32,
    /// `UCI_LimitStrength`: play at `UCI_Elo` ([`Options::elo`]) instead of `Skill Level`.
    pub limit_strength: bool,
    /// `UCI_Elo`: the strength asked for under `UCI_LimitStrength`, on [`skill`]'s nominal
    /// scale.
    pub elo: u32,
}

/// The xorshift state (nonzero) a weakened engine draws from, mixed from `seed`.
fn skill_state(seed: u64) -> u64 {
    let mut s = seed;
    crate::core::rng::splitmix64(&mut s) | 1
}

/// A seed from the clock, so that a weakened engine plays differently in every game.
fn time_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    skill_state(nanos)
}

/// Reads a net file's bytes, refusing a file too large to be a net before reading it.
pub(crate) fn read_net_file(path: &str) -> Result<Vec<u8>, String> {
    let max = crate::core::nnue::network::MAX_FILE_BYTES;
    let len = std::fs::metadata(path)
        .map_err(|e| format!("EvalFile {path}: {e}"))?
        .len();
    if len > max as u64 {
        return Err(format!(
            "EvalFile {path}: {len} bytes, larger than any net ({} MiB at most)",
            max >> 20
        ));
    }
    std::fs::read(path).map_err(|e| format!("EvalFile {path}: {e}"))
}

/// Sets the learned evaluation of `state` as `o` says; an error, nothing changed, when the
/// net file cannot be read or is not a net for the game.
fn apply_net(state: &mut AnyGame, o: &Options) -> Result<(), String> {
    let bytes = match (&o.eval_file, o.use_nnue) {
        (Some(path), true) => Some(read_net_file(path)?),
        _ => None,
    };
    let path = o.eval_file.as_deref().unwrap_or_default();
    state
        .set_net(o.use_nnue, bytes.as_deref())
        .map_err(|e| format!("EvalFile {path}: {e}"))
}

impl Default for Options {
    fn default() -> Self {
        Options {
            hash_mib: 64,
            threads: 1,
            multipv: 1,
            move_overhead: Duration::from_millis(30),
            use_nnue: true,
            eval_file: None,
            skill_level: skill::FULL,
            limit_strength: false,
            elo: skill::ELO_MAX,
        }
    }
}

/// The engine: current game, position, table, options and the running search.
pub struct Engine {
    registry: Registry,
    variant: String,
    rule_options: Vec<String>,
    state: AnyGame,
    tt: Arc<Table>,
    options: Options,
    signals: Signals,
    /// Wakes the search thread's wait for `stop` or `ponderhit` (after `go infinite` or
    /// `go ponder`) when either comes.
    wake: Arc<Wake>,
    worker: Option<JoinHandle<()>>,
    /// The helper threads of searches on more than one thread, kept while `Threads` stays.
    pool: Option<HelperPool>,
    /// The xorshift state a weakened engine draws its choices from.
    skill_rng: u64,
}

impl Default for Engine {
    fn default() -> Self {
        Self::new()
    }
}

impl Engine {
    /// An engine on the default variant's start position.
    pub fn new() -> Engine {
        Engine::with_registry(Registry::builtin())
    }

    /// An engine that knows the games of `registry` (the built-in ones and any loaded from
    /// files), on the default variant's start position.
    pub fn with_registry(registry: Registry) -> Engine {
        Engine::with_options(registry, Options::default())
    }

    /// An engine that knows the games of `registry`, with `options` from the start (its table
    /// is allocated once, at their size), on the default variant's start position.
    pub fn with_options(registry: Registry, options: Options) -> Engine {
        let def = registry
            .get(DEFAULT_VARIANT, &[])
            .expect("default variant exists");
        let mut state = new_state(&def).expect("default variant builds");
        if let Err(e) = apply_net(&mut state, &options) {
            log::warn!("{e}: the built-in evaluation plays");
        }
        Engine {
            state,
            registry,
            variant: DEFAULT_VARIANT.to_string(),
            rule_options: Vec::new(),
            tt: Arc::new(Table::new(options.hash_mib)),
            options,
            signals: Signals::default(),
            wake: Arc::new(Wake::default()),
            worker: None,
            pool: None,
            skill_rng: time_seed(),
        }
    }

    /// The variant registry.
    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    /// Loads a variants file; returns the names it defined.
    pub fn load_variants(&mut self, path: &str) -> Result<Vec<String>, String> {
        self.stop_and_wait();
        self.registry.load_file(path)
    }

    /// The current variant's name.
    pub fn variant(&self) -> &str {
        &self.variant
    }

    /// Switches to a variant (with rule options) at its start position.
    pub fn set_variant(&mut self, name: &str, rule_options: &[String]) -> Result<(), String> {
        self.stop_and_wait();
        let def = self.registry.get(name, rule_options)?;
        self.state = new_state(&def)?;
        if let Err(e) = apply_net(&mut self.state, &self.options) {
            // A net file for another game: this game plays with its own evaluation.
            log::warn!("{e}: {name} plays with its built-in evaluation");
            let own = Options {
                eval_file: None,
                ..self.options.clone()
            };
            apply_net(&mut self.state, &own)?;
        }
        self.variant = name.to_string();
        self.rule_options = rule_options.to_vec();
        Ok(())
    }

    /// The current game's definition.
    pub fn def(&self) -> &VariantDef {
        self.state.def()
    }

    /// The current game and position.
    pub fn state(&self) -> &AnyGame {
        &self.state
    }

    /// The current game and position, to change.
    pub fn state_mut(&mut self) -> &mut AnyGame {
        self.stop_and_wait();
        &mut self.state
    }

    /// The options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Changes the options; a new hash size reallocates (and clears) the table, a new
    /// `use_nnue` or `eval_file` chooses the evaluation again. On an allocation failure, or a
    /// net file that cannot be read or is not for this game, the old table, evaluation and
    /// options stay.
    pub fn set_options(&mut self, o: Options) -> Result<(), String> {
        self.stop_and_wait();
        let tt = if o.hash_mib != self.options.hash_mib {
            Some(Arc::new(Table::try_new(o.hash_mib)?))
        } else {
            None
        };
        if (o.use_nnue, &o.eval_file) != (self.options.use_nnue, &self.options.eval_file) {
            apply_net(&mut self.state, &o)?;
        }
        if let Some(tt) = tt {
            self.tt = tt;
        }
        self.options = o;
        Ok(())
    }

    /// Empties the transposition table and the correction history beside it.
    pub fn clear_hash(&mut self) {
        self.stop_and_wait();
        self.tt.clear();
    }

    /// True while a search runs.
    pub fn searching(&self) -> bool {
        self.worker.as_ref().is_some_and(|w| !w.is_finished())
    }

    /// Starts a search of the current position on a background thread. `info` is called
    /// after each iteration, `done` once at the end. With `ponder` the search ignores its time
    /// limits until [`Engine::ponderhit`].
    pub fn go(&mut self, mut limits: Limits, ponder: bool, mut info: InfoSink, done: DoneSink) {
        // The clock runs from the command's arrival, not from when the search thread starts.
        let start = Instant::now();
        self.stop_and_wait();
        if limits.multipv == 0 {
            limits.multipv = self.options.multipv;
        }
        // A weakened engine searches shallower, on fewer nodes and more lines than it shows,
        // then chooses.
        let shown = limits.multipv;
        let o = &self.options;
        let skill = Skill::new(o.skill_level, o.limit_strength, o.elo);
        if let Some(s) = skill {
            limits.multipv = limits.multipv.max(skill::LINES);
            limits.depth = Some(limits.depth.map_or(s.depth(), |d| d.min(s.depth())));
            limits.nodes = Some(limits.nodes.map_or(s.nodes(), |n| n.min(s.nodes())));
        }
        let mut rng = crate::core::rng::xorshift64(&mut self.skill_rng);
        self.signals = Signals::default();
        self.signals.pondering.store(ponder, Ordering::Relaxed);
        let state = self.state.clone();
        let tt = self.tt.clone();
        let overhead = self.options.move_overhead;
        let threads = self.options.threads;
        let pool = self.helper_pool(threads);
        let signals = self.signals.clone();
        let wake = self.wake.clone();
        let spawned = std::thread::Builder::new()
            .name("search".into())
            .stack_size(crate::search::pool::HELPER_STACK)
            .spawn(move || {
                let infinite = limits.infinite;
                let lines: Arc<Mutex<Vec<Info>>> = Arc::default();
                let seen = lines.clone();
                let stop = signals.clone();
                // Runs on the main search thread as soon as it has the answer; the helpers
                // unwind meanwhile.
                let answer = move |mut out: SearchOutcome| {
                    let lines = lines.lock().expect("lines lock");
                    if let Some(pick) = skill.and_then(|s| s.pick(&lines, &mut rng))
                        && out.best.is_some()
                    {
                        let line = &lines[pick];
                        out.best = line.pv.first().cloned();
                        out.ponder = line.pv.get(1).cloned();
                        out.score = line.score;
                    }
                    drop(lines);
                    // UCI: after `go infinite` or `go ponder` the answer waits for stop or
                    // ponderhit.
                    if infinite || ponder {
                        wake.wait_while(|| {
                            !stop.stop.load(Ordering::Relaxed)
                                && (stop.pondering.load(Ordering::Relaxed) || infinite)
                        });
                    }
                    done(out);
                };
                state.search(SearchRequest {
                    tt,
                    limits,
                    overhead,
                    threads,
                    signals,
                    report: Box::new(move |i| {
                        if skill.is_some() {
                            let mut lines = seen.lock().expect("lines lock");
                            lines.retain(|l| l.multipv != i.multipv);
                            lines.push(i.clone());
                        }
                        if i.multipv <= shown {
                            info(i)
                        }
                    }),
                    start,
                    pool,
                    answer: Some(Box::new(answer)),
                });
            });
        match spawned {
            Ok(h) => self.worker = Some(h),
            Err(e) => log::error!("cannot start the search thread: {e}"),
        }
    }

    /// The helper threads for a search on `threads` threads: the kept pool, built anew when
    /// `Threads` has changed; `None` on one thread, or when the system refuses the threads
    /// (the search then tries once more on its own and falls back to one thread).
    fn helper_pool(&mut self, threads: usize) -> Option<HelperPool> {
        if threads <= 1 {
            self.pool = None;
            return None;
        }
        if self
            .pool
            .as_ref()
            .is_none_or(|p| p.helpers() != threads - 1)
        {
            self.pool = None;
            match HelperPool::new(threads - 1) {
                Ok(p) => self.pool = Some(p),
                Err(e) => log::warn!("{e}"),
            }
        }
        self.pool.clone()
    }

    /// Seeds the choices of a weakened engine (`Skill Level` below full), so that a test or a
    /// tool can repeat them; the engine seeds itself from the clock otherwise.
    pub fn seed_skill(&mut self, seed: u64) {
        self.skill_rng = skill_state(seed);
    }

    /// Asks a running search to stop; its `done` callback still runs.
    pub fn stop(&self) {
        let stop = &self.signals.stop;
        self.wake.change(|| stop.store(true, Ordering::Relaxed));
    }

    /// The opponent played the move the engine was pondering on: time limits now count.
    pub fn ponderhit(&self) {
        let pondering = &self.signals.pondering;
        self.wake
            .change(|| pondering.store(false, Ordering::Relaxed));
    }

    /// Waits for a running search to finish (after stopping it if it was pondering or
    /// infinite would hang: callers stop first).
    pub fn wait(&mut self) {
        if let Some(h) = self.worker.take()
            && h.join().is_err()
        {
            log::error!("the search thread panicked");
        }
    }

    /// Stops any search and waits for it.
    pub fn stop_and_wait(&mut self) {
        self.stop();
        self.wait();
    }
}
