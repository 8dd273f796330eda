//! Properties of the pawn race move parser: it never panics, and every legal move read back
//! from its SAN and its long forms is the same move.

use chessrules::core::{Move, Position};
use chessrules::engine::baseline::random_move;
use chessrules::engine::Rng;
use chessrules::game::Game;
use chessrules::variants::pawnrace::notation::{is_capture, parse, san};
use chessrules::variants::pawnrace::{new_game, Gap};
use proptest::prelude::*;

/// A position reached by `plies` random moves from a start with these gaps.
fn random_position(gaps: (u8, u8), plies: usize, seed: u64) -> Position {
    let mut s = new_game(Gap::wrapping(gaps.0), Gap::wrapping(gaps.1));
    let mut rng = Rng::new(seed);
    for _ in 0..plies {
        if s.is_decided() {
            break;
        }
        match random_move(&mut s, &mut rng) {
            Some(m) => s.make(m),
            None => break,
        }
    }
    s.position().clone()
}

fn long_forms(pos: &Position, m: Move) -> Vec<String> {
    let shape = &pos.rules().shape;
    let (from, to) = (shape.name(m.from), shape.name(m.to));
    let sep = if is_capture(pos, m) { "x" } else { "-" };
    vec![format!("{from}{sep}{to}"), format!("{from}{to}")]
}

proptest! {
    #[test]
    fn parse_never_panics(text in "\\PC{0,12}", gw in 0u8..8, gb in 0u8..8, plies in 0usize..30, seed: u64) {
        let mut pos = random_position((gw, gb), plies, seed);
        let _ = parse(&mut pos, &text);
    }

    #[test]
    fn parse_never_panics_on_move_like_text(text in "[a-jA-J0-9xX-]{0,6}", plies in 0usize..30, seed: u64) {
        let mut pos = random_position((7, 0), plies, seed);
        let _ = parse(&mut pos, &text);
    }

    #[test]
    fn every_legal_move_round_trips(gw in 0u8..8, gb in 0u8..8, plies in 0usize..40, seed: u64) {
        let mut pos = random_position((gw, gb), plies, seed);
        for m in pos.legal_move_list() {
            let text = san(&pos, m);
            prop_assert_eq!(parse(&mut pos, &text), Ok(m), "{}", text);
            for long in long_forms(&pos, m) {
                prop_assert_eq!(parse(&mut pos, &long), Ok(m), "{}", long);
            }
        }
    }
}
