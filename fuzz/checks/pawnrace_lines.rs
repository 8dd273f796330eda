//! Pawn-race input lines: two bytes pick the gaps, the rest are the lines a person types
//! (one move or `back` per line), read with the same capped line reader and played as
//! `chessrules pawnrace P P a h` plays them.
use chessrules::game::game_seat_view::TableGame;
use chessrules::game::Game;
use chessrules::io::input::read_line_capped;
use chessrules::variants::pawnrace::{new_game, Gap};

/// Panics when the property fails (both the fuzz target and its proptest twin call this).
pub fn run(data: &[u8]) {
    let [w, b, rest @ ..] = data else {
        return;
    };
    let mut game = new_game(Gap::wrapping(*w), Gap::wrapping(*b));
    let mut input = rest;
    let mut line = Vec::new();
    while game.rule_end().is_none() {
        line.clear();
        if !read_line_capped(&mut input, &mut line).expect("reading memory") {
            break;
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim();
        if text.eq_ignore_ascii_case("back") {
            game.unmake();
        } else if let Ok(m) = game.parse_move(text) {
            game.make(m);
        }
    }
}
