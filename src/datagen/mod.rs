//! `kaissa datagen`: self-play games that record quiet positions with the search's score and
//! the game's result, as training data for tuning the evaluation (see `tuning/`). It plays any
//! game through the [`Playable`] trait.
//!
//! Output, one position per line: `FEN | score | result`, the score in centipawns for the side
//! to move, the result for the first player (1, 0.5 or 0). Each game's samples go to the
//! caller's sink as soon as it and every game before it are done, in game order: a long run
//! writes as it goes, the same lines in the same order whatever the number of jobs, and a run
//! cut short keeps the games it finished.
//!
//! [`run`] is `kaissa datagen`: it writes the lines, or with `--format binary` the training
//! records of `kaissa train` ([`crate::core::nnue::record`]: 64 bytes a position, 128 on
//! Jikaida's 12 x 18 board), to a file or standard output.

use crate::core::definition::VariantDef;
use crate::core::geometry::Color;
use crate::core::outcome::Outcome;
use crate::core::playable::Playable;
use crate::core::ruleset::PositionVisitor;
use crate::core::tunable::Tunable;
use crate::games;
use crate::search::time::Limits;
use crate::search::tt::Table;
use crate::search::{Score, SearchParams, search};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering as AtomicOrdering};
use std::sync::{Arc, Mutex};

mod command;
mod rescore;
pub use command::{DatagenArgs, Format, run};
pub use rescore::rescore;

/// What to generate.
#[derive(Clone, Debug)]
pub struct DatagenConfig {
    /// Games to play.
    pub games: usize,
    /// Nodes per move.
    pub nodes: u64,
    /// Random plies at the start of each game.
    pub random_plies: usize,
    /// A game that goes past this many plies (the random ones included) ends there, scored
    /// a draw.
    pub max_plies: usize,
    /// A game whose search scores stay this far (centipawns, or a mate) for the same side
    /// over [`RESIGN_PLIES`] plies in a row ends there, won by that side; None plays every
    /// game out.
    pub resign: Option<i32>,
    /// Seed of the random openings.
    pub seed: u64,
    /// Games played at the same time.
    pub jobs: usize,
    /// Search with the rule set's learned evaluation when it has one (false: the
    /// hand-written evaluation, the teacher of a first net).
    pub use_nnue: bool,
    /// A net file's bytes to search with instead of the built-in net (`EvalFile`).
    pub net_file: Option<Vec<u8>>,
}

/// The evaluation `cfg` asks for: `eval` (the game's own), or the net it names, or the
/// hand-written one.
fn chosen_eval<P: Playable>(
    start: &P,
    eval: P::Eval,
    cfg: &DatagenConfig,
) -> Result<P::Eval, String> {
    Ok(start
        .choose_net(&eval, cfg.use_nnue, cfg.net_file.as_deref())
        .map_err(|e| format!("--eval-file: {e}"))?
        .unwrap_or(eval))
}

/// One recorded position.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The position.
    pub fen: String,
    /// Search score for the side to move, centipawns.
    pub score: i32,
    /// Result for the first player: 1, 0.5 or 0.
    pub result: f64,
}

impl Sample {
    /// The sample as a line of the data file.
    pub fn line(&self) -> String {
        format!("{} | {} | {}", self.fen, self.score, self.result)
    }

    /// Reads a line of the data file.
    pub fn parse(line: &str) -> Result<Sample, String> {
        let mut parts = line.split('|').map(str::trim);
        let (Some(fen), Some(score), Some(result), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(format!("bad sample line: {line}"));
        };
        Ok(Sample {
            fen: fen.to_string(),
            score: score.parse().map_err(|_| format!("bad score in: {line}"))?,
            result: result
                .parse()
                .map_err(|_| format!("bad result in: {line}"))?,
        })
    }
}

/// Where the samples go, one game's at a time, in game order (a file, say); an error stops
/// the run.
pub type Sink<'a> = dyn FnMut(&[Sample]) -> Result<(), String> + Send + 'a;

/// Hands games finished in any order to a [`Sink`] in game order.
struct InOrder<'s, 'a> {
    /// The next game the sink is owed.
    next: usize,
    /// Games finished ahead of it (a failed game holds its error).
    waiting: BTreeMap<usize, Result<Vec<Sample>, String>>,
    sink: &'s mut Sink<'a>,
    /// Samples given to the sink so far.
    written: usize,
    /// The first error in game order (of a game or of the sink); once set, nothing more is
    /// written.
    error: Option<String>,
}

