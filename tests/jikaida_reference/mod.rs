//! An independent, deliberately simple and slow reference move generator for Kenneth Bulmer's
//! Poron Jikaida (RULINGS.md section 3), written only from the rules text so that the engine's
//! own generator in `src/jikaida/` can be checked against a second reading of them. It shares no
//! code with the `kaissa` crate: a plain mailbox (`Vec<Option<Piece>>`), copy-make, and every
//! rule walked square by square. Integration tests use it as `mod jikaida_reference;`.
//!
//! Readings taken here where RULINGS.md leaves a choice:
//! - "Capturable" (check, the Fluttember's attacked squares) means: some pseudo-legal move of
//!   the other side ends on the square, with every power counted (slides, leaps, first-move
//!   double moves, vaults straight and bent, the Pallan's move-then-vault), whether or not that
//!   move would expose the attacker's own King. Propt does not protect a King. A FEN whose
//!   side not to move is capturable is refused.
//! - A vault may land, or capture, across a front (the line carries it over); an ordinary vault
//!   may also begin across a front. Only the Pallan's move-then-vault may not.
//! - The Fluttember right is lost only by using it; the King may leave its square and come back
//!   (the text: "whether or not they have previously moved").
//! - The Deldar's double first move may change direction by any angle after exactly two squares;
//!   a reversal adds nothing (it ends on a square reachable in one step, or on the start square).
//! - The Pallan may refract wherever its next step would cross a front, except on its start
//!   square (a turn there is just a plain move in the turned direction).
//! - A Swod ending any move (plain, first move or vault) on its last rank must promote.
//! - The Pallan's bent vault may turn by 135 degrees (back towards its own side of the line);
//!   its captures, like its slides and leaps, may take a friendly piece other than the King.
//! - The Fluttember's "not attacked" is judged before the swap (and the swapped position must
//!   also leave the King uncapturable, which then always holds: the occupancy is unchanged).
//!
//! FEN: `<placement> <y|b> <fluttember> <fullmove>`, ranks from the top down, files from `a`;
//! `K P A C J H N D S` (Yellow upper case, Blue lower case); an unmoved Paktun, Deldar or Swod
//! has no suffix, a moved one a `'`; the fluttember field is `-`, `K`, `k` or `Kk`.
#![allow(dead_code)]

use std::collections::BTreeMap;

/// Poron Jikaida's start position (12 x 18, Yellow to move).
pub const START_FEN: &str = "cjhapkannhjc/dddddddddddd/ssssssssssss/12/12/12/12/12/12/12/12/12/12/12/12/SSSSSSSSSSSS/DDDDDDDDDDDD/CJHNNAPKAHJC y Kk 1";

/// The start position of `jikaida-swods`: two ranks of Swods (3-4 and 15-16).
pub const SWODS_START_FEN: &str = "cjhapkannhjc/dddddddddddd/ssssssssssss/ssssssssssss/12/12/12/12/12/12/12/12/12/12/SSSSSSSSSSSS/SSSSSSSSSSSS/DDDDDDDDDDDD/CJHNNAPKAHJC y Kk 1";

/// The start position of `porondwa`: two ranks of Deldars (2-3 and 16-17), Swods on 4 and 15.
pub const PORONDWA_START_FEN: &str = "cjhapkannhjc/dddddddddddd/dddddddddddd/ssssssssssss/12/12/12/12/12/12/12/12/12/12/SSSSSSSSSSSS/DDDDDDDDDDDD/DDDDDDDDDDDD/CJHNNAPKAHJC y Kk 1";

/// The size of a drin (the squares between two fronts).
const DRIN: i32 = 6;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Color {
    Yellow,
    Blue,
}

impl Color {
    fn other(self) -> Color {
        match self {
            Color::Yellow => Color::Blue,
            Color::Blue => Color::Yellow,
        }
    }

