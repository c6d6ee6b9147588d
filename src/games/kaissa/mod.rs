//! The Kaissa family: games defined as data. A definition (board, pieces in Betza notation,
//! promotion, drops, end rules) is compiled into move tables ([`attacks`], [`game`]) for the
//! bitboard width the board needs ([`any`]); [`position`] holds a position and plays moves;
//! [`movegen`] lists legal moves and decides game ends; [`eval`] evaluates, every weight in
//! [`eval::params`]. The built-in rule sets are in `kaissa.toml`.

pub mod any;
pub mod attacks;
pub mod betza;
pub mod board;
pub mod donkey;
pub mod eval;
pub mod features;
pub mod game;
pub mod movegen;
pub mod nnue;
pub mod position;

use crate::core::definition::VariantDef;
use crate::core::geometry::Color;
use crate::core::nnue::inputs::NetInputs;
use crate::core::ruleset::{PositionVisitor, Ruleset};
use crate::with_game;
use any::AnyGame;
use eval::EvalTables;
use position::Position;

/// The Kaissa family's ruleset: it plays every definition that names no rules module.
pub struct Kaissa;

impl Ruleset for Kaissa {
    const RULES: Option<&'static str> = None;
    const BUILTIN: (&'static str, &'static str) =
        ("built-in kaissa.toml", include_str!("kaissa.toml"));

    /// The family's net inputs ([`nnue::KaissaInputs`]): boards of up to 128 cells.
    fn net_inputs(def: &VariantDef) -> Result<Box<dyn NetInputs>, String> {
        Ok(Box::new(nnue::KaissaInputs::of_def(def)?))
    }

    /// XBoard plays the family on rectangles; the donkey board is not one.
    fn xboard_refusal(def: &VariantDef) -> Option<String> {
        def.board.is_some().then(|| {
            "its board of six wedges is not a rectangle and XBoard draws only rectangles"
                .to_string()
        })
    }

    /// Checks that a definition builds into a game whose start position reads, at the width
    /// [`build`](Self::build) plays it with ([`AnyGame::new`] chooses it for both).
    fn validate(def: &VariantDef) -> Result<(), String> {
        let any = AnyGame::new(def)?;
        with_game!(any, g => {
            Position::from_fen(&g, &def.start_fen).map_err(|e| format!("start_fen: {e}"))?;
        });
        Ok(())
    }

    /// The game compiled for the narrowest width that holds its board ([`AnyGame`]), with the
    /// evaluation tables derived from its pieces.
    fn build<V: PositionVisitor>(
        def: &VariantDef,
        fen: Option<&str>,
        visit: V,
    ) -> Result<V::Output, String> {
        let any = AnyGame::new(def)?;
        Ok(with_game!(any, g => {
            let pos = match fen {
                None => g.start_position(),
                Some(f) => Position::from_fen(&g, f)?,
            };
            visit.visit(pos, EvalTables::for_game(&g))
        }))
    }

    fn color_name(c: Color) -> &'static str {
        match c {
            Color::First => "Yellow",
            Color::Second => "Red",
        }
    }

    fn ply_limit_words(limit: u32) -> String {
        format!("draw by the {limit}-ply rule: no capture, Spearman move or placement")
    }
}

/// The built-in definitions for the unit tests, read from `kaissa.toml` through the definition
/// format alone ([`crate::core::definition::read_standalone`]): the registry is a layer above
/// the game.
#[cfg(test)]
pub(crate) mod builtin {
    use super::Kaissa;
    use crate::core::definition::{VariantDef, read_standalone};
    use crate::core::ruleset::Ruleset;

    /// The built-in definition `name`, or why there is none.
    pub(crate) fn try_def(name: &str) -> Result<VariantDef, String> {
        read_standalone(Kaissa::BUILTIN.1, name, &[])
    }

    /// The built-in definition `name`.
    pub(crate) fn def(name: &str) -> VariantDef {
        try_def(name).unwrap()
    }

    /// The definition `name` of the built-in file with `more` variants (children of the
    /// built-in ones, as a user's file would give them) after it.
    pub(crate) fn def_with(more: &str, name: &str) -> VariantDef {
        read_standalone(&format!("{}\n{more}", Kaissa::BUILTIN.1), name, &[]).unwrap()
    }
}
