//! Fuzz target `fairy_moves`: the property is in `fuzz/checks/fairy_moves.rs` (shared with its proptest
//! twin in `tests/props_inputs.rs`).
#![no_main]
#[path = "../checks/fairy_moves.rs"]
mod check;

libfuzzer_sys::fuzz_target!(|data: &[u8]| check::run(data));
