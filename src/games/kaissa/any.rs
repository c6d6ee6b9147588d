//! The bitboard width is chosen once per game, here, at the boundary: an [`AnyGame`] holds a
//! game compiled for the narrowest width that fits its board, and [`crate::with_game!`] runs generic
//! code on it, so the hot loops are monomorphised and never dispatch dynamically.

use crate::core::bitboard::Wide;
use crate::core::definition::VariantDef;
use crate::games::kaissa::game::Game;
use std::sync::Arc;

/// A game compiled for one of the supported bitboard widths.
#[derive(Clone, Debug)]
pub enum AnyGame {
    /// Up to 64 cells.
    Small(Arc<Game<u64>>),
    /// Up to 128 cells (Kaissa's 10 x 10).
    Medium(Arc<Game<u128>>),
    /// Up to 256 cells (Jikaida's 12 x 18).
    Large(Arc<Game<Wide<4>>>),
    /// Up to 1024 cells.
    Huge(Arc<Game<Wide<16>>>),
}

impl AnyGame {
    /// Compiles a definition for the narrowest width that holds its board: the one place the
    /// width of a Kaissa-family game is chosen, for checking a definition
    /// ([`super::Kaissa`]'s `validate`) as for playing it (`build`).
    pub fn new(def: &VariantDef) -> Result<AnyGame, String> {
        Ok(match def.cell_count() {
            0..=64 => AnyGame::Small(Arc::new(Game::new(def)?)),
            65..=128 => AnyGame::Medium(Arc::new(Game::new(def)?)),
            129..=256 => AnyGame::Large(Arc::new(Game::new(def)?)),
            _ => AnyGame::Huge(Arc::new(Game::new(def)?)),
        })
    }
}

/// Runs `$body` with `$g` bound to the concrete `Arc<Game<B>>` inside an [`AnyGame`].
#[macro_export]
macro_rules! with_game {
    ($any:expr, $g:ident => $body:expr) => {
        match $any {
            $crate::games::kaissa::any::AnyGame::Small($g) => $body,
            $crate::games::kaissa::any::AnyGame::Medium($g) => $body,
            $crate::games::kaissa::any::AnyGame::Large($g) => $body,
            $crate::games::kaissa::any::AnyGame::Huge($g) => $body,
        }
    };
}
