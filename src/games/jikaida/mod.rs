//! Kenneth Bulmer's Jikaida (docs/RULES.md §3): a board of 6 x 6 drins with fronts between them,
//! vaulting over lines of pieces, the Pallan's refraction, first moves, propt and the King's
//! Fluttember.
//!
//! The game's rules live here, apart from the Kaissa family's data-driven generator, on the
//! crate's generic bitboards ([`crate::core::bitboard::Wide`]) and geometry ([`crate::core::geometry::Rect`]):
//! [`board`] (tables with the fronts baked in), [`position`] (state, make and unmake),
//! [`reach`] (where each piece can go), [`deldar`] (the unmoved Deldar's turning move),
//! [`attack`] (is a cell capturable), [`kept`] (what a position keeps only to answer faster:
//! [`guard`], check answers kept along the history, [`memo`], the Pallans' last readings, and
//! [`lists`]),
//! [`lists`] (move lists of positions met lately, kept for the search),
//! [`movegen`] (legal moves and the ends of the game), [`flags`] (the names of the hot
//! functions' const-generic switches), [`fen`], [`eval`], [`nnue`] (the learned
//! evaluation's inputs), [`mobility`] (the
//! sliders' mobility kept move by move, for the evaluation), [`rules`] (what the search
//! needs), [`drins`] (the book's square names, `Mortil A1`, for display), [`playable`] (what the
//! engine needs, [`crate::core::playable::Playable`]) and [`Jikaida`], the ruleset the
//! registry knows it by, which picks the bitboard width by board size: 12 x 18 up to 24 x 36.

pub mod attack;
pub mod board;
pub mod deldar;
pub mod drins;
pub mod eval;
pub mod fen;
pub mod flags;
pub mod guard;
pub mod kept;
pub mod lists;
pub mod memo;
pub mod mobility;
pub mod movegen;
pub mod nnue;
pub mod playable;
pub mod position;
pub mod reach;
pub mod rules;
pub mod view;

pub use position::JikaidaPosition;

use crate::core::bitboard::{Bitboard, Wide};
use crate::core::definition::VariantDef;
use crate::core::geometry::Color;
use crate::core::nnue::inputs::NetInputs;
use crate::core::ruleset::{PositionVisitor, Ruleset};
use board::Board;
use fen::read_placement;
use std::sync::Arc;

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
    color.letter_case(LETTERS[kind as usize])
}

/// The piece of a FEN letter.
pub fn piece_of_letter(c: char) -> Option<(Color, u8)> {
    let kind = LETTERS.iter().position(|&l| l == c.to_ascii_uppercase())? as u8;
    Some((Color::of_letter(c), kind))
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

/// The `rules` value of the definitions Jikaida plays.
pub const RULES: &str = "jikaida";

/// Jikaida's ruleset: the definitions with `rules = "jikaida"`.
///
/// The bitboard width follows the board: `Wide<4>` for the 12 x 18 Poron board, `Wide<7>` up
/// to 448 cells (Hyrshiv's 18 x 24), `Wide<14>` up to 896 (Jikshiv's 24 x 36). A FEN names its
/// board's size, so the position of a FEN is built on a board of that size.
pub struct Jikaida;

impl Ruleset for Jikaida {
    const RULES: Option<&'static str> = Some(RULES);
    const BUILTIN: (&'static str, &'static str) =
        ("built-in jikaida.toml", include_str!("jikaida.toml"));

    /// XBoard cannot play Jikaida: its boards are too tall for XBoard.
    fn xboard_refusal(def: &VariantDef) -> Option<String> {
        Some(format!(
            "its board has {} ranks and XBoard draws at most 16",
            def.ranks
        ))
    }

    /// Checks a Jikaida definition: its start position reads, on the board it names, and every
    /// piece letter is one of Jikaida's.
    fn validate(def: &VariantDef) -> Result<(), String> {
        for p in &def.pieces {
            if !LETTERS.iter().any(|l| p.letter == l.to_string()) {
                return Err(format!("jikaida has no piece '{}'", p.letter));
            }
        }
        let (files, ranks, _) = read_placement(
            def.start_fen
                .split_whitespace()
                .next()
                .ok_or("start_fen: empty")?,
        )
        .map_err(|e| format!("start_fen: {e}"))?;
        if (files, ranks) != (def.files, def.ranks) {
            return Err(format!(
                "start_fen is {files} x {ranks}, the definition says {} x {}",
                def.files, def.ranks
            ));
        }
        Self::build(def, None, ())
    }

    /// The position of `fen` on a board of the size it names, with the width it needs.
    fn build<V: PositionVisitor>(
        def: &VariantDef,
        fen: Option<&str>,
        visit: V,
    ) -> Result<V::Output, String> {
        fn make<B: Bitboard, V: PositionVisitor>(
            (files, ranks): (usize, usize),
            fen: &str,
            form: &str,
            visit: V,
        ) -> Result<V::Output, String> {
            let board = Arc::new(Board::<B>::new(files, ranks));
            let pos = JikaidaPosition::from_fen(board, fen)?;
            let eval = eval::JikaidaEval::new(eval::DEFAULT, &pos, form);
            Ok(visit.visit(pos, eval))
        }
        let start = fen.is_none();
        let text = fen.unwrap_or(&def.start_fen);
        let placement = match text.split_whitespace().next() {
            Some(p) => p,
            None if start => return Err("start_fen: empty".into()),
            None => "",
        };
        let in_start = |e: String| if start { format!("start_fen: {e}") } else { e };
        let (files, ranks, _) = read_placement(placement).map_err(in_start)?;
        match files * ranks {
            n if n <= 256 => make::<Wide<4>, V>((files, ranks), text, &def.name, visit),
            n if n <= 448 => make::<Wide<7>, V>((files, ranks), text, &def.name, visit),
            _ => make::<Wide<14>, V>((files, ranks), text, &def.name, visit),
        }
        .map_err(in_start)
    }

    /// Jikaida's net inputs ([`nnue::JikaidaInputs`]), for the 12 x 18 board.
    fn net_inputs(def: &VariantDef) -> Result<Box<dyn NetInputs>, String> {
        if (def.files, def.ranks) != (nnue::FILES, nnue::RANKS) {
            return Err(format!(
                "{} is {} x {}: Jikaida's nets are for the {} x {} board",
                def.name,
                def.files,
                def.ranks,
                nnue::FILES,
                nnue::RANKS
            ));
        }
        Ok(Box::new(nnue::JikaidaInputs::new()))
    }

    fn color_name(c: Color) -> &'static str {
        color_name(c)
    }
}
