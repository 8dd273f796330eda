//! Fuzz target `pgn`: the property is in `fuzz/checks/pgn.rs` (shared with its proptest
//! twin in `tests/props_inputs.rs`).
#![no_main]
#[path = "../checks/pgn.rs"]
mod check;

libfuzzer_sys::fuzz_target!(|data: &[u8]| check::run(data));
