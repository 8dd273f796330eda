//! Properties of the fairy file formats: no input panics, every legal move written in the move
//! notation is accepted and does what the core does, and written boards read back unchanged.

use chessrules::core::Position;
use chessrules::variants::fairy::{self, notation, play};
use proptest::prelude::*;

const START: &str = "r:2\nk:1\nn:2\nb:2\nq:1\na:1\nw:1\np:6\nd:4\n-----\n\
r n b q a k w b n r\np p p d d d d p p p\n. . . . . . . . . .\n. . . . . . . . . .\n\
. . . . . . . . . .\n. . . . . . . . . .\n. . . . . . . . . .\n. . . . . . . . . .\n\
P P P D D D D P P P\nR N B Q A K W B N R\n-----\nw:++++:0:0\n";

/// A second army with every fairy kind: Dragons, Elephants, Amazon, Princess.
const FAIRY_START: &str = "r:2\nk:1\nf:2\ne:2\na:1\nw:1\nq:1\np:5\nd:5\n-----\n\
r e f w a k q f e r\np d p d p d p d p d\n. . . . . . . . . .\n. . . . . . . . . .\n\
. . . . . . . . . .\n. . . . . . . . . .\n. . . . . . . . . .\n. . . . . . . . . .\n\
D P D P D P D P D P\nR E F W A K Q F E R\n-----\nw:++++:0:0\n";

fn start_text() -> String {
    START.to_string()
}

/// The suffix the spec requires after a move (made on `pos`). Checkmate is judged by the
/// pieces' rules alone, as the move validator does: the halfmove clock is a draw rule.
fn suffix(pos: &mut Position) -> &'static str {
    if !pos.is_check() {
        ""
    } else if pos.legal_move_list().is_empty() {
        "++"
    } else {
        "+"
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn board_parser_never_panics(text in "\\PC{0,400}") {
        let _ = fairy::parse_board(&text);
    }

    #[test]
    fn board_parser_never_panics_on_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        let _ = fairy::parse_board(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn board_parser_never_panics_on_edited_boards(
        edits in proptest::collection::vec((0usize..700, "[-+:. \\nkrqnbpdfeawKRQNBPDFEAWxz0-9%\\r]{0,3}"), 1..6)
    ) {
        let mut text = start_text();
        for (at, insert) in edits {
            let mut at = at.min(text.len());
            while !text.is_char_boundary(at) { at -= 1; }
            text.insert_str(at, &insert);
        }
        if let Ok(board) = fairy::parse_board(&text) {
            // Whatever was accepted writes out and reads back to the same position.
            let written = fairy::write_board(&board.allocation_lines, &board.position);
            let again = fairy::parse_board(&written).expect("our own output is a valid board");
            prop_assert_eq!(fairy::write_board(&again.allocation_lines, &again.position), written);
        }
    }

    #[test]
    fn move_notation_never_panics(text in "\\PC{0,40}") {
        let _ = notation::parse(&text);
    }

    #[test]
    fn move_files_never_panic(text in "([a-j][0-9]{1,2}[-x][a-j][0-9]{1,2}(=[A-Za-z])?\\+{0,2}|0-0|0-0-0|%.*|\\PC{0,8})(\\r?\\n([a-j][0-9]{1,2}[-x][a-j][0-9]{1,2}\\+{0,2}|\\PC{0,8})){0,12}") {
        let board = fairy::parse_board(&start_text()).expect("start board is valid");
        let _ = fairy::play_file(&mut fairy::variant::game_of_board(&board), &text);
    }

    #[test]
    fn every_legal_move_is_accepted_and_boards_round_trip(
        fairy_army in any::<bool>(),
        choices in proptest::collection::vec(any::<u16>(), 0..120),
    ) {
        let start = if fairy_army { FAIRY_START } else { START };
        let board = fairy::parse_board(start).expect("start board is valid");
        let mut game = fairy::variant::game_of_board(&board);
        let mut pos = board.position.clone();
        for (ply, choice) in choices.into_iter().enumerate() {
            let moves = play::legal_moves(&mut pos);
            if moves.is_empty() {
                break;
            }
            // A random move text is accepted only if it is one of the legal moves.
            let mut probe = game.clone();
            let squares = |i: u16| format!("{}{}", (b'a' + (i % 10) as u8) as char, i / 10 % 10 + 1);
            let sep = if choice & 1 == 0 { '-' } else { 'x' };
            // From one of the mover's pieces (so that some probes are legal), to anywhere.
            let own: Vec<_> = pos.pieces(pos.side_to_move()).collect();
            let from = own[(choice >> 1) as usize % own.len()];
            let from = pos.rules().shape.name(from);
            let random = format!("{from}{sep}{}", squares(choice.rotate_left(7)));
            if play::play_line(&mut probe, &random, 1).is_ok() {
                let matches = moves.iter().any(|&m| {
                    let mut p = pos.clone();
                    p.make(m);
                    p == *probe.position()
                });
                prop_assert!(matches, "{} was accepted but is no legal move", random);
            }
            let m = moves[choice as usize % moves.len()];
            let mut text = notation::write(&pos, m);
            pos.make(m);
            text.push_str(suffix(&mut pos));
            let line = ply + 1;
            prop_assert_eq!(play::play_line(&mut game, &text, line), Ok(()), "{}", text);
            prop_assert!(*game.position() == pos, "{} did not do what the core did", text);
            let written = fairy::write_board(&board.allocation_lines, game.position());
            match fairy::parse_board(&written) {
                Ok(again) => prop_assert_eq!(
                    fairy::write_board(&again.allocation_lines, &again.position),
                    written
                ),
                Err(e) => prop_assert!(false, "board after {} does not validate: {}\n{}", text, e, written),
            }
        }
    }
}

#[test]
fn huge_inputs_are_rejected_without_trouble() {
    let line = "x".repeat(5_000_000);
    assert_eq!(
        fairy::parse_board(&line).err(),
        Some(fairy::BoardError::PieceAllocation(1))
    );
    let board = fairy::parse_board(START).expect("start board is valid");
    let mut moves = "% comment\n".repeat(200_000);
    moves.push_str(&line);
    assert_eq!(
        fairy::play_file(&mut fairy::variant::game_of_board(&board), &moves),
        Err(fairy::FairyMoveError::Move(200_001))
    );
}
