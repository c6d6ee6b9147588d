//! An independent, deliberately simple reference move generator for Christian Freeling's Caïssa
//! (docs/RULES.md §2), written only from the rules so that the engine's own generator in
//! `src/games/caissa/` can be checked against a second reading of them. It shares no code with the
//! `kaissa` crate: a plain 49-square mailbox, copy-make, and a flood fill for the connection
//! rule. Integration tests use it as `mod caissa_reference;`.
//!
//! Rules, in brief: a 7 x 7 board of tiles; each side has a Queen, a Rook, a Bishop and a
//! Knight. After every move the tiles form one 8-connected group. The Queen slides over holes,
//! lands on a tile (empty, or an enemy R/B/N which it captures), removes the tile it leaves,
//! and when in check only steps to an adjacent tile. Rook, Bishop and Knight move with chess
//! geometry (sliders stop at the first piece and pass over holes): onto a hole they carry their
//! tile along, onto an empty tile they simply move, onto any piece but their own Queen they
//! swap squares with it. Only R/B/N give check; no move may leave one's own Queen in check or
//! the two Queens on an open line (only pieces block; holes do not). After a swap of two
//! pieces of the same type the opponent may not play the same from-to move on the next turn.
//! A side with no legal move that is not in check passes (`0000`), unless the opponent would
//! be without moves too (both blocked: the game is over, drawn).
//!
//! FEN: `<placement> <w|b> <noundo> <ply>`, ranks 7 down to 1, files a..g; `QRBN` White,
//! `qrbn` Black, a digit counts consecutive empty tiles, `*` is one untiled square; `noundo` is
//! `-` or the banned from-to move (`c3e5`); `ply` counts every move, passes included.

/// The start position.
pub const START_FEN: &str = "7/3bqn1/4r2/7/2R4/1NQB3/7 w - 0";

const SIZE: i32 = 7;
const SQUARES: usize = 49;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Color {
    White,
    Black,
}

impl Color {
    fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Queen,
    Rook,
    Bishop,
    Knight,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Piece {
    color: Color,
    kind: Kind,
}

/// What one of the 49 squares holds. A piece always stands on a tile.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Cell {
    Hole,
    Empty,
    Occupied(Piece),
}

impl Cell {
    fn is_tile(self) -> bool {
        self != Cell::Hole
    }
}

/// A move: a from-to step, or the pass.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Move {
    Step(usize, usize),
    Pass,
}

