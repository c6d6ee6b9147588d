//! `kaissa match`: engine-vs-engine games under the engine's own arbiter ([`arbiter`]),
//! round robin for more than two engines, colour-swapped opening pairs, several games at once,
//! PGN output, and a results table with Elo, its 95% error, LOS and an optional SPRT that
//! stops the match as soon as it decides; a match cut short resumes from its PGN ([`resume`]).
//! Nothing here prints but [`run`], the `kaissa match` command ([`MatchArgs`], in driver.rs):
//! [`play_match`] hands progress and results to the caller's callbacks.

pub mod adjudication;
pub mod arbiter;
mod driver;
pub mod openings;
pub mod player;
mod resume;
pub mod stats;
pub mod tally;
pub mod thought;

pub use driver::{MatchArgs, run};
pub use openings::{Opening, parse_openings};

use crate::engine::Engine;
use crate::games::{color_name, result_line};
use crate::pgn::{self, PgnGame};
use arbiter::{GameRecord, GameSetup, TimeControl, play_game};
use player::{EngineSpec, Player};
use stats::{Sprt, Verdict, Wdl};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::channel;
use std::sync::{Arc, Mutex, OnceLock};

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The engines (two for a match, more for a round robin or a gauntlet).
    pub engines: Vec<EngineSpec>,
    /// The first engine plays every other one and they do not meet (a gauntlet); otherwise
    /// every pair meets (a round robin).
    pub gauntlet: bool,
    /// The game.
    pub variant: String,
    /// A variants file the engines and the arbiter load first.
    pub variants_file: Option<String>,
    /// Games per pairing.
    pub games: usize,
    /// Time control.
    pub tc: TimeControl,
    /// Games played at the same time.
    pub concurrency: usize,
    /// Openings, used in order (each twice, colours swapped); empty: random or start.
    pub openings: Vec<Opening>,
    /// Random plies to play from the start when no openings are given.
    pub random_plies: usize,
    /// Random openings are drawn again until a short search scores them within this many
    /// centipawns ([`openings::balanced_opening`]); `None`: the first draw is played.
    pub balance: Option<i32>,
    /// Seed for random openings.
    pub seed: u64,
    /// Sequential test (two engines only).
    pub sprt: Option<Sprt>,
    /// When the arbiter ends a game the engines agree on.
    pub adjudication: adjudication::Adjudication,
    /// Games an earlier run of this same match already played (read from its PGN, for
    /// `--resume`): each must be the game of its round in this match's schedule; they count in
    /// the standings and the test, and their rounds are not played again.
    pub played: Vec<PgnGame>,
}

/// One finished game, as the match reports it.
#[derive(Clone, Debug)]
pub struct Finished {
    /// 1-based game number.
    pub number: usize,
    /// Engine indices of the first and second player.
    pub players: [usize; 2],
    /// Where it started.
    pub opening: Opening,
    /// How it went.
    pub record: GameRecord,
}

/// Results of a match.
#[derive(Clone, Debug)]
pub struct Standings {
    /// Engine names.
    pub names: Vec<String>,
    /// `wdl[i][j]`: engine i's results against engine j.
    pub wdl: Vec<Vec<Wdl>>,
    /// The SPRT verdict, if one was reached.
    pub verdict: Option<Verdict>,
    /// When the verdict was reached: games played then and the LLR. Games already in play
    /// at that moment are finished and counted afterwards, so the final LLR can differ.
    pub decided_at: Option<(u32, f64)>,
}

impl Standings {
    /// Engine i's results against everyone.
    pub fn total(&self, i: usize) -> Wdl {
        self.wdl[i].iter().fold(Wdl::default(), |a, w| Wdl {
            wins: a.wins + w.wins,
            draws: a.draws + w.draws,
            losses: a.losses + w.losses,
        })
    }

    /// Applies the sequential test (if any) to the first engine's results so far; true when
    /// it decides now (never again once decided), with the verdict and when it came recorded.
    fn decide(&mut self, sprt: Option<&Sprt>) -> bool {
        let Some(sp) = sprt else { return false };
        if self.verdict.is_some() {
            return false;
        }
        let total = self.total(0);
        self.verdict = sp.verdict(&total);
        if self.verdict.is_some() {
            self.decided_at = Some((total.games(), sp.llr(&total)));
        }
        self.verdict.is_some()
    }

    fn add(&mut self, f: &Finished) {
        self.add_points(f.players, f.record.first_player_points());
    }

    /// Counts a game in which `players[0]`, the first player, scored `p` (1, 0.5 or 0).
    fn add_points(&mut self, players: [usize; 2], p: f64) {
        let [a, b] = players;
        if p == 1.0 {
            self.wdl[a][b].wins += 1;
            self.wdl[b][a].losses += 1;
        } else if p == 0.0 {
            self.wdl[a][b].losses += 1;
            self.wdl[b][a].wins += 1;
        } else {
            self.wdl[a][b].draws += 1;
            self.wdl[b][a].draws += 1;
        }
    }

