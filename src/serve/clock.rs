//! A game's chess clock in the browser: base time plus an increment per move, for each side.
//! The server keeps it (the page only shows it ticking), so a slow page or a reload neither
//! gains nor loses time. No clock runs before the first move: the first move costs no time,
//! and starts the other side's clock; after it, a move stops the mover's clock, adds the
//! increment and starts the other's. A side whose time is gone has lost: the
//! flag is seen on the next request that touches the game, dated when the time ran out.

use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

/// Longest base time a page may ask for: ten hours.
pub const MAX_BASE: Duration = Duration::from_secs(36_000);
/// Longest increment a page may ask for: ten minutes.
pub const MAX_INC: Duration = Duration::from_secs(600);

/// Base time plus increment, for both sides.
#[derive(Clone, Debug)]
pub struct Clock {
    base: Duration,
    inc: Duration,
    /// Time left of each side (by colour index) when its clock last stopped.
    left: [Duration; 2],
    /// The side whose clock runs and since when; `None` before the first move and once
    /// stopped (a flag, or a game over).
    running: Option<(usize, Instant)>,
    /// The side to make the first move, while it has not: no clock runs yet.
    waiting: Option<usize>,
    /// The side whose time ran out.
    flag: Option<usize>,
}

/// The clock as the page reads it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ClockView {
    /// Base time, in milliseconds.
    pub base_ms: u64,
    /// Increment per move, in milliseconds.
    pub inc_ms: u64,
    /// Time left of each side (by colour index) now, in milliseconds.
    pub left_ms: [u64; 2],
    /// The side whose clock runs, if one does.
    pub running: Option<usize>,
    /// The side whose time ran out, if one's did.
    pub flag: Option<usize>,
}

/// A clock as the games database keeps it: each side's time at its last stop, and which side's
/// clock runs. The running time itself is not kept: a clock read back runs from then on, so
/// the time the server was down costs nobody.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedClock {
    /// Base time, in milliseconds.
    pub base_ms: u64,
    /// Increment per move, in milliseconds.
    pub inc_ms: u64,
    /// Time left of each side (by colour index) when its clock last stopped.
    pub left_ms: [u64; 2],
    /// The side whose clock runs, if one does.
    pub running: Option<usize>,
    /// The side whose time ran out, if one's did.
    pub flag: Option<usize>,
    /// The side to make the first move, while it has not (no clock runs yet).
    #[serde(default)]
    pub waiting: Option<usize>,
}

impl Clock {
    /// The clock as the games database keeps it.
    pub fn saved(&self) -> SavedClock {
        SavedClock {
            base_ms: self.base.as_millis() as u64,
            inc_ms: self.inc.as_millis() as u64,
            left_ms: self.left.map(|d| d.as_millis() as u64),
            running: self.running.map(|(s, _)| s),
            flag: self.flag,
            waiting: self.waiting,
        }
    }

    /// A clock read back from the database, its running side's clock going on from `now`;
    /// an error for times or sides no clock has.
    pub fn restore(saved: &SavedClock, now: Instant) -> Result<Clock, String> {
        let ms = Duration::from_millis;
        let mut c = Clock::new(ms(saved.base_ms), ms(saved.inc_ms), 0)?;
        let sides = [saved.running, saved.flag, saved.waiting];
        if sides.into_iter().flatten().any(|s| s > 1) {
            return Err("a saved clock names a side other than 0 and 1".into());
        }
        c.left = saved.left_ms.map(ms);
        c.running = saved.running.map(|s| (s, now));
        c.flag = saved.flag;
        c.waiting = saved.waiting;
        Ok(c)
    }

    /// A clock of `base` plus `inc` a move, `side` to make the first move (no clock runs until
    /// it has).
    /// An error for a base of zero or times beyond [`MAX_BASE`] and [`MAX_INC`].
    pub fn new(base: Duration, inc: Duration, side: usize) -> Result<Clock, String> {
        if base.is_zero() || base > MAX_BASE {
            return Err(format!(
                "the clock's base must be 1 ms to {} s",
                MAX_BASE.as_secs()
            ));
        }
        if inc > MAX_INC {
            return Err(format!(
                "the clock's increment must be at most {} s",
                MAX_INC.as_secs()
            ));
        }
        Ok(Clock {
            base,
            inc,
            left: [base; 2],
            running: None,
            waiting: Some(side & 1),
            flag: None,
        })
    }

    /// Time left of `side` at `now`.
    pub fn left(&self, side: usize, now: Instant) -> Duration {
        match self.running {
            Some((s, since)) if s == side => {
                self.left[side].saturating_sub(now.saturating_duration_since(since))
            }
            _ => self.left[side],
        }
    }

    /// The increment per move.
    pub fn inc(&self) -> Duration {
        self.inc
    }

    /// The side whose time ran out, if one's has.
    pub fn flag(&self) -> Option<usize> {
        self.flag
    }

    /// Notices a flag: if the running side's time is gone at `now`, the clock stops and that
    /// side has lost. Returns the flag.
    pub fn check(&mut self, now: Instant) -> Option<usize> {
        if let Some((side, _)) = self.running
            && self.left(side, now).is_zero()
        {
            self.left[side] = Duration::ZERO;
            self.running = None;
            self.flag = Some(side);
        }
        self.flag
    }

