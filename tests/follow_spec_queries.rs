//! The spec's test list for `captureOrder`, `inCheck` and `pieceCanMove`, one test per case,
//! named after it.

mod follow_common;

use chessrules::variants::follow::FollowChess;
use follow_common::*;

/// Both kings and queens facing pawns: the course's capture board.
const CAPTURES: &str = ".Q...\n.p.Q.\n.k.K.\n.p.Q.\n...q.\n";

fn captured(g: &FollowChess, player: i32) -> String {
    g.capture_order(player)
        .map(|l| l.iter().collect())
        .unwrap_or_else(|| "null".into())
}

// ---- captureOrder

#[test]
fn capture_order_invalid_player_number() {
    let g = loaded(CAPTURES);
    assert_eq!(g.capture_order(-1), None);
    assert_eq!(g.capture_order(2), None);
}

#[test]
fn capture_order_player_that_captured_nothing() {
    let mut g = loaded(CAPTURES);
    assert!(apply(&mut g, "d 1 d 2\n"));
    assert_eq!(captured(&g, 0), "Q");
    assert_eq!(captured(&g, 1), "");
}

#[test]
fn capture_order_one_piece() {
    let mut g = loaded(CAPTURES);
    assert!(apply(&mut g, "d 1 d 2\n"));
    assert_eq!(captured(&g, 0), "Q");
}

#[test]
fn capture_order_multiple_distinct_types() {
    let mut g = loaded("RNB..\n.....\n.....\n.....\nqK..k\n");
    assert!(apply(
        &mut g,
        "a 1 a 5\nb 1 b 2\na 5 b 5\nb 2 b 1\nb 5 c 5\n"
    ));
    assert_eq!(captured(&g, 0), "RNB");
}

#[test]
fn capture_order_multiple_of_the_same_type_in_sequence() {
    let mut g = loaded("PPP..\n.....\n.....\n.....\nqK..k\n");
    assert!(apply(
        &mut g,
        "a 1 a 5\nb 1 b 2\na 5 b 5\nb 2 b 1\nb 5 c 5\n"
    ));
    assert_eq!(captured(&g, 0), "PPP");
}

#[test]
fn capture_order_same_type_intermixed_with_others() {
    let mut g = loaded("PNP..\n.....\n.....\n.....\nqK..k\n");
    assert!(apply(
        &mut g,
        "a 1 a 5\nb 1 b 2\na 5 b 5\nb 2 b 1\nb 5 c 5\n"
    ));
    assert_eq!(captured(&g, 0), "PNP");
}

#[test]
fn capture_order_when_each_piece_type_was_captured() {
    // The course's board: both kings fall, and play goes on.
    let mut g = loaded(CAPTURES);
    assert!(apply(
        &mut g,
        "d 1 d 2\nb 5 b 4\nd 2 d 3\nb 4 b 3\nd 3 d 4\nb 3 b 2\n"
    ));
    assert_eq!(captured(&g, 0), "QKQ");
    assert_eq!(captured(&g, 1), "pkp");
    let mut g = loaded("RNBPQ.\n......\n......\n......\n......\nqK...k\n");
    assert!(apply(
        &mut g,
        "a 1 a 6\nb 1 b 2\na 6 b 6\nb 2 b 1\nb 6 c 6\nb 1 b 2\nc 6 d 6\nb 2 b 1\nd 6 e 6\nb 1 b 2\ne 6 b 3\nb 2 b 1\nb 3 b 1\n"
    ));
    assert_eq!(captured(&g, 0), "RNBPQK");
}

#[test]
fn capture_order_for_the_white_player() {
    let mut g = loaded("...K\n.Q..\nr..k\n");
    assert!(apply(&mut g, "a 1 a 2\nb 2 b 1\na 2 d 2\n"));
    assert_eq!(captured(&g, 0), "");
    let mut g = loaded("...K\nQ...\nr..k\n");
    assert!(apply(&mut g, "a 1 a 2\n"));
    assert_eq!(captured(&g, 0), "Q");
}

#[test]
fn capture_order_for_the_black_player() {
    let mut g = loaded("R..K\nq...\n...k\n");
    assert!(apply(&mut g, "d 1 c 1\na 3 a 2\n"));
    assert_eq!(captured(&g, 1), "q");
    assert_eq!(captured(&g, 0), "");
}

