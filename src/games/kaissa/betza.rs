//! Betza notation for piece moves, in the dialect XBoard and Fairy-Stockfish use.
//!
//! A move description is a sequence of groups `modifiers atom range?`:
//! - atoms: `W` (1,0) `F` (1,1) `D` (2,0) `N` (2,1) `A` (2,2) `H` (3,0) `C` (3,1) `Z` (3,2)
//!   `G` (3,3); compounds `K` = WF, `R` = W sliding, `B` = F sliding, `Q` = RB.
//! - a range after `W`, `F`, `K`, `R`, `B` or `Q` makes a slider of at most that many steps
//!   (`R4`, `Q3`, `W3`); `0` or a doubled atom (`WW`) means unlimited. Other atoms leap.
//! - modifiers, which apply to the next atom only: `m` moves without capturing, `c` captures
//!   only (both or neither: either); `i` only for a piece that has not moved yet; `n` lame leap
//!   (the leap of `D A H G` needs the squares between empty, `N` the orthogonal square next to
//!   the piece on its long side); direction filters `f b l r v s` and pairs of them (`fl`
//!   forward-left, `ff` forward-narrow, `fs` forward-wide). Directions are seen from the piece's
//!   owner: the second player's `f` points towards the first player.

use std::fmt;

/// Whether a move component may capture, may move to an empty cell, or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mode {
    /// Moves to an empty cell or captures an enemy piece there.
    Both,
    /// Moves to an empty cell only (`m`).
    Quiet,
    /// Only captures (`c`).
    Capture,
}

impl Mode {
    /// Index in per-mode arrays (`PieceMoves::leaps`, the generator's targets by mode).
    #[inline(always)]
    pub const fn index(self) -> usize {
        match self {
            Mode::Both => 0,
            Mode::Quiet => 1,
            Mode::Capture => 2,
        }
    }
}

/// One kind of move a piece has, with its direction set already filtered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Component {
    /// Leap displacements, or for sliders the unit step of each direction, as (files, ranks)
    /// with positive ranks pointing forward for the owner.
    pub offsets: Vec<(i32, i32)>,
    /// `None` for a leap; `Some(0)` for an unlimited slide; `Some(k)` for a slide of at most k.
    pub range: Option<u32>,
    /// Capturing, quiet or both.
    pub mode: Mode,
    /// Only for a piece that has not moved yet.
    pub initial: bool,
    /// A lame leap: blocked by a piece on the way.
    pub lame: bool,
}

/// A reason a Betza string could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaError(pub String);

impl fmt::Display for BetzaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The basic (a, b) leap of an atom letter, or `None` for compound atoms.
fn atom_leap(atom: char) -> Option<(i32, i32)> {
    Some(match atom {
        'W' => (1, 0),
        'F' => (1, 1),
        'D' => (2, 0),
        'N' => (2, 1),
        'A' => (2, 2),
        'H' => (3, 0),
        'C' => (3, 1),
        'Z' => (3, 2),
        'G' => (3, 3),
        _ => return None,
    })
}

/// All eight (or four) symmetric images of an (a, b) leap.
fn symmetric(a: i32, b: i32) -> Vec<(i32, i32)> {
    let mut v = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                let o = (x * sx, y * sy);
                if !v.contains(&o) {
                    v.push(o);
                }
            }
        }
    }
    v
}

/// True when the offset lies in the direction named by one selector (one or two letters).
fn selects(sel: &str, (dx, dy): (i32, i32)) -> bool {
    let one = |c: char| match c {
        'f' => dy > 0,
        'b' => dy < 0,
        'l' => dx < 0,
        'r' => dx > 0,
        'v' => dy != 0 && dy.abs() >= dx.abs(),
        's' => dx != 0 && dx.abs() >= dy.abs(),
        _ => false,
    };
    let mut c = sel.chars();
    match (c.next(), c.next()) {
        (Some(a), None) => one(a),
        (Some(a), Some(b)) if a == b => one(a) && dy.abs() > dx.abs(),
        (Some(a), Some('s')) => one(a) && dx.abs() > dy.abs(),
        (Some(a), Some(b)) => one(a) && one(b),
        _ => false,
    }
}

/// Splits direction letters into selectors: `fl` and `lf` pair up, so do `ff` and `fs`.
fn selectors(dirs: &str) -> Vec<String> {
    let b: Vec<char> = dirs.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let a = b[i];
        let pair = b.get(i + 1).copied().filter(|&n| {
            matches!(
                (a, n),
                ('f' | 'b', 'l' | 'r' | 's') | ('l' | 'r', 'f' | 'b') | ('f', 'f') | ('b', 'b')
            )
        });
        match pair {
            Some(n) => {
                out.push(format!("{a}{n}"));
                i += 2;
            }
            None => {
                out.push(a.to_string());
                i += 1;
            }
        }
    }
    out
}