impl<'s, 'a> InOrder<'s, 'a> {
    fn new(sink: &'s mut Sink<'a>) -> Self {
        InOrder {
            next: 0,
            waiting: BTreeMap::new(),
            sink,
            written: 0,
            error: None,
        }
    }

    /// Game `i` is done: write every game now due, in order, up to the first failure.
    fn finish(&mut self, i: usize, samples: Result<Vec<Sample>, String>) {
        self.waiting.insert(i, samples);
        while self.error.is_none() {
            let Some(game) = self.waiting.remove(&self.next) else {
                break;
            };
            match game.and_then(|s| (self.sink)(&s).map(|()| s.len())) {
                Ok(n) => self.written += n,
                Err(e) => self.error = Some(e),
            }
            self.next += 1;
        }
    }

    /// The number of samples written, or the first error.
    fn result(self) -> Result<usize, String> {
        match self.error {
            Some(e) => Err(e),
            None => Ok(self.written),
        }
    }
}

/// Runs `work` for games `0..count` on `jobs` threads, each taking the lowest game not yet
/// begun, giving their samples to `sink` in order and calling `progress(done)` after each; no
/// game begins once one has failed.
fn run_games(
    count: usize,
    jobs: usize,
    work: &(dyn Fn(usize) -> Result<Vec<Sample>, String> + Sync),
    progress: &(dyn Fn(usize) + Sync),
    sink: &mut Sink<'_>,
) -> Result<usize, String> {
    let begun = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let order = Mutex::new(InOrder::new(sink));
    let failed = || order.lock().map_or(true, |o| o.error.is_some());
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, count.max(1)) {
            scope.spawn(|| {
                loop {
                    let i = begun.fetch_add(1, AtomicOrdering::Relaxed);
                    if i >= count || failed() {
                        break;
                    }
                    let s = work(i);
                    progress(done.fetch_add(1, AtomicOrdering::Relaxed) + 1);
                    if let Ok(mut o) = order.lock() {
                        o.finish(i, s);
                    }
                }
            });
        }
    });
    order
        .into_inner()
        .map_err(|_| "datagen: a game's thread failed".to_string())?
        .result()
}

/// A one-thread search of `pos` for `nodes` nodes.
fn search_nodes<P: Playable>(
    pos: &P,
    eval: &P::Eval,
    tt: &Arc<Table>,
    nodes: u64,
) -> crate::search::SearchResult {
    let limits = Limits {
        nodes: Some(nodes),
        ..Default::default()
    };
    search(
        pos,
        SearchParams::simple(eval, tt.clone(), limits),
        &mut |_| {},
    )
}

/// Plies in a row whose search scores must pass `--resign` for the same side before a game
/// ends on them (four: two of each side's searches agree).
pub const RESIGN_PLIES: usize = 4;

/// The side the score `score` of a search from `mover`'s view says is winning by at least
/// `resign` centipawns (a mate always), if any.
fn winning_side(score: Score, mover: Color, resign: i32) -> Option<Color> {
    let ahead = match score {
        Score::Mate(n) => n > 0,
        Score::Cp(cp) if cp.abs() >= resign => cp > 0,
        Score::Cp(_) => return None,
    };
    Some(if ahead { mover } else { mover.flip() })
}

