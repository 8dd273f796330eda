//! Fuzz target `web_api`: the property is in `fuzz/checks/web_api.rs` (shared with its proptest
//! twin in `tests/props_inputs.rs`).
#![no_main]
#[path = "../checks/web_api.rs"]
mod check;

libfuzzer_sys::fuzz_target!(|data: &[u8]| check::run(data));
