//! The reference's rules: end-of-game tests, move generation square by square, and making moves.
//! Each piece's movement is written out per variant exactly as in docs/RULES.md §1.2.

use super::position::{
    Color, Piece, Position, Square, Variant, file_of, rank_of, square, square_name,
};

/// One move: a board move (`from` set) or a Home Stone placement (`from` is `None`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Move {
    /// Origin square, `None` for a Home Stone drop.
    pub from: Option<Square>,
    /// Destination square.
    pub to: Square,
    /// Promotion piece (upper-case `T` or `R`) when a Spearman promotes.
    pub promo: Option<char>,
}

impl Move {
    /// The move in the project's notation: `e2e4`, `a9a10`, `H@e1`, `c9c10t`.
    pub fn name(self) -> String {
        match self.from {
            None => format!("H@{}", square_name(self.to)),
            Some(from) => {
                let mut s = square_name(from);
                s.push_str(&square_name(self.to));
                if let Some(p) = self.promo {
                    s.push(p.to_ascii_lowercase());
                }
                s
            }
        }
    }
}

/// Rook directions (file step, rank step).
const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// Bishop directions.
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
/// Queen and king directions.
const ALL: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
/// A slide limit that never binds on a 10 x 10 board.
const UNLIMITED: i32 = 9;

/// Whether the game is over in this position for reasons of the position itself:
/// a Home Stone captured, the Home Stone still in hand after its window (missed deadline),
/// or, in gorean, both Ubars gone. (The deadline turn with a full first rank and "no move at
/// all" need no test here: they simply produce no moves.)
pub fn game_over(pos: &Position) -> bool {
    if !pos.stone_exists(Color::Yellow) || !pos.stone_exists(Color::Red) {
        return true;
    }
    let (_, last) = pos.variant.stone_window();
    if pos.in_hand[pos.side.index()] && pos.fullmove > last {
        return true;
    }
    if pos.variant == Variant::Gorean
        && !pos
            .board
            .iter()
            .any(|c| matches!(c, Some(p) if p.kind == 'U'))
    {
        return true;
    }
    false
}

/// Appends every legal move of the side to move to `out` (nothing when the game is over).
pub fn generate(pos: &Position, out: &mut Vec<Move>) {
    if game_over(pos) {
        return;
    }
    let side = pos.side;
    let (first, last) = pos.variant.stone_window();
    let turn = pos.fullmove;
    if pos.in_hand[side.index()] && turn >= first && turn <= last {
        for file in 0..10 {
            let to = square(file, side.home_rank()).unwrap();
            if pos.board[to].is_none() {
                out.push(Move {
                    from: None,
                    to,
                    promo: None,
                });
            }
        }
        if turn == last {
            // Deadline: placing the stone is the only thing allowed.
            return;
        }
    }
    for from in 0..100 {
        if let Some(piece) = pos.board[from]
            && piece.color == side
        {
            piece_moves(pos, from, piece.kind, out);
        }
    }
}

/// The moves of the side to move's piece `kind` standing on `from`.
fn piece_moves(pos: &Position, from: Square, kind: char, out: &mut Vec<Move>) {
    let v = pos.variant;
    match kind {
        'U' => slide(pos, from, &ALL, UNLIMITED, out),
        'A' => {
            let limit = match v {
                Variant::Merchants => 3,
                Variant::Northern => 5,
                Variant::Gc => 6,
                Variant::Gorean => UNLIMITED,
                Variant::Kaissa => 7,
            };
            slide(pos, from, &ALL, limit, out);
        }
        'T' => {
            let (a, b) = if v == Variant::Gorean { (2, 1) } else { (3, 2) };
            leap(pos, from, a, b, out);
            let positioning = match v {
                Variant::Merchants | Variant::Northern => false,
                Variant::Gc | Variant::Gorean => true,
                Variant::Kaissa => pos.side.in_own_half(rank_of(from)),
            };
            if positioning {
                step_to_empty(pos, from, out);
            }
        }
        'S' => {
            let limit = match v {
                Variant::Merchants | Variant::Northern => 5,
                Variant::Gc => 7,
                Variant::Gorean => 2,
                Variant::Kaissa => 6,
            };
            slide(pos, from, &DIAGONAL, limit, out);
        }
        'B' => slide(pos, from, &ORTHOGONAL, UNLIMITED, out),
        'I' => slide(pos, from, &DIAGONAL, UNLIMITED, out),
        'R' => slide(pos, from, &ALL, 1, out),
        'X' => slide(pos, from, &ALL, 2, out),
        'M' => {
            let limit = if v == Variant::Northern { 2 } else { 4 };
            slide(pos, from, &ORTHOGONAL, limit, out);
        }
        'H' => step_to_empty(pos, from, out),
        'P' => spearman(pos, from, out),
        _ => unreachable!("unknown piece {kind:?}"),
    }
}

/// Whether `sq` holds a piece of the side not to move.
fn is_enemy(pos: &Position, sq: Square) -> bool {
    matches!(pos.board[sq], Some(p) if p.color != pos.side)
}

/// A plain move (no promotion).
fn plain(from: Square, to: Square) -> Move {
    Move {
        from: Some(from),
        to,
        promo: None,
    }
}

