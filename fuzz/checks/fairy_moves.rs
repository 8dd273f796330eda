//! Fairy board + move file: the input is `BOARD \0 MOVES` (first NUL splits), played as
//! `chessrules fairy BOARD MOVES` does; the board after the moves must write and read back.
//! One known exception (docs/decisions.md, fairy 27): a move counter read at Java's `int`
//! maximum keeps counting past it when Black moves, and the reader refuses such a counter.
use chessrules::variants::fairy;
use chessrules::Game;

/// Panics when the property fails (both the fuzz target and its proptest twin call this).
pub fn run(data: &[u8]) {
    let (board, moves) = match data.iter().position(|&b| b == 0) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[][..]),
    };
    let Ok(board) = fairy::parse_board(&String::from_utf8_lossy(board)) else {
        return;
    };
    let mut game = fairy::variant::game_of_board(&board);
    if fairy::play_file(&mut game, &String::from_utf8_lossy(moves)).is_ok() {
        let written = game.board_file();
        match fairy::parse_board(&written) {
            Ok(_) => {}
            Err(fairy::BoardError::MoveCounter(_))
                if game.position().fullmove_number() > i32::MAX as u32 => {}
            Err(e) => panic!("the board after the moves does not read back: {e}\n{written}"),
        }
    }
}
