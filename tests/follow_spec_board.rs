//! The spec's test list for `loadBoard` and `printBoard`, one test per case, named after it.

mod follow_common;

use chessrules::variants::follow::{BoardError, FollowChess};
use follow_common::*;

const REGULAR: &str =
    "RNBQKBNR\nPPPPPPPP\n........\n........\n........\n........\npppppppp\nrnbqkbnr\n";

fn loads(text: &str) -> bool {
    FollowChess::new().load_board(text.as_bytes()).is_ok()
}

/// Loads then prints: the print must be the loaded text.
fn round_trip(text: &str) {
    assert_eq!(printed(&loaded(text)), text);
}

// ---- loadBoard: input validation

#[test]
fn load_null_parameter() {
    let mut g = FollowChess::new();
    assert!(matches!(
        g.load_board(FailingReader),
        Err(BoardError::Io(_))
    ));
    assert!(g.board_text().is_none());
}

#[test]
fn load_empty_board_stream() {
    assert!(matches!(
        FollowChess::new().load_board(&b""[..]),
        Err(BoardError::Empty)
    ));
    assert!(!loads("\n\n  \n"));
}

// ---- loadBoard: boundary cases

#[test]
fn load_1x1_board() {
    assert!(!loads("k\n"));
    assert!(!loads("K\n"));
}

#[test]
fn load_1x2_board_with_two_kings() {
    assert!(loads("k\nK\n"));
}

#[test]
fn load_2x1_board_with_two_kings() {
    assert!(loads("kK\n"));
}

#[test]
fn load_board_with_one_of_the_kings_missing() {
    assert!(!loads("k.\n..\n"));
    assert!(!loads(".K\n..\n"));
}

#[test]
fn load_board_with_two_kings_of_the_same_colour() {
    assert!(!loads("kK\n.k\n"));
    assert!(!loads("kK\nK.\n"));
}

// ---- loadBoard: control flow

#[test]
fn load_larger_board_with_just_the_two_kings() {
    assert!(loads("....\n.K..\n..k.\n....\n"));
}

#[test]
fn load_larger_board_with_one_copy_of_each_piece() {
    assert!(loads("........\n.RNBQKP.\n.rnbqkp.\n........\n"));
}

#[test]
fn load_regular_chess_board() {
    assert!(loads(REGULAR));
}

#[test]
fn load_board_with_more_pieces_than_a_regular_board() {
    assert!(loads("RRRK\n....\nrrrk\n"));
    assert!(loads(
        "..PPpp....\n...RNBQKP.\n.RRNNBBQQ.\n...rnbqkp.\n.qqbbnnrr.\n..........\n"
    ));
}

#[test]
fn load_board_bigger_than_standard() {
    let big = board(26, 99, &[("a1", 'k'), ("z99", 'K'), ("m50", 'q')]);
    assert!(loads(&big));
}

#[test]
fn load_board_with_all_pieces_on_the_edge() {
    assert!(loads("KQRBNP\nn....p\nkqrbnp\n"));
}

#[test]
fn load_board_with_all_pieces_away_from_the_edge() {
    assert!(loads("......\n.KQRB.\n.NPnp.\n.kqrb.\n......\n"));
}

#[test]
fn load_board_with_leading_blank_lines() {
    let g = loaded("\n\nK...\n....\n...k\n");
    assert_eq!(printed(&g), "K...\n....\n...k\n");
}

#[test]
fn load_board_with_trailing_blank_lines() {
    let g = loaded("K...\n....\n...k\n\n\n");
    assert_eq!(printed(&g), "K...\n....\n...k\n");
    // A line of blanks counts as blank.
    assert_eq!(
        printed(&loaded("K...\n....\n...k\n   \n\t\n")),
        "K...\n....\n...k\n"
    );
}

#[test]
fn load_board_with_a_blank_line_in_the_middle() {
    let mut g = FollowChess::new();
    let e = g.load_board(&b"K...\n\n....\n\n...k\n"[..]).unwrap_err();
    assert!(matches!(e, BoardError::BlankInside { line: 2 }), "{e}");
    assert!(g.board_text().is_none());
}

#[test]
fn load_board_where_the_second_line_is_shorter() {
    let e = FollowChess::new()
        .load_board(&b"K...\n...\n...k\n"[..])
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 2: row has 3 squares, the first row has 4"
    );
}

#[test]
fn load_board_where_the_second_line_is_longer() {
    assert!(!loads("K...\n.....\n...k\n"));
}

