//! Adjudication, as cutechess-cli has it (`-resign`, `-draw`): a game both engines score as
//! won for one side, or as level late in the game, for some moves in a row, is ended by the
//! arbiter with that result. Off unless asked for (`kaissa match --resign`, `--draw`). A
//! Jikaida game at a fast clock runs on for hundreds of plies once it is decided (a side
//! ahead by a Pallan that a short search cannot mate) or level (to the 1,000-ply cap):
//! adjudication gives the same result in a fraction of the time.

use crate::core::geometry::Color;
use crate::search::Score;

/// Ends a game as won once both engines agree it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignRule {
    /// Moves of each engine in a row whose scores must agree.
    pub moves: usize,
    /// Centipawns: each of those scores at least this for the winner (or a mate for it).
    pub cp: i32,
}

/// Ends a game as drawn once both engines agree it is level, late enough.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    /// Full moves that must have been played first.
    pub after: usize,
    /// Moves of each engine in a row whose scores must agree.
    pub moves: usize,
    /// Centipawns: each of those scores within this of 0 (no mate).
    pub cp: i32,
}

/// The adjudication rules of a match (none by default: every game is played out).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Adjudication {
    /// `--resign`.
    pub resign: Option<ResignRule>,
    /// `--draw`.
    pub draw: Option<DrawRule>,
}

impl Adjudication {
    /// The rules as a match's PGN records them in its `Adjudication` tag (`None` when there
    /// are none), in the options' own words, so `--resume` can refuse a run with other rules:
    /// `resign movecount=4 score=1000; draw movenumber=40 movecount=8 score=10`.
    pub fn tag(&self) -> Option<String> {
        let mut parts = Vec::new();
        if let Some(r) = self.resign {
            parts.push(format!("resign movecount={} score={}", r.moves, r.cp));
        }
        if let Some(d) = self.draw {
            parts.push(format!(
                "draw movenumber={} movecount={} score={}",
                d.after, d.moves, d.cp
            ));
        }
        (!parts.is_empty()).then(|| parts.join("; "))
    }
}

/// Reads `key=value` pairs separated by spaces or commas into `(key, number)`.
fn pairs(text: &str, what: &str, keys: &[&str]) -> Result<Vec<(String, i64)>, String> {
    let mut out = Vec::new();
    for part in text.split([' ', ',']).filter(|p| !p.is_empty()) {
        let (k, v) = part
            .split_once('=')
            .ok_or_else(|| format!("{what} parameter '{part}' is not NAME=VALUE"))?;
        if !keys.contains(&k) {
            return Err(format!(
                "unknown {what} parameter '{k}' ({})",
                keys.join(" ")
            ));
        }
        let v: i64 = v
            .parse()
            .ok()
            .filter(|v| (0..=1_000_000).contains(v))
            .ok_or_else(|| format!("{what} parameter {k} needs a whole number, not '{v}'"))?;
        out.push((k.to_string(), v));
    }
    Ok(out)
}

impl ResignRule {
    /// Parses `movecount=N score=CP` (cutechess-cli's names; both needed, N at least 1).
    pub fn parse(text: &str) -> Result<ResignRule, String> {
        let (mut moves, mut cp) = (None, None);
        for (k, v) in pairs(text, "resign", &["movecount", "score"])? {
            match k.as_str() {
                "movecount" => moves = Some(v as usize),
                _ => cp = Some(v as i32),
            }
        }
        match (moves, cp) {
            (Some(moves), Some(cp)) if moves >= 1 => Ok(ResignRule { moves, cp }),
            _ => Err("resign needs movecount=N (at least 1) and score=CP".into()),
        }
    }
}

impl DrawRule {
    /// Parses `movenumber=N movecount=M score=CP` (cutechess-cli's names; all needed, M at
    /// least 1).
    pub fn parse(text: &str) -> Result<DrawRule, String> {
        let (mut after, mut moves, mut cp) = (None, None, None);
        for (k, v) in pairs(text, "draw", &["movenumber", "movecount", "score"])? {
            match k.as_str() {
                "movenumber" => after = Some(v as usize),
                "movecount" => moves = Some(v as usize),
                _ => cp = Some(v as i32),
            }
        }
        match (after, moves, cp) {
            (Some(after), Some(moves), Some(cp)) if moves >= 1 => Ok(DrawRule { after, moves, cp }),
            _ => Err("draw needs movenumber=N, movecount=M (at least 1) and score=CP".into()),
        }
    }
}

/// A score from the first player's view, a mate as far beyond any centipawns as it can be.
fn first_view(score: Score, mover: Color) -> i64 {
    let v = match score {
        Score::Cp(cp) => i64::from(cp),
        Score::Mate(m) if m > 0 => i64::from(i32::MAX),
        Score::Mate(_) => -i64::from(i32::MAX),
    };
    if mover == Color::First { v } else { -v }
}

/// An adjudication, with the rule that gave it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Won by this side under the resign rule.
    Won(Color, ResignRule),
    /// Drawn under the draw rule.
    Drawn(DrawRule),
}

impl Verdict {
    /// The winner, `None` for a draw.
    pub fn winner(&self) -> Option<Color> {
        match self {
            Verdict::Won(c, _) => Some(*c),
            Verdict::Drawn(_) => None,
        }
    }

