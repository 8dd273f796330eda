//! The spec's test list for `applyMoveSequence`, one test per case, named after it. Every
//! attempt goes through `apply`, which also checks that a failed sequence changes nothing.

mod follow_common;

use chessrules::variants::follow::{FollowChess, FollowMoveError};
use follow_common::*;

/// A 5×5 board: Black king b5, White rook c3 and king d1.
const FIVE: &str = ".K...\n.....\n..r..\n.....\n...k.\n";

// ---- input validation

#[test]
fn apply_null_stream_of_moves() {
    let mut g = loaded(FIVE);
    assert!(matches!(
        g.apply_move_sequence(FailingReader),
        Err(FollowMoveError::Io(_))
    ));
    assert_eq!(printed(&g), FIVE);
}

#[test]
fn apply_empty_stream_of_moves() {
    let mut g = loaded(FIVE);
    assert!(apply(&mut g, ""));
    assert_eq!(printed(&g), FIVE);
    // White still moves first.
    assert!(!apply(&mut g, "b 5 b 4\n"));
    assert!(apply(&mut g, "c 3 c 4\n"));
}

// ---- boundary cases (the rook on c3 of FIVE, or pieces on the edges)

#[test]
fn apply_a_single_move() {
    let mut g = loaded(FIVE);
    assert!(apply(&mut g, "c 3 c 4\n"));
    assert_eq!(printed(&g), ".K...\n..r..\n.....\n.....\n...k.\n");
}

#[test]
fn apply_move_starting_on_the_top_edge() {
    let mut g = loaded("r.K\n...\nk..\n");
    assert!(apply(&mut g, "a 3 b 3\n"));
}

#[test]
fn apply_move_starting_on_the_bottom_edge() {
    let mut g = loaded(FIVE);
    assert!(apply(&mut g, "d 1 d 2\n"));
}

#[test]
fn apply_move_ending_on_the_right_edge() {
    assert!(apply(&mut loaded(FIVE), "c 3 e 3\n"));
}

#[test]
fn apply_move_ending_on_the_left_edge() {
    assert!(apply(&mut loaded(FIVE), "c 3 a 3\n"));
}

#[test]
fn apply_move_ending_on_the_top_edge() {
    assert!(apply(&mut loaded(FIVE), "c 3 c 5\n"));
}

#[test]
fn apply_move_ending_on_the_bottom_edge() {
    assert!(apply(&mut loaded(FIVE), "c 3 c 1\n"));
}

#[test]
fn apply_move_ending_above_the_top_edge() {
    let mut g = loaded(FIVE);
    let e = g.apply_move_sequence(&b"c 3 c 6\n"[..]).unwrap_err();
    assert_eq!(e.to_string(), "line 1: square c 6 is off the board");
}

#[test]
fn apply_move_ending_below_the_bottom_edge() {
    assert!(!apply(&mut loaded(FIVE), "c 3 c 0\n"));
}

#[test]
fn apply_move_ending_left_of_the_left_edge() {
    // There is no column left of `a`: the text itself is not a square.
    assert!(!apply(&mut loaded(FIVE), "a 1 ` 1\n"));
    assert!(!apply(&mut loaded(FIVE), "c 3 - 3\n"));
}

#[test]
fn apply_move_ending_right_of_the_right_edge() {
    assert!(!apply(&mut loaded(FIVE), "c 3 f 3\n"));
}

// ---- control flow

#[test]
fn apply_line_with_fewer_than_4_entries() {
    let mut g = loaded(FIVE);
    let e = g.apply_move_sequence(&b"c 3 c4\n"[..]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 1: expected a move like `c 3 c 4`, found \"c 3 c4\""
    );
}

#[test]
fn apply_line_with_more_than_4_entries() {
    assert!(!apply(&mut loaded(FIVE), "c 3 c 4 d\n"));
}

#[test]
fn apply_blank_line_among_the_moves() {
    assert!(!apply(&mut loaded(FIVE), "c 3 c 4\n\nb 5 b 4\n"));
    // A trailing blank line is a blank line too.
    assert!(!apply(&mut loaded(FIVE), "c 3 c 4\n\n"));
}

#[test]
fn apply_each_piece_one_cell_each_direction_when_free() {
    for piece in every_piece() {
        for v in one_cell_moves(piece) {
            let to = shifted("d4", oriented(piece, v));
            assert!(try_from_d4(piece, &to, &[]), "{piece} d4-{to}");
        }
    }
}

#[test]
fn apply_each_piece_one_cell_each_direction_blocked_by_opponent() {
    // Onto an opposing piece: a capture for every piece but a pawn moving straight.
    for piece in every_piece() {
        let foe = if piece.is_ascii_lowercase() { 'N' } else { 'n' };
        for v in one_cell_moves(piece) {
            let to = shifted("d4", oriented(piece, v));
            let pawn = piece.eq_ignore_ascii_case(&'p');
            assert_eq!(
                try_from_d4(piece, &to, &[(&to, foe)]),
                !pawn,
                "{piece} d4x{to}"
            );
        }
    }
}

