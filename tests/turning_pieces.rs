//! Pieces that turn over (kyoto and micro shogi): a `+` kind whose `promotes_to` is its own
//! kind demotes, written `-` as Fairy-Stockfish writes it; `drop_promoted` drops a piece
//! either side up (`+L@c3`); `promotion_on_capture` turns pieces only when they capture.

mod shipped_moves;

use chessrules::notation::fen;
use chessrules::notation::san;
use shipped_moves::{make_and_unmake_restore, play, pos, uci_texts};

fn from(moves: &[String], square: &str) -> Vec<String> {
    let mut out: Vec<String> = moves
        .iter()
        .filter(|m| m.starts_with(square))
        .cloned()
        .collect();
    out.sort();
    out
}

#[test]
fn kyoto_pieces_turn_over_on_every_move() {
    let start = "p+nks+l/5/5/5/+LSK+NP[-] w 0 1";
    let mut p = pos("kyotoshogi", start);
    let moves = uci_texts(&mut p);
    // The pawn must become a rook, the gold from a lance must become a lance again.
    assert_eq!(from(&moves, "e1"), ["e1e2+"]);
    assert_eq!(from(&moves, "a1"), ["a1a2-", "a1b2-"]);
    play(&mut p, "a1a2-");
    assert!(
        fen::write(&p).starts_with("p+nks+l/5/5/L4/1SK+NP"),
        "{}",
        fen::write(&p)
    );
    // Shogi's notation: `-` for the demotion, `+` for the promotion.
    let mut q = pos("kyotoshogi", start);
    let m = shipped_moves::play(&mut pos("kyotoshogi", start), "a1a2-");
    assert_eq!(san::to_san(&mut q, m), "+L-54-", "as pyffish writes it");
    make_and_unmake_restore("kyotoshogi", start);
}

#[test]
fn a_piece_in_hand_goes_down_either_side_up() {
    // White holds a lance: dropped as a lance or as the gold it turns into.
    let fen_text = "2k2/5/5/5/2K2[L] w 0 1";
    let mut p = pos("kyotoshogi", fen_text);
    let moves = uci_texts(&mut p);
    assert!(moves.contains(&"L@c3".to_string()), "{moves:?}");
    assert!(moves.contains(&"+L@c3".to_string()), "{moves:?}");
    play(&mut p, "+L@c3");
    assert!(
        fen::write(&p).starts_with("2k2/5/2+L2/5/2K2[] b"),
        "{}",
        fen::write(&p)
    );
    let m = play(&mut pos("kyotoshogi", fen_text), "+L@c3");
    assert_eq!(san::to_san(&mut pos("kyotoshogi", fen_text), m), "+L*33");
    make_and_unmake_restore("kyotoshogi", fen_text);
    // Taken, the turned piece goes to the hand as what it was.
    let mut q = pos("kyotoshogi", "2k2/5/2+l2/5/2K2[] b 0 1");
    play(&mut q, "c3c2-");
    play(&mut q, "c1c2");
    assert!(fen::write(&q).contains("[L]"), "{}", fen::write(&q));
}

#[test]
fn micro_pieces_turn_over_only_when_they_capture() {
    // The bishop on a1: a quiet step stays a bishop, the capture on c3 must turn it into a
    // gold (`+`), and that gold's next capture turns it back (`-`).
    let fen_text = "k3/4/2p1/4/B2K[] w 0 1";
    let mut p = pos("micro", fen_text);
    assert_eq!(from(&uci_texts(&mut p), "a1"), ["a1b2", "a1c3+"]);
    play(&mut p, "a1c3+");
    play(&mut p, "a5b5");
    let moves = uci_texts(&mut p);
    assert!(moves.contains(&"c3c4".to_string()), "{moves:?}");
    let mut q = pos("micro", "k3/4/2+Bp/4/3K[] w 0 1");
    assert!(uci_texts(&mut q).contains(&"c3d3-".to_string()));
    assert!(!uci_texts(&mut q).contains(&"c3d3".to_string()));
    make_and_unmake_restore("micro", "kb+r+l/p3/4/3P/+L+RBK[-] w 0 1");
}

#[test]
fn hands_are_written_in_fairy_stockfishs_order() {
    // The files list their pieces in the order Fairy-Stockfish writes hands (its piece
    // types, highest first): pyffish writes these two FENs so.
    for (name, fen_text) in [
        ("kyotoshogi", "2k2/5/5/5/2K2[NLPSnlps] w 0 1"),
        ("micro", "k3/4/4/4/3K[LPRBlprb] w 0 1"),
    ] {
        let written = fen::write(&pos(name, &fen_text.replace("NLPS", "SPLN")));
        assert_eq!(
            written.split(' ').next(),
            fen_text.split(' ').next(),
            "{name}"
        );
    }
}
