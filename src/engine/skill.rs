//! Playing below full strength: UCI's `Skill Level` (0 to 20) and `UCI_LimitStrength` with
//! `UCI_Elo`, as Stockfish offers them, for every game. A weakened engine searches less deep
//! (depth 1 + level) and on fewer nodes ([`Skill::nodes`]: a thousand at level 0, twice as
//! many every two levels), looks at [`LINES`] best lines at once, then chooses among them with a
//! random push that grows as the level falls (Stockfish's `Skill::pick_best`). A line that
//! loses more than [`Skill::max_loss`] against the best, or loses by force while the best does
//! not, is never chosen: the engine plays worse moves, not silly ones, and never an illegal or
//! unsearched one (every candidate is a searched line's first move).
//!
//! `UCI_Elo` is a nominal scale, not a rating list's: level = (Elo - [`ELO_MIN`]) / 100, so
//! [`ELO_MIN`] is level 0 and [`ELO_MAX`] full strength. tuning/RESULTS.md holds the
//! measured ladder.

use crate::engine::Info;
use crate::search::{MATE, Score};

/// Full strength: the default level, and any level at or above it plays as the plain engine.
pub const FULL: u32 = 20;
/// Lines searched at once when weakened, the candidates of the choice.
pub const LINES: usize = 4;
/// `UCI_Elo`'s lowest value: level 0.
pub const ELO_MIN: u32 = 1000;
/// `UCI_Elo`'s highest value: full strength.
pub const ELO_MAX: u32 = ELO_MIN + 100 * FULL;

/// A strength below full.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Skill {
    /// 0.0 (weakest) to below [`FULL`].
    level: f64,
}

/// A score as one number for comparing lines: centipawns, or a decided game beyond any of
/// them (sooner wins higher, sooner losses lower).
fn value(s: Score) -> i64 {
    match s {
        Score::Cp(c) => c as i64,
        Score::Mate(m) if m > 0 => (MATE - m) as i64,
        Score::Mate(m) => (-MATE - m) as i64,
    }
}

impl Skill {
    /// The strength the options ask for: `UCI_Elo` when `limit_strength`, otherwise
    /// `skill_level`; `None` at full strength.
    pub fn new(skill_level: u32, limit_strength: bool, elo: u32) -> Option<Skill> {
        let level = if limit_strength {
            (elo.clamp(ELO_MIN, ELO_MAX) - ELO_MIN) as f64 / 100.0
        } else {
            skill_level.min(FULL) as f64
        };
        (level < FULL as f64).then_some(Skill { level })
    }

    /// The level, 0.0 to below [`FULL`].
    pub fn level(&self) -> f64 {
        self.level
    }

    /// The deepest iteration searched: 1 + the level (Stockfish's limit).
    pub fn depth(&self) -> i32 {
        1 + self.level as i32
    }

    /// The most nodes searched for one move: 1,000 at level 0, doubling every two levels
    /// (about 724,000 at level 19). The depth cap alone leaves a game with a wide, slow tree
    /// (Jikaida) almost as strong at level 5 as at 20 on a fast clock, where full strength
    /// reaches only a few plies anyway; the node budget weakens every game alike.
    pub fn nodes(&self) -> u64 {
        (1000.0 * 2f64.powf(self.level / 2.0)) as u64
    }

    /// The most a chosen line may lose against the best, in centipawns: 5.5 pawns at level 0,
    /// a quarter pawn less per level.
    pub fn max_loss(&self) -> i64 {
        50 + (25.0 * (FULL as f64 - self.level)) as i64
    }

