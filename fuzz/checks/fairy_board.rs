//! Fairy board file: parse as `chessrules fairy BOARD` does (bytes → lossy UTF-8); a board
//! that is accepted is written back, and what we write must read back to the same text.
use chessrules::variants::fairy;

/// Panics when the property fails (both the fuzz target and its proptest twin call this).
pub fn run(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Ok(board) = fairy::parse_board(&text) {
        let written = fairy::write_board(&board.allocation_lines, &board.position);
        let again = fairy::parse_board(&written).expect("a written board reads back");
        assert_eq!(
            fairy::write_board(&again.allocation_lines, &again.position),
            written
        );
    }
}
