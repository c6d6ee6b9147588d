//! What an engine said of the move it played: the score and depth of its last `info` line, and
//! the time it took, written after the move in the PGN as cutechess-cli writes it
//! (`{+0.35/12 0.98s}`: pawns from the mover's side, or `+M3` / `-M3` for a win or loss in
//! so many moves; depth; seconds on the arbiter's clock).

use crate::search::Score;
use std::time::Duration;

/// An engine's last word on its move, read from the `info` lines before its `bestmove`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Thought {
    /// Depth of the last `info` line that had one.
    pub depth: Option<u32>,
    /// Score of the last `info` line that had one (of its first line under MultiPV).
    pub score: Option<Score>,
}

impl Thought {
    /// Takes the depth and score of one engine line, if it is an `info` line of the first
    /// principal variation that has them; other lines (and malformed numbers) change nothing.
    pub fn read_info(&mut self, line: &str) {
        let mut words = line.split_whitespace();
        if words.next() != Some("info") {
            return;
        }
        let words: Vec<&str> = words.collect();
        let after = |key: &str| -> Option<&str> {
            let i = words.iter().position(|w| *w == key)?;
            words.get(i + 1).copied()
        };
        if words.first() == Some(&"string") {
            return;
        }
        if after("multipv").is_some_and(|n| n != "1") {
            return;
        }
        let score = match after("score") {
            Some("cp") => after("cp").and_then(|v| v.parse().ok()).map(Score::Cp),
            Some("mate") => after("mate").and_then(|v| v.parse().ok()).map(Score::Mate),
            _ => None,
        };
        let depth = after("depth").and_then(|v| v.parse().ok());
        if let Some(s) = score {
            self.score = Some(s);
            self.depth = depth.or(self.depth);
        } else if depth.is_some() && self.score.is_none() {
            self.depth = depth;
        }
    }

    /// The PGN comment for a move that took `used` (without the braces).
    pub fn comment(&self, used: Duration) -> String {
        let mut s = String::new();
        match self.score {
            Some(Score::Cp(cp)) => {
                let sign = if cp > 0 {
                    "+"
                } else if cp < 0 {
                    "-"
                } else {
                    ""
                };
                let a = cp.unsigned_abs();
                s.push_str(&format!("{sign}{}.{:02}", a / 100, a % 100));
            }
            Some(Score::Mate(m)) => {
                s.push_str(&format!("{}M{}", if m < 0 { "-" } else { "+" }, m.abs()));
            }
            None => {}
        }
        if let Some(d) = self.depth {
            if s.is_empty() {
                s.push_str(&format!("d{d}"));
            } else {
                s.push_str(&format!("/{d}"));
            }
        }
        if !s.is_empty() {
            s.push(' ');
        }
        s.push_str(&format!("{:.3}s", used.as_secs_f64()));
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn thought(lines: &[&str]) -> Thought {
        let mut t = Thought::default();
        for l in lines {
            t.read_info(l);
        }
        t
    }

    #[test]
    fn the_last_scored_line_counts() {
        let t = thought(&[
            "info depth 11 seldepth 20 multipv 1 score cp 35 nodes 100 pv a1a2",
            "info depth 12 seldepth 22 multipv 2 score cp -80 nodes 200 pv a1a3",
            "info string hello depth 40 score cp 999",
            "info depth 13 currmove a2a3 currmovenumber 4",
            "readyok",
        ]);
        assert_eq!(t.depth, Some(11));
        assert_eq!(t.score, Some(Score::Cp(35)));
        assert_eq!(t.comment(Duration::from_millis(980)), "+0.35/11 0.980s");
        let t = thought(&["info depth 20 score mate -3 pv x"]);
        assert_eq!(t.comment(Duration::from_millis(5)), "-M3/20 0.005s");
        let t = thought(&["info depth 9 score cp -1205 lowerbound"]);
        assert_eq!(t.comment(Duration::from_secs(2)), "-12.05/9 2.000s");
    }

    #[test]
    fn nothing_said_leaves_the_time() {
        assert_eq!(thought(&[]).comment(Duration::ZERO), "0.000s");
        assert_eq!(
            thought(&["info depth 4", "info score cp x depth y"]).comment(Duration::ZERO),
            "d4 0.000s"
        );
        assert_eq!(
            thought(&["info depth 3 score cp 0"]).comment(Duration::ZERO),
            "0.00/3 0.000s"
        );
    }
}
