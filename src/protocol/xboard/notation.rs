//! Squares, moves and positions in XBoard's coordinates.
//!
//! XBoard numbers the ranks of a board that has exactly ten of them from 0, so the engine's `e1`
//! is XBoard's `e0` and `a10` is `a9`; on boards of any other height the numbers agree. All
//! conversion between the two notations happens here: the rest of the engine speaks only its own
//! (`e2e4`, `a9a10`, `H@e1`, `c9c10t`).

/// The board size a conversion is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Coords {
    /// Number of files, lettered from `a`.
    pub files: usize,
    /// Number of ranks, numbered from 1 in engine notation.
    pub ranks: usize,
}

/// A move split into its parts, with ranks counted from 1 (engine numbering).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Parts {
    /// A piece moves from one square to another, maybe promoting.
    Step {
        from: (usize, usize),
        to: (usize, usize),
        promo: Option<char>,
    },
    /// A piece is placed from the hand.
    Drop { letter: char, to: (usize, usize) },
}

/// Reads a file letter and a rank number from the front of `s`; returns them (rank as written)
/// and the rest of the text.
fn take_square(s: &str) -> Option<((usize, usize), &str)> {
    let mut chars = s.char_indices();
    let (_, f) = chars.next()?;
    if !f.is_ascii_lowercase() {
        return None;
    }
    let digits_end = s[1..]
        .find(|c: char| !c.is_ascii_digit())
        .map_or(s.len(), |i| i + 1);
    let digits = &s[1..digits_end];
    if digits.is_empty() || digits.len() > 3 {
        return None;
    }
    let rank: usize = digits.parse().ok()?;
    Some((((f as u8 - b'a') as usize, rank), &s[digits_end..]))
}

impl Coords {
    /// What XBoard's rank number is short of the engine's: 1 on ten-rank boards, else 0.
    fn offset(&self) -> usize {
        usize::from(self.ranks == 10)
    }

    /// Checks a square given with an XBoard rank and returns it with the engine's rank.
    fn engine_square(&self, (file, rank): (usize, usize)) -> Result<(usize, usize), String> {
        let rank = rank + self.offset();
        if file >= self.files || rank == 0 || rank > self.ranks {
            return Err("square off the board".into());
        }
        Ok((file, rank))
    }

    /// Writes a square (engine rank) in engine or XBoard numbering.
    fn square_text(&self, (file, rank): (usize, usize), gui: bool) -> String {
        let rank = if gui { rank - self.offset() } else { rank };
        format!("{}{}", (b'a' + file as u8) as char, rank)
    }

    /// Splits a move text; ranks are kept as written.
    fn split(text: &str) -> Option<Parts> {
        if let Some((letter, sq)) = text.split_once('@') {
            let mut l = letter.chars();
            let letter = l.next()?;
            if l.next().is_some() || !letter.is_ascii_alphabetic() {
                return None;
            }
            let (to, rest) = take_square(sq)?;
            return rest.is_empty().then_some(Parts::Drop { letter, to });
        }
        let (from, rest) = take_square(text)?;
        let (to, rest) = take_square(rest)?;
        let mut r = rest.chars();
        let promo = match (r.next(), r.next()) {
            (None, _) => None,
            (Some(c), None) if c.is_ascii_alphabetic() => Some(c),
            _ => return None,
        };
        Some(Parts::Step { from, to, promo })
    }

    /// Converts a move from XBoard (`e1e3`, `H@e0`, `c8c9t` on ten ranks) to engine notation
    /// (`e2e4`, `H@e1`, `c9c10t`). Errors say what is wrong with the text.
    pub fn move_from_gui(&self, text: &str) -> Result<String, String> {
        match Self::split(text).ok_or("not a move in coordinate notation")? {
            Parts::Drop { letter, to } => {
                let to = self.engine_square(to)?;
                Ok(format!(
                    "{}@{}",
                    letter.to_ascii_uppercase(),
                    self.square_text(to, false)
                ))
            }
            Parts::Step { from, to, promo } => {
                let from = self.engine_square(from)?;
                let to = self.engine_square(to)?;
                let mut s = format!(
                    "{}{}",
                    self.square_text(from, false),
                    self.square_text(to, false)
                );
                if let Some(p) = promo {
                    s.push(p.to_ascii_lowercase());
                }
                Ok(s)
            }
        }
    }

