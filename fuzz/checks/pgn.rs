//! PGN reader + replay, as `chessrules standard validate` runs them. A game that replays as
//! legal is written again as PGN (our SAN, our writer) and must read and replay to the same
//! final FEN.
use chessrules::notation::pgn::PgnReader;
use chessrules::variants::standard::game::StandardGame;
use chessrules::variants::standard::replay::{replay, Verdict};

/// Panics when the property fails (both the fuzz target and its proptest twin call this).
pub fn run(data: &[u8]) {
    let mut reader = PgnReader::new(data);
    for _ in 0..64 {
        let Some(Ok(raw)) = reader.next_game() else {
            break;
        };
        let Verdict::Legal { fen, .. } = replay(&raw).verdict else {
            continue;
        };
        let mut game = match raw.tag("FEN") {
            Some(f) => StandardGame::from_fen(f).expect("replay accepted this FEN"),
            None => StandardGame::new(),
        };
        for text in &raw.moves {
            if game.play_text(text).is_err() {
                // The replay checks legality only; the game also stops at its end
                // (checkmate, stalemate, dead position), so a longer game ends here.
                return;
            }
        }
        let written = game.pgn(&[]);
        let mut back = PgnReader::new(written.as_bytes());
        let again = back
            .next_game()
            .expect("one game")
            .expect("our PGN reads back");
        match replay(&again).verdict {
            Verdict::Legal { fen: f, .. } => assert_eq!(f, fen, "{written}"),
            other => panic!("our PGN did not replay: {other:?}\n{written}"),
        }
    }
}
