//! Obstacle board file (bytes, as `chessrules obstacle IN OUT` reads it): an accepted board
//! is written back, and the written board reads back to the same text.
use chessrules::variants::obstacle::{parse_board, write_board};

/// Panics when the property fails (both the fuzz target and its proptest twin call this).
pub fn run(data: &[u8]) {
    if let Ok(board) = parse_board(data) {
        let written = write_board(&board);
        let again = parse_board(written.as_bytes()).expect("a written board reads back");
        assert_eq!(write_board(&again), written);
    }
}
