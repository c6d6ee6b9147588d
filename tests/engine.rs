//! The engine behind the protocols: search, playing strength, the evaluations and their
//! tuner, the learned evaluation and its trainer, and the command-line tools (`analyse`,
//! `datagen`, `match`, the fuzz targets' corpora): one test target, one module per area.
//!
//! The helpers shared by several modules are declared here once: the random source
//! [`xorshift`], the scripted engine [`session`] and the perft data reader [`perft_data`].
//! Search's two wall-clock tests (stop latency, movetime) take [`serial::timing`], every other
//! test [`serial::shared`], so no other test competes for the cores while time is measured.

pub mod perft_data;
pub mod serial;
pub mod session;
pub mod xorshift;

mod engine {
    mod analyse;
    mod caissa_search;
    mod datagen_cli;
    mod fuzz_corpora;
    mod jikaida_search;
    mod match_tool;
    mod nnue;
    mod nnue_family;
    mod nnue_protocol;
    mod nnue_train;
    mod search;
    mod skill;
    mod tactics;
    mod tunable;
}
