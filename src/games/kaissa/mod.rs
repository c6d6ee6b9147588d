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
pub mod game;
pub mod movegen;
pub mod nnue;
pub mod position;

use crate::core::bitboard::{Bitboard, Wide};
use crate::core::definition::VariantDef;
use crate::core::geometry::Color;
use crate::core::ruleset::{PositionVisitor, Ruleset};
use crate::with_game;
use any::AnyGame;
use eval::EvalTables;
use game::Game;
use position::Position;
use std::sync::Arc;

/// The Kaissa family's ruleset: it plays every definition that names no rules module.
pub struct Kaissa;

impl Ruleset for Kaissa {
    const RULES: Option<&'static str> = None;
    const BUILTIN: (&'static str, &'static str) =
        ("built-in kaissa.toml", include_str!("kaissa.toml"));

    /// XBoard plays the family on rectangles; the donkey board is not one.
    fn xboard_refusal(def: &VariantDef) -> Option<String> {
        def.board.is_some().then(|| {
            "its board of six wedges is not a rectangle and XBoard draws only rectangles"
                .to_string()
        })
    }

    /// Checks that a definition builds into a game whose start position reads.
    fn validate(def: &VariantDef) -> Result<(), String> {
        fn check<B: Bitboard>(def: &VariantDef) -> Result<(), String> {
            let g = Arc::new(Game::<B>::new(def)?);
            Position::from_fen(&g, &def.start_fen).map_err(|e| format!("start_fen: {e}"))?;
            Ok(())
        }
        match def.cell_count() {
            0..=128 => check::<u128>(def),
            129..=256 => check::<Wide<4>>(def),
            _ => check::<Wide<16>>(def),
        }
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
