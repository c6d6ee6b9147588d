//! The rules of every game, as the engine plays them and as independent readings of the
//! rulebooks (the reference generators) read them: one test target, one module per area.
//!
//! - `kaissa_rules`, `caissa_rules`, `donkey_rules`, `donkey_geometry`, `jikaida_rules`,
//!   `jikaida_drins`: each rule of docs/RULES.md and DONKEY.md, one by one;
//! - `invariants`, `eval_symmetry`: properties of every position of seeded random games;
//! - `perft`, `reference_games`: the move generators against the perft data files and against
//!   the reference generators, for every game of the registry;
//! - `reference_selftest`, `caissa_reference_selftest`, `donkey_reference_selftest`,
//!   `jikaida_reference_selftest*`: the reference generators themselves, against hand counts;
//! - `gen_*_perft`, `gen_perft_data`: (ignored) regenerate `tests/perft/*.epd`.
//!
//! The helpers shared by several modules are declared here once: the random source
//! [`xorshift`], the scripted engine [`session`], the perft data reader [`perft_data`] and the
//! reference generators.

pub mod caissa_reference;
pub mod donkey_reference;
pub mod jikaida_reference;
pub mod jikaida_reference_selftest_common;
pub mod perft_data;
pub mod reference;
pub mod session;
pub mod xorshift;

mod rules {
    mod caissa_reference_selftest;
    mod caissa_rules;
    mod donkey_geometry;
    mod donkey_reference_selftest;
    mod donkey_rules;
    mod eval_symmetry;
    mod gen_caissa_perft;
    mod gen_donkey_perft;
    mod gen_jikaida_perft;
    mod gen_perft_data;
    mod invariants;
    mod jikaida_drins;
    mod jikaida_reference_selftest;
    mod jikaida_reference_selftest_endgame;
    mod jikaida_reference_selftest_vaults;
    mod jikaida_rules;
    mod kaissa_rules;
    mod perft;
    mod reference_games;
    mod reference_selftest;
}