    /// The side to move has moved at `now`: its clock stops with the increment added and the
    /// other side's starts (the first move costs no time). An error, nothing changed, if its
    /// time had run out by then.
    pub fn moved(&mut self, now: Instant) -> Result<(), String> {
        if self.check(now).is_some() {
            return Err("the time has run out".into());
        }
        if let Some(side) = self.waiting.take() {
            self.left[side] += self.inc;
            self.running = Some((1 - side, now));
            return Ok(());
        }
        if let Some((side, _)) = self.running {
            self.left[side] = self.left(side, now) + self.inc;
            self.running = Some((1 - side, now));
        }
        Ok(())
    }

    /// Stops both clocks at `now` (the game ended).
    pub fn stop(&mut self, now: Instant) {
        self.waiting = None;
        if let Some((side, _)) = self.running {
            self.left[side] = self.left(side, now);
            self.running = None;
        }
    }

    /// The clock as the page reads it at `now`.
    pub fn view(&self, now: Instant) -> ClockView {
        ClockView {
            base_ms: self.base.as_millis() as u64,
            inc_ms: self.inc.as_millis() as u64,
            left_ms: [0, 1].map(|s| self.left(s, now).as_millis() as u64),
            running: self.running.map(|(s, _)| s),
            flag: self.flag,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Duration = Duration::from_millis(1);

    #[test]
    fn no_clock_runs_before_the_first_move() {
        let t0 = Instant::now();
        let mut c = Clock::new(1000 * MS, 100 * MS, 0).unwrap();
        assert_eq!(c.check(t0 + 5000 * MS), None);
        assert_eq!(c.view(t0 + 5000 * MS).left_ms, [1000, 1000]);
        assert_eq!(c.view(t0 + 5000 * MS).running, None);
        c.moved(t0 + 5000 * MS).unwrap();
        assert_eq!(c.view(t0 + 5000 * MS).running, Some(1));
        assert_eq!(c.left(0, t0 + 9000 * MS), 1100 * MS);
        assert_eq!(c.left(1, t0 + 5400 * MS), 600 * MS);
    }

    #[test]
    fn a_move_adds_the_increment_and_passes_the_turn() {
        let t0 = Instant::now();
        let mut c = Clock::new(1000 * MS, 100 * MS, 0).unwrap();
        c.moved(t0).unwrap();
        c.moved(t0).unwrap();
        assert_eq!(c.left(0, t0 + 300 * MS), 800 * MS);
        c.moved(t0 + 300 * MS).unwrap();
        assert_eq!(c.left(0, t0 + 900 * MS), 900 * MS);
        assert_eq!(c.left(1, t0 + 900 * MS), 500 * MS);
        assert_eq!(c.view(t0 + 900 * MS).running, Some(1));
    }

    #[test]
    fn the_flag_falls_for_the_side_to_move_only() {
        let t0 = Instant::now();
        let mut c = Clock::new(500 * MS, Duration::ZERO, 0).unwrap();
        c.moved(t0).unwrap();
        assert_eq!(c.check(t0 + 499 * MS), None);
        assert!(c.moved(t0 + 501 * MS).is_err());
        assert_eq!(c.flag(), Some(1));
        assert_eq!(c.view(t0 + 600 * MS).left_ms, [500, 0]);
        assert_eq!(c.view(t0 + 600 * MS).running, None);
    }

    #[test]
    fn stopped_clocks_keep_their_times_and_bad_clocks_are_refused() {
        let t0 = Instant::now();
        let mut c = Clock::new(1000 * MS, Duration::ZERO, 1).unwrap();
        c.moved(t0).unwrap();
        c.stop(t0 + 200 * MS);
        assert_eq!(c.left(0, t0 + 5000 * MS), 800 * MS);
        assert_eq!(c.check(t0 + 5000 * MS), None);
        assert!(Clock::new(Duration::ZERO, MS, 0).is_err());
        assert!(Clock::new(MAX_BASE + MS, MS, 0).is_err());
        assert!(Clock::new(MS, MAX_INC + MS, 0).is_err());
    }

    #[test]
    fn a_saved_clock_comes_back_running_from_its_last_stop() {
        let t0 = Instant::now();
        let mut c = Clock::new(1000 * MS, 10 * MS, 0).unwrap();
        assert_eq!(c.saved().waiting, Some(0));
        c.moved(t0).unwrap();
        c.moved(t0 + 300 * MS).unwrap();
        let saved = c.saved();
        assert_eq!(saved.left_ms, [1010, 710]);
        assert_eq!(saved.running, Some(0));
        let t1 = t0 + 60_000 * MS;
        let back = Clock::restore(&saved, t1).unwrap();
        assert_eq!(back.left(0, t1 + 100 * MS), 910 * MS);
        assert_eq!(back.left(1, t1 + 100 * MS), 710 * MS);
        let bad = SavedClock {
            running: Some(2),
            ..saved
        };
        assert!(Clock::restore(&bad, t1).is_err());
    }
}
