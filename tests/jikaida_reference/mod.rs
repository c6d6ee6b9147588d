//! An independent, deliberately simple and slow reference move generator for Kenneth Bulmer's
//! Poron Jikaida (docs/RULES.md §3), written only from the rules text so that the engine's
//! own generator in `src/games/jikaida/` can be checked against a second reading of them. It shares no
//! code with the `kaissa` crate: a plain mailbox (`Vec<Option<Piece>>`), copy-make, and every
//! rule walked square by square. Integration tests use it as `mod jikaida_reference;`.
//!
//! Layout: this file holds the pieces, directions and moves and the public functions; the
//! `Position` type with FEN and geometry is in `position.rs`, each piece's moves (slides,
//! leaps, vaults) in `movegen.rs`, and legality, check, the Fluttember and perft in `legal.rs`.
//!
//! Readings taken here where docs/RULES.md leaves a choice:
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

mod legal;
mod movegen;
mod position;

use legal::perft_pos;
use position::{Position, piece_char};

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