#[test]
fn load_twice_with_different_boards() {
    let mut g = loaded("K...\n....\n...k\n");
    assert!(g.load_board(&b"...K\n....\nk...\n"[..]).is_ok());
    assert_eq!(printed(&g), "...K\n....\nk...\n");
}

// ---- printBoard

#[test]
fn print_null_output_stream() {
    let g = loaded("kK\n");
    assert!(g.print_board(FailingWriter).is_err());
    assert!(FollowChess::new().print_board(FailingWriter).is_err());
}

#[test]
fn print_1x2_board() {
    round_trip("k\nK\n");
}

#[test]
fn print_2x1_board() {
    round_trip("kK\n");
}

#[test]
fn print_board_with_pieces_at_the_edge() {
    round_trip("KQRBNP\nn....p\nkqrbnp\n");
}

#[test]
fn print_board_with_pieces_away_from_the_edge() {
    round_trip("......\n.KQRB.\n.NPnp.\n.kqrb.\n......\n");
}

#[test]
fn print_board_with_just_the_two_kings() {
    round_trip("....\n.K..\n..k.\n....\n");
}

#[test]
fn print_board_with_every_piece_type_both_colours() {
    round_trip("........\n.RNBQKP.\n.rnbqkp.\n........\n");
}

#[test]
fn print_board_larger_than_regular() {
    round_trip(&board(20, 17, &[("a10", 'k'), ("t17", 'K'), ("c3", 'N')]));
}

#[test]
fn print_board_before_load() {
    assert_eq!(printed(&FollowChess::new()), "");
}

#[test]
fn print_board_after_successful_moves() {
    // The spec's example (its printed 7th row `Ppp..ppp` is a typo for `ppp..ppp`).
    let mut g = loaded(REGULAR);
    assert!(apply(
        &mut g,
        "e 2 e 3\ng 8 f 6\nd 2 d 3\ne 7 e 6\ne 3 e 4\ne 6 e 5\n"
    ));
    assert_eq!(
        printed(&g),
        "RNBQKB.R\nPPPP.PPP\n.....N..\n....P...\n....p...\n...p....\nppp..ppp\nrnbqkbnr\n"
    );
}

#[test]
fn print_board_after_failed_apply() {
    let mut g = loaded(REGULAR);
    assert!(!apply(&mut g, "e 2 e 3\ng 8 f 6\ne 3 e 5\n"));
    assert_eq!(printed(&g), REGULAR);
}

// ---- open points decided in docs/decisions.md, "FollowChess"

#[test]
fn load_board_with_crlf_line_ends_prints_lf() {
    assert_eq!(
        printed(&loaded("K...\r\n....\r\n...k\r\n")),
        "K...\n....\n...k\n"
    );
}

#[test]
fn load_board_with_trailing_spaces_is_rejected() {
    let e = FollowChess::new()
        .load_board(&b"K... \n.... \n...k \n"[..])
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 1, column 5: ' ' is not a square ('.' or one of pnbrqk PNBRQK)"
    );
}

#[test]
fn load_board_with_tabs_is_rejected() {
    assert!(!loads("K.\t.\n...k\n"));
}

#[test]
fn load_board_27_columns_is_rejected() {
    let wide = board(27, 2, &[("a2", 'K'), ("z1", 'k')]);
    let e = FollowChess::new().load_board(wide.as_bytes()).unwrap_err();
    assert_eq!(e.to_string(), "line 1: row has more than 26 squares");
    assert!(loads(&board(26, 2, &[("a2", 'K'), ("z1", 'k')])));
}

#[test]
fn load_board_100_rows_is_rejected() {
    assert!(!loads(&board(2, 100, &[("a1", 'k'), ("b100", 'K')])));
}

#[test]
fn load_board_with_other_letters_and_digits_is_rejected() {
    assert!(!loads("....\n.KX.\n.yk.\n....\n"));
    assert!(!loads("K..1\n...k\n"));
}

#[test]
fn load_board_without_final_newline_and_with_bom() {
    assert_eq!(printed(&loaded("K...\n....\n...k")), "K...\n....\n...k\n");
    assert_eq!(printed(&loaded("\u{feff}K.\n.k\n")), "K.\n.k\n");
}

#[test]
fn failed_load_leaves_no_board() {
    let mut g = loaded("K...\n....\n...k\n");
    assert!(g.load_board(&b"K...\n...\n...k\n"[..]).is_err());
    assert_eq!(printed(&g), "");
    assert!(!apply(&mut g, "a 3 a 2\n"));
}