    fn index(self) -> usize {
        match self {
            Color::Yellow => 0,
            Color::Blue => 1,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    King,
    Pallan,
    Kapt,
    Chuktar,
    Jiktar,
    Hikdar,
    Paktun,
    Deldar,
    Swod,
}

impl Kind {
    fn letter(self) -> char {
        match self {
            Kind::King => 'k',
            Kind::Pallan => 'p',
            Kind::Kapt => 'a',
            Kind::Chuktar => 'c',
            Kind::Jiktar => 'j',
            Kind::Hikdar => 'h',
            Kind::Paktun => 'n',
            Kind::Deldar => 'd',
            Kind::Swod => 's',
        }
    }

    fn from_letter(c: char) -> Option<Kind> {
        Some(match c.to_ascii_lowercase() {
            'k' => Kind::King,
            'p' => Kind::Pallan,
            'a' => Kind::Kapt,
            'c' => Kind::Chuktar,
            'j' => Kind::Jiktar,
            'h' => Kind::Hikdar,
            'n' => Kind::Paktun,
            'd' => Kind::Deldar,
            's' => Kind::Swod,
            _ => return None,
        })
    }

    /// Whether the piece has first-move powers (and so a moved / unmoved state).
    fn has_first_move(self) -> bool {
        matches!(self, Kind::Paktun | Kind::Deldar | Kind::Swod)
    }
}

/// What a Swod may promote to, in notation order.
const PROMOTIONS: [Kind; 7] = [
    Kind::Pallan,
    Kind::Kapt,
    Kind::Chuktar,
    Kind::Jiktar,
    Kind::Hikdar,
    Kind::Paktun,
    Kind::Deldar,
];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Piece {
    pub color: Color,
    pub kind: Kind,
    /// For a Paktun, Deldar or Swod: it has moved (or arose by promotion) and has lost its
    /// first-move powers. Always `false` for the other kinds.
    pub moved: bool,
}

/// The eight directions in circular order (each neighbour is a 45 degree turn).
const DIRS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
/// Indices into `DIRS`.
const ORTHOGONAL: [usize; 4] = [0, 2, 4, 6];
const DIAGONAL: [usize; 4] = [1, 3, 5, 7];
const ALL_DIRS: [usize; 8] = [0, 1, 2, 3, 4, 5, 6, 7];

const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// How a slider treats fronts.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Fronts {
    /// Fronts do not matter (the King's step).
    Free,
    /// At most one front may be crossed in the move (Chuktar, Kapt).
    OneCrossing,
    /// A front may be crossed only by the first step of the move (Jiktar, Hikdar, Deldar, Swod).
    FirstStepOnly,
    /// No front may be crossed (the second part of a Deldar's double first move).
    Never,
}

/// A move, identified by its start square, end square and promotion. `flutter` marks the King's
/// Fluttember (a swap with the partner on `to`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Move {
    from: usize,
    to: usize,
    promo: Option<Kind>,
    flutter: bool,
}

#[derive(Clone, PartialEq, Eq, Debug)]
struct Position {
    files: i32,
    ranks: i32,
    /// Index `rank * files + file`, both from 0 (a1 = 0).
    board: Vec<Option<Piece>>,
    side: Color,
    /// Whether Yellow / Blue still have their Fluttember.
    flutter: [bool; 2],
    fullmove: u32,
}

/// The square name of (file, rank), both from 0: `a1`, `l18`, `x36`.
fn name_of(file: i32, rank: i32) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