    /// Chooses among `lines` (the last report of each line, any order) the index of the line
    /// to play, drawing from `rng` (a xorshift state, not zero). `None` when there are none.
    pub fn pick(&self, lines: &[Info], rng: &mut u64) -> Option<usize> {
        let top = lines.iter().map(|l| value(l.score)).max()?;
        let top_loses = matches!(lines.iter().map(|l| l.score).find(|s| value(*s) == top),
            Some(Score::Mate(m)) if m < 0);
        let candidate = |l: &Info| {
            !l.pv.is_empty()
                && top - value(l.score) <= self.max_loss()
                && (top_loses || !matches!(l.score, Score::Mate(m) if m < 0))
        };
        let worst = lines
            .iter()
            .filter(|l| candidate(l))
            .map(|l| value(l.score))
            .min()?;
        // Stockfish's choice: the spread of the candidates (at most a pawn) times a random
        // share, plus a weakness share of each line's loss given back.
        let weakness = 120.0 - 2.0 * self.level;
        let delta = (top - worst).min(100) as f64;
        let mut best = None;
        let mut best_value = f64::NEG_INFINITY;
        for (i, l) in lines.iter().enumerate().filter(|(_, l)| candidate(l)) {
            let r = (crate::core::rng::xorshift64(rng) % 1_000_000) as f64 / 1_000_000.0;
            let s = value(l.score) as f64;
            let push = (weakness * (top as f64 - s) + delta * r * weakness) / 128.0;
            if s + push > best_value {
                best_value = s + push;
                best = Some(i);
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn line(multipv: usize, score: Score, mv: &str) -> Info {
        Info {
            depth: 3,
            seldepth: 3,
            multipv,
            score,
            nodes: 0,
            time: Duration::ZERO,
            hashfull: 0,
            pv: vec![mv.to_string()],
        }
    }

    #[test]
    fn full_strength_is_no_skill() {
        assert_eq!(Skill::new(20, false, ELO_MIN), None);
        assert_eq!(Skill::new(25, false, ELO_MIN), None);
        assert_eq!(Skill::new(0, true, ELO_MAX), None);
        assert_eq!(Skill::new(0, false, ELO_MAX).map(|s| s.level()), Some(0.0));
        assert_eq!(Skill::new(20, true, 1550).map(|s| s.level()), Some(5.5));
        assert_eq!(Skill::new(20, true, 0).map(|s| s.depth()), Some(1));
    }

    #[test]
    fn the_node_budget_doubles_every_two_levels() {
        let nodes = |l| Skill::new(l, false, 0).unwrap().nodes();
        assert_eq!(nodes(0), 1000);
        assert_eq!(nodes(2), 2000);
        assert_eq!(nodes(10), 32_000);
        assert!((0..19).all(|l| nodes(l) < nodes(l + 1)));
        assert_eq!(Skill::new(20, true, 1050).unwrap().nodes(), 1189);
    }

    #[test]
    fn weak_levels_vary_and_never_take_a_line_beyond_the_loss_cap() {
        let lines = [
            line(1, Score::Cp(50), "a"),
            line(2, Score::Cp(30), "b"),
            line(3, Score::Cp(-20), "c"),
            line(4, Score::Cp(-900), "d"),
        ];
        let skill = Skill::new(0, false, 0).unwrap();
        let mut seen = [0; 4];
        let mut rng = 7;
        for _ in 0..400 {
            seen[skill.pick(&lines, &mut rng).unwrap()] += 1;
        }
        assert!(seen[0] > 0 && seen[1] > 0 && seen[2] > 0, "{seen:?}");
        assert_eq!(seen[3], 0, "a line losing nine pawns is never played");
        // Level 19 plays the best line far more often than level 0.
        let strong = Skill::new(19, false, 0).unwrap();
        let top = (0..400)
            .filter(|_| strong.pick(&lines, &mut rng) == Some(0))
            .count();
        assert!(top > seen[0], "level 19 {top}, level 0 {}", seen[0]);
    }

    #[test]
    fn a_forced_loss_is_chosen_only_when_every_line_loses() {
        let skill = Skill::new(0, false, 0).unwrap();
        let mut rng = 3;
        let lines = [line(1, Score::Cp(0), "a"), line(2, Score::Mate(-2), "b")];
        assert!((0..100).all(|_| skill.pick(&lines, &mut rng) == Some(0)));
        let lost = [line(1, Score::Mate(-5), "a"), line(2, Score::Mate(-2), "b")];
        assert!((0..100).all(|_| skill.pick(&lost, &mut rng).is_some()));
        assert_eq!(skill.pick(&[], &mut rng), None);
    }
}