    /// The PGN result (first player's view).
    pub fn result(&self) -> &'static str {
        match self.winner() {
            Some(Color::First) => "1-0",
            Some(Color::Second) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// The reason the PGN gives, the winner named by `name` (`--check-pgn` reads the name
    /// back from `adjudicated a win for NAME:`).
    pub fn reason(&self, name: impl Fn(Color) -> String) -> String {
        match self {
            Verdict::Won(c, r) => format!(
                "adjudicated a win for {}: both engines scored it {:.2} or more for {} moves each",
                name(*c),
                f64::from(r.cp) / 100.0,
                r.moves
            ),
            Verdict::Drawn(d) => format!(
                "adjudicated a draw: both engines scored it within {:.2} for {} moves each",
                f64::from(d.cp) / 100.0,
                d.moves
            ),
        }
    }
}

/// What the rules say of a game whose engine moves so far were scored `scores` (each engine
/// move's score from its mover's view, with its mover; `None` where the engine gave none),
/// `plies` plies having been played: a [`Verdict`] to end it, `None` to play on.
pub fn decide(
    rules: &Adjudication,
    scores: &[(Color, Option<Score>)],
    plies: usize,
) -> Option<Verdict> {
    let last = |n: usize| -> Option<Vec<(i64, bool)>> {
        let tail = scores.get(scores.len().checked_sub(2 * n)?..)?;
        tail.iter()
            .map(|(c, s)| s.map(|s| (first_view(s, *c), matches!(s, Score::Mate(_)))))
            .collect()
    };
    if let Some(r) = rules.resign
        && let Some(tail) = last(r.moves)
    {
        let cp = i64::from(r.cp);
        if tail.iter().all(|(v, _)| *v >= cp) {
            return Some(Verdict::Won(Color::First, r));
        }
        if tail.iter().all(|(v, _)| *v <= -cp) {
            return Some(Verdict::Won(Color::Second, r));
        }
    }
    if let Some(d) = rules.draw
        && plies / 2 >= d.after
        && let Some(tail) = last(d.moves)
        && tail
            .iter()
            .all(|(v, mate)| !mate && v.abs() <= i64::from(d.cp))
    {
        return Some(Verdict::Drawn(d));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{First, Second};

    /// The winner of [`decide`]'s verdict: `Some(Some(side))` won, `Some(None)` drawn.
    fn decided(
        r: &Adjudication,
        s: &[(Color, Option<Score>)],
        plies: usize,
    ) -> Option<Option<Color>> {
        decide(r, s, plies).map(|v| v.winner())
    }

    fn cp(c: Color, v: i32) -> (Color, Option<Score>) {
        (c, Some(Score::Cp(v)))
    }

    #[test]
    fn rules_parse_as_cutechess_writes_them() {
        assert_eq!(
            ResignRule::parse("movecount=3 score=1000"),
            Ok(ResignRule { moves: 3, cp: 1000 })
        );
        assert_eq!(
            DrawRule::parse("movenumber=40,movecount=8,score=10"),
            Ok(DrawRule {
                after: 40,
                moves: 8,
                cp: 10
            })
        );
        for bad in [
            "",
            "movecount=3",
            "movecount=0 score=5",
            "score=x movecount=2",
            "moves=3",
        ] {
            assert!(ResignRule::parse(bad).is_err(), "{bad}");
        }
        for bad in [
            "movecount=8 score=10",
            "movenumber=-1 movecount=8 score=10",
            "x",
        ] {
            assert!(DrawRule::parse(bad).is_err(), "{bad}");
        }
    }

    /// Both engines must agree for `moves` moves each: a win once each side's last two say
    /// so (a mate counts), never on one engine's word; a draw only after the move number.
    #[test]
    fn both_engines_must_agree_for_the_moves_asked() {
        let r = Adjudication {
            resign: Some(ResignRule { moves: 2, cp: 500 }),
            draw: Some(DrawRule {
                after: 10,
                moves: 2,
                cp: 20,
            }),
        };
        // Yellow says +6, Red says -6 (its own view): Yellow wins after two each.
        let mut s = vec![cp(First, 600), cp(Second, -600), cp(First, 700)];
        assert_eq!(decided(&r, &s, 30), None);
        s.push((Second, Some(Score::Mate(-3))));
        assert_eq!(decided(&r, &s, 30), Some(Some(First)));
        // Red still hopes: play on.
        s.push(cp(First, 900));
        s.push(cp(Second, 100));
        assert_eq!(decided(&r, &s, 30), None);
        // Red winning by its own and Yellow's word.
        let s = [
            cp(First, -800),
            cp(Second, 800),
            cp(First, -500),
            cp(Second, 900),
        ];
        assert_eq!(decided(&r, &s, 30), Some(Some(Second)));
        // A missing score never adjudicates.
        let s = [
            cp(First, 800),
            (Second, None),
            cp(First, 800),
            cp(Second, -800),
        ];
        assert_eq!(decided(&r, &s, 30), None);
        // Level: a draw from move 10 on, not before; a mate in sight is not level.
        let s = [cp(First, 5), cp(Second, -20), cp(First, 0), cp(Second, 3)];
        assert_eq!(decided(&r, &s, 18), None);
        assert_eq!(decided(&r, &s, 20), Some(None));
        let s = [cp(First, 5), cp(Second, -20), cp(First, 0), cp(Second, 30)];
        assert_eq!(decided(&r, &s, 20), None);
        assert_eq!(decided(&Adjudication::default(), &s, 200), None);
    }
}
