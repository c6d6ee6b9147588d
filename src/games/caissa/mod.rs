//! Christian Freeling's Caïssa (docs/RULES.md §2): a 7 x 7 board of tiles that sinks as the
//! Queens move, capture by exchange, and check against the Queen.
//!
//! The game's rules live here, apart from the Kaissa family's data-driven generator:
//! [`board`] (tables and the tile-connection test), [`position`] (state and copy-make moves),
//! [`movegen`] (legal moves and game ends), [`fen`], [`eval`], [`nnue`] (the learned
//! evaluation's inputs), [`rules`] (what the
//! search needs, [`crate::core::rules::Rules`]), [`playable`] (what the engine needs,
//! [`crate::core::playable::Playable`]) and [`Caissa`], the ruleset the registry knows it by.

pub mod board;
pub mod eval;
pub mod fen;
pub mod movegen;
pub mod nnue;
pub mod playable;
pub mod position;
pub mod rules;
pub mod view;

pub use fen::START_FEN;
pub use movegen::EndRules;
pub use position::CaissaPosition;

use crate::core::definition::VariantDef;
use crate::core::geometry::Color;
use crate::core::nnue::inputs::NetInputs;
use crate::core::ruleset::{PositionVisitor, Ruleset};
use board::SIZE;

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
    color.letter_case(LETTERS[t as usize])
}

/// The piece of a FEN letter.
pub fn piece_of_letter(c: char) -> Option<(Color, u8)> {
    let t = LETTERS.iter().position(|&l| l == c.to_ascii_uppercase())? as u8;
    Some((Color::of_letter(c), t))
}

/// The name of a piece type.
pub fn piece_name(t: u8) -> &'static str {
    ["Queen", "Rook", "Bishop", "Knight"][t as usize]
}

/// The `rules` value of the definitions Caïssa plays.
pub const RULES: &str = "caissa";

/// The end rules a definition sets.
pub fn end_rules(def: &VariantDef) -> EndRules {
    EndRules {
        repetition: def.end.repetition,
        ply_limit: def.end.ply_limit,
    }
}

/// Caïssa's ruleset: the definitions with `rules = "caissa"`.
pub struct Caissa;

impl Ruleset for Caissa {
    const RULES: Option<&'static str> = Some(RULES);
    const BUILTIN: (&'static str, &'static str) =
        ("built-in caissa.toml", include_str!("caissa.toml"));

    /// XBoard cannot play Caïssa: it would draw an exchange wrong and never sink a tile.
    fn xboard_refusal(_def: &VariantDef) -> Option<String> {
        Some(
            "it shows an exchange as a capture and never sinks a tile, so its board goes wrong"
                .to_string(),
        )
    }

    /// Checks a Caïssa definition: the 7 x 7 board and a start position that reads.
    fn validate(def: &VariantDef) -> Result<(), String> {
        if def.files != SIZE || def.ranks != SIZE {
            return Err(format!(
                "caissa rules need a 7 x 7 board, not {} x {}",
                def.files, def.ranks
            ));
        }
        Self::build(def, None, ())
    }

    /// The position with the definition's end rules and the default weights.
    fn build<V: PositionVisitor>(
        def: &VariantDef,
        fen: Option<&str>,
        visit: V,
    ) -> Result<V::Output, String> {
        let mut pos = match fen {
            None => {
                CaissaPosition::from_fen(&def.start_fen).map_err(|e| format!("start_fen: {e}"))?
            }
            Some(f) => CaissaPosition::from_fen(f)?,
        };
        pos.end = end_rules(def);
        Ok(visit.visit(pos, eval::CaissaEval::new(eval::DEFAULT)))
    }

    /// Caïssa's net inputs ([`nnue::CaissaInputs`]).
    fn net_inputs(_def: &VariantDef) -> Result<Box<dyn NetInputs>, String> {
        Ok(Box::new(nnue::CaissaInputs))
    }

    fn color_name(c: Color) -> &'static str {
        match c {
            Color::First => "White",
            Color::Second => "Black",
        }
    }
}
