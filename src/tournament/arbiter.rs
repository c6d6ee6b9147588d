//! The arbiter: plays one game between two engine processes with the engine's own rules
//! library, checking every move, running the clocks, and deciding every end itself. A claim
//! from an engine is never trusted; an illegal move, a crash or a flag loses.

use super::adjudication::{self, Adjudication};
use super::player::{Failure, Player};
use crate::core::geometry::Color;
use crate::engine::Engine;
use crate::games::{color_name, result_line};
use std::time::{Duration, Instant};

/// How long each move may take.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeControl {
    /// A clock per player: base time and increment per move.
    Clock {
        /// Time at the start.
        base: Duration,
        /// Added after each move.
        inc: Duration,
    },
    /// A fixed time per move.
    MoveTime(Duration),
    /// A fixed depth per move.
    Depth(u32),
}

impl TimeControl {
    /// Parses `10+0.1` (seconds + increment) or `40` (seconds, no increment).
    pub fn parse_clock(text: &str) -> Result<TimeControl, String> {
        let (b, i) = text.split_once('+').unwrap_or((text, "0"));
        let secs = |s: &str| -> Result<Duration, String> {
            let v: f64 = s
                .trim()
                .parse()
                .map_err(|_| format!("time control '{text}': '{s}' is not a number of seconds"))?;
            if !(0.0..=86_400.0).contains(&v) {
                return Err(format!("time control '{text}' is out of range"));
            }
            Ok(Duration::from_secs_f64(v))
        };
        let (base, inc) = (secs(b)?, secs(i)?);
        if base.is_zero() {
            return Err(format!("time control '{text}' has no time"));
        }
        Ok(TimeControl::Clock { base, inc })
    }
}

/// Extra time an engine gets beyond its clock before it is flagged when it does not answer
/// (pipes and process scheduling).
const GRACE: Duration = Duration::from_millis(100);
/// Longest wait for a depth-limited move.
const DEPTH_MOVE_LIMIT: Duration = Duration::from_secs(300);
/// Longest game, in plies, before the arbiter calls it a draw.
pub const MAX_PLIES: usize = 1000;

/// How a game went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The moves played, in engine notation.
    pub moves: Vec<String>,
    /// Per move, what its engine said of it and the time it took (the PGN comment, without
    /// braces); empty for the opening's moves. May be shorter than `moves`.
    pub notes: Vec<String>,
    /// `1-0`, `0-1` or `1/2-1/2` (first player's view).
    pub result: String,
    /// Why it ended.
    pub reason: String,
}

impl GameRecord {
    /// Points of the first player (1, 0.5 or 0).
    pub fn first_player_points(&self) -> f64 {
        match self.result.as_str() {
            "1-0" => 1.0,
            "0-1" => 0.0,
            _ => 0.5,
        }
    }
}

/// The rules side of a game: the start and the position so far.
pub struct GameSetup<'a> {
    /// An engine set to the variant (the rules library).
    pub rules: &'a mut Engine,
    /// Start FEN, or `None` for the variant's start position.
    pub fen: Option<String>,
    /// Opening moves played before the engines take over.
    pub opening: Vec<String>,
    /// The time control.
    pub tc: TimeControl,
    /// When the arbiter ends a game the engines agree on (none: every game is played out).
    pub adjudication: Adjudication,
}

/// A forfeit result against `loser`.
fn forfeit(loser: Color, reason: String, moves: Vec<String>, notes: Vec<String>) -> GameRecord {
    GameRecord {
        moves,
        notes,
        result: match loser {
            Color::First => "0-1".into(),
            Color::Second => "1-0".into(),
        },
        reason,
    }
}

