//! Properties of the FollowChess readers: no input panics, boards round-trip through
//! print, a failed move sequence changes nothing, and every move the library reports for a
//! piece is accepted as a move line.

use chessrules::variants::follow::{rules_for, FollowChess};
use proptest::prelude::*;

/// A valid board: any rectangle up to 26 × 12 (rows are cheap; width is the edge case),
/// random pieces, one king per colour.
fn valid_board() -> impl Strategy<Value = String> {
    (1usize..=26, 1usize..=12)
        .prop_filter("room for two kings", |(f, r)| f * r >= 2)
        .prop_flat_map(|(files, ranks)| {
            let cells = files * ranks;
            (
                Just(files),
                proptest::collection::vec(prop::sample::select(b".....pnbrqPNBRQ".to_vec()), cells),
                0..cells,
                0..cells - 1,
            )
        })
        .prop_map(|(files, mut cells, white_king, black_king)| {
            cells[white_king] = b'k';
            let black_king = if black_king >= white_king {
                black_king + 1
            } else {
                black_king
            };
            cells[black_king] = b'K';
            cells
                .chunks(files)
                .map(|row| String::from_utf8_lossy(row).into_owned() + "\n")
                .collect()
        })
}

fn printed(g: &FollowChess) -> String {
    let mut out = Vec::new();
    g.print_board(&mut out).unwrap();
    String::from_utf8(out).unwrap()
}

proptest! {
    #[test]
    fn load_board_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let mut g = FollowChess::new();
        if g.load_board(&bytes[..]).is_err() {
            prop_assert!(g.board_text().is_none());
        }
    }

    #[test]
    fn load_board_never_panics_on_near_boards(
        bytes in proptest::collection::vec(
            prop::sample::select(b".kKpP\n\r \tX".to_vec()), 0..200)
    ) {
        let mut g = FollowChess::new();
        let _ = g.load_board(&bytes[..]);
    }

    #[test]
    fn boards_round_trip(text in valid_board()) {
        let mut g = FollowChess::new();
        prop_assert!(g.load_board(text.as_bytes()).is_ok(), "{}", text);
        prop_assert_eq!(printed(&g), text.clone());
        // CRLF and blank lines around it read the same.
        let crlf = format!("\r\n \n{}\n\n", text.replace('\n', "\r\n"));
        prop_assert!(g.load_board(crlf.as_bytes()).is_ok());
        prop_assert_eq!(printed(&g), text);
    }

    #[test]
    fn failed_sequences_change_nothing(
        text in valid_board(),
        moves in proptest::collection::vec(any::<u8>(), 0..200),
    ) {
        let mut g = FollowChess::new();
        g.load_board(text.as_bytes()).unwrap();
        let before = (printed(&g), g.side_to_move());
        if g.apply_move_sequence(&moves[..]).is_err() {
            prop_assert_eq!((printed(&g), g.side_to_move()), before);
            prop_assert_eq!(g.capture_order(0), Some(&[][..]));
            prop_assert_eq!(g.capture_order(1), Some(&[][..]));
        }
    }

    #[test]
    fn piece_can_move_never_panics(text in valid_board(), position in ".{0,12}") {
        let mut g = FollowChess::new();
        g.load_board(text.as_bytes()).unwrap();
        let _ = g.piece_can_move(&position);
        let _ = FollowChess::new().piece_can_move(&position);
    }

    #[test]
    fn reported_moves_are_accepted(text in valid_board(), picks in proptest::collection::vec(any::<u32>(), 1..20)) {
        let mut g = FollowChess::new();
        g.load_board(text.as_bytes()).unwrap();
        let files = text.find('\n').unwrap();
        let ranks = text.lines().count();
        let shape = rules_for(files, ranks).unwrap().shape.clone();
        let mut lines = String::new();
        let mut expected_captures = 0;
        for pick in picks {
            let pos = g.position().unwrap().clone();
            let side = pos.side_to_move();
            let mut all = Vec::new();
            for sq in pos.pieces(side) {
                let name = shape.square(sq);
                let at = format!("{} {}", (b'a' + name.file) as char, name.rank + 1);
                all.extend(g.moves_of(&at).unwrap_or_default());
            }
            if all.is_empty() {
                break;
            }
            let m = all[pick as usize % all.len()];
            if pos.piece_at(m.to).is_some() {
                expected_captures += 1;
            }
            let (f, t) = (shape.square(m.from), shape.square(m.to));
            let line = format!(
                "{} {} {} {}\n",
                (b'a' + f.file) as char, f.rank + 1, (b'a' + t.file) as char, t.rank + 1
            );
            prop_assert!(g.apply_move_sequence(line.as_bytes()).is_ok(), "{}{}", text, line);
            lines.push_str(&line);
        }
        let captured = g.capture_order(0).unwrap().len() + g.capture_order(1).unwrap().len();
        prop_assert_eq!(captured, expected_captures);
        // The same moves as one sequence on a fresh load give the same board.
        let mut again = FollowChess::new();
        again.load_board(text.as_bytes()).unwrap();
        prop_assert!(again.apply_move_sequence(lines.as_bytes()).is_ok());
        prop_assert_eq!(printed(&again), printed(&g));
    }
}