    /// Converts a move in engine notation to XBoard's. Text that is not a move is returned as
    /// it is (the engine only produces moves).
    pub fn move_to_gui(&self, text: &str) -> String {
        match Self::split(text) {
            Some(Parts::Drop { letter, to }) if to.1 >= 1 => {
                format!("{letter}@{}", self.square_text(to, true))
            }
            Some(Parts::Step { from, to, promo }) if from.1 >= 1 && to.1 >= 1 => {
                let mut s = format!(
                    "{}{}",
                    self.square_text(from, true),
                    self.square_text(to, true)
                );
                s.extend(promo);
                s
            }
            _ => text.to_string(),
        }
    }

    /// Converts a square from XBoard (`e0`) to engine notation (`e1`).
    pub fn square_from_gui(&self, text: &str) -> Result<String, String> {
        match take_square(text) {
            Some((sq, "")) => Ok(self.square_text(self.engine_square(sq)?, false)),
            _ => Err("not a square".into()),
        }
    }

    /// The square a move in engine notation starts from, or `None` for a drop.
    pub fn origin(text: &str) -> Option<String> {
        match Self::split(text)? {
            Parts::Step { from, .. } => {
                Some(format!("{}{}", (b'a' + from.0 as u8) as char, from.1))
            }
            Parts::Drop { .. } => None,
        }
    }

    /// The square (file, rank from 0) a move in engine notation goes to, and the piece letter
    /// of a drop.
    pub fn target(text: &str) -> Option<((usize, usize), Option<char>)> {
        match Self::split(text)? {
            Parts::Step { to, .. } if to.1 >= 1 => Some(((to.0, to.1 - 1), None)),
            Parts::Drop { letter, to } if to.1 >= 1 => Some(((to.0, to.1 - 1), Some(letter))),
            _ => None,
        }
    }
}

/// The cells of a FEN's placement field: `grid[rank][file]` (rank 0 = the first rank) holds the
/// piece letter, if any. `None` when the field does not describe a `files` x `ranks` board.
pub fn placement_grid(fen: &str, c: Coords) -> Option<Vec<Vec<Option<char>>>> {
    let placement = fen.split_whitespace().next()?.split('[').next()?;
    let rows: Vec<&str> = placement.split('/').collect();
    if rows.len() != c.ranks {
        return None;
    }
    let mut grid = Vec::with_capacity(c.ranks);
    for row in rows.iter().rev() {
        let mut cells = Vec::with_capacity(c.files);
        let mut run = 0usize;
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10) {
                run = run * 10 + d as usize;
                if run > c.files {
                    return None;
                }
                continue;
            }
            cells.extend(std::iter::repeat_n(None, run));
            run = 0;
            if ch.is_ascii_alphabetic() {
                cells.push(Some(ch));
            } else if ch != '~' {
                return None;
            }
        }
        cells.extend(std::iter::repeat_n(None, run));
        if cells.len() != c.files {
            return None;
        }
        grid.push(cells);
    }
    Some(grid)
}

/// Turns a FEN as XBoard writes it into the engine's: promoted-piece marks (`~`) go, the
/// castling and en passant fields, which these games do not have, become `-`, and the holdings
/// keep only pieces that can be placed from the hand (`droppable`, upper case): XBoard files
/// captured pieces there too, as in crazyhouse.
pub fn fen_from_gui(fen: &str, droppable: &[char]) -> String {
    let mut fields: Vec<String> = fen.split_whitespace().map(|f| f.replace('~', "")).collect();
    if let Some(first) = fields.first_mut()
        && let Some((board, hand)) = first.split_once('[')
    {
        let (inside, after) = hand.split_once(']').unwrap_or((hand, ""));
        let kept: String = inside
            .chars()
            .filter(|c| droppable.contains(&c.to_ascii_uppercase()))
            .collect();
        *first = format!("{board}[{kept}]{after}");
    }
    for i in [2, 3] {
        if let Some(f) = fields.get_mut(i) {
            *f = "-".into();
        }
    }
    fields.join(" ")
}

