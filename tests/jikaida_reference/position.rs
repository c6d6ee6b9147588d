//! The reference generator's board: the `Position` type, reading and writing FEN, and the
//! board geometry (squares, steps, fronts, ranks).

use super::{Color, DRIN, Kind, Piece};

#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) struct Position {
    pub(super) files: i32,
    pub(super) ranks: i32,
    /// Index `rank * files + file`, both from 0 (a1 = 0).
    pub(super) board: Vec<Option<Piece>>,
    pub(super) side: Color,
    /// Whether Yellow / Blue still have their Fluttember.
    pub(super) flutter: [bool; 2],
    pub(super) fullmove: u32,
}

/// The square name of (file, rank), both from 0: `a1`, `l18`, `x36`.
fn name_of(file: i32, rank: i32) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

pub(super) fn piece_char(p: Piece) -> String {
    let mut c = p.kind.letter();
    if p.color == Color::Yellow {
        c = c.to_ascii_uppercase();
    }
    let mut s = c.to_string();
    if p.kind.has_first_move() && p.moved {
        s.push('\'');
    }
    s
}

impl Position {
    pub(super) fn parse(fen: &str) -> Result<Position, String> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() != 4 {
            return Err(format!("FEN needs 4 fields: {fen:?}"));
        }
        let rows: Vec<&str> = fields[0].split('/').collect();
        let ranks = rows.len() as i32;
        if ranks == 0 || ranks % DRIN != 0 || ranks > 36 {
            return Err(format!(
                "{ranks} ranks: need a multiple of 6 up to 36 in {fen:?}"
            ));
        }
        // Each row as a list of squares, top rank first.
        let mut parsed: Vec<Vec<Option<Piece>>> = Vec::new();
        for row in &rows {
            let mut squares: Vec<Option<Piece>> = Vec::new();
            let chars: Vec<char> = row.chars().collect();
            let mut i = 0;
            while i < chars.len() {
                let c = chars[i];
                if c.is_ascii_digit() {
                    let mut n = 0usize;
                    while i < chars.len() && chars[i].is_ascii_digit() {
                        n = n * 10 + chars[i].to_digit(10).unwrap() as usize;
                        i += 1;
                    }
                    if n == 0 {
                        return Err(format!("empty-square count 0 in {fen:?}"));
                    }
                    squares.extend(std::iter::repeat_n(None, n));
                    continue;
                }
                let Some(kind) = Kind::from_letter(c) else {
                    return Err(format!("bad character {c:?} in {fen:?}"));
                };
                let color = if c.is_ascii_uppercase() {
                    Color::Yellow
                } else {
                    Color::Blue
                };
                i += 1;
                let mut moved = false;
                if i < chars.len() && chars[i] == '\'' {
                    if !kind.has_first_move() {
                        return Err(format!("apostrophe after {c:?} in {fen:?}"));
                    }
                    moved = true;
                    i += 1;
                }
                squares.push(Some(Piece { color, kind, moved }));
            }
            parsed.push(squares);
        }
        let files = parsed[0].len() as i32;
        if files == 0 || files % DRIN != 0 || files > 24 {
            return Err(format!(
                "{files} files: need a multiple of 6 up to 24 in {fen:?}"
            ));
        }
        if parsed.iter().any(|r| r.len() as i32 != files) {
            return Err(format!("ranks of different widths in {fen:?}"));
        }
        let mut board = vec![None; (files * ranks) as usize];
        for (i, row) in parsed.iter().enumerate() {
            let rank = ranks - 1 - i as i32;
            for (file, sq) in row.iter().enumerate() {
                board[(rank * files + file as i32) as usize] = *sq;
            }
        }
        let side = match fields[1] {
            "y" => Color::Yellow,
            "b" => Color::Blue,
            other => return Err(format!("bad side {other:?} in {fen:?}")),
        };
        let flutter = match fields[2] {
            "-" => [false, false],
            "K" => [true, false],
            "k" => [false, true],
            "Kk" => [true, true],
            other => return Err(format!("bad fluttember field {other:?} in {fen:?}")),
        };
        if flutter != [false, false] && (files, ranks) != (12, 18) {
            return Err(format!(
                "fluttember field must be '-' off the 12 x 18 board: {fen:?}"
            ));
        }
        let fullmove: u32 = fields[3]
            .parse()
            .map_err(|_| format!("bad fullmove in {fen:?}"))?;
        if fullmove == 0 {
            return Err(format!("fullmove must be at least 1 in {fen:?}"));
        }
        let pos = Position {
            files,
            ranks,
            board,
            side,
            flutter,
            fullmove,
        };
        for color in [Color::Yellow, Color::Blue] {
            let kings = pos
                .board
                .iter()
                .filter(|p| p.is_some_and(|p| p.color == color && p.kind == Kind::King))
                .count();
            if kings != 1 {
                return Err(format!("{color:?} has {kings} Kings in {fen:?}"));
            }
        }
        Ok(pos)
    }

    /// Parses and also rejects a position whose side not to move could have its King taken.
    pub(super) fn parse_playable(fen: &str) -> Result<Position, String> {
        let pos = Position::parse(fen)?;
        if pos.king_capturable(pos.side.other()) {
            return Err(format!("the side not to move is in check: {fen:?}"));
        }
        Ok(pos)
    }

    pub(super) fn fen(&self) -> String {
        let mut out = String::new();
        for rank in (0..self.ranks).rev() {
            let mut empties = 0;
            for file in 0..self.files {
                match self.board[(rank * self.files + file) as usize] {
                    None => empties += 1,
                    Some(p) => {
                        if empties > 0 {
                            out.push_str(&empties.to_string());
                            empties = 0;
                        }
                        out.push_str(&piece_char(p));
                    }
                }
            }
            if empties > 0 {
                out.push_str(&empties.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        let side = match self.side {
            Color::Yellow => "y",
            Color::Blue => "b",
        };
        let flutter = match self.flutter {
            [false, false] => "-",
            [true, false] => "K",
            [false, true] => "k",
            [true, true] => "Kk",
        };
        format!("{out} {side} {flutter} {}", self.fullmove)
    }

    // ----- geometry -----

    fn file(&self, sq: usize) -> i32 {
        sq as i32 % self.files
    }

    pub(super) fn rank(&self, sq: usize) -> i32 {
        sq as i32 / self.files
    }

    fn at(&self, file: i32, rank: i32) -> Option<usize> {
        if (0..self.files).contains(&file) && (0..self.ranks).contains(&rank) {
            Some((rank * self.files + file) as usize)
        } else {
            None
        }
    }

    /// The square one `(df, dr)` away from `sq`, or `None` off the board.
    pub(super) fn step(&self, sq: usize, d: (i32, i32)) -> Option<usize> {
        self.at(self.file(sq) + d.0, self.rank(sq) + d.1)
    }

    pub(super) fn name(&self, sq: usize) -> String {
        name_of(self.file(sq), self.rank(sq))
    }

    pub(super) fn square(&self, text: &str) -> Option<usize> {
        let mut chars = text.chars();
        let f = chars.next()?;
        if !f.is_ascii_lowercase() {
            return None;
        }
        let rank: i32 = chars.as_str().parse().ok()?;
        self.at(f as i32 - 'a' as i32, rank - 1)
    }

    /// Whether a step between the neighbouring squares `a` and `b` crosses a front (one
    /// crossing, also for a diagonal step through an interior drin corner).
    pub(super) fn crosses(&self, a: usize, b: usize) -> bool {
        self.file(a) / DRIN != self.file(b) / DRIN || self.rank(a) / DRIN != self.rank(b) / DRIN
    }

    /// The last rank of `color` (where its Swods promote).
    pub(super) fn last_rank(&self, color: Color) -> i32 {
        match color {
            Color::Yellow => self.ranks - 1,
            Color::Blue => 0,
        }
    }

    /// The rank direction in which `color`'s Swods advance.
    pub(super) fn forward(color: Color) -> i32 {
        match color {
            Color::Yellow => 1,
            Color::Blue => -1,
        }
    }

    pub(super) fn king_square(&self, color: Color) -> Option<usize> {
        (0..self.board.len())
            .find(|&sq| self.board[sq].is_some_and(|p| p.color == color && p.kind == Kind::King))
    }

    /// Whether `color` has nothing left but its King.
    pub(super) fn is_bare(&self, color: Color) -> bool {
        self.board
            .iter()
            .flatten()
            .all(|p| p.color != color || p.kind == Kind::King)
    }
}
