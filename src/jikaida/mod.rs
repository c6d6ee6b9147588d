//! Kenneth Bulmer's Jikaida (RULINGS.md §3): a board of 6 x 6 drins with fronts between them,
//! vaulting over lines of pieces, the Pallan's refraction, first moves, propt and the King's
//! Fluttember.
//!
//! The game's rules live here, apart from the Kaissa family's data-driven generator, on the
//! crate's generic bitboards ([`crate::core::bitboard::Wide`]) and geometry ([`crate::core::geometry::Rect`]):
//! [`board`] (tables with the fronts baked in), [`position`] (state, make and unmake),
//! [`reach`] (where each piece can go), [`deldar`] (the unmoved Deldar's turning move),
//! [`attack`] (is a cell capturable), [`guard`] (check answers kept along the history),
//! [`movegen`] (legal moves and the ends of the game), [`fen`], [`eval`], [`mobility`] (the
//! sliders' mobility kept move by move, for the evaluation), [`rules`] (what the search
//! needs), [`drins`] (the book's square names, `Mortil A1`, for display) and [`state`] (the
//! engine's [`crate::engine::GameState`], picking the bitboard width by board size: 12 x 18
//! up to 24 x 36).

pub mod attack;
pub mod board;
pub mod deldar;
pub mod drins;
pub mod eval;
pub mod fen;
pub mod guard;
pub mod mobility;
pub mod movegen;
pub mod position;
pub mod reach;
pub mod rules;
pub mod state;

pub use position::JikaidaPosition;

use crate::core::geometry::Color;

/// King.
pub const KING: u8 = 0;
/// Pallan: queen and knight, may take friends.
pub const PALLAN: u8 = 1;
/// Kapt: queen and knight.
pub const KAPT: u8 = 2;
/// Chuktar: queen crossing one front.
pub const CHUKTAR: u8 = 3;
/// Jiktar: rook.
pub const JIKTAR: u8 = 4;
/// Hikdar: bishop.
pub const HIKDAR: u8 = 5;
/// Paktun: knight.
pub const PAKTUN: u8 = 6;
/// Deldar: one or two squares any way.
pub const DELDAR: u8 = 7;
/// Swod: the pawn.
pub const SWOD: u8 = 8;
/// Number of piece kinds.
pub const KINDS: usize = 9;

/// FEN letters by kind, upper case.
pub const LETTERS: [char; KINDS] = ['K', 'P', 'A', 'C', 'J', 'H', 'N', 'D', 'S'];

/// What a Swod may promote to, in the order moves are listed.
pub const PROMOTIONS: [u8; 7] = [PALLAN, KAPT, CHUKTAR, JIKTAR, HIKDAR, PAKTUN, DELDAR];

/// True for the kinds with first-move powers (Paktun, Deldar, Swod).
#[inline(always)]
pub fn has_first_move(kind: u8) -> bool {
    kind >= PAKTUN
}

/// The FEN letter of a piece (upper case for Yellow).
pub fn piece_letter(color: Color, kind: u8) -> char {
    let l = LETTERS[kind as usize];
    if color == Color::First {
        l
    } else {
        l.to_ascii_lowercase()
    }
}

/// The piece of a FEN letter.
pub fn piece_of_letter(c: char) -> Option<(Color, u8)> {
    let kind = LETTERS.iter().position(|&l| l == c.to_ascii_uppercase())? as u8;
    let color = if c.is_ascii_uppercase() {
        Color::First
    } else {
        Color::Second
    };
    Some((color, kind))
}

/// The name of a piece kind.
pub fn piece_name(kind: u8) -> &'static str {
    [
        "King", "Pallan", "Kapt", "Chuktar", "Jiktar", "Hikdar", "Paktun", "Deldar", "Swod",
    ][kind as usize]
}

/// The players' names.
pub fn color_name(c: Color) -> &'static str {
    match c {
        Color::First => "Yellow",
        Color::Second => "Blue",
    }
}
