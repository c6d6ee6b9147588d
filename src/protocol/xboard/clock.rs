//! XBoard's time controls (`level`, `st`, `sd`, `time`, `otim`) and the search limits they give.

use crate::search::time::Limits;
use std::time::Duration;

/// The time control the GUI set.
#[derive(Clone, Debug, PartialEq)]
pub enum Control {
    /// `level MPS BASE INC`: `mps` moves (0: the whole game) in `base`, plus `inc` per move.
    Clock {
        /// Moves per session; 0 for sudden death or increment.
        mps: u32,
        /// Time for a session.
        base: Duration,
        /// Added after each move.
        inc: Duration,
    },
    /// `st TIME`: this long for every move.
    Fixed(Duration),
}

/// Clocks and limits of a CECP session.
#[derive(Clone, Debug, PartialEq)]
pub struct Clocks {
    /// The time control.
    pub control: Control,
    /// The engine's clock, from `time`.
    pub engine: Option<Duration>,
    /// The opponent's clock, from `otim` (kept for display only).
    pub opponent: Option<Duration>,
    /// The depth limit from `sd`.
    pub depth: Option<i32>,
}

impl Default for Clocks {
    /// XBoard's own default: 40 moves in 5 minutes.
    fn default() -> Self {
        Clocks {
            control: Control::Clock {
                mps: 40,
                base: Duration::from_secs(300),
                inc: Duration::ZERO,
            },
            engine: None,
            opponent: None,
            depth: None,
        }
    }
}

/// Parses a non-negative number of seconds (fractions allowed) into a duration.
fn seconds(text: &str, what: &str) -> Result<Duration, String> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && (0.0..1e9).contains(&s) => Ok(Duration::from_secs_f64(s)),
        _ => Err(format!("{what} must be a number of seconds, not '{text}'")),
    }
}

/// Parses a clock reading in centiseconds; negative readings (a flag fell) count as zero.
pub fn centiseconds(text: &str) -> Result<Duration, String> {
    let n: i64 = text
        .parse()
        .map_err(|_| format!("'{text}' is not a number of centiseconds"))?;
    Ok(Duration::from_millis(n.clamp(0, 1 << 40) as u64 * 10))
}

/// Parses `level`'s arguments `MPS BASE INC`; BASE is minutes or `minutes:seconds`.
pub fn parse_level(args: &[&str]) -> Result<Control, String> {
    let [mps, base, inc] = args else {
        return Err("level needs three values: MPS BASE INC".into());
    };
    let mps: u32 = mps
        .parse()
        .map_err(|_| format!("moves per session must be a whole number, not '{mps}'"))?;
    let base = match base.split_once(':') {
        Some((m, s)) => {
            let m: u64 = m
                .parse()
                .map_err(|_| format!("bad minutes in base time '{base}'"))?;
            seconds(s, "the seconds of the base time")? + Duration::from_secs(m.min(1 << 30) * 60)
        }
        None => seconds(base, "base time (minutes)")? * 60,
    };
    let inc = seconds(inc, "increment")?;
    Ok(Control::Clock { mps, base, inc })
}

/// Parses `st`'s argument (seconds per move).
pub fn parse_st(args: &[&str]) -> Result<Control, String> {
    match args {
        [t] => {
            let t = seconds(t, "time per move")?;
            if t.is_zero() {
                return Err("time per move must be more than 0".into());
            }
            Ok(Control::Fixed(t))
        }
        _ => Err("st needs one value: seconds per move".into()),
    }
}

/// Parses `sd`'s argument (a depth in plies).
pub fn parse_sd(args: &[&str]) -> Result<i32, String> {
    match args {
        [d] => match d.parse::<u32>() {
            Ok(d) if d >= 1 => Ok(d.min(120) as i32),
            _ => Err(format!("depth must be a whole number from 1, not '{d}'")),
        },
        _ => Err("sd needs one value: the depth".into()),
    }
}

impl Clocks {
    /// The limits of a search for a move; `moves_made` is how many moves the engine's side has
    /// played in this game (for the moves left to the next time control).
    pub fn limits(&self, moves_made: u32) -> Limits {
        let mut l = Limits {
            depth: self.depth,
            ..Limits::default()
        };
        match &self.control {
            Control::Fixed(t) => l.movetime = Some(*t),
            Control::Clock { mps, base, inc } => {
                l.time = Some(self.engine.unwrap_or(*base));
                l.inc = *inc;
                if *mps > 0 {
                    l.movestogo = Some(mps - moves_made % mps);
                }
            }
        }
        l
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_forms() {
        assert_eq!(
            parse_level(&["40", "5", "0"]).unwrap(),
            Control::Clock {
                mps: 40,
                base: Duration::from_secs(300),
                inc: Duration::ZERO
            }
        );
        assert_eq!(
            parse_level(&["0", "0:30", "0.2"]).unwrap(),
            Control::Clock {
                mps: 0,
                base: Duration::from_secs(30),
                inc: Duration::from_millis(200)
            }
        );
        for bad in [
            &["40", "5"][..],
            &["x", "5", "0"],
            &["0", "5:x", "0"],
            &["0", "-5", "0"],
            &["0", "5", "inf"],
            &["0", "5", "0", "1"],
        ] {
            assert!(parse_level(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn limits_follow_the_control() {
        let mut c = Clocks {
            engine: Some(Duration::from_millis(12_340)),
            ..Clocks::default()
        };
        let l = c.limits(38);
        assert_eq!(l.time, Some(Duration::from_millis(12_340)));
        assert_eq!(l.movestogo, Some(2));
        c.control = parse_st(&["2.5"]).unwrap();
        c.depth = Some(parse_sd(&["7"]).unwrap());
        let l = c.limits(0);
        assert_eq!(l.movetime, Some(Duration::from_millis(2500)));
        assert_eq!((l.time, l.depth), (None, Some(7)));
        assert!(parse_st(&["0"]).is_err());
        assert!(parse_sd(&["0"]).is_err());
        assert_eq!(
            centiseconds("-5").unwrap(),
            Duration::ZERO,
            "a fallen flag reads zero"
        );
        assert_eq!(centiseconds("150").unwrap(), Duration::from_millis(1500));
        assert!(centiseconds("1.5").is_err());
    }
}