#[test]
fn capture_order_before_a_board_is_loaded() {
    let g = FollowChess::new();
    assert_eq!(captured(&g, 0), "");
    assert_eq!(captured(&g, 1), "");
    assert_eq!(captured(&g, 2), "null");
}

#[test]
fn capture_order_before_any_move() {
    let g = loaded(CAPTURES);
    assert_eq!(
        (captured(&g, 0), captured(&g, 1)),
        (String::new(), String::new())
    );
}

#[test]
fn capture_order_after_moves_without_captures() {
    let mut g = loaded(CAPTURES);
    assert!(apply(&mut g, "d 1 e 1\nb 5 a 5\n"));
    assert_eq!(
        (captured(&g, 0), captured(&g, 1)),
        (String::new(), String::new())
    );
}

#[test]
fn capture_order_after_two_sequences_on_the_same_board() {
    let mut g = loaded(CAPTURES);
    assert!(apply(&mut g, "d 1 d 2\nb 5 b 4\n"));
    assert!(apply(&mut g, "d 2 d 3\nb 4 b 3\n"));
    assert_eq!(captured(&g, 0), "QK");
    assert_eq!(captured(&g, 1), "pk");
}

#[test]
fn capture_order_rolled_back_when_a_sequence_fails() {
    let mut g = loaded(CAPTURES);
    assert!(!apply(&mut g, "d 1 d 2\nb 5 b 4\ne 1 e 9\n"));
    assert_eq!(
        (captured(&g, 0), captured(&g, 1)),
        (String::new(), String::new())
    );
}

#[test]
fn capture_order_cleared_by_a_new_load() {
    let mut g = loaded(CAPTURES);
    assert!(apply(&mut g, "d 1 d 2\n"));
    g.load_board(CAPTURES.as_bytes()).unwrap();
    assert_eq!(captured(&g, 0), "");
}

// ---- inCheck

#[test]
fn in_check_invalid_player_number() {
    let g = loaded("....\n.kK.\n....\n");
    assert!(!g.in_check(-1));
    assert!(!g.in_check(2));
}

#[test]
fn in_check_player_with_a_single_king() {
    let g = loaded("....\n.K..\n...k\n....\n");
    assert!(!g.in_check(0) && !g.in_check(1));
}

#[test]
fn in_check_player_whose_king_was_captured() {
    let mut g = loaded(".kK..\n.....\n..P..\n.....\n.....\n");
    assert!(apply(&mut g, "b 5 c 5\n"));
    assert!(!g.in_check(1));
    assert!(!g.in_check(0));
}

#[test]
fn in_check_king_not_in_check_for_each_player() {
    let g = loaded("K...\n....\n...k\n");
    assert!(!g.in_check(0));
    assert!(!g.in_check(1));
}

/// `attacker` on d4 of the arena, the opposing king at `king_sq`: is that king in check?
fn checked_by(attacker: char, king_sq: &str, extra: &[(&str, char)]) -> bool {
    let (victim, own_king) = if attacker.is_ascii_lowercase() {
        (('K', 1), WHITE_KING)
    } else {
        (('k', 0), BLACK_KING)
    };
    let mut placed = vec![("d4", attacker), (king_sq, victim.0)];
    if !attacker.eq_ignore_ascii_case(&'k') {
        placed.push(own_king);
    }
    placed.extend_from_slice(extra);
    let g = loaded(&board(ARENA, ARENA, &placed));
    g.in_check(victim.1)
}

#[test]
fn in_check_each_piece_type_one_cell_away_for_each_player() {
    for piece in every_piece() {
        for v in capture_vectors(piece) {
            let king_sq = shifted("d4", oriented(piece, v));
            assert!(checked_by(piece, &king_sq, &[]), "{piece} -> {king_sq}");
        }
        // A pawn does not give check straight ahead.
        if piece.eq_ignore_ascii_case(&'p') {
            let ahead = shifted("d4", oriented(piece, (0, 1)));
            assert!(!checked_by(piece, &ahead, &[]), "{piece} -> {ahead}");
        }
    }
}