fn piece_char(p: Piece) -> String {
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
    fn parse(fen: &str) -> Result<Position, String> {
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
    fn parse_playable(fen: &str) -> Result<Position, String> {
        let pos = Position::parse(fen)?;
        if pos.king_capturable(pos.side.other()) {
            return Err(format!("the side not to move is in check: {fen:?}"));
        }
        Ok(pos)
    }

    fn fen(&self) -> String {
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

    fn rank(&self, sq: usize) -> i32 {
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
    fn step(&self, sq: usize, d: (i32, i32)) -> Option<usize> {
        self.at(self.file(sq) + d.0, self.rank(sq) + d.1)
    }

    fn name(&self, sq: usize) -> String {
        name_of(self.file(sq), self.rank(sq))
    }

    fn square(&self, text: &str) -> Option<usize> {
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
    fn crosses(&self, a: usize, b: usize) -> bool {
        self.file(a) / DRIN != self.file(b) / DRIN || self.rank(a) / DRIN != self.rank(b) / DRIN
    }

    /// The last rank of `color` (where its Swods promote).
    fn last_rank(&self, color: Color) -> i32 {
        match color {
            Color::Yellow => self.ranks - 1,
            Color::Blue => 0,
        }
    }

    /// The rank direction in which `color`'s Swods advance.
    fn forward(color: Color) -> i32 {
        match color {
            Color::Yellow => 1,
            Color::Blue => -1,
        }
    }

    fn king_square(&self, color: Color) -> Option<usize> {
        (0..self.board.len())
            .find(|&sq| self.board[sq].is_some_and(|p| p.color == color && p.kind == Kind::King))
    }

    /// Whether `color` has nothing left but its King.
    fn is_bare(&self, color: Color) -> bool {
        self.board
            .iter()
            .flatten()
            .all(|p| p.color != color || p.kind == Kind::King)
    }

    // ----- captures -----

    /// Whether the Swod on `sq` has a Deldar of its own colour on one of its 8 neighbours.
    fn is_propt(&self, sq: usize) -> bool {
        let Some(swod) = self.board[sq] else {
            return false;
        };
        if swod.kind != Kind::Swod {
            return false;
        }
        DIRS.iter().any(|&d| {
            self.step(sq, d).is_some_and(|n| {
                self.board[n].is_some_and(|p| p.color == swod.color && p.kind == Kind::Deldar)
            })
        })
    }

    /// Whether `mover` may end its move by taking what stands on the occupied square `target`:
    /// an enemy piece (an enemy Swod propt by a Deldar is safe from Swods); the Pallan may
    /// also take a friendly piece other than its King.
    fn can_take(&self, mover: Piece, target: usize) -> bool {
        let Some(t) = self.board[target] else {
            return false;
        };
        if t.color == mover.color {
            return mover.kind == Kind::Pallan && t.kind != Kind::King;
        }
        !(mover.kind == Kind::Swod && t.kind == Kind::Swod && self.is_propt(target))
    }

    // ----- piece moves: each pushes (destination, how) -----

    /// Walks from `start` in direction `d` for at most `max` steps, obeying `fronts`, stopping at
    /// the first piece (taken if `capture` allows and `can_take` agrees).
    #[allow(clippy::too_many_arguments)]
    fn ride(
        &self,
        mover: Piece,
        start: usize,
        d: (i32, i32),
        max: u32,
        fronts: Fronts,
        capture: bool,
        how: &'static str,
        out: &mut Vec<(usize, &'static str)>,
    ) {
        let mut cur = start;
        let mut crossed = false;
        for step in 1..=max {
            let Some(next) = self.step(cur, d) else {
                return;
            };
            if self.crosses(cur, next) {
                match fronts {
                    Fronts::Free => {}
                    Fronts::OneCrossing => {
                        if crossed {
                            return;
                        }
                        crossed = true;
                    }
                    Fronts::FirstStepOnly => {
                        if step > 1 {
                            return;
                        }
                    }
                    Fronts::Never => return,
                }
            }
            if self.board[next].is_some() {
                if capture && self.can_take(mover, next) {
                    out.push((next, how));
                }
                return;
            }
            out.push((next, how));
            cur = next;
        }
    }

    /// The Pallan's slides from `from` with one crossing and one refraction.
    fn pallan_slides(&self, mover: Piece, from: usize, out: &mut Vec<(usize, &'static str)>) {
        for d in ALL_DIRS {
            self.pallan_walk(mover, from, from, d, false, false, out);
        }
    }

    /// One more step of a Pallan slide standing on `cur`, going in `DIRS[d]`.
    #[allow(clippy::too_many_arguments)]
    fn pallan_walk(
        &self,
        mover: Piece,
        origin: usize,
        cur: usize,
        d: usize,
        crossed: bool,
        bent: bool,
        out: &mut Vec<(usize, &'static str)>,
    ) {
        let Some(next) = self.step(cur, DIRS[d]) else {
            return;
        };
        if !self.crosses(cur, next) {
            self.pallan_enter(mover, origin, next, d, crossed, bent, out);
            return;
        }
        // The next step would cross a front.
        if crossed {
            return;
        }
        if !bent && cur != origin {
            // Refraction: turn by 45 degrees here instead. (On the start square a turn would
            // only be a plain move in the turned direction, so it is not tried there.)
            for nd in [(d + 1) % 8, (d + 7) % 8] {
                if let Some(n2) = self.step(cur, DIRS[nd]) {
                    let c2 = self.crosses(cur, n2);
                    self.pallan_enter(mover, origin, n2, nd, c2, true, out);
                }
            }
        }
        // Straight on across the front.
        self.pallan_enter(mover, origin, next, d, true, bent, out);
    }

    #[allow(clippy::too_many_arguments)]
    fn pallan_enter(
        &self,
        mover: Piece,
        origin: usize,
        sq: usize,
        d: usize,
        crossed: bool,
        bent: bool,
        out: &mut Vec<(usize, &'static str)>,
    ) {
        let how = if bent { "refraction" } else { "slide" };
        if self.board[sq].is_some() {
            if self.can_take(mover, sq) {
                out.push((sq, how));
            }
            return;
        }
        out.push((sq, how));
        self.pallan_walk(mover, origin, sq, d, crossed, bent, out);
    }

    /// Straight vaults from `from` in the directions `dirs`. With `no_front_start`, a line whose
    /// first piece lies across a front from `from` is not used.
    fn straight_vaults(
        &self,
        mover: Piece,
        from: usize,
        dirs: &[usize],
        no_front_start: bool,
        how: &'static str,
        out: &mut Vec<(usize, &'static str)>,
    ) {
        for &d in dirs {
            let Some(first) = self.step(from, DIRS[d]) else {
                continue;
            };
            if no_front_start && self.crosses(from, first) {
                continue;
            }
            let mut passed = 0;
            let mut cur = from;
            loop {
                let next = self.step(cur, DIRS[d]);
                match next {
                    Some(n) if self.board[n].is_some() => {
                        // Stopping on this piece: it is the (passed + 1)-th of the line.
                        if passed >= 3 && self.can_take(mover, n) {
                            out.push((n, how));
                        }
                        passed += 1;
                        cur = n;
                    }
                    Some(n) => {
                        if passed >= 3 {
                            out.push((n, how));
                        }
                        break;
                    }
                    None => break,
                }
            }
        }
    }

    /// The Pallan's bent vaults from `from`: along at least two pieces in one direction, a turn
    /// at one of them (the second or later) by 45, 90 or 135 degrees, then along at least one
    /// piece in the new direction; at least 3 pieces in all.
    fn bent_vaults(
        &self,
        mover: Piece,
        from: usize,
        no_front_start: bool,
        how: &'static str,
        out: &mut Vec<(usize, &'static str)>,
    ) {
        for d in ALL_DIRS {
            let Some(first) = self.step(from, DIRS[d]) else {
                continue;
            };
            if no_front_start && self.crosses(from, first) {
                continue;
            }
            // Walk the first leg; every piece from the second on may be the corner.
            let mut m = 0;
            let mut corner = from;
            loop {
                match self.step(corner, DIRS[d]) {
                    Some(n) if self.board[n].is_some() => {
                        m += 1;
                        corner = n;
                    }
                    _ => break,
                }
                if m < 2 {
                    continue;
                }
                for e in ALL_DIRS {
                    if e == d || e == (d + 4) % 8 {
                        continue;
                    }
                    // The second leg from the corner.
                    let mut n = 0;
                    let mut cur = corner;
                    loop {
                        match self.step(cur, DIRS[e]) {
                            Some(s) if self.board[s].is_some() => {
                                // This piece is number m + n + 1 of the bent line.
                                if m + n >= 3 && self.can_take(mover, s) {
                                    out.push((s, how));
                                }
                                n += 1;
                                cur = s;
                            }
                            Some(s) => {
                                if n >= 1 && m + n >= 3 {
                                    out.push((s, how));
                                }
                                break;
                            }
                            None => break,
                        }
                    }
                }
            }
        }
    }

    /// Every destination of the piece on `from` with the way it gets there (no Fluttember).
    fn piece_moves(&self, from: usize) -> Vec<(usize, &'static str)> {
        let mover = self.board[from].expect("a piece");
        let mut out: Vec<(usize, &'static str)> = Vec::new();
        match mover.kind {
            Kind::King => {
                for d in DIRS {
                    self.ride(mover, from, d, 1, Fronts::Free, true, "step", &mut out);
                }
                self.straight_vaults(mover, from, &ALL_DIRS, false, "vault", &mut out);
            }
            Kind::Chuktar | Kind::Kapt => {
                for d in DIRS {
                    self.ride(
                        mover,
                        from,
                        d,
                        u32::MAX,
                        Fronts::OneCrossing,
                        true,
                        "slide",
                        &mut out,
                    );
                }
                if mover.kind == Kind::Kapt {
                    self.leaps(mover, from, &mut out);
                }
                self.straight_vaults(mover, from, &ALL_DIRS, false, "vault", &mut out);
            }
            Kind::Jiktar | Kind::Hikdar => {
                let dirs = if mover.kind == Kind::Jiktar {
                    ORTHOGONAL
                } else {
                    DIAGONAL
                };
                for d in dirs {
                    self.ride(
                        mover,
                        from,
                        DIRS[d],
                        u32::MAX,
                        Fronts::FirstStepOnly,
                        true,
                        "slide",
                        &mut out,
                    );
                }
                self.straight_vaults(mover, from, &ALL_DIRS, false, "vault", &mut out);
            }
            Kind::Pallan => {
                self.pallan_slides(mover, from, &mut out);
                self.leaps(mover, from, &mut out);
                self.straight_vaults(mover, from, &ALL_DIRS, false, "vault", &mut out);
                self.bent_vaults(mover, from, false, "bent-vault", &mut out);
                self.move_then_vault(mover, from, &mut out);
            }
            Kind::Paktun => {
                self.leaps(mover, from, &mut out);
                if !mover.moved {
                    for j1 in KNIGHT {
                        let Some(mid) = self.step(from, j1) else {
                            continue;
                        };
                        if self.board[mid].is_some() {
                            continue;
                        }
                        for j2 in KNIGHT {
                            let Some(to) = self.step(mid, j2) else {
                                continue;
                            };
                            if to == from {
                                continue;
                            }
                            if self.board[to].is_none() || self.can_take(mover, to) {
                                out.push((to, "double-leap"));
                            }
                        }
                    }
                }
                self.straight_vaults(mover, from, &ALL_DIRS, false, "vault", &mut out);
            }
            Kind::Deldar => {
                for d in DIRS {
                    self.ride(
                        mover,
                        from,
                        d,
                        2,
                        Fronts::FirstStepOnly,
                        true,
                        "step",
                        &mut out,
                    );
                }
                if !mover.moved {
                    for d in ALL_DIRS {
                        // Straight on, 1 to 4 squares in all.
                        self.ride(
                            mover,
                            from,
                            DIRS[d],
                            4,
                            Fronts::FirstStepOnly,
                            true,
                            "deldar-double",
                            &mut out,
                        );
                        // Exactly 2 squares (both empty; only the first step may cross), then
                        // 1 or 2 in a new direction, crossing nothing.
                        let Some(s1) = self.step(from, DIRS[d]) else {
                            continue;
                        };
                        let Some(s2) = self.step(s1, DIRS[d]) else {
                            continue;
                        };
                        if self.board[s1].is_some()
                            || self.board[s2].is_some()
                            || self.crosses(s1, s2)
                        {
                            continue;
                        }
                        for e in ALL_DIRS {
                            if e == d {
                                continue;
                            }
                            self.ride(
                                mover,
                                s2,
                                DIRS[e],
                                2,
                                Fronts::Never,
                                true,
                                "deldar-double",
                                &mut out,
                            );
                        }
                    }
                }
                self.straight_vaults(mover, from, &ALL_DIRS, false, "vault", &mut out);
            }
            Kind::Swod => {
                let fwd = Position::forward(mover.color);
                let reach = if mover.moved { 1 } else { 3 };
                let how = if mover.moved { "step" } else { "swod-first" };
                // Straight ahead: never a capture.
                self.ride(
                    mover,
                    from,
                    (0, fwd),
                    reach,
                    Fronts::FirstStepOnly,
                    false,
                    how,
                    &mut out,
                );
                for df in [-1, 1] {
                    self.ride(
                        mover,
                        from,
                        (df, fwd),
                        reach,
                        Fronts::FirstStepOnly,
                        true,
                        how,
                        &mut out,
                    );
                }
                let dirs: Vec<usize> = ALL_DIRS.into_iter().filter(|&d| DIRS[d].1 == fwd).collect();
                self.straight_vaults(mover, from, &dirs, false, "vault", &mut out);
            }
        }
        out.retain(|&(to, _)| to != from);
        out
    }

    /// Knight leaps (fronts ignored).
    fn leaps(&self, mover: Piece, from: usize, out: &mut Vec<(usize, &'static str)>) {
        for j in KNIGHT {
            if let Some(to) = self.step(from, j)
                && (self.board[to].is_none() || self.can_take(mover, to))
            {
                out.push((to, "leap"));
            }
        }
    }

    /// The Pallan's move-then-vault: a plain slide (no capture) to an empty square, then a
    /// straight or bent vault from there whose line does not begin across a front; the square
    /// left is empty during the vault.
    fn move_then_vault(&self, mover: Piece, from: usize, out: &mut Vec<(usize, &'static str)>) {
        let mut slides = Vec::new();
        self.pallan_slides(mover, from, &mut slides);
        let mut ends: Vec<usize> = slides
            .into_iter()
            .map(|(sq, _)| sq)
            .filter(|&sq| self.board[sq].is_none())
            .collect();
        ends.sort();
        ends.dedup();
        for t in ends {
            let mut moved = self.clone();
            moved.board[from] = None;
            moved.board[t] = Some(mover);
            let mut vaults = Vec::new();
            moved.straight_vaults(mover, t, &ALL_DIRS, true, "move-vault", &mut vaults);
            moved.bent_vaults(mover, t, true, "move-vault", &mut vaults);
            out.extend(vaults.into_iter().filter(|&(to, _)| to != from));
        }
    }

    /// The moves of `color` by the pieces' powers alone (no Fluttember, no check test), with
    /// the ways each is made. Promotions are expanded.
    fn pseudo_moves(&self, color: Color) -> Vec<(Move, &'static str)> {
        let mut out = Vec::new();
        for from in 0..self.board.len() {
            let Some(p) = self.board[from] else {
                continue;
            };
            if p.color != color {
                continue;
            }
            for (to, how) in self.piece_moves(from) {
                if p.kind == Kind::Swod && self.rank(to) == self.last_rank(color) {
                    for k in PROMOTIONS {
                        let mv = Move {
                            from,
                            to,
                            promo: Some(k),
                            flutter: false,
                        };
                        out.push((mv, how));
                    }
                } else {
                    let mv = Move {
                        from,
                        to,
                        promo: None,
                        flutter: false,
                    };
                    out.push((mv, how));
                }
            }
        }
        out
    }

    /// Whether some move of `by` (any power) ends on `sq`.
    fn attacked(&self, sq: usize, by: Color) -> bool {
        for from in 0..self.board.len() {
            if self.board[from].is_some_and(|p| p.color == by)
                && self.piece_moves(from).iter().any(|&(to, _)| to == sq)
            {
                return true;
            }
        }
        false
    }

    /// Whether `color`'s King could be taken by the other side.
    fn king_capturable(&self, color: Color) -> bool {
        match self.king_square(color) {
            Some(k) => self.attacked(k, color.other()),
            None => false,
        }
    }

    /// The Fluttember moves of the side to move (before the check test).
    fn fluttember_moves(&self) -> Vec<Move> {
        let side = self.side;
        let mut out = Vec::new();
        if (self.files, self.ranks) != (12, 18) || !self.flutter[side.index()] {
            return out;
        }
        let (king, partners) = match side {
            Color::Yellow => (
                "h1",
                [
                    ("f1", Kind::Kapt),
                    ("i1", Kind::Kapt),
                    ("a1", Kind::Chuktar),
                    ("l1", Kind::Chuktar),
                ],
            ),
            Color::Blue => (
                "f18",
                [
                    ("d18", Kind::Kapt),
                    ("g18", Kind::Kapt),
                    ("a18", Kind::Chuktar),
                    ("l18", Kind::Chuktar),
                ],
            ),
        };
        let king = self.square(king).unwrap();
        if self.board[king]
            != Some(Piece {
                color: side,
                kind: Kind::King,
                moved: false,
            })
        {
            return out;
        }
        if self.attacked(king, side.other()) {
            return out;
        }
        for (name, kind) in partners {
            let sq = self.square(name).unwrap();
            if self.board[sq].is_some_and(|p| p.color == side && p.kind == kind)
                && !self.attacked(sq, side.other())
            {
                out.push(Move {
                    from: king,
                    to: sq,
                    promo: None,
                    flutter: true,
                });
            }
        }
        out
    }

    fn move_name(&self, mv: Move) -> String {
        let mut s = format!("{}{}", self.name(mv.from), self.name(mv.to));
        if let Some(k) = mv.promo {
            s.push(k.letter());
        }
        s
    }

    /// The position after `mv` (no legality test).
    fn make(&self, mv: Move) -> Position {
        let mut next = self.clone();
        if mv.flutter {
            next.board.swap(mv.from, mv.to);
            next.flutter[self.side.index()] = false;
        } else {
            let mut piece = next.board[mv.from].take().expect("a piece to move");
            if piece.kind.has_first_move() {
                piece.moved = true;
            }
            if let Some(k) = mv.promo {
                piece.kind = k;
                piece.moved = k.has_first_move();
            }
            next.board[mv.to] = Some(piece);
        }
        if self.side == Color::Blue {
            next.fullmove += 1;
        }
        next.side = self.side.other();
        next
    }

    /// The legal moves, distinct by name, each with the ways it can be made; sorted by name.
    /// Empty when the side not to move is bare (the game has ended) or when there is no move.
    fn legal(&self) -> BTreeMap<String, (Move, Vec<&'static str>)> {
        let mut out: BTreeMap<String, (Move, Vec<&'static str>)> = BTreeMap::new();
        if self.is_bare(self.side.other()) {
            return out;
        }
        let mut candidates = self.pseudo_moves(self.side);
        for mv in self.fluttember_moves() {
            candidates.push((mv, "fluttember"));
        }
        for (mv, how) in candidates {
            let name = self.move_name(mv);
            if let Some(entry) = out.get_mut(&name) {
                if !entry.1.contains(&how) {
                    entry.1.push(how);
                }
                continue;
            }
            out.insert(name, (mv, vec![how]));
        }
        let side = self.side;
        out.retain(|_, (mv, _)| !self.make(*mv).king_capturable(side));
        out
    }
}

fn perft_pos(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .values()
        .map(|(mv, _)| perft_pos(&pos.make(*mv), depth - 1))
        .sum()
}

/// `fen` parsed and written back (normalises the placement and the digits).
pub fn normalize(fen: &str) -> Result<String, String> {
    Ok(Position::parse(fen)?.fen())
}

/// The legal moves of the side to move, sorted and distinct.
pub fn legal_moves(fen: &str) -> Result<Vec<String>, String> {
    Ok(Position::parse_playable(fen)?.legal().into_keys().collect())
}

/// The legal moves with the ways each can be made (`step`, `slide`, `refraction`, `leap`,
/// `double-leap`, `deldar-double`, `swod-first`, `vault`, `bent-vault`, `move-vault`,
/// `fluttember`), sorted by move.
pub fn move_ways(fen: &str) -> Result<Vec<(String, Vec<String>)>, String> {
    Ok(Position::parse_playable(fen)?
        .legal()
        .into_iter()
        .map(|(name, (_, ways))| (name, ways.iter().map(|w| w.to_string()).collect()))
        .collect())
}

/// The FEN after the legal move `mv`.
pub fn play(fen: &str, mv: &str) -> Result<String, String> {
    let pos = Position::parse_playable(fen)?;
    match pos.legal().get(mv) {
        Some((m, _)) => Ok(pos.make(*m).fen()),
        None => Err(format!("{mv} is not legal in {fen}")),
    }
}

/// The number of leaf nodes `depth` plies below `fen` (panics on a bad FEN).
pub fn perft(fen: &str, depth: u32) -> u64 {
    let pos = Position::parse_playable(fen).unwrap_or_else(|e| panic!("{e}"));
    perft_pos(&pos, depth)
}

/// `perft(fen, depth)` split by first move, sorted by move text (`depth >= 1`).
pub fn divide(fen: &str, depth: u32) -> Vec<(String, u64)> {
    assert!(depth >= 1, "divide needs depth >= 1");
    let pos = Position::parse_playable(fen).unwrap_or_else(|e| panic!("{e}"));
    pos.legal()
        .into_iter()
        .map(|(name, (mv, _))| (name, perft_pos(&pos.make(mv), depth - 1)))
        .collect()
}

/// Whether the game is over: the side to move has no legal move (checkmate or stalemate, both
/// lost by the side to move), or the side not to move is bare (its one reply has been made).
pub fn is_game_over(fen: &str) -> bool {
    let pos = Position::parse_playable(fen).unwrap_or_else(|e| panic!("{e}"));
    pos.legal().is_empty()
}

/// Whether the side to move's King could be taken by the other side (any power).
pub fn in_check(fen: &str) -> bool {
    let pos = Position::parse(fen).unwrap_or_else(|e| panic!("{e}"));
    pos.king_capturable(pos.side)
}

/// Whether Yellow (`yellow == true`) or Blue has only its King left.
pub fn is_bare(fen: &str, yellow: bool) -> bool {
    let pos = Position::parse(fen).unwrap_or_else(|e| panic!("{e}"));
    pos.is_bare(if yellow { Color::Yellow } else { Color::Blue })
}

/// The FEN text of the piece on `square` (`"c3"`, `"l18"`), e.g. `"S'"`, or `None`.
pub fn piece_at(fen: &str, square: &str) -> Option<String> {
    let pos = Position::parse(fen).unwrap_or_else(|e| panic!("{e}"));
    let sq = pos.square(square)?;
    pos.board[sq].map(piece_char)
}

/// Whether some move of Yellow's pieces (`yellow == true`) or Blue's, by any power, ends on
/// `square` (whoever is to move).
pub fn attacked(fen: &str, square: &str, yellow: bool) -> bool {
    let pos = Position::parse(fen).unwrap_or_else(|e| panic!("{e}"));
    let sq = pos.square(square).expect("a square");
    pos.attacked(sq, if yellow { Color::Yellow } else { Color::Blue })
}

/// The number of pieces on the board (both sides).
pub fn piece_count(fen: &str) -> usize {
    let pos = Position::parse(fen).unwrap_or_else(|e| panic!("{e}"));
    pos.board.iter().flatten().count()
}

/// The move's start and end squares (`"a17a18p"` gives `("a17", "a18")`).
pub fn move_squares(mv: &str) -> (String, String) {
    let bytes: Vec<char> = mv.chars().collect();
    let mut i = 1;
    while i < bytes.len() && bytes[i].is_ascii_digit() {
        i += 1;
    }
    let from: String = bytes[..i].iter().collect();
    let mut j = i + 1;
    while j < bytes.len() && bytes[j].is_ascii_digit() {
        j += 1;
    }
    let to: String = bytes[i..j].iter().collect();
    (from, to)
}

/// The diagonal captures the side to move's Swods are refused by propt: pairs (Swod square,
/// enemy Swod square) where the enemy Swod stands diagonally ahead of the Swod and a Deldar of
/// its own colour stands next to it.
pub fn propt_refusals(fen: &str) -> Vec<(String, String)> {
    let pos = Position::parse(fen).unwrap_or_else(|e| panic!("{e}"));
    let mut out = Vec::new();
    for from in 0..pos.board.len() {
        let Some(p) = pos.board[from] else {
            continue;
        };
        if p.color != pos.side || p.kind != Kind::Swod {
            continue;
        }
        for df in [-1, 1] {
            if let Some(to) = pos.step(from, (df, Position::forward(p.color)))
                && pos.board[to].is_some_and(|t| t.color != p.color && t.kind == Kind::Swod)
                && pos.is_propt(to)
            {
                out.push((pos.name(from), pos.name(to)));
            }
        }
    }
    out
}
