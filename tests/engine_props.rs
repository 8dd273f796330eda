//! Properties of the engine's small parsers and of the knowledge views: no input panics, and
//! a view never shows more than the board has.

use chessrules::core::Color;
use chessrules::variants::obstacle::knowledge::{view_for, Secret};
use chessrules::variants::obstacle::parse_board;
use proptest::prelude::*;

const INITIAL: &str = "rnbqkbnr\npppppppp\n........\n........\n........\n........\n\
PPPPPPPP\nRNBQKBNR\nw 3 3 + + + + - 0\n";

proptest! {
    #[test]
    fn placement_lines_never_panic_and_round_trip(text in "\\PC{0,8}", black in any::<bool>()) {
        let owner = if black { Color::Black } else { Color::White };
        if let Some(s) = Secret::from_line(owner, &text) {
            let again = format!("{}{}", if s.mine { 'M' } else { 'D' }, s.square);
            prop_assert_eq!(Secret::from_line(owner, &again), Some(s));
            prop_assert!(s.square.file < 8 && s.square.rank < 8);
        }
    }

    #[test]
    fn a_view_hides_and_never_adds(squares in proptest::collection::vec((0u8..8, 0u8..8, any::<bool>(), any::<bool>()), 0..6)) {
        let mut board = parse_board(INITIAL.as_bytes()).unwrap();
        let secrets: Vec<Secret> = squares
            .iter()
            .map(|&(f, r, mine, black)| Secret {
                owner: if black { Color::Black } else { Color::White },
                square: chessrules::core::Square::new(f, r),
                mine,
            })
            .collect();
        for s in &secrets {
            let mut o = board.obstacle(s.square);
            if s.mine { o.mine = true } else { o.hidden_trapdoor = true }
            board.set_obstacle(s.square, o);
        }
        for viewer in [None, Some(Color::White), Some(Color::Black)] {
            let view = view_for(&board, &secrets, &[], viewer);
            for s in &secrets {
                let o = view.obstacle(s.square);
                let shown = if s.mine { o.mine } else { o.hidden_trapdoor };
                let own = secrets
                    .iter()
                    .any(|x| x.square == s.square && x.mine == s.mine && Some(x.owner) == viewer);
                // The other side's secrets are never shown; the viewer's own always are (even
                // where the other side placed the same kind on the same square).
                prop_assert_eq!(shown, own, "{:?} viewer {:?}", s, viewer);
            }
            for r in 0..8 {
                for f in 0..8 {
                    let s = chessrules::core::Square::new(f, r);
                    let (a, b) = (board.obstacle(s), view.obstacle(s));
                    prop_assert!(!b.mine || a.mine);
                    prop_assert!(!b.hidden_trapdoor || a.hidden_trapdoor);
                }
            }
        }
    }
}

#[test]
fn play_seats_reject_what_is_not_a_seat() {
    use std::process::Command;
    for bad in ["", "uci:", "AI", "stockfish"] {
        let out = Command::new(env!("CARGO_BIN_EXE_chessrules"))
            .args(["play", "--variant", "fairy", "--white", bad])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
    }
}
