//! Several royal pieces a side, through the shipped `coregal` file (its queens
//! `pseudo_royal`): FENs with more than one, promotions that make one more, moves that may not
//! leave any attacked, and SAN that writes a check only against the king.

mod shipped_moves;

use chessrules::notation::{coordinate, fen, san};
use chessrules::variants::standard;
use shipped_moves::{make_and_unmake_restore, play, pos, uci_texts};

#[test]
fn a_side_may_have_several_royal_pieces_where_they_may_multiply() {
    // Two white queens and a king: a coregal position, and no FIDE one.
    let text = "4k3/8/8/8/8/8/8/QQ2K3 w - - 0 1";
    let p = pos("coregal", text);
    assert_eq!(fen::write(&p), text);
    let err = fen::parse(standard::rules(), "4k3/8/8/8/8/8/8/KK6 w - - 0 1").unwrap_err();
    assert!(err.to_string().contains("exactly one king"), "{err}");
}

#[test]
fn no_move_leaves_a_queen_attacked_and_an_attack_on_it_is_no_written_check() {
    // The b-pawn's step attacks Black's queen on a5: Black must answer as if in check.
    let text = "rnb1kbnr/pp1ppppp/2p5/q7/7P/5N2/PPPPPPP1/RNBQKB1R w KQkq - 1 3";
    let mut p = pos("coregal", text);
    let m = coordinate::parse(&mut p, "b2b4").expect("legal");
    assert_eq!(
        san::to_san(&mut p, m),
        "b4",
        "Fairy-Stockfish writes no check"
    );
    play(&mut p, "b2b4");
    assert!(p.is_check(), "the queen is attacked");
    for reply in uci_texts(&mut p) {
        assert!(
            reply.starts_with("a5") || reply.ends_with("b4"),
            "{reply} leaves the queen attacked"
        );
    }
}

#[test]
fn a_promotion_to_a_queen_makes_one_more_royal_piece() {
    // White promotes on a8; the rook on h8 then attacks it along the rank, so the queen
    // promotion is no legal move while the knight promotion is.
    let mut p = pos("coregal", "7r/P7/8/8/8/8/8/k3K3 w - - 0 1");
    let moves = uci_texts(&mut p);
    assert!(!moves.contains(&"a7a8q".to_string()), "{moves:?}");
    assert!(moves.contains(&"a7a8n".to_string()), "{moves:?}");
    make_and_unmake_restore("coregal", "7r/P7/8/8/8/8/8/k3K3 w - - 0 1");
}
