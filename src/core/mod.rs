//! The game-neutral layer every other part stands on: cells and board geometry, bit sets,
//! moves, Zobrist keys and the seeded random generators ([`rng`]), colours, how games end, the definition format games are selected by,
//! and the traits a game implements: [`rules::Rules`] (what search and perft need) and
//! [`playable::Playable`] (FEN, move text, outcome, board text, and the board as a front end
//! draws it: [`board_view::BoardView`]).
//!
//! Nothing here imports any other part of the crate.

pub mod bitboard;
pub mod board_view;
pub mod definition;
pub mod donkey;
pub mod geometry;
pub mod moves;
pub mod nnue;
pub mod outcome;
pub mod playable;
pub mod rng;
pub mod rules;
pub mod ruleset;
pub mod tunable;
pub mod zobrist;