impl Move {
    fn name(self) -> String {
        match self {
            Move::Pass => "0000".to_string(),
            Move::Step(from, to) => format!("{}{}", square_name(from), square_name(to)),
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Position {
    /// Index `rank * 7 + file`, both from 0 (a1 = 0, g1 = 6, a7 = 42).
    board: [Cell; SQUARES],
    side: Color,
    /// The move (from, to) the side to move may not play (no-undo rule).
    banned: Option<(usize, usize)>,
    ply: u32,
}

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const QUEEN_DIRS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
const KNIGHT_JUMPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The square at (file, rank), or `None` off the board.
fn square_at(file: i32, rank: i32) -> Option<usize> {
    if (0..SIZE).contains(&file) && (0..SIZE).contains(&rank) {
        Some((rank * SIZE + file) as usize)
    } else {
        None
    }
}

fn file_of(sq: usize) -> i32 {
    sq as i32 % SIZE
}

fn rank_of(sq: usize) -> i32 {
    sq as i32 / SIZE
}

/// The square `steps` times `dir` away from `sq`, or `None` off the board.
fn offset(sq: usize, dir: (i32, i32), steps: i32) -> Option<usize> {
    square_at(file_of(sq) + dir.0 * steps, rank_of(sq) + dir.1 * steps)
}

fn square_name(sq: usize) -> String {
    let file = (b'a' + file_of(sq) as u8) as char;
    let rank = (b'1' + rank_of(sq) as u8) as char;
    format!("{file}{rank}")
}

fn parse_square(text: &str) -> usize {
    let bytes = text.as_bytes();
    assert!(bytes.len() == 2, "bad square {text:?}");
    let file = bytes[0] as i32 - b'a' as i32;
    let rank = bytes[1] as i32 - b'1' as i32;
    square_at(file, rank).unwrap_or_else(|| panic!("bad square {text:?}"))
}

fn piece_char(piece: Piece) -> char {
    let c = match piece.kind {
        Kind::Queen => 'q',
        Kind::Rook => 'r',
        Kind::Bishop => 'b',
        Kind::Knight => 'n',
    };
    match piece.color {
        Color::White => c.to_ascii_uppercase(),
        Color::Black => c,
    }
}

fn piece_from_char(c: char) -> Option<Piece> {
    let kind = match c.to_ascii_lowercase() {
        'q' => Kind::Queen,
        'r' => Kind::Rook,
        'b' => Kind::Bishop,
        'n' => Kind::Knight,
        _ => return None,
    };
    let color = if c.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    Some(Piece { color, kind })
}

impl Position {
    fn from_fen(fen: &str) -> Position {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        assert!(fields.len() == 4, "FEN needs 4 fields: {fen:?}");
        let ranks: Vec<&str> = fields[0].split('/').collect();
        assert!(ranks.len() == 7, "FEN needs 7 ranks: {fen:?}");
        let mut board = [Cell::Hole; SQUARES];
        for (i, text) in ranks.iter().enumerate() {
            let rank = 6 - i as i32;
            let mut file = 0;
            for c in text.chars() {
                let cells: Vec<Cell> = if let Some(d) = c.to_digit(10) {
                    assert!((1..=7).contains(&d), "bad digit in {fen:?}");
                    vec![Cell::Empty; d as usize]
                } else if c == '*' {
                    vec![Cell::Hole]
                } else if let Some(p) = piece_from_char(c) {
                    vec![Cell::Occupied(p)]
                } else {
                    panic!("bad character {c:?} in {fen:?}");
                };
                for cell in cells {
                    let sq =
                        square_at(file, rank).unwrap_or_else(|| panic!("rank too long in {fen:?}"));
                    board[sq] = cell;
                    file += 1;
                }
            }
            assert!(
                file == SIZE,
                "rank {} has {file} squares in {fen:?}",
                rank + 1
            );
        }
        let side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => panic!("bad side {other:?} in {fen:?}"),
        };
        let banned = match fields[2] {
            "-" => None,
            text => {
                assert!(text.len() == 4, "bad no-undo field in {fen:?}");
                Some((parse_square(&text[0..2]), parse_square(&text[2..4])))
            }
        };
        let ply = fields[3]
            .parse()
            .unwrap_or_else(|_| panic!("bad ply in {fen:?}"));
        Position {
            board,
            side,
            banned,
            ply,
        }
    }

    fn fen(&self) -> String {
        let mut out = String::new();
        for rank in (0..SIZE).rev() {
            let mut empties = 0;
            for file in 0..SIZE {
                let cell = self.board[square_at(file, rank).unwrap()];
                if cell == Cell::Empty {
                    empties += 1;
                    continue;
                }
                if empties > 0 {
                    out.push_str(&empties.to_string());
                    empties = 0;
                }
                match cell {
                    Cell::Hole => out.push('*'),
                    Cell::Occupied(p) => out.push(piece_char(p)),
                    Cell::Empty => unreachable!(),
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
            Color::White => "w",
            Color::Black => "b",
        };
        let banned = match self.banned {
            None => "-".to_string(),
            Some((from, to)) => format!("{}{}", square_name(from), square_name(to)),
        };
        format!("{out} {side} {banned} {}", self.ply)
    }

    /// The square of `color`'s Queen, if it has one.
    fn queen(&self, color: Color) -> Option<usize> {
        (0..SQUARES).find(|&sq| {
            self.board[sq]
                == Cell::Occupied(Piece {
                    color,
                    kind: Kind::Queen,
                })
        })
    }

    /// Whether `sq` is attacked by a Rook, Bishop or Knight of `by` (Queens give no check).
    /// Rays are blocked by pieces only; holes and empty tiles let them through.
    fn attacked_by(&self, sq: usize, by: Color) -> bool {
        for (dirs, kind) in [(ROOK_DIRS, Kind::Rook), (BISHOP_DIRS, Kind::Bishop)] {
            for dir in dirs {
                for steps in 1.. {
                    let Some(t) = offset(sq, dir, steps) else {
                        break;
                    };
                    if let Cell::Occupied(p) = self.board[t] {
                        if p.color == by && p.kind == kind {
                            return true;
                        }
                        break;
                    }
                }
            }
        }
        KNIGHT_JUMPS.iter().any(|&jump| {
            offset(sq, jump, 1).is_some_and(|t| {
                self.board[t]
                    == Cell::Occupied(Piece {
                        color: by,
                        kind: Kind::Knight,
                    })
            })
        })
    }

    /// Whether `color`'s Queen is in check.
    fn queen_in_check(&self, color: Color) -> bool {
        self.queen(color)
            .is_some_and(|q| self.attacked_by(q, color.other()))
    }

    /// Whether the two Queens share a rank, file or diagonal with no piece between them.
    fn queens_face(&self) -> bool {
        let (Some(a), Some(b)) = (self.queen(Color::White), self.queen(Color::Black)) else {
            return false;
        };
        let (df, dr) = (file_of(b) - file_of(a), rank_of(b) - rank_of(a));
        if !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
            return false;
        }
        let dir = (df.signum(), dr.signum());
        let distance = df.abs().max(dr.abs());
        (1..distance).all(|steps| {
            !matches!(
                self.board[offset(a, dir, steps).unwrap()],
                Cell::Occupied(_)
            )
        })
    }

    /// Whether all tiles form one group, counting diagonal contact.
    fn tiles_connected(&self) -> bool {
        let total = self.board.iter().filter(|c| c.is_tile()).count();
        let Some(first) = (0..SQUARES).find(|&sq| self.board[sq].is_tile()) else {
            return true;
        };
        let mut seen = [false; SQUARES];
        let mut stack = vec![first];
        seen[first] = true;
        let mut reached = 0;
        while let Some(sq) = stack.pop() {
            reached += 1;
            for dir in QUEEN_DIRS {
                if let Some(t) = offset(sq, dir, 1)
                    && self.board[t].is_tile()
                    && !seen[t]
                {
                    seen[t] = true;
                    stack.push(t);
                }
            }
        }
        reached == total
    }

    /// The from-to steps the side to move's pieces can make by geometry alone (before the
    /// connection, check and mutual-check tests), minus the banned move.
    fn candidate_steps(&self) -> Vec<(usize, usize)> {
        let side = self.side;
        let in_check = self.queen_in_check(side);
        let mut steps = Vec::new();
        for from in 0..SQUARES {
            let Cell::Occupied(piece) = self.board[from] else {
                continue;
            };
            if piece.color != side {
                continue;
            }
            match piece.kind {
                Kind::Queen => {
                    let reach = if in_check { 1 } else { SIZE };
                    for dir in QUEEN_DIRS {
                        for distance in 1..=reach {
                            let Some(to) = offset(from, dir, distance) else {
                                break;
                            };
                            match self.board[to] {
                                Cell::Hole => continue,
                                Cell::Empty => steps.push((from, to)),
                                Cell::Occupied(p) => {
                                    if p.color != side && p.kind != Kind::Queen {
                                        steps.push((from, to));
                                    }
                                    break;
                                }
                            }
                        }
                    }
                }
                Kind::Rook | Kind::Bishop => {
                    let dirs = if piece.kind == Kind::Rook {
                        ROOK_DIRS
                    } else {
                        BISHOP_DIRS
                    };
                    for dir in dirs {
                        for distance in 1.. {
                            let Some(to) = offset(from, dir, distance) else {
                                break;
                            };
                            if let Cell::Occupied(p) = self.board[to] {
                                if !(p.color == side && p.kind == Kind::Queen) {
                                    steps.push((from, to));
                                }
                                break;
                            }
                            steps.push((from, to));
                        }
                    }
                }
                Kind::Knight => {
                    for jump in KNIGHT_JUMPS {
                        let Some(to) = offset(from, jump, 1) else {
                            continue;
                        };
                        if let Cell::Occupied(p) = self.board[to]
                            && p.color == side
                            && p.kind == Kind::Queen
                        {
                            continue;
                        }
                        steps.push((from, to));
                    }
                }
            }
        }
        steps.retain(|&step| Some(step) != self.banned);
        steps
    }

    /// The position after the step `from`-`to` (no legality test).
    fn make_step(&self, from: usize, to: usize) -> Position {
        let mut next = *self;
        next.side = self.side.other();
        next.ply = self.ply + 1;
        next.banned = None;
        let Cell::Occupied(mover) = self.board[from] else {
            panic!("no piece on {}", square_name(from));
        };
        if mover.kind == Kind::Queen {
            // Onto an empty tile or capturing; the tile left behind is removed.
            next.board[to] = Cell::Occupied(mover);
            next.board[from] = Cell::Hole;
            return next;
        }
        match self.board[to] {
            Cell::Hole => {
                // The piece carries its tile along.
                next.board[to] = Cell::Occupied(mover);
                next.board[from] = Cell::Hole;
            }
            Cell::Empty => {
                next.board[to] = Cell::Occupied(mover);
                next.board[from] = Cell::Empty;
            }
            Cell::Occupied(other) => {
                // Swap; a swap of two pieces of one type bans its undo for one turn.
                next.board[to] = Cell::Occupied(mover);
                next.board[from] = Cell::Occupied(other);
                if other.kind == mover.kind {
                    next.banned = Some((from, to));
                }
            }
        }
        next
    }

    /// The position after `mv` (no legality test).
    fn make(&self, mv: Move) -> Position {
        match mv {
            Move::Step(from, to) => self.make_step(from, to),
            Move::Pass => {
                let mut next = *self;
                next.side = self.side.other();
                next.banned = None;
                next.ply = self.ply + 1;
                next
            }
        }
    }

    /// Whether a position reached by a move of `mover` obeys the rules.
    fn legal_after(&self, mover: Color) -> bool {
        self.tiles_connected() && !self.queen_in_check(mover) && !self.queens_face()
    }

    /// The legal from-to steps (no pass).
    fn legal_steps(&self) -> Vec<Move> {
        self.candidate_steps()
            .into_iter()
            .filter(|&(from, to)| self.make_step(from, to).legal_after(self.side))
            .map(|(from, to)| Move::Step(from, to))
            .collect()
    }

    /// Whether neither side has a legal step: the side to move here, and the opponent on the
    /// same placement with no banned move.
    fn both_blocked(&self) -> bool {
        let opponent = Position {
            side: self.side.other(),
            banned: None,
            ..*self
        };
        self.legal_steps().is_empty() && opponent.legal_steps().is_empty()
    }

    /// The move list: the legal steps; or else the pass, unless in check (checkmate) or both
    /// sides are blocked (draw), in which case it is empty.
    fn moves(&self) -> Vec<Move> {
        let steps = self.legal_steps();
        if !steps.is_empty() {
            return steps;
        }
        if self.queen_in_check(self.side) || self.both_blocked() {
            return Vec::new();
        }
        vec![Move::Pass]
    }
}

fn perft_pos(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|mv| perft_pos(&pos.make(mv), depth - 1))
        .sum()
}

/// `fen` parsed and written back (normalises the placement).
pub fn normalize(fen: &str) -> String {
    Position::from_fen(fen).fen()
}

/// The legal moves of the side to move, sorted; `["0000"]` when the pass is the only move;
/// empty when the game is over (checkmate or both blocked).
pub fn legal_moves(fen: &str) -> Vec<String> {
    let mut names: Vec<String> = Position::from_fen(fen)
        .moves()
        .into_iter()
        .map(Move::name)
        .collect();
    names.sort();
    names
}

/// The FEN after playing `mv`; panics if `mv` is not legal.
pub fn play(fen: &str, mv: &str) -> String {
    let pos = Position::from_fen(fen);
    let found = pos
        .moves()
        .into_iter()
        .find(|m| m.name() == mv)
        .unwrap_or_else(|| panic!("{mv} is not legal in {fen}"));
    pos.make(found).fen()
}

/// The number of leaf nodes `depth` plies below `fen`.
pub fn perft(fen: &str, depth: u32) -> u64 {
    perft_pos(&Position::from_fen(fen), depth)
}

/// `perft(fen, depth)` split by first move, sorted by move text (`depth >= 1`).
pub fn divide(fen: &str, depth: u32) -> Vec<(String, u64)> {
    assert!(depth >= 1, "divide needs depth >= 1");
    let pos = Position::from_fen(fen);
    let mut out: Vec<(String, u64)> = pos
        .moves()
        .into_iter()
        .map(|mv| (mv.name(), perft_pos(&pos.make(mv), depth - 1)))
        .collect();
    out.sort();
    out
}

/// Whether the side to move's Queen is in check.
pub fn in_check(fen: &str) -> bool {
    let pos = Position::from_fen(fen);
    pos.queen_in_check(pos.side)
}

/// `Some("checkmate")` or `Some("blocked")` when the game is over by the position alone
/// (repetition and the ply limit are not considered), else `None`.
pub fn is_game_over(fen: &str) -> Option<&'static str> {
    let pos = Position::from_fen(fen);
    if !pos.moves().is_empty() {
        return None;
    }
    if pos.queen_in_check(pos.side) {
        Some("checkmate")
    } else {
        Some("blocked")
    }
}

/// The FEN letter of the piece on `square` (`"c3"`), or `None` for an empty tile or a hole.
pub fn piece_at(fen: &str, square: &str) -> Option<char> {
    match Position::from_fen(fen).board[parse_square(square)] {
        Cell::Occupied(p) => Some(piece_char(p)),
        _ => None,
    }
}

/// Whether `square` carries a tile.
pub fn is_tile(fen: &str, square: &str) -> bool {
    Position::from_fen(fen).board[parse_square(square)].is_tile()
}

/// The number of untiled squares.
pub fn hole_count(fen: &str) -> usize {
    Position::from_fen(fen)
        .board
        .iter()
        .filter(|c| !c.is_tile())
        .count()
}