#[test]
fn in_check_rook_bishop_queen_several_cells_away() {
    for piece in ['q', 'r', 'b', 'Q', 'R', 'B'] {
        for (dx, dy) in one_cell_moves(piece) {
            let king_sq = shifted("d4", (dx * 3, dy * 3));
            // a1 and g7 touch the arena kings: a check from them would prove nothing.
            if king_sq == "a1" || king_sq == "g7" {
                continue;
            }
            assert!(checked_by(piece, &king_sq, &[]), "{piece} -> {king_sq}");
        }
    }
}

#[test]
fn in_check_path_blocked_by_another_piece() {
    for piece in ['q', 'r', 'b', 'Q', 'R', 'B'] {
        for (dx, dy) in one_cell_moves(piece) {
            let king_sq = shifted("d4", (dx * 3, dy * 3));
            if king_sq == "a1" || king_sq == "g7" {
                continue;
            }
            let block = shifted("d4", (dx * 2, dy * 2));
            assert!(
                !checked_by(piece, &king_sq, &[(&block, 'n')]),
                "{piece} -> {king_sq}"
            );
        }
    }
}

#[test]
fn in_check_by_more_than_one_piece() {
    let g = loaded("K..r\n.n..\n...k\n");
    assert!(g.in_check(1));
}

#[test]
fn in_check_before_a_board_is_loaded() {
    let g = FollowChess::new();
    assert!(!g.in_check(0) && !g.in_check(1));
}

#[test]
fn in_check_after_moves() {
    let mut g = loaded("K...\n....\n.r.k\n");
    assert!(!g.in_check(1));
    assert!(apply(&mut g, "b 1 b 3\n"));
    assert!(g.in_check(1));
    assert!(!g.in_check(0));
}

#[test]
fn in_check_kings_side_by_side_both() {
    let g = loaded("....\n.kK.\n....\n");
    assert!(g.in_check(0) && g.in_check(1));
}

// ---- pieceCanMove

#[test]
fn piece_can_move_empty_position_string() {
    assert!(!loaded("K...\n....\n.p.k\n").piece_can_move(""));
}

#[test]
fn piece_can_move_position_above_the_top_edge() {
    assert!(!loaded("K...\n....\n.p.k\n").piece_can_move("a 4"));
}

#[test]
fn piece_can_move_position_below_the_bottom_edge() {
    assert!(!loaded("K...\n....\n.p.k\n").piece_can_move("b 0"));
}

#[test]
fn piece_can_move_position_left_of_the_left_edge() {
    assert!(!loaded("K...\n....\n.p.k\n").piece_can_move("` 1"));
}

#[test]
fn piece_can_move_position_right_of_the_right_edge() {
    assert!(!loaded("K...\n....\n.p.k\n").piece_can_move("e 1"));
}

#[test]
fn piece_can_move_position_with_no_piece() {
    assert!(!loaded("K...\n....\n.p.k\n").piece_can_move("a 1"));
}

/// `piece` on d4 of the arena with `extra`; can it move?
fn can_move(piece: char, extra: &[(&str, char)]) -> bool {
    move_count(piece, extra) > 0
}

/// How many moves `piece` on d4 of the arena with `extra` has.
fn move_count(piece: char, extra: &[(&str, char)]) -> usize {
    let mut placed: Vec<(&str, char)> = [WHITE_KING, BLACK_KING]
        .into_iter()
        .filter(|&(_, k)| k != piece)
        .collect();
    placed.push(("d4", piece));
    placed.extend_from_slice(extra);
    let g = loaded(&board(ARENA, ARENA, &placed));
    let count = g.moves_of("d 4").map_or(0, |m| m.len());
    assert_eq!(g.piece_can_move("d 4"), count > 0);
    count
}

/// Every square `piece` on d4 moves or captures to, including beyond one cell for sliders.
fn ring(piece: char) -> Vec<String> {
    let mut all: Vec<(i32, i32)> = one_cell_moves(piece);
    all.extend(capture_vectors(piece));
    all.iter()
        .map(|&v| shifted("d4", oriented(piece, v)))
        .collect()
}

fn own(piece: char) -> char {
    if piece.is_ascii_lowercase() {
        'n'
    } else {
        'N'
    }
}

fn foe(piece: char) -> char {
    if piece.is_ascii_lowercase() {
        'R'
    } else {
        'r'
    }
}

