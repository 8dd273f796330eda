//! The fuzz targets' properties, one file per input path. Each is `run(&[u8])`, which panics
//! when a property fails; the fuzz targets (`fuzz/fuzz_targets/`) and their proptest twins
//! (`tests/props_inputs.rs`) both call it, so the two always check the same thing.
pub mod fairy_board;
pub mod fairy_moves;
pub mod fen;
pub mod follow;
pub mod obstacle_board;
pub mod obstacle_game;
pub mod pawnrace_lines;
pub mod pgn;
pub mod san;
pub mod variant_file;
pub mod web_api;
