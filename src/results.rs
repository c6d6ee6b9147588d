//! Results in words (`1-0 {Yellow captures the Home Stone}`, `0-1 {Black checkmates}`), shared
//! by the XBoard mode and the match arbiter: each game says them ([`crate::core::ruleset`]),
//! the registry finds the game of a definition.

pub use crate::games::{color_name, result_line};