#[test]
fn piece_can_move_each_direction_alone_open() {
    for piece in every_piece() {
        let ring = ring(piece);
        for open in one_cell_moves(piece) {
            let open = shifted("d4", oriented(piece, open));
            let blocks: Vec<(&str, char)> = ring
                .iter()
                .filter(|s| **s != open)
                .map(|s| (s.as_str(), own(piece)))
                .collect();
            assert!(can_move(piece, &blocks), "{piece} only {open} open");
        }
    }
}

#[test]
fn piece_can_move_more_than_one_one_step_move() {
    for piece in every_piece() {
        assert!(can_move(piece, &[]), "{piece}");
    }
}

#[test]
fn piece_can_move_all_directions_blocked_by_own_pieces() {
    for piece in every_piece() {
        let ring = ring(piece);
        let blocks: Vec<(&str, char)> = ring.iter().map(|s| (s.as_str(), own(piece))).collect();
        assert!(!can_move(piece, &blocks), "{piece}");
    }
}

#[test]
fn piece_can_move_blocked_except_one_opposing_piece_in_a_capture_direction() {
    for piece in every_piece() {
        let ring = ring(piece);
        for v in capture_vectors(piece) {
            let target = shifted("d4", oriented(piece, v));
            let mut blocks: Vec<(&str, char)> = ring
                .iter()
                .filter(|s| **s != target)
                .map(|s| (s.as_str(), own(piece)))
                .collect();
            blocks.push((&target, foe(piece)));
            assert!(can_move(piece, &blocks), "{piece} x{target}");
        }
    }
}

#[test]
fn piece_can_move_more_than_one_capture() {
    for piece in every_piece() {
        let ring = ring(piece);
        let blocks: Vec<(&str, char)> = ring.iter().map(|s| (s.as_str(), foe(piece))).collect();
        // Surrounded by opposing pieces: every capture direction is a move (a pawn's two).
        let want = capture_vectors(piece).len();
        assert_eq!(move_count(piece, &blocks), want, "{piece}");
    }
}

#[test]
fn piece_can_move_pawn_blocked_ahead_with_empty_capture_squares() {
    assert!(!can_move('p', &[("d5", 'N')]));
    assert!(!can_move('P', &[("d3", 'n')]));
    assert!(!can_move('p', &[("d5", 'n')]));
}

#[test]
fn piece_can_move_white_pawn_open_only_down() {
    let g = loaded("K..\n.N.\n.p.\n..k\n");
    assert!(!g.piece_can_move("b 2"));
}

#[test]
fn piece_can_move_black_pawn_open_only_up() {
    let g = loaded("K..\n.P.\n.n.\n..k\n");
    assert!(!g.piece_can_move("b 3"));
}

#[test]
fn piece_can_move_slider_space_beyond_blocking_pieces() {
    for piece in ['q', 'r', 'b', 'Q', 'R', 'B'] {
        let ring = ring(piece);
        let blocks: Vec<(&str, char)> = ring.iter().map(|s| (s.as_str(), own(piece))).collect();
        assert!(!can_move(piece, &blocks), "{piece}");
    }
}

#[test]
fn piece_can_move_before_a_board_is_loaded() {
    assert!(!FollowChess::new().piece_can_move("a 1"));
}

#[test]
fn piece_can_move_after_moves() {
    let mut g = loaded("K..\n.N.\n...\n.p.\n..k\n");
    assert!(g.piece_can_move("b 2"));
    assert!(apply(&mut g, "b 2 b 3\n"));
    assert!(!g.piece_can_move("b 3"));
}

#[test]
fn piece_can_move_ignores_whose_turn_it_is() {
    let g = loaded("K...\n....\n.p.k\n");
    assert!(g.piece_can_move("a 3"));
}

#[test]
fn piece_can_move_position_text_variants() {
    let g = loaded("K...\n....\n.p.k\n");
    for ok in ["b 1", "b  1", " b 1", "b 1 ", "b\t1"] {
        assert!(g.piece_can_move(ok), "{ok:?}");
    }
    for bad in ["b1", "B 1", "b 01", "b 1 b", "b"] {
        assert!(!g.piece_can_move(bad), "{bad:?}");
    }
}
