//! `kaissa bench`, the command-line tool: the bench itself (its positions, depth and run)
//! lives in the engine, [`crate::engine::bench`], where UCI's `bench` command reaches it too.
//! Its total node count is the engine's signature.

pub use crate::engine::bench::{
    BenchEval, BenchResult, DEFAULT_DEPTH, DEFAULT_HASH_MIB, POSITIONS, Speed, depth_for, run,
    run_with,
};
