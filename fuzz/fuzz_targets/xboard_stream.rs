#![no_main]
//! Fuzz target `xboard_stream`: the body is [`kaissa_fuzz::xboard_stream`] (fuzz/src/), which
//! tests/engine/fuzz_corpora.rs also runs over the seed corpus on the stable toolchain.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| kaissa_fuzz::xboard_stream(data));
