//! The Kaissa family: games defined as data. A definition (board, pieces in Betza notation,
//! promotion, drops, end rules) is compiled into move tables ([`attacks`], [`game`]) for the
//! bitboard width the board needs ([`any`]); [`position`] holds a position and plays moves;
//! [`movegen`] lists legal moves and decides game ends; [`eval`] evaluates, every weight in
//! [`eval::params`]. The built-in rule sets are in `kaissa.toml`.

pub mod any;
pub mod attacks;
pub mod betza;
pub mod eval;
pub mod game;
pub mod movegen;
pub mod position;
