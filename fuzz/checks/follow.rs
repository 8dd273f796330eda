//! FollowChess board + move stream: `BOARD \0 MOVES` (first NUL splits), read through the
//! library's streaming readers as `chessrules follow BOARD MOVES` does, then every query.
use chessrules::variants::follow::FollowChess;

/// Panics when the property fails (both the fuzz target and its proptest twin call this).
pub fn run(data: &[u8]) {
    let (board, moves) = match data.iter().position(|&b| b == 0) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[][..]),
    };
    let mut game = FollowChess::new();
    if game.load_board(board).is_err() {
        return;
    }
    let _ = game.apply_move_sequence(moves);
    let mut out = Vec::new();
    game.print_board(&mut out).expect("printing into memory");
    for player in 0..2 {
        let _ = game.capture_order(player);
        let _ = game.in_check(player);
    }
    let _ = game.piece_can_move("a 1");
    let _ = game.moves_of("b 2");
}