#[test]
fn apply_each_piece_one_cell_each_direction_blocked_by_own_piece() {
    for piece in every_piece() {
        let own = if piece.is_ascii_lowercase() { 'n' } else { 'N' };
        for v in capture_vectors(piece)
            .into_iter()
            .chain(one_cell_moves(piece))
        {
            let to = shifted("d4", oriented(piece, v));
            assert!(!try_from_d4(piece, &to, &[(&to, own)]), "{piece} d4-{to}");
        }
    }
}

#[test]
fn apply_each_piece_capture_one_cell_each_capture_direction() {
    for piece in every_piece() {
        let foe = if piece.is_ascii_lowercase() { 'B' } else { 'b' };
        for v in capture_vectors(piece) {
            let to = shifted("d4", oriented(piece, v));
            assert!(try_from_d4(piece, &to, &[(&to, foe)]), "{piece} d4x{to}");
        }
    }
}

/// The four edge squares straight out of d4 along `v` on the 7×7 arena.
fn edge_along(v: (i32, i32)) -> String {
    shifted("d4", (v.0 * 3, v.1 * 3))
}

fn sliders() -> impl Iterator<Item = char> {
    ['q', 'r', 'b', 'Q', 'R', 'B'].into_iter()
}

#[test]
fn apply_slider_to_the_edge_when_the_path_is_clear() {
    for piece in sliders() {
        for v in one_cell_moves(piece) {
            let to = edge_along(v);
            assert!(try_from_d4(piece, &to, &[]), "{piece} d4-{to}");
        }
    }
}

#[test]
fn apply_slider_to_the_edge_blocked_by_opponent() {
    for piece in sliders() {
        let foe = if piece.is_ascii_lowercase() { 'P' } else { 'p' };
        for v in one_cell_moves(piece) {
            let (to, block) = (edge_along(v), shifted("d4", (v.0 * 2, v.1 * 2)));
            assert!(
                !try_from_d4(piece, &to, &[(&block, foe)]),
                "{piece} d4-{to}"
            );
        }
    }
}

#[test]
fn apply_slider_to_the_edge_blocked_by_own_piece() {
    for piece in sliders() {
        let own = if piece.is_ascii_lowercase() { 'p' } else { 'P' };
        for v in one_cell_moves(piece) {
            let (to, block) = (edge_along(v), shifted("d4", v));
            assert!(
                !try_from_d4(piece, &to, &[(&block, own)]),
                "{piece} d4-{to}"
            );
        }
    }
}

#[test]
fn apply_slider_captures_at_the_edge_when_the_path_is_clear() {
    for piece in sliders() {
        let foe = if piece.is_ascii_lowercase() { 'R' } else { 'r' };
        for v in one_cell_moves(piece) {
            let to = edge_along(v);
            assert!(try_from_d4(piece, &to, &[(&to, foe)]), "{piece} d4x{to}");
        }
    }
}

/// Every vector some other piece may use that this piece may not.
fn foreign_vectors(piece: char) -> Vec<(i32, i32)> {
    let own: Vec<(i32, i32)> = one_cell_moves(piece);
    let mut all: Vec<(i32, i32)> = KINDS.iter().flat_map(|&k| one_cell_moves(k)).collect();
    all.extend([(0, -1), (1, -1), (-1, -1)]);
    all.sort();
    all.dedup();
    all.retain(|v| !own.contains(&oriented(piece, *v)) && !own.contains(v));
    all
}

#[test]
fn apply_each_piece_in_a_direction_not_allowed() {
    for piece in every_piece() {
        for v in foreign_vectors(piece) {
            let to = shifted("d4", oriented(piece, v));
            assert!(!try_from_d4(piece, &to, &[]), "{piece} d4-{to}");
        }
    }
    // A white pawn moving down, a black pawn moving up.
    assert!(!try_from_d4('p', "d3", &[]));
    assert!(!try_from_d4('P', "d5", &[]));
}

#[test]
fn apply_each_piece_capture_in_a_direction_not_allowed() {
    for piece in every_piece() {
        let foe = if piece.is_ascii_lowercase() { 'Q' } else { 'q' };
        let captures = capture_vectors(piece);
        for v in foreign_vectors(piece) {
            let to = shifted("d4", oriented(piece, v));
            if captures.contains(&v) {
                continue;
            }
            assert!(!try_from_d4(piece, &to, &[(&to, foe)]), "{piece} d4x{to}");
        }
        if piece.eq_ignore_ascii_case(&'p') {
            // Straight ahead and diagonally backwards are no pawn captures.
            for v in [(0, 1), (-1, -1), (1, -1)] {
                let to = shifted("d4", oriented(piece, v));
                assert!(!try_from_d4(piece, &to, &[(&to, foe)]), "{piece} d4x{to}");
            }
        }
    }
}

#[test]
fn apply_king_knight_pawn_two_cells_along_a_valid_direction() {
    for piece in ['k', 'n', 'p', 'K', 'N', 'P'] {
        for v in one_cell_moves(piece) {
            let (dx, dy) = oriented(piece, v);
            // d4 is file 3, rank 4 of a 7×7 board.
            if (0..7).contains(&(3 + dx * 2)) && (1..=7).contains(&(4 + dy * 2)) {
                let to = shifted("d4", (dx * 2, dy * 2));
                assert!(!try_from_d4(piece, &to, &[]), "{piece} d4-{to}");
            }
        }
    }
}

