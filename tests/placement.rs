//! Placement setups (`[rules] must_drop`, `drop_both_colours`, `castling_by_drop`,
//! `captures_to_hand`), through the shipped `placement` file: the setup's drops, the bishops'
//! colours, the castlings a dropped king and rook earn, captures that leave the game, the FEN
//! with a king in hand, and make/unmake restoring every position.

mod shipped_moves;

use chessrules::notation::fen;
use chessrules::variants::custom::{builtin, load_variant_file};
use shipped_moves::{make_and_unmake_restore, play, pos, uci_texts};

const START: &str = "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1";

#[test]
fn while_a_side_holds_pieces_it_drops_them_on_its_first_rank() {
    let mut p = pos("placement", START);
    let moves = uci_texts(&mut p);
    // Five kinds on eight squares, and no pawn move while a drop is legal.
    assert_eq!(moves.len(), 40, "{moves:?}");
    assert!(moves.iter().all(|m| m.contains('@') && m.ends_with('1')));
}

#[test]
fn a_side_whose_hand_is_empty_moves_its_pieces() {
    // White has placed everything; Black still holds a knight.
    let mut p = pos(
        "placement",
        "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[n] w KQq - 0 1",
    );
    let moves = uci_texts(&mut p);
    assert!(moves.contains(&"e2e4".to_string()) && moves.contains(&"g1f3".to_string()));
    play(&mut p, "e2e4");
    assert_eq!(uci_texts(&mut p), vec!["N@h8".to_string()]);
}

#[test]
fn the_second_bishop_goes_to_the_other_colour_and_others_leave_it_a_square() {
    // White's bishop stands on d1 (light): the other bishop may only go to a dark square; and
    // with one dark square left (c1), no other piece may take it.
    let mut p = pos(
        "placement",
        "8/pppppppp/8/8/8/8/PPPPPPPP/QR1BKNN1[BRk] w - - 0 1",
    );
    let moves = uci_texts(&mut p);
    assert!(moves.contains(&"B@c1".to_string()));
    assert!(!moves.contains(&"B@h1".to_string()), "h1 is light, as d1");
    assert!(
        !moves.contains(&"R@c1".to_string()),
        "c1 is the bishop's last dark square"
    );
    assert!(moves.contains(&"R@h1".to_string()));
}

#[test]
fn a_king_and_rook_dropped_on_their_squares_earn_that_castling() {
    let mut p = pos(
        "placement",
        "r3k3/pppppppp/8/8/8/8/PPPPPPPP/R6R[Kr] w q - 0 1",
    );
    play(&mut p, "K@e1");
    assert_eq!(
        fen::write(&p),
        "r3k3/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[r] b KQq - 1 1"
    );
    // Black's rook on h8 earns the king's side: the king already stands on e8.
    play(&mut p, "R@h8");
    assert!(fen::write(&p).contains(" w KQkq "), "{}", fen::write(&p));
    // A rook dropped elsewhere earns nothing.
    let mut q = pos(
        "placement",
        "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[Rr] w - - 0 1",
    );
    play(&mut q, "R@g1");
    assert!(fen::write(&q).contains(" b - "), "{}", fen::write(&q));
}

#[test]
fn captured_pieces_leave_the_game() {
    let mut p = pos(
        "placement",
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR[] w KQkq - 0 1",
    );
    play(&mut p, "e4d5");
    assert!(fen::write(&p).starts_with("rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[] b"));
}

#[test]
fn a_king_may_wait_in_hand_only_where_pieces_must_be_dropped() {
    // One king in all per side, on the board or in hand.
    assert!(builtin::by_name("placement")
        .expect("shipped")
        .variant
        .position_from_fen("8/pppppppp/8/8/8/8/PPPPPPPP/4K3[Kkq] w - - 0 1")
        .is_err());
    let zh = &builtin::by_name("crazyhouse").expect("shipped").variant;
    let err = zh
        .position_from_fen("8/pppppppp/8/8/8/8/PPPPPPPP/8[KQk] w - - 0 1")
        .expect_err("crazyhouse has no king in hand");
    assert!(err.to_string().contains("royal"), "{err}");
}

#[test]
fn make_and_unmake_restore_every_setup_move() {
    for text in [
        START,
        "r3k3/pppppppp/8/8/8/8/PPPPPPPP/R6R[Kr] w q - 0 1",
        "1n1r1q2/pppppppp/8/8/8/8/PPPPPPPP/1N1B1R1N[KQRBkrbbn] b - - 0 4",
    ] {
        make_and_unmake_restore("placement", text);
    }
}

#[test]
fn the_setup_keys_need_drops() {
    let text = r#"
name = "x"
[board]
files = 8
ranks = 8
start = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
[rules]
must_drop = true
[[piece]]
letter = "K"
name = "king"
betza = "K"
royal = true
"#;
    let Err(err) = load_variant_file(text) else {
        panic!("must_drop without drops was accepted");
    };
    assert!(
        err.to_string().contains("need [rules] drops = true"),
        "{err}"
    );
}

#[test]
fn a_king_in_hand_goes_down_first_and_other_pieces_wait() {
    // Koedem: White holds a king and a queen. While the king may be dropped, only its drops
    // are legal (32 empty squares in the middle, d1 and e1); once it is down, the queen's
    // drops come with the board's moves.
    let mut p = pos(
        "koedem",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB2BNR[KQ] w kq - 0 1",
    );
    let moves = uci_texts(&mut p);
    assert_eq!(moves.len(), 34, "{moves:?}");
    assert!(moves.iter().all(|m| m.starts_with("K@")), "{moves:?}");
    play(&mut p, "K@e1");
    play(&mut p, "e7e5");
    let moves = uci_texts(&mut p);
    assert!(moves.contains(&"Q@d1".to_string()) && moves.contains(&"e2e4".to_string()));
}

#[test]
fn must_drop_kind_needs_must_drop() {
    let text = std::fs::read_to_string("variants/koedem.toml").expect("koedem.toml");
    let text = text.replace("must_drop = true\n", "");
    let err = load_variant_file(&text).expect_err("must_drop_kind alone");
    assert!(err.to_string().contains("needs must_drop"), "{err}");
}
