//! Christian Freeling's Caïssa (RULINGS.md §2): a 7 x 7 board of tiles that sinks as the
//! Queens move, capture by exchange, and check against the Queen.
//!
//! The game's rules live here, apart from the Kaissa family's data-driven generator:
//! [`board`] (tables and the tile-connection test), [`position`] (state and copy-make moves),
//! [`movegen`] (legal moves and game ends), [`fen`], [`eval`], and [`rules`] (what the
//! search needs, [`crate::core::rules::Rules`]).

pub mod board;
pub mod eval;
pub mod fen;
pub mod movegen;
pub mod position;
pub mod rules;
pub mod state;

pub use fen::START_FEN;
pub use movegen::EndRules;
pub use position::CaissaPosition;

use crate::core::geometry::Color;

/// Piece types.
pub const QUEEN: u8 = 0;
/// Rook.
pub const ROOK: u8 = 1;
/// Bishop.
pub const BISHOP: u8 = 2;
/// Knight.
pub const KNIGHT: u8 = 3;

/// FEN letters of the types, upper case.
const LETTERS: [char; 4] = ['Q', 'R', 'B', 'N'];

/// The FEN letter of a piece (upper case for White).
pub fn piece_letter(color: Color, t: u8) -> char {
    let l = LETTERS[t as usize];
    if color == Color::First {
        l
    } else {
        l.to_ascii_lowercase()
    }
}

/// The piece of a FEN letter.
pub fn piece_of_letter(c: char) -> Option<(Color, u8)> {
    let t = LETTERS.iter().position(|&l| l == c.to_ascii_uppercase())? as u8;
    let color = if c.is_ascii_uppercase() {
        Color::First
    } else {
        Color::Second
    };
    Some((color, t))
}

/// The name of a piece type.
pub fn piece_name(t: u8) -> &'static str {
    ["Queen", "Rook", "Bishop", "Knight"][t as usize]
}
