//! Fuzz target `pawnrace_lines`: the property is in `fuzz/checks/pawnrace_lines.rs` (shared with its proptest
//! twin in `tests/props_inputs.rs`).
#![no_main]
#[path = "../checks/pawnrace_lines.rs"]
mod check;

libfuzzer_sys::fuzz_target!(|data: &[u8]| check::run(data));
