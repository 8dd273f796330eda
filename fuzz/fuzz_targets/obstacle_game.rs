//! Fuzz target `obstacle_game`: the property is in `fuzz/checks/obstacle_game.rs` (shared with its proptest
//! twin in `tests/props_inputs.rs`).
#![no_main]
#[path = "../checks/obstacle_game.rs"]
mod check;

libfuzzer_sys::fuzz_target!(|data: &[u8]| check::run(data));