    /// The results table: one row per engine with games, points, W/D/L, Elo against the
    /// field with its 95% error, and LOS; for two engines the SPRT state too.
    pub fn table(&self, sprt: Option<&Sprt>) -> String {
        let mut s = format!(
            "{:<20} {:>6} {:>7} {:>6} {:>6} {:>6} {:>16} {:>7}\n",
            "engine", "games", "points", "wins", "draws", "losses", "Elo (95%)", "LOS"
        );
        for (i, name) in self.names.iter().enumerate() {
            let t = self.total(i);
            let (elo, err) = t.elo();
            let elo_text = if err.is_finite() {
                format!("{elo:+.1} +- {err:.1}")
            } else {
                format!("{elo:+.0} +- inf")
            };
            s.push_str(&format!(
                "{:<20} {:>6} {:>7.1} {:>6} {:>6} {:>6} {:>16} {:>6.1}%\n",
                name,
                t.games(),
                t.points(),
                t.wins,
                t.draws,
                t.losses,
                elo_text,
                100.0 * t.los()
            ));
        }
        if let Some(sp) = sprt {
            let t = self.total(0);
            let (lo, hi) = sp.bounds();
            s.push_str(&format!(
                "SPRT elo0={} elo1={} alpha={} beta={}: LLR {:.2} (bounds {:.2} .. {:.2}){}{}\n",
                sp.elo0,
                sp.elo1,
                sp.alpha,
                sp.beta,
                sp.llr(&t),
                lo,
                hi,
                match self.verdict {
                    Some(Verdict::H1) => ", H1 accepted",
                    Some(Verdict::H0) => ", H0 accepted",
                    None => "",
                },
                match self.decided_at {
                    Some((n, llr)) if n != t.games() => format!(
                        " at game {n} (LLR {llr:.2}; the games still in play then were finished and counted)"
                    ),
                    _ => String::new(),
                }
            ));
        }
        s
    }
}

/// A rules engine for `config`'s variant.
fn rules_for(config: &MatchConfig) -> Result<Engine, String> {
    let mut e = Engine::new();
    if let Some(f) = &config.variants_file {
        e.load_variants(f)?;
    }
    e.set_variant(&config.variant, &[])?;
    Ok(e)
}

/// The PGN `TimeControl` tag of a time control.
fn tc_tag(tc: TimeControl) -> String {
    match tc {
        TimeControl::Clock { base, inc } => {
            format!("{}+{}", base.as_secs_f64(), inc.as_secs_f64())
        }
        TimeControl::MoveTime(t) => format!("movetime {} ms", t.as_millis()),
        TimeControl::Depth(d) => format!("depth {d}"),
    }
}

/// The PGN of a finished game.
pub fn to_pgn(config: &MatchConfig, f: &Finished, date: &str) -> PgnGame {
    let mut tags: Vec<(String, String)> = vec![
        ("Event".into(), "kaissa match".into()),
        ("Site".into(), "local".into()),
        ("Date".into(), date.into()),
        ("Round".into(), f.number.to_string()),
        ("White".into(), config.engines[f.players[0]].name.clone()),
        ("Black".into(), config.engines[f.players[1]].name.clone()),
        ("Result".into(), f.record.result.clone()),
        ("Variant".into(), config.variant.clone()),
    ];
    if let Some(fen) = &f.opening.fen {
        tags.push(("SetUp".into(), "1".into()));
        tags.push(("FEN".into(), fen.clone()));
    }
    tags.push(("TimeControl".into(), tc_tag(config.tc)));
    if let Some(rules) = config.adjudication.tag() {
        tags.push(("Adjudication".into(), rules));
    }
    tags.push(("Termination".into(), f.record.reason.clone()));
    PgnGame {
        tags,
        moves: f.record.moves.clone(),
        comments: f.record.notes.clone(),
        result: f.record.result.clone(),
        reason: Some(f.record.reason.clone()),
        variations: Vec::new(),
    }
}