/// Slides up to `limit` squares along each direction, stopping at the first piece, which is
/// captured if it is an enemy.
fn slide(pos: &Position, from: Square, dirs: &[(i32, i32)], limit: i32, out: &mut Vec<Move>) {
    let (f, r) = (file_of(from), rank_of(from));
    for &(df, dr) in dirs {
        for k in 1..=limit {
            let Some(to) = square(f + k * df, r + k * dr) else {
                break;
            };
            match pos.board[to] {
                None => out.push(plain(from, to)),
                Some(p) => {
                    if p.color != pos.side {
                        out.push(plain(from, to));
                    }
                    break;
                }
            }
        }
    }
}

/// Jumps to every square (±a,±b) or (±b,±a) away that is empty or holds an enemy.
fn leap(pos: &Position, from: Square, a: i32, b: i32, out: &mut Vec<Move>) {
    let (f, r) = (file_of(from), rank_of(from));
    let offsets = [
        (a, b),
        (a, -b),
        (-a, b),
        (-a, -b),
        (b, a),
        (b, -a),
        (-b, a),
        (-b, -a),
    ];
    for (df, dr) in offsets {
        if let Some(to) = square(f + df, r + dr)
            && (pos.board[to].is_none() || is_enemy(pos, to))
        {
            out.push(plain(from, to));
        }
    }
}

/// One king step to an empty square, never a capture (positioning move, Home Stone).
fn step_to_empty(pos: &Position, from: Square, out: &mut Vec<Move>) {
    let (f, r) = (file_of(from), rank_of(from));
    for (df, dr) in ALL {
        if let Some(to) = square(f + df, r + dr)
            && pos.board[to].is_none()
        {
            out.push(plain(from, to));
        }
    }
}

/// Pushes a Spearman move, split into the two promotions when it ends on the last rank in a
/// variant that promotes.
fn push_spearman(pos: &Position, from: Square, to: Square, out: &mut Vec<Move>) {
    if pos.variant.promotes() && rank_of(to) == pos.side.last_rank() {
        for promo in ['T', 'R'] {
            out.push(Move {
                from: Some(from),
                to,
                promo: Some(promo),
            });
        }
    } else {
        out.push(plain(from, to));
    }
}

/// Whether this Spearman may make the 2- or 3-square first move.
fn may_multi_step(pos: &Position, from: Square) -> bool {
    if !pos.unmoved[from] {
        return false;
    }
    // kaissa: the flanking Spearmen that start on a3/j3 (Red a8/j8) never have it.
    let flank_rank = pos.side.home_rank() + 2 * pos.side.forward();
    let flanking = (file_of(from) == 0 || file_of(from) == 9) && rank_of(from) == flank_rank;
    !(pos.variant == Variant::Kaissa && flanking)
}

/// The Spearman's moves (docs/RULES.md §1.2, per variant).
fn spearman(pos: &Position, from: Square, out: &mut Vec<Move>) {
    let v = pos.variant;
    let fwd = pos.side.forward();
    let (f, r) = (file_of(from), rank_of(from));

    // Straight forward, never capturing: 1 step, or 2–3 on the first move with a clear path.
    let max_steps = if may_multi_step(pos, from) { 3 } else { 1 };
    for k in 1..=max_steps {
        match square(f, r + k * fwd) {
            Some(to) if pos.board[to].is_none() => push_spearman(pos, from, to, out),
            _ => break,
        }
    }

    // Diagonally forward: captures in every set; also non-capturing in gorean, and in kaissa
    // from the 9th rank to the last.
    let diagonal_quiet = match v {
        Variant::Gorean => true,
        Variant::Kaissa => r + fwd == pos.side.last_rank(),
        _ => false,
    };
    for df in [-1, 1] {
        if let Some(to) = square(f + df, r + fwd) {
            let empty = pos.board[to].is_none();
            if is_enemy(pos, to) || (empty && diagonal_quiet) {
                push_spearman(pos, from, to, out);
            }
        }
    }

    // gorean: sideways steps to empty squares.
    if v == Variant::Gorean {
        for df in [-1, 1] {
            if let Some(to) = square(f + df, r)
                && pos.board[to].is_none()
            {
                push_spearman(pos, from, to, out);
            }
        }
    }
}

/// The position after `mv` (assumed legal): updates hands, unmoved flags, clocks and side.
pub fn make(pos: &Position, mv: Move) -> Position {
    let mut next = pos.clone();
    let side = pos.side;
    let resets_clock = match mv.from {
        None => {
            next.board[mv.to] = Some(Piece {
                color: side,
                kind: 'H',
            });
            next.in_hand[side.index()] = false;
            next.unmoved[mv.to] = false;
            true
        }
        Some(from) => {
            let piece = next.board[from]
                .take()
                .expect("no piece on the origin square");
            let capture = next.board[mv.to].is_some();
            next.board[mv.to] = Some(Piece {
                color: side,
                kind: mv.promo.unwrap_or(piece.kind),
            });
            next.unmoved[from] = false;
            next.unmoved[mv.to] = false;
            capture || piece.kind == 'P'
        }
    };
    next.halfmove = if resets_clock { 0 } else { pos.halfmove + 1 };
    if side == Color::Red {
        next.fullmove += 1;
    }
    next.side = side.other();
    next
}
