//! Time management: turns the clock situation of a `go` command into a soft limit (do not
//! start another iteration after it) and a hard limit (abort the search at it).

use crate::core::moves::Move;
use crate::search::params::{
    HARD_SHARE, INC_SHARE, LAST_MOVE_CAP_SHARE, MAX_MOVES_TO_GO, MIN_TIME, MOVE_CAP_SHARE,
    MOVES_TO_GO, SOFT_SHARE,
};
use std::time::Duration;

/// What the search may spend, as given by the protocol.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Limits {
    /// Stop after completing this depth.
    pub depth: Option<i32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Spend exactly this long (less the move overhead).
    pub movetime: Option<Duration>,
    /// Remaining time of the side to move.
    pub time: Option<Duration>,
    /// Increment per move of the side to move.
    pub inc: Duration,
    /// Moves until the next time control, if any.
    pub movestogo: Option<u32>,
    /// Search until told to stop.
    pub infinite: bool,
    /// Search only these root moves; empty: all.
    pub searchmoves: Vec<Move>,
    /// Number of principal variations to report.
    pub multipv: usize,
}

/// The two deadlines of one search, measured from its start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Do not start a new iteration after this.
    pub soft: Option<Duration>,
    /// Abort the search at this.
    pub hard: Option<Duration>,
}

/// `share` (numerator, denominator) of `time`.
fn share(time: Duration, (num, den): (u32, u32)) -> Duration {
    time * num / den
}

/// Computes the budget for `limits`, keeping `overhead` in reserve for communication.
pub fn budget(limits: &Limits, overhead: Duration) -> Budget {
    if limits.infinite {
        return Budget {
            soft: None,
            hard: None,
        };
    }
    if let Some(mt) = limits.movetime {
        let t = mt.saturating_sub(overhead).max(MIN_TIME);
        return Budget {
            soft: Some(t),
            hard: Some(t),
        };
    }
    let Some(time) = limits.time else {
        return Budget {
            soft: None,
            hard: None,
        };
    };
    let usable = time.saturating_sub(overhead).max(MIN_TIME);
    let mtg = limits
        .movestogo
        .unwrap_or(MOVES_TO_GO)
        .clamp(1, MAX_MOVES_TO_GO);
    let ideal = usable / mtg + share(limits.inc, INC_SHARE);
    // Never plan to use more than what leaves the rest of the moves something.
    let cap = if mtg == 1 {
        share(usable, LAST_MOVE_CAP_SHARE)
    } else {
        share(usable, MOVE_CAP_SHARE)
    };
    let soft = share(ideal, SOFT_SHARE).min(cap);
    let hard = share(ideal, HARD_SHARE).min(cap).max(soft);
    Budget {
        soft: Some(soft.max(MIN_TIME)),
        hard: Some(hard.max(MIN_TIME)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn movetime_is_exact_less_overhead() {
        let l = Limits {
            movetime: Some(Duration::from_millis(1000)),
            ..Default::default()
        };
        let b = budget(&l, Duration::from_millis(30));
        assert_eq!(b.hard, Some(Duration::from_millis(970)));
    }

    #[test]
    fn clock_budget_stays_within_the_clock() {
        for ms in [50u64, 1000, 60_000] {
            let l = Limits {
                time: Some(Duration::from_millis(ms)),
                inc: Duration::from_millis(100),
                ..Default::default()
            };
            let b = budget(&l, Duration::from_millis(20));
            assert!(b.soft <= b.hard);
            assert!(b.hard.unwrap() < Duration::from_millis(ms));
        }
        let inf = Limits {
            infinite: true,
            ..Default::default()
        };
        assert_eq!(budget(&inf, Duration::ZERO).hard, None);
    }
}