/// Plays one game from `start` and returns its quiet positions.
fn play<P: Playable>(
    start: &P,
    eval: &P::Eval,
    def: &VariantDef,
    cfg: &DatagenConfig,
    mut seed: u64,
) -> Vec<Sample> {
    let mut pos = start.clone();
    let tt = Arc::new(Table::new(4));
    for _ in 0..cfg.random_plies {
        let mut l = Vec::new();
        pos.generate(&mut l);
        if l.is_empty() {
            return Vec::new();
        }
        let m = l[(crate::core::rng::xorshift64(&mut seed) % l.len() as u64) as usize];
        pos.make(m);
    }
    let mut pending: Vec<(String, i32)> = Vec::new();
    // The side the last searches call won, and for how many plies in a row.
    let mut resigning: (Option<Color>, usize) = (None, 0);
    // The winner, or None for a draw.
    let winner = loop {
        match pos.outcome(def) {
            Some(Outcome::Win(c, _)) => break Some(c),
            Some(_) => break None,
            None => {}
        }
        if pos.moves_played() > cfg.max_plies {
            break None;
        }
        let r = search_nodes(&pos, eval, &tt, cfg.nodes);
        let Some(best) = r.best else { break None };
        if let Some(resign) = cfg.resign {
            let side = winning_side(r.score, pos.side_to_move(), resign);
            resigning = match (side, resigning) {
                (Some(s), (Some(t), n)) if s == t => (side, n + 1),
                (Some(_), _) => (side, 1),
                (None, _) => (None, 0),
            };
            if let (Some(winner), RESIGN_PLIES) = resigning {
                break Some(winner);
            }
        }
        if let Score::Cp(cp) = r.score
            && !pos.is_noisy(best)
            && !pos.in_danger()
        {
            pending.push((pos.write_fen(), cp));
        }
        pos.make(best);
    };
    let result = match winner {
        Some(Color::First) => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    pending
        .into_iter()
        .map(|(fen, score)| Sample { fen, score, result })
        .collect()
}

/// Generates samples for a variant of any game, giving each game's to `sink` in order;
/// `progress(games_done)` after each game. Returns the number of samples written.
pub fn generate(
    def: &VariantDef,
    cfg: &DatagenConfig,
    progress: &(dyn Fn(usize) + Sync),
    sink: &mut Sink<'_>,
) -> Result<usize, String> {
    /// The games played from the definition's start position, once its type is known.
    struct Games<'a, 's, 'k> {
        def: &'a VariantDef,
        cfg: &'a DatagenConfig,
        progress: &'a (dyn Fn(usize) + Sync),
        sink: &'s mut Sink<'k>,
    }
    impl PositionVisitor for Games<'_, '_, '_> {
        type Output = Result<usize, String>;
        fn visit<P: Playable + Tunable>(self, start: P, eval: P::Eval) -> Self::Output {
            let Games {
                def,
                cfg,
                progress,
                sink,
            } = self;
            let eval = chosen_eval(&start, eval, cfg)?;
            let work = |i: usize| {
                let seed = (cfg.seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)) | 1;
                Ok(play(&start, &eval, def, cfg, seed))
            };
            run_games(cfg.games, cfg.jobs, &work, progress, sink)
        }
    }
    games::build(
        def,
        None,
        Games {
            def,
            cfg,
            progress,
            sink,
        },
    )?
}

/// Samples from the games of a PGN file (say, a stronger engine's games): each position
/// after the first `cfg.random_plies` plies from which a quiet move was played (not a capture
/// or promotion, the side to move not in danger) is searched for `cfg.nodes` nodes for its
/// score, and labelled with the game's result. Each game's samples go to `sink` in order;
/// `progress(done, total)` after each game. Games with no result (`*`) give none; a game with
/// an illegal move or a FEN that cannot be read is an error naming it (the games before it
/// have been written). Returns the number of samples written.
pub fn from_pgn(
    def: &VariantDef,
    text: &str,
    cfg: &DatagenConfig,
    progress: &(dyn Fn(usize, usize) + Sync),
    sink: &mut Sink<'_>,
) -> Result<usize, String> {
    let games = crate::pgn::read_all(text)?;
    /// The games replayed from the definition's start position, once its type is known.
    struct Replay<'a, 's, 'k> {
        games: &'a [crate::pgn::PgnGame],
        cfg: &'a DatagenConfig,
        progress: &'a (dyn Fn(usize, usize) + Sync),
        sink: &'s mut Sink<'k>,
    }
    impl PositionVisitor for Replay<'_, '_, '_> {
        type Output = Result<usize, String>;
        fn visit<P: Playable + Tunable>(self, start: P, eval: P::Eval) -> Self::Output {
            let Replay {
                games,
                cfg,
                progress,
                sink,
            } = self;
            let eval = chosen_eval(&start, eval, cfg)?;
            let work = |i: usize| {
                replay(&start, &eval, &games[i], cfg).map_err(|e| format!("game {}: {e}", i + 1))
            };
            let total = games.len();
            run_games(total, cfg.jobs, &work, &|done| progress(done, total), sink)
        }
    }
    games::build(
        def,
        None,
        Replay {
            games: &games,
            cfg,
            progress,
            sink,
        },
    )?
}

