//! Obstacle board + game file: `BOARD \0 GAME` (first NUL splits). The game's content lines
//! are played one by one as `chessrules obstacle IN OUT GAME` plays them, up to the first
//! refused move; the final board must write and read back, unless a king is gone (a mine or
//! trapdoor took it: the game is over and the spec's board format requires both kings).
use chessrules::variants::obstacle::{
    board_file, parse_board, write_board, BoardFault, ObstacleGame,
};

/// Panics when the property fails (both the fuzz target and its proptest twin call this).
pub fn run(data: &[u8]) {
    let (board, game_text) = match data.iter().position(|&b| b == 0) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[][..]),
    };
    let Ok(board) = parse_board(board) else {
        return;
    };
    let mut game = ObstacleGame::new(board);
    for line in board_file::content_lines(game_text) {
        let line = String::from_utf8_lossy(line);
        let mv = line.trim();
        if mv.is_empty() {
            continue;
        }
        if game.play(mv).is_err() {
            return;
        }
    }
    let written = write_board(game.board());
    if let Err(e) = parse_board(written.as_bytes()) {
        assert!(
            e.fault() == BoardFault::MissingKing && game.is_over(),
            "the board after the game does not read back: {e}\n{written}"
        );
    }
}