#[test]
fn apply_move_from_an_empty_square() {
    let e = loaded(FIVE)
        .apply_move_sequence(&b"a 1 a 2\n"[..])
        .unwrap_err();
    assert_eq!(e.to_string(), "line 1: no piece on a 1");
}

#[test]
fn apply_two_white_moves_in_a_row() {
    let mut g = loaded(FIVE);
    let e = g
        .apply_move_sequence(&b"c 3 c 4\nc 4 c 3\n"[..])
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 2: it is black's turn, the piece on c 4 is white"
    );
}

#[test]
fn apply_two_black_moves_in_a_row() {
    assert!(!apply(&mut loaded(FIVE), "c 3 c 4\nb 5 b 4\nb 4 b 3\n"));
}

// ---- data flow

#[test]
fn apply_first_move_not_white() {
    assert!(!apply(&mut loaded(FIVE), "b 5 b 4\n"));
}

#[test]
fn apply_two_calls_first_ends_white_second_starts_white() {
    let mut g = loaded(FIVE);
    assert!(apply(&mut g, "c 3 c 4\n"));
    assert!(!apply(&mut g, "c 4 c 3\n"));
}

#[test]
fn apply_two_calls_first_ends_black_second_starts_white() {
    let mut g = loaded(FIVE);
    assert!(apply(&mut g, "c 3 c 4\nb 5 b 4\n"));
    assert!(apply(&mut g, "c 4 c 3\n"));
}

#[test]
fn apply_two_calls_first_ends_white_second_starts_black() {
    let mut g = loaded(FIVE);
    assert!(apply(&mut g, "c 3 c 4\n"));
    assert!(apply(&mut g, "b 5 b 4\n"));
}

#[test]
fn apply_two_calls_first_ends_black_second_starts_black() {
    let mut g = loaded(FIVE);
    assert!(apply(&mut g, "c 3 c 4\nb 5 b 4\n"));
    assert!(!apply(&mut g, "b 4 b 3\n"));
}

#[test]
fn apply_moves_before_a_board_is_loaded() {
    let mut g = FollowChess::new();
    assert!(matches!(
        g.apply_move_sequence(&b"c 3 c 4\n"[..]),
        Err(FollowMoveError::NoBoard)
    ));
    assert!(matches!(
        g.apply_move_sequence(&b""[..]),
        Err(FollowMoveError::NoBoard)
    ));
}

// ---- open points decided in docs/decisions.md, "FollowChess"

#[test]
fn apply_crlf_tabs_and_extra_blanks_are_accepted() {
    for text in [
        "c 3 c 4\r\n",
        "c\t3\tc\t4\n",
        "c  3 c 4\n",
        " c 3 c 4 \n",
        "c 3 c 4",
    ] {
        assert!(apply(&mut loaded(FIVE), text), "{text:?}");
    }
}

#[test]
fn apply_uppercase_columns_and_leading_zeros_are_rejected() {
    assert!(!apply(&mut loaded(FIVE), "C 3 C 4\n"));
    assert!(!apply(&mut loaded(FIVE), "c 03 c 04\n"));
}

#[test]
fn apply_same_start_and_end_square_is_rejected() {
    assert!(!apply(&mut loaded(FIVE), "c 3 c 3\n"));
}

#[test]
fn apply_moves_after_a_king_is_captured_go_on() {
    let mut g = loaded(".kK..\n.....\n..P..\n.....\n.....\n");
    assert!(apply(&mut g, "b 5 c 5\n"));
    assert!(apply(&mut g, "c 3 c 2\n"));
    assert_eq!(g.capture_order(0), Some(&['K'][..]));
    assert_eq!(printed(&g), "..k..\n.....\n.....\n..P..\n.....\n");
}

#[test]
fn apply_pawn_on_the_last_row_stays_a_pawn_and_is_stuck() {
    let mut g = loaded("...K\n.p..\n...k\n");
    assert!(apply(&mut g, "b 2 b 3\n"));
    assert_eq!(printed(&g), ".p.K\n....\n...k\n");
    assert!(!g.piece_can_move("b 3"));
}

#[test]
fn apply_rows_with_two_digits_and_column_t() {
    let mut text = board(20, 17, &[("a10", 'r'), ("t17", 'K'), ("t1", 'k')]);
    let mut g = loaded(&text);
    assert!(apply(&mut g, "a 10 a 11\nt 17 t 16\nt 1 s 1\n"));
    text = board(20, 17, &[("a11", 'r'), ("t16", 'K'), ("s1", 'k')]);
    assert_eq!(printed(&g), text);
}

#[test]
fn apply_huge_line_is_rejected_without_reading_it_whole() {
    let mut g = loaded(FIVE);
    let mut text = vec![b'c'; 5_000_000];
    text.push(b'\n');
    assert!(matches!(
        g.apply_move_sequence(&text[..]),
        Err(FollowMoveError::TooLong { line: 1 })
    ));
}