/// The samples of one PGN game (see [`from_pgn`]).
fn replay<P: Playable>(
    start: &P,
    eval: &P::Eval,
    g: &crate::pgn::PgnGame,
    cfg: &DatagenConfig,
) -> Result<Vec<Sample>, String> {
    let result = match g.result.as_str() {
        "1-0" => 1.0,
        "0-1" => 0.0,
        "1/2-1/2" => 0.5,
        _ => return Ok(Vec::new()),
    };
    let mut pos = match g.tag("FEN") {
        Some(fen) => start.read_fen(fen)?,
        None => start.clone(),
    };
    let tt = Arc::new(Table::new(4));
    let mut out = Vec::new();
    for (ply, text) in g.moves.iter().enumerate() {
        let mv = pos.parse_move(text)?;
        if ply >= cfg.random_plies
            && !pos.is_noisy(mv)
            && !pos.in_danger()
            && let Score::Cp(score) = search_nodes(&pos, eval, &tt, cfg.nodes).score
        {
            out.push(Sample {
                fen: pos.write_fen(),
                score,
                result,
            });
        }
        pos.make(mv);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::variants::Registry;

    /// A one-job configuration with the hand-written evaluation and the default ply cap.
    fn config(games: usize, nodes: u64, random_plies: usize, seed: u64) -> DatagenConfig {
        DatagenConfig {
            games,
            nodes,
            random_plies,
            max_plies: 600,
            resign: None,
            seed,
            jobs: 1,
            use_nnue: false,
            net_file: None,
        }
    }

    /// Every sample `generate` gives its sink, in order.
    fn generated(def: &VariantDef, cfg: &DatagenConfig) -> Vec<Sample> {
        let mut v = Vec::new();
        let n = generate(def, cfg, &|_| {}, &mut |s: &[Sample]| {
            v.extend_from_slice(s);
            Ok(())
        })
        .unwrap();
        assert_eq!(n, v.len());
        v
    }

    /// Every sample `from_pgn` gives its sink before it returns, and what it returns.
    fn replayed(
        def: &VariantDef,
        pgn: &str,
        cfg: &DatagenConfig,
    ) -> (Vec<Sample>, Result<usize, String>) {
        let mut v = Vec::new();
        let r = from_pgn(def, pgn, cfg, &|_, _| {}, &mut |s: &[Sample]| {
            v.extend_from_slice(s);
            Ok(())
        });
        (v, r)
    }

    #[test]
    fn samples_round_trip_and_games_produce_them() {
        let s = Sample {
            fen: "x w - - 0 1".into(),
            score: -35,
            result: 0.5,
        };
        assert_eq!(Sample::parse(&s.line()).unwrap(), s);
        assert!(Sample::parse("a | b").is_err());
        let def = Registry::builtin().get("kaissa", &[]).unwrap();
        let cfg = config(2, 300, 4, 7);
        let samples = generated(&def, &cfg);
        assert!(samples.len() > 10);
        assert!(samples.iter().all(|s| [0.0, 0.5, 1.0].contains(&s.result)));
    }

    /// A net file searches the games in place of the hand-written evaluation (other scores
    /// from the same openings); a net of another game is refused in one line.
    #[test]
    fn a_net_file_plays_the_games_and_a_foreign_one_is_refused() {
        use crate::games::kaissa::game::Game;
        let def = Registry::builtin().get("merchants", &[]).unwrap();
        let map = Game::<u128>::new(&def).unwrap().features.clone();
        let params = crate::train::model::Params::random(map.inputs(), 32, 3);
        let net = params.quantise("random", map.description()).unwrap();
        let cfg = DatagenConfig {
            use_nnue: true,
            ..config(1, 300, 4, 5)
        };
        let hand = generated(&def, &cfg);
        let with_net = generated(
            &def,
            &DatagenConfig {
                net_file: Some(net.to_bytes()),
                ..cfg.clone()
            },
        );
        assert!(!hand.is_empty() && !with_net.is_empty());
        assert_ne!(hand, with_net);
        let other = Registry::builtin().get("northern", &[]).unwrap();
        let e = generate(
            &other,
            &DatagenConfig {
                net_file: Some(net.to_bytes()),
                ..cfg
            },
            &|_| {},
            &mut |_: &[Sample]| Ok(()),
        )
        .unwrap_err();
        assert!(e.starts_with("--eval-file: ") && !e.contains('\n'), "{e}");
    }

    /// A PGN game replays into samples of its quiet positions after the skipped opening,
    /// each labelled with the game's result; a bad move is an error naming the game.
    #[test]
    fn pgn_games_give_samples_with_their_result() {
        let def = Registry::builtin().get("merchants", &[]).unwrap();
        let pgn = "[Variant \"merchants\"]\n[Result \"0-1\"]\n\n1. d2d4 d9d7 2. c2c4 c9c7 3. e2e4 e9e7 0-1\n\n\
                   [Variant \"merchants\"]\n[Result \"*\"]\n\n1. H@e3 H@e8 *\n";
        let cfg = config(0, 200, 2, 1);
        let (samples, r) = replayed(&def, pgn, &cfg);
        assert_eq!(r, Ok(4));
        assert_eq!(samples.len(), 4, "{samples:?}");
        assert!(samples.iter().all(|s| s.result == 0.0));
        assert!(samples[0].fen.contains(" w "), "{}", samples[0].fen);
        let bad = "[Variant \"merchants\"]\n[Result \"1-0\"]\n\n1. d2d4 z9z9 1-0\n";
        let e = replayed(&def, bad, &cfg).1.unwrap_err();
        assert!(e.starts_with("game 1:"), "{e}");
        // The games before a bad one reach the sink, in order; none after it.
        let (samples, r) = replayed(&def, &format!("{pgn}\n{bad}\n{pgn}"), &cfg);
        assert!(r.unwrap_err().starts_with("game 3:"));
        assert_eq!(samples.len(), 4, "{samples:?}");
    }

    #[test]
    fn caissa_and_jikaida_games_produce_samples() {
        let registry = Registry::builtin();
        for name in ["caissa", "jikaida"] {
            let def = registry.get(name, &[]).unwrap();
            let cfg = config(1, 200, 2, 3);
            let samples = generated(&def, &cfg);
            assert!(!samples.is_empty(), "{name}");
        }
    }

    /// A game cut at `max_plies` is the same game up to the cut, scored a draw, with no
    /// position after it.
    #[test]
    fn a_game_past_max_plies_ends_there_as_a_draw() {
        let def = Registry::builtin().get("merchants", &[]).unwrap();
        let cfg = config(1, 300, 4, 9);
        let whole = generated(&def, &cfg);
        let cut = generated(
            &def,
            &DatagenConfig {
                max_plies: 20,
                ..cfg.clone()
            },
        );
        assert!(!cut.is_empty() && cut.len() < whole.len());
        assert!(cut.len() <= 21 - 4, "{}", cut.len());
        assert!(cut.iter().all(|s| s.result == 0.5));
        let key = |s: &Sample| (s.fen.clone(), s.score);
        assert!(cut.iter().map(key).eq(whole[..cut.len()].iter().map(key)));
    }

    /// `--resign` ends a game once its searches agree it is won: the same game up to there,
    /// shorter, won by the side the scores favour; a mate counts whatever the threshold.
    #[test]
    fn a_game_scored_won_four_plies_in_a_row_ends_there() {
        assert_eq!(
            winning_side(Score::Mate(3), Color::Second, 900),
            Some(Color::Second)
        );
        assert_eq!(
            winning_side(Score::Mate(-2), Color::Second, 900),
            Some(Color::First)
        );
        assert_eq!(
            winning_side(Score::Cp(-400), Color::First, 300),
            Some(Color::Second)
        );
        assert_eq!(winning_side(Score::Cp(299), Color::First, 300), None);
        let def = Registry::builtin().get("merchants", &[]).unwrap();
        let cfg = config(1, 300, 4, 9);
        let whole = generated(&def, &cfg);
        let resign = 150;
        let short = generated(
            &def,
            &DatagenConfig {
                resign: Some(resign),
                ..cfg.clone()
            },
        );
        assert!(!short.is_empty() && short.len() < whole.len());
        let key = |s: &Sample| (s.fen.clone(), s.score);
        assert!(
            short
                .iter()
                .map(key)
                .eq(whole[..short.len()].iter().map(key))
        );
        assert!(short.iter().all(|s| s.result == short[0].result));
        assert_ne!(short[0].result, 0.5);
        // The first player's view of each score: the last one recorded passes the threshold
        // for the winner.
        let first_view = |s: &Sample| {
            let first_to_move = s.fen.split_whitespace().nth(1) == Some("w");
            if first_to_move { s.score } else { -s.score }
        };
        let last = first_view(short.last().unwrap());
        let winner_sign = if short[0].result == 1.0 { 1 } else { -1 };
        assert!(last * winner_sign >= resign, "{last} {}", short[0].result);
    }

    /// The sink gets the games in game order whatever the number of jobs, so two runs give
    /// the same file; a sink's error stops the run and is returned.
    #[test]
    fn games_reach_the_sink_in_order_and_a_sink_error_stops_the_run() {
        let def = Registry::builtin().get("merchants", &[]).unwrap();
        let cfg = config(4, 200, 4, 11);
        let one = generated(&def, &cfg);
        let two = generated(
            &def,
            &DatagenConfig {
                jobs: 2,
                ..cfg.clone()
            },
        );
        assert!(!one.is_empty());
        assert_eq!(one, two);
        let mut calls = 0;
        let e = generate(&def, &cfg, &|_| {}, &mut |_: &[Sample]| {
            calls += 1;
            Err("disk full".to_string())
        })
        .unwrap_err();
        assert_eq!((e.as_str(), calls), ("disk full", 1));
    }
}