/// A highlight board (XBoard's COLORFEN): one letter per marked square, digits for runs of
/// unmarked ones, ranks from the top. `marks[rank][file]` uses rank 0 for the first rank.
pub fn color_fen(marks: &[Vec<Option<char>>]) -> String {
    let mut rows = Vec::with_capacity(marks.len());
    for row in marks.iter().rev() {
        let mut s = String::new();
        let mut run = 0;
        for m in row {
            match m {
                Some(c) => {
                    if run > 0 {
                        s.push_str(&run.to_string());
                        run = 0;
                    }
                    s.push(*c);
                }
                None => run += 1,
            }
        }
        if run > 0 {
            s.push_str(&run.to_string());
        }
        rows.push(s);
    }
    rows.join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEN: Coords = Coords {
        files: 10,
        ranks: 10,
    };
    const EIGHT: Coords = Coords { files: 8, ranks: 8 };

    #[test]
    fn ten_rank_boards_count_from_zero() {
        assert_eq!(TEN.move_from_gui("e1e3").unwrap(), "e2e4");
        assert_eq!(TEN.move_from_gui("a8a9").unwrap(), "a9a10");
        assert_eq!(TEN.move_from_gui("c8c9T").unwrap(), "c9c10t");
        assert_eq!(TEN.move_from_gui("H@e0").unwrap(), "H@e1");
        assert_eq!(TEN.move_from_gui("h@e9").unwrap(), "H@e10");
        assert_eq!(TEN.move_to_gui("e2e4"), "e1e3");
        assert_eq!(TEN.move_to_gui("a9a10"), "a8a9");
        assert_eq!(TEN.move_to_gui("c9c10t"), "c8c9t");
        assert_eq!(TEN.move_to_gui("H@e10"), "H@e9");
        assert_eq!(TEN.square_from_gui("j9").unwrap(), "j10");
        assert_eq!(TEN.square_from_gui("a0").unwrap(), "a1");
    }

    #[test]
    fn other_heights_keep_numbers() {
        assert_eq!(EIGHT.move_from_gui("e2e4").unwrap(), "e2e4");
        assert_eq!(EIGHT.move_to_gui("e7e8q"), "e7e8q");
        assert_eq!(EIGHT.square_from_gui("h8").unwrap(), "h8");
    }

    #[test]
    fn bad_moves_are_refused() {
        for bad in [
            "",
            "e",
            "e1",
            "e1e",
            "e1e10",
            "k1k2",
            "e1e2qq",
            "e1e2=",
            "@@@@",
            "H@",
            "HH@e1",
            "H@e10",
            "e-1e2",
            "1e2e",
            "e1e2,e2e3",
            "é1e2",
        ] {
            assert!(TEN.move_from_gui(bad).is_err(), "{bad}");
        }
        assert!(TEN.square_from_gui("e10").is_err());
        assert!(TEN.square_from_gui("z1").is_err());
        assert!(EIGHT.square_from_gui("e0").is_err());
    }

    #[test]
    fn grids_and_highlights() {
        let g = placement_grid("ibstuatsbi/10/10/10/10/10/10/10/10/IBSTUATSBI[Hh] w", TEN).unwrap();
        assert_eq!(g[0][0], Some('I'));
        assert_eq!(g[9][4], Some('u'));
        assert_eq!(g[5][5], None);
        assert!(placement_grid("10/10 w", TEN).is_none());
        assert!(placement_grid("11/10/10/10/10/10/10/10/10/10 w", TEN).is_none());
        let mut marks = vec![vec![None; 10]; 10];
        marks[3][4] = Some('Y');
        marks[2][4] = Some('R');
        assert_eq!(color_fen(&marks), "10/10/10/10/10/10/4Y5/4R5/10/10");
    }

    #[test]
    fn gui_fens_lose_castling_marks_and_captured_pieces() {
        assert_eq!(
            fen_from_gui("10/10/10/10/10/10/10/10/10/T~9[Hh] b KQkq e3 4 7", &['H']),
            "10/10/10/10/10/10/10/10/10/T9[Hh] b - - 4 7"
        );
        assert_eq!(
            fen_from_gui("10/10/10/10/10/10/10/10/10/T9[TRHpbh] w - - 0 9", &['H']),
            "10/10/10/10/10/10/10/10/10/T9[Hh] w - - 0 9"
        );
        assert_eq!(
            fen_from_gui("10/10/10/10/10/10/10/10/10/T9[PR] w", &['H']),
            "10/10/10/10/10/10/10/10/10/T9[] w"
        );
    }
}
