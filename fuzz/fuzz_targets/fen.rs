//! Fuzz target `fen`: the property is in `fuzz/checks/fen.rs` (shared with its proptest
//! twin in `tests/props_inputs.rs`).
#![no_main]
#[path = "../checks/fen.rs"]
mod check;

libfuzzer_sys::fuzz_target!(|data: &[u8]| check::run(data));
