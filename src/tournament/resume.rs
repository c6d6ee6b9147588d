//! Resuming a match cut short (a session's end, a crash, a reboot): the games of its PGN are
//! checked against the schedule the match would play (the same engines, game, clock,
//! openings and adjudication), count in its standings and its sequential test, and are not
//! played again, so that the two runs together play and score the games of one
//! uninterrupted match.

use super::{MatchConfig, Opening, tc_tag};

/// A game of an earlier run, as the standings count it.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Prior {
    /// Its round (1-based game number).
    pub number: usize,
    /// Engine indices of the first and second player.
    pub players: [usize; 2],
    /// The first player's points: 1, 0.5 or 0.
    pub first_points: f64,
}

/// Checks each of `config.played` against `schedule` (game n's players and the index of its
/// opening at index n - 1; `opening` makes the opening of an index) and returns its result;
/// the first game that does not fit is refused with a one-line reason.
pub(super) fn check(
    config: &MatchConfig,
    schedule: &[([usize; 2], usize)],
    opening: &mut dyn FnMut(usize) -> Opening,
) -> Result<Vec<Prior>, String> {
    let mut prior: Vec<Prior> = Vec::with_capacity(config.played.len());
    let tc = tc_tag(config.tc);
    let rules = config.adjudication.tag();
    for (i, g) in config.played.iter().enumerate() {
        let refuse = |why: String| {
            Err(format!(
                "cannot resume: game {} of the PGN {why} (a resumed match needs the same engines, game, clock, openings, seed and adjudication)",
                i + 1
            ))
        };
        let variant = g
            .tag("Variant")
            .unwrap_or(crate::games::variants::DEFAULT_VARIANT);
        if variant != config.variant {
            return refuse(format!("is {variant}, not {}", config.variant));
        }
        let game_tc = g.tag("TimeControl").unwrap_or("");
        if game_tc != tc {
            return refuse(format!("was played at {game_tc}, not {tc}"));
        }
        if g.tag("Adjudication") != rules.as_deref() {
            let said = |r: Option<&str>| {
                r.map_or("no adjudication".to_string(), |r| {
                    format!("adjudication '{r}'")
                })
            };
            return refuse(format!(
                "was played with {}, not {}",
                said(g.tag("Adjudication")),
                said(rules.as_deref())
            ));
        }
        let round = g.tag("Round").unwrap_or("");
        let number = match round.parse::<usize>() {
            Ok(n) if (1..=schedule.len()).contains(&n) => n,
            _ => {
                return refuse(format!(
                    "has round {round:?}, not one of this match's {} games",
                    schedule.len()
                ));
            }
        };
        if prior.iter().any(|p| p.number == number) {
            return refuse(format!("repeats round {number}"));
        }
        let (players, k) = schedule[number - 1];
        let name = |k: usize| config.engines[players[k]].name.as_str();
        let (white, black) = (g.tag("White").unwrap_or(""), g.tag("Black").unwrap_or(""));
        if (white, black) != (name(0), name(1)) {
            return refuse(format!(
                "(round {number}) is {white} against {black}; this match plays {} against {} there",
                name(0),
                name(1)
            ));
        }
        let opening = opening(k);
        let same_start = g.tag("FEN") == opening.fen.as_deref()
            && g.moves.iter().zip(&opening.moves).all(|(a, b)| a == b);
        if !same_start {
            return refuse(format!(
                "(round {number}) does not start with this match's opening for it"
            ));
        }
        let first_points = match g.result.as_str() {
            "1-0" => 1.0,
            "0-1" => 0.0,
            "1/2-1/2" => 0.5,
            r => return refuse(format!("(round {number}) has no result ({r})")),
        };
        prior.push(Prior {
            number,
            players,
            first_points,
        });
    }
    Ok(prior)
}