/// Plays one game: `players[0]` has the first move's colour (Yellow), `players[1]` the other.
pub fn play_game(setup: GameSetup<'_>, players: &mut [Player; 2]) -> GameRecord {
    let rules = setup.rules;
    let opening: Vec<&str> = setup.opening.iter().map(String::as_str).collect();
    let mut moves: Vec<String> = setup.opening.clone();
    let mut notes: Vec<String> = vec![String::new(); moves.len()];
    if let Err(e) = rules
        .state_mut()
        .set_position(setup.fen.as_deref(), &opening)
    {
        return GameRecord {
            moves,
            notes: Vec::new(),
            result: "*".into(),
            reason: format!("bad opening: {e}"),
        };
    }
    for (i, p) in players.iter_mut().enumerate() {
        if p.send("ucinewgame").is_err() || p.ready(Duration::from_secs(10)).is_err() {
            let c = Color::BOTH[i];
            let name = color_name(rules.state().def(), c);
            return forfeit(c, format!("{name}'s engine crashed"), moves, notes);
        }
    }
    let position_head = match &setup.fen {
        Some(f) => format!("position fen {f}"),
        None => "position startpos".to_string(),
    };
    // Each engine move's score, from its mover's view, for the adjudication.
    let mut scores: Vec<(Color, Option<crate::search::Score>)> = Vec::new();
    let mut clock = [Duration::ZERO; 2];
    if let TimeControl::Clock { base, .. } = setup.tc {
        clock = [base, base];
    }
    loop {
        let state = rules.state();
        let def = state.def().clone();
        let to_move = state.side_to_move();
        if let Some(o) = state.outcome() {
            let line = result_line(&def, o, to_move);
            let (code, why) = line.split_once(' ').unwrap_or((&line, ""));
            return GameRecord {
                moves,
                notes,
                result: code.to_string(),
                reason: why.trim_matches(|c| c == '{' || c == '}').to_string(),
            };
        }
        if moves.len() >= MAX_PLIES {
            return GameRecord {
                moves,
                notes,
                result: "1/2-1/2".into(),
                reason: format!("adjudicated a draw after {MAX_PLIES} plies"),
            };
        }
        if let Some(verdict) = adjudication::decide(&setup.adjudication, &scores, moves.len()) {
            return GameRecord {
                moves,
                notes,
                result: verdict.result().into(),
                reason: verdict.reason(|c| color_name(&def, c).to_string()),
            };
        }
        let side = to_move.index();
        let position = if moves.is_empty() {
            position_head.clone()
        } else {
            format!("{position_head} moves {}", moves.join(" "))
        };
        let (go, within) = match setup.tc {
            TimeControl::Clock { inc, .. } => (
                format!(
                    "go wtime {} btime {} winc {} binc {}",
                    clock[0].as_millis(),
                    clock[1].as_millis(),
                    inc.as_millis(),
                    inc.as_millis()
                ),
                clock[side] + GRACE,
            ),
            TimeControl::MoveTime(t) => {
                (format!("go movetime {}", t.as_millis()), t * 2 + GRACE * 5)
            }
            TimeControl::Depth(d) => (format!("go depth {d}"), DEPTH_MOVE_LIMIT),
        };
        let name = color_name(&def, to_move);
        let start = Instant::now();
        let answer = players[side].best_move(&position, &go, within);
        let used = start.elapsed();
        let (mv, thought) = match answer {
            Ok(a) => a,
            Err(Failure::Timeout) => {
                return forfeit(to_move, format!("{name} loses on time"), moves, notes);
            }
            Err(Failure::Crashed) | Err(Failure::Broken(_)) => {
                return forfeit(to_move, format!("{name}'s engine crashed"), moves, notes);
            }
        };
        if let TimeControl::Clock { inc, .. } = setup.tc {
            if used > clock[side] {
                return forfeit(to_move, format!("{name} loses on time"), moves, notes);
            }
            clock[side] = clock[side] - used + inc;
        }
        if !rules.state().legal_moves().contains(&mv) {
            return forfeit(
                to_move,
                format!(
                    "{name} played an illegal move: {}",
                    if mv.is_empty() { "(none)" } else { &mv }
                ),
                moves,
                notes,
            );
        }
        if rules.state_mut().play(&mv).is_err() {
            return forfeit(
                to_move,
                format!("{name} played an illegal move: {mv}"),
                moves,
                notes,
            );
        }
        moves.push(mv);
        notes.push(thought.comment(used));
        scores.push((to_move, thought.score));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_parse() {
        assert_eq!(
            TimeControl::parse_clock("10+0.1").unwrap(),
            TimeControl::Clock {
                base: Duration::from_secs(10),
                inc: Duration::from_millis(100)
            }
        );
        assert!(TimeControl::parse_clock("0+1").is_err());
        assert!(TimeControl::parse_clock("x").is_err());
        assert!(TimeControl::parse_clock("1e9").is_err());
    }
}
