//! The engine binary through its protocols: UCI sessions and fuzzing, XBoard sessions and the
//! real XBoard GUI, and each game's play through the binary: one test target, one module per
//! area.
//!
//! The helpers shared by several modules are declared here once: the random source
//! [`xorshift`], the scripted engine [`session`], the engine process [`uci_harness`]
//! (`session::driver`, also used by `tests/serve_fuzz.rs`), the UCI fuzzing helpers [`uci_fuzz_common`] and the
//! XBoard session [`xboard_session_common`].
//!
//! A test that measures wall-clock time takes [`serial::timing`], every other test
//! [`serial::shared`], so no other test (nor the engines it starts) competes for the cores
//! while time is measured.

pub mod serial;
pub mod session;
pub mod uci_fuzz_common;
pub use session::driver as uci_harness;
pub mod xboard_session_common;
pub mod xorshift;

mod protocol {
    mod caissa_fuzz;
    mod caissa_protocol;
    mod donkey_protocol;
    mod jikaida_protocol;
    mod uci_fuzz;
    mod uci_fuzz_fresh;
    mod uci_session;
    mod xboard_gui;
    mod xboard_session;
    mod xboard_session_input;
    mod xboard_session_play;
}