/// Parses a Betza move description into its components.
pub fn parse(text: &str) -> Result<Vec<Component>, BetzaError> {
    let chars: Vec<char> = text.chars().collect();
    if chars.is_empty() {
        return Err(BetzaError("empty Betza move description".into()));
    }
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let (mut quiet, mut capture, mut initial, mut lame) = (false, false, false, false);
        let mut dirs = String::new();
        while i < chars.len() && chars[i].is_ascii_lowercase() {
            match chars[i] {
                'm' => quiet = true,
                'c' => capture = true,
                'i' => initial = true,
                'n' => lame = true,
                d @ ('f' | 'b' | 'l' | 'r' | 'v' | 's') => dirs.push(d),
                other => {
                    return Err(BetzaError(format!(
                        "unknown Betza modifier '{other}' in \"{text}\" (known: m c i n f b l r v s)"
                    )));
                }
            }
            i += 1;
        }
        let Some(&atom) = chars.get(i) else {
            return Err(BetzaError(format!(
                "Betza description \"{text}\" ends with modifiers but no atom"
            )));
        };
        i += 1;
        let doubled = chars.get(i) == Some(&atom);
        if doubled {
            i += 1;
        }
        let digits_start = i;
        while i < chars.len() && chars[i].is_ascii_digit() {
            i += 1;
        }
        let range_text: String = chars[digits_start..i].iter().collect();
        let range: Option<u32> = if range_text.is_empty() {
            None
        } else {
            Some(range_text.parse().map_err(|_| {
                BetzaError(format!("bad range \"{range_text}\" in Betza \"{text}\""))
            })?)
        };
        let (steps, slide): (Vec<(i32, i32)>, Option<u32>) = match atom {
            'R' => (symmetric(1, 0), Some(range.unwrap_or(0))),
            'B' => (symmetric(1, 1), Some(range.unwrap_or(0))),
            'Q' => {
                let mut v = symmetric(1, 0);
                v.extend(symmetric(1, 1));
                (v, Some(range.unwrap_or(0)))
            }
            'K' => {
                let mut v = symmetric(1, 0);
                v.extend(symmetric(1, 1));
                (v, if doubled { Some(0) } else { range })
            }
            'W' | 'F' => {
                let (a, b) = atom_leap(atom).expect("W and F are atoms");
                (symmetric(a, b), if doubled { Some(0) } else { range })
            }
            other => match atom_leap(other) {
                Some((a, b)) => {
                    if doubled || range.is_some() {
                        return Err(BetzaError(format!(
                            "riders of '{other}' are not supported (in \"{text}\"): only W, F, K, R, B, Q slide"
                        )));
                    }
                    (symmetric(a, b), None)
                }
                None => {
                    return Err(BetzaError(format!(
                        "unknown Betza atom '{other}' in \"{text}\" (known: W F D N A H C Z G K R B Q)"
                    )));
                }
            },
        };
        // A slide of range 1 is a plain step.
        let slide = slide.filter(|&r| r != 1);
        if lame {
            let ok = slide.is_none() && matches!(atom, 'D' | 'A' | 'H' | 'G' | 'N');
            if !ok {
                return Err(BetzaError(format!(
                    "the lame modifier 'n' is supported on D, A, H, G and N only (in \"{text}\")"
                )));
            }
        }
        let offsets: Vec<(i32, i32)> = if dirs.is_empty() {
            steps
        } else {
            let sels = selectors(&dirs);
            steps
                .into_iter()
                .filter(|&o| sels.iter().any(|s| selects(s, o)))
                .collect()
        };
        if offsets.is_empty() {
            return Err(BetzaError(format!(
                "direction modifiers '{dirs}' leave no move for '{atom}' in \"{text}\""
            )));
        }
        let mode = match (quiet, capture) {
            (true, false) => Mode::Quiet,
            (false, true) => Mode::Capture,
            _ => Mode::Both,
        };
        out.push(Component {
            offsets,
            range: slide,
            mode,
            initial,
            lame,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted(mut v: Vec<(i32, i32)>) -> Vec<(i32, i32)> {
        v.sort();
        v
    }

    #[test]
    fn pawn_parts() {
        let c = parse("fmWfcFifmW3").unwrap();
        assert_eq!(c.len(), 3);
        assert_eq!(c[0].offsets, vec![(0, 1)]);
        assert_eq!(c[0].mode, Mode::Quiet);
        assert_eq!(c[0].range, None);
        assert_eq!(sorted(c[1].offsets.clone()), vec![(-1, 1), (1, 1)]);
        assert_eq!(c[1].mode, Mode::Capture);
        assert!(c[2].initial);
        assert_eq!(c[2].range, Some(3));
        assert_eq!(c[2].offsets, vec![(0, 1)]);
    }

    #[test]
    fn compounds_and_ranges() {
        let q3 = parse("Q3").unwrap();
        assert_eq!(q3[0].offsets.len(), 8);
        assert_eq!(q3[0].range, Some(3));
        assert_eq!(parse("R").unwrap()[0].range, Some(0));
        assert_eq!(parse("WW").unwrap()[0].range, Some(0));
        assert_eq!(parse("K").unwrap()[0].range, None);
        assert_eq!(parse("Z").unwrap()[0].offsets.len(), 8);
        assert_eq!(parse("G").unwrap()[0].offsets.len(), 4);
        assert_eq!(parse("sW").unwrap()[0].offsets.len(), 2);
        assert_eq!(parse("flF").unwrap()[0].offsets, vec![(-1, 1)]);
        assert_eq!(parse("ffN").unwrap()[0].offsets.len(), 2);
        assert_eq!(parse("fN").unwrap()[0].offsets.len(), 4);
        assert_eq!(parse("fsN").unwrap()[0].offsets.len(), 2);
    }

    #[test]
    fn errors_name_the_problem() {
        assert!(parse("").is_err());
        assert!(parse("Y").unwrap_err().0.contains("'Y'"));
        assert!(parse("xW").unwrap_err().0.contains("'x'"));
        assert!(parse("fm").unwrap_err().0.contains("no atom"));
        assert!(parse("NN").is_err());
        assert!(parse("nZ").is_err());
        assert!(parse("W99999999999").is_err());
    }
}
