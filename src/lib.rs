//! kaissa: a game engine for the chess-like games of fiction.
//!
//! The crate is layered; arrows point down only (see docs/layout.md, "Architecture"):
//!
//! - [`core`]: the game-neutral layer: bit sets, cells and board geometry, moves, Zobrist
//!   keys, colours, outcomes, the definition format, and the traits a game implements:
//!   [`core::rules::Rules`] (what search and perft need), [`core::playable::Playable`] (FEN,
//!   move text, outcome, board text, the board as a front end draws it:
//!   [`core::board_view::BoardView`]), [`core::tunable::Tunable`] (the evaluation's weights as
//!   a flat vector) and [`core::ruleset::Ruleset`] (the game as the registry sees it). It
//!   imports nothing else of the crate.
//! - [`games`]: one folder per game, each knowing only `core` and itself: [`games::kaissa`]
//!   (the data-defined Kaissa family), [`games::caissa`], [`games::jikaida`]; `games/mod.rs`
//!   is the registry (a rules name to its game), [`games::variants`] the named definitions.
//! - [`search`]: generic over `Rules`: iterative deepening, workers, move ordering, the
//!   transposition table, time, perft. It imports no game.
//! - [`engine`]: the facade the protocols drive; one `GameState` for every game; the bench
//!   ([`engine::bench`], whose node count is the signature).
//! - [`protocol`]: UCI and XBoard, parse and format only.
//! - the tools on top: `kaissa bench` ([`engine::bench`]), [`analyse`], [`datagen`], [`tournament`] (`kaissa match`),
//!   [`serve`] (`kaissa serve`, the page in the browser), [`pgn`] (the games' PGN, which the
//!   match writes and datagen and serve read), [`progress`] (a line every 5%), [`train`]
//!   (`kaissa train`, fitting a learned evaluation), and the command line (`cli.rs`).

pub mod analyse;
pub mod core;
pub mod datagen;
pub mod engine;
pub mod games;
pub mod pgn;
pub mod progress;
pub mod protocol;
pub mod search;
pub mod serve;
pub mod tournament;
pub mod train;
