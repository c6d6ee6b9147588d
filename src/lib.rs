//! kaissa: a game engine for the chess-like games of fiction.
//!
//! The crate is layered: [`bitboard`] and [`geometry`] know cells; [`variant`] reads games as
//! data; [`attacks`] and [`game`] compile a variant into move tables; [`position`] holds a
//! position and plays moves; [`movegen`] lists legal moves and decides game ends; [`perft`]
//! counts move trees. [`any`] picks the bitboard width per game.

pub mod analyse;
pub mod bench;
pub mod core;
pub mod datagen;
pub mod engine;
pub mod games;
pub mod perft;
pub mod protocol;
pub mod results;
pub mod search;
pub mod time;
pub mod tournament;
pub mod tt;
