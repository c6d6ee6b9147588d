//! Match statistics: Elo difference with its 95% interval, likelihood of superiority, and the
//! sequential probability ratio test that stops a match as soon as it decides.

/// Wins, draws and losses of one side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Wdl {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points scored (a draw is half a point).
    pub fn points(&self) -> f64 {
        self.wins as f64 + 0.5 * self.draws as f64
    }

    /// Mean score per game and its per-game variance. The variance is estimated with one
    /// extra win, draw and loss added (a prior), so that a short run of identical results
    /// (2-0, all draws) does not look like certainty: a zero variance would make every
    /// interval empty and let an SPRT decide on two games.
    fn mean_var(&self) -> (f64, f64) {
        let n = self.games().max(1) as f64;
        let mean = (self.wins as f64 + 0.5 * self.draws as f64) / n;
        let (w, d, l) = (
            self.wins as f64 + 1.0,
            self.draws as f64 + 1.0,
            self.losses as f64 + 1.0,
        );
        let m = n + 3.0;
        let var = (w * (1.0 - mean).powi(2) + d * (0.5 - mean).powi(2) + l * mean.powi(2)) / m;
        (mean, var)
    }

    /// The Elo difference the score implies and the half-width of its 95% interval (never 0:
    /// see the variance's prior).
    pub fn elo(&self) -> (f64, f64) {
        let n = self.games();
        if n == 0 {
            return (0.0, f64::INFINITY);
        }
        let (mean, var) = self.mean_var();
        let se = (var / n as f64).sqrt();
        let lo = elo_of(mean - 1.96 * se);
        let hi = elo_of(mean + 1.96 * se);
        (elo_of(mean), (hi - lo) / 2.0)
    }

    /// Likelihood of superiority: the probability that this side is the stronger one,
    /// from wins and losses (draws say nothing).
    pub fn los(&self) -> f64 {
        let (w, l) = (self.wins as f64, self.losses as f64);
        if w + l == 0.0 {
            return 0.5;
        }
        0.5 * (1.0 + erf((w - l) / (2.0 * (w + l)).sqrt()))
    }
}

/// The Elo difference of a mean score (clamped away from 0 and 1).
pub fn elo_of(score: f64) -> f64 {
    let s = score.clamp(1e-9, 1.0 - 1e-9);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// The mean score of an Elo difference.
pub fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Error function (Abramowitz and Stegun 7.1.26, error below 1.5e-7).
fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let y = 1.0
        - (((((1.061_405_429 * t - 1.453_152_027) * t) + 1.421_413_741) * t - 0.284_496_736) * t
            + 0.254_829_592)
            * t
            * (-x * x).exp();
    if x >= 0.0 { y } else { -y }
}

/// A sequential probability ratio test of H0: elo = elo0 against H1: elo = elo1.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo under the null hypothesis.
    pub elo0: f64,
    /// Elo under the alternative.
    pub elo1: f64,
    /// False-positive rate.
    pub alpha: f64,
    /// False-negative rate.
    pub beta: f64,
}

/// What an SPRT concluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// H1 accepted: the first engine is at least elo1 stronger (roughly).
    H1,
    /// H0 accepted: it is not.
    H0,
}

impl Sprt {
    /// Parses `elo0=0 elo1=5 alpha=0.05 beta=0.05` (any order; missing ones take these values).
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let mut s = Sprt {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        };
        for part in text.split([' ', ',']).filter(|p| !p.is_empty()) {
            let (k, v) = part
                .split_once('=')
                .ok_or_else(|| format!("SPRT parameter '{part}' is not NAME=VALUE"))?;
            let v: f64 = v
                .parse()
                .map_err(|_| format!("SPRT parameter {k} needs a number, not '{v}'"))?;
            match k {
                "elo0" => s.elo0 = v,
                "elo1" => s.elo1 = v,
                "alpha" => s.alpha = v,
                "beta" => s.beta = v,
                _ => {
                    return Err(format!(
                        "unknown SPRT parameter '{k}' (elo0 elo1 alpha beta)"
                    ));
                }
            }
        }
        let rate_ok = |r: f64| r > 0.0 && r < 0.5;
        if !(s.elo1 > s.elo0 && rate_ok(s.alpha) && rate_ok(s.beta)) {
            return Err("SPRT needs elo1 > elo0 and alpha, beta in (0, 0.5)".into());
        }
        Ok(s)
    }

    /// Lower and upper log-likelihood-ratio bounds.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of the results (normal approximation of the trinomial
    /// model, as engine testing frameworks use).
    pub fn llr(&self, r: &Wdl) -> f64 {
        let n = r.games() as f64;
        if n < 2.0 {
            // No variance yet: keep testing.
            return 0.0;
        }
        let (mean, var) = r.mean_var();
        let (s0, s1) = (score_of(self.elo0), score_of(self.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }

    /// The verdict, once the LLR leaves the bounds.
    pub fn verdict(&self, r: &Wdl) -> Option<Verdict> {
        let llr = self.llr(r);
        let (lo, hi) = self.bounds();
        if llr >= hi {
            Some(Verdict::H1)
        } else if llr <= lo {
            Some(Verdict::H0)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_and_los() {
        let even = Wdl {
            wins: 10,
            draws: 10,
            losses: 10,
        };
        assert!(even.elo().0.abs() < 1e-9);
        assert!((even.los() - 0.5).abs() < 1e-9);
        let better = Wdl {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        let (e, err) = better.elo();
        assert!((e - 147.2).abs() < 1.0, "{e}");
        assert!(err > 20.0 && err < 120.0, "{err}");
        assert!(better.los() > 0.99);
        assert!((elo_of(score_of(42.0)) - 42.0).abs() < 1e-6);
    }

    #[test]
    fn sprt_decides() {
        let s = Sprt::parse("elo0=0 elo1=10 alpha=0.05 beta=0.05").unwrap();
        let (lo, hi) = s.bounds();
        assert!((hi - 2.944).abs() < 0.01 && (lo + 2.944).abs() < 0.01);
        let strong = Wdl {
            wins: 300,
            draws: 200,
            losses: 100,
        };
        assert_eq!(s.verdict(&strong), Some(Verdict::H1));
        let weak = Wdl {
            wins: 100,
            draws: 200,
            losses: 300,
        };
        assert_eq!(s.verdict(&weak), Some(Verdict::H0));
        let early = Wdl {
            wins: 3,
            draws: 2,
            losses: 2,
        };
        assert_eq!(s.verdict(&early), None);
        let two_nil = Wdl {
            wins: 2,
            draws: 0,
            losses: 0,
        };
        assert_eq!(s.verdict(&two_nil), None);
        assert!(two_nil.elo().1 > 0.0);
        let sweep = Wdl {
            wins: 40,
            draws: 0,
            losses: 0,
        };
        assert_eq!(s.verdict(&sweep), Some(Verdict::H1));
        assert!(Sprt::parse("elo0=5 elo1=0").is_err());
        assert!(Sprt::parse("elo2=1").is_err());
        assert!(Sprt::parse("elo0=x").is_err());
    }
}