/// Plays a match. `on_game` is called after each game (in the order they finish) with the
/// game and the standings so far.
pub fn play_match(
    config: &MatchConfig,
    mut on_game: impl FnMut(&Finished, &Standings),
) -> Result<Standings, String> {
    let n = config.engines.len();
    if n < 2 {
        return Err("a match needs at least two engines".into());
    }
    if config.sprt.is_some() && n != 2 {
        return Err("SPRT is for a match of exactly two engines".into());
    }
    let mut rules = rules_for(config)?;
    for (i, o) in config.openings.iter().enumerate() {
        let moves: Vec<&str> = o.moves.iter().map(String::as_str).collect();
        rules
            .state_mut()
            .set_position(o.fen.as_deref(), &moves)
            .map_err(|e| format!("opening {} cannot be played: {e}", i + 1))?;
    }
    let pairs: Vec<(usize, usize)> = if config.gauntlet {
        (1..n).map(|j| (0, j)).collect()
    } else {
        (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .collect()
    };
    let mut seed = config.seed | 1;
    let mut jobs = VecDeque::new();
    let mut number = 0;
    let pairs_of_games = config.games.div_ceil(2);
    // Each pair of games shares an opening. Balanced ones take a search each and are made
    // when a game first needs them (each from a seed of its own, so the order they are made
    // in does not matter); the others are drawn here, in order, from one seed.
    let starts: Vec<OnceLock<Opening>> = (0..pairs_of_games).map(|_| OnceLock::new()).collect();
    for (k, slot) in starts.iter().enumerate() {
        let made = if !config.openings.is_empty() {
            Some(config.openings[k % config.openings.len()].clone())
        } else if config.random_plies == 0 {
            Some(Opening::default())
        } else if config.balance.is_none() {
            Some(openings::random_opening(
                &mut rules,
                config.random_plies,
                &mut seed,
            ))
        } else {
            None
        };
        if let Some(o) = made {
            let _ = slot.set(o);
        }
    }
    let opening_at = |k: usize, rules: &mut Engine| -> Opening {
        starts[k]
            .get_or_init(|| {
                let cp = config.balance.unwrap_or(i32::MAX);
                let mut seed = openings::opening_seed(config.seed, k);
                openings::balanced_opening(rules, config.random_plies, cp, &mut seed)
            })
            .clone()
    };
    for k in 0..config.games {
        for &(i, j) in &pairs {
            number += 1;
            let players = if k % 2 == 0 { [i, j] } else { [j, i] };
            jobs.push_back((number, players, k / 2));
        }
    }
    let mut standings = Standings {
        names: config.engines.iter().map(|e| e.name.clone()).collect(),
        wdl: vec![vec![Wdl::default(); n]; n],
        verdict: None,
        decided_at: None,
    };
    // A resumed match: the games already played count, and are not played again.
    let schedule: Vec<([usize; 2], usize)> = jobs.iter().map(|(_, p, k)| (*p, *k)).collect();
    let prior = resume::check(config, &schedule, &mut |k| opening_at(k, &mut rules))?;
    for p in &prior {
        standings.add_points(p.players, p.first_points);
    }
    jobs.retain(|(number, _, _)| !prior.iter().any(|p| p.number == *number));
    if !prior.is_empty() && standings.decide(config.sprt.as_ref()) {
        jobs.clear();
    }
    let jobs = Arc::new(Mutex::new(jobs));
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = channel::<Result<Finished, String>>();
    std::thread::scope(|scope| {
        for _ in 0..config.concurrency.max(1) {
            let (jobs, stop, tx) = (jobs.clone(), stop.clone(), tx.clone());
            scope.spawn(move || {
                let mut rules = match rules_for(config) {
                    Ok(r) => r,
                    Err(e) => {
                        let _ = tx.send(Err(e));
                        return;
                    }
                };
                loop {
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    let Some((number, players, k)) =
                        jobs.lock().ok().and_then(|mut q| q.pop_front())
                    else {
                        return;
                    };
                    let opening = opening_at(k, &mut rules);
                    let start = |i: usize| {
                        Player::start(
                            &config.engines[i],
                            &config.variant,
                            config.variants_file.as_deref(),
                        )
                    };
                    // An engine that cannot start is a mistake in the set-up, not a game:
                    // the match stops with the error.
                    let record = match (start(players[0]), start(players[1])) {
                        (Ok(a), Ok(b)) => {
                            let mut ps = [a, b];
                            let rec = play_game(
                                GameSetup {
                                    rules: &mut rules,
                                    fen: opening.fen.clone(),
                                    opening: opening.moves.clone(),
                                    tc: config.tc,
                                    adjudication: config.adjudication,
                                },
                                &mut ps,
                            );
                            let [a, b] = ps;
                            a.quit();
                            b.quit();
                            rec
                        }
                        (Err(e), _) | (_, Err(e)) => {
                            let _ = tx.send(Err(e));
                            return;
                        }
                    };
                    let f = Finished {
                        number,
                        players,
                        opening,
                        record,
                    };
                    if tx.send(Ok(f)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);
        let mut error = None;
        for r in rx.iter() {
            match r {
                Err(e) => {
                    error = Some(e);
                    stop.store(true, Ordering::Relaxed);
                }
                Ok(f) => {
                    standings.add(&f);
                    if standings.decide(config.sprt.as_ref()) {
                        stop.store(true, Ordering::Relaxed);
                    }
                    on_game(&f, &standings);
                }
            }
        }
        match error {
            Some(e) => Err(e),
            None => Ok(()),
        }
    })?;
    Ok(standings)
}

/// Replays every game of a PGN written by `kaissa match` with the rules library: each move
/// must be legal, and a game that ended on the board must have the result the rules give.
/// Returns the number of games checked. The rules only: no engine, so no hash table.
pub fn verify_pgn(text: &str, variants_file: Option<&str>) -> Result<usize, String> {
    let games = pgn::read_all(text)?;
    verify_games(&games, variants_file)?;
    Ok(games.len())
}

/// [`verify_pgn`] of games already read.
pub fn verify_games(games: &[pgn::PgnGame], variants_file: Option<&str>) -> Result<(), String> {
    let mut registry = crate::games::variants::Registry::builtin();
    if let Some(f) = variants_file {
        registry.load_file(f)?;
    }
    for (i, g) in games.iter().enumerate() {
        let variant = g
            .tag("Variant")
            .unwrap_or(crate::games::variants::DEFAULT_VARIANT);
        let mut state = crate::engine::new_state(&registry.get(variant, &[])?)?;
        let fen = g.tag("FEN");
        state
            .set_position(fen, &[])
            .map_err(|e| format!("game {}: {e}", i + 1))?;
        for m in &g.moves {
            state.play(m).map_err(|e| format!("game {}: {e}", i + 1))?;
        }
        if let Some(tag) = g.tag("Result")
            && tag != g.result
        {
            return Err(format!(
                "game {}: the Result tag says {tag}, the moves end with {}",
                i + 1,
                g.result
            ));
        }
        if let Some(o) = state.outcome() {
            let line = result_line(state.def(), o, state.side_to_move());
            if !line.starts_with(&g.result) {
                return Err(format!(
                    "game {}: the rules say {line}, the PGN says {}",
                    i + 1,
                    g.result
                ));
            }
        } else {
            check_forfeit(g, state.def()).map_err(|e| format!("game {}: {e}", i + 1))?;
        }
    }
    Ok(())
}

/// Checks a game that did not end on the board: its reason must be a forfeit or an
/// adjudication the arbiter gives, and the result must go against the side that forfeited.
fn check_forfeit(g: &PgnGame, def: &crate::core::definition::VariantDef) -> Result<(), String> {
    let reason = g.reason.as_deref().unwrap_or("");
    if reason.starts_with("adjudicated a draw") {
        return if g.result == "1/2-1/2" {
            Ok(())
        } else {
            Err(format!("an adjudicated draw scored {}", g.result))
        };
    }
    if let Some(rest) = reason.strip_prefix("adjudicated a win for ") {
        let first = color_name(def, crate::core::geometry::Color::First);
        let second = color_name(def, crate::core::geometry::Color::Second);
        let expected = if rest.starts_with(&format!("{first}:")) {
            "1-0"
        } else if rest.starts_with(&format!("{second}:")) {
            "0-1"
        } else {
            return Err(format!("cannot tell who was adjudicated the win: {reason}"));
        };
        return if g.result == expected {
            Ok(())
        } else {
            Err(format!("{reason}, but the result is {}", g.result))
        };
    }
    let forfeits = [
        "loses on time",
        "'s engine crashed",
        "played an illegal move",
        "'s engine failed to start",
    ];
    if !forfeits.iter().any(|f| reason.contains(f)) {
        return Err(format!(
            "result {} without an end on the board or a forfeit",
            g.result
        ));
    }
    let name = |c| color_name(def, c);
    let expected = if reason.starts_with(name(crate::core::geometry::Color::First)) {
        "0-1"
    } else if reason.starts_with(name(crate::core::geometry::Color::Second)) {
        "1-0"
    } else {
        return Err(format!("cannot tell who forfeited: {reason}"));
    };
    if g.result == expected {
        Ok(())
    } else {
        Err(format!("{reason}, but the result is {}", g.result))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table says when the SPRT decided if games in play then changed the final count.
    #[test]
    fn sprt_line_tells_when_the_test_decided() {
        let sprt = Sprt::parse("elo0=0 elo1=10").unwrap();
        let w = Wdl {
            wins: 333,
            draws: 38,
            losses: 232,
        };
        let l = Wdl {
            wins: w.losses,
            draws: w.draws,
            losses: w.wins,
        };
        let mut s = Standings {
            names: vec!["tuned".into(), "untuned".into()],
            wdl: vec![vec![Wdl::default(), w], vec![l, Wdl::default()]],
            verdict: Some(Verdict::H1),
            decided_at: Some((602, 2.95)),
        };
        let text = s.table(Some(&sprt));
        assert!(
            text.contains("H1 accepted at game 602 (LLR 2.95;"),
            "{text}"
        );
        s.decided_at = Some((603, 2.95));
        assert!(!s.table(Some(&sprt)).contains("at game"));
    }
}
