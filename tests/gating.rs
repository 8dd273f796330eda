//! Gating (`[rules] gating`), through the shipped S-chess and S-house files: what a gated move
//! does to the board, the hand and the gates; how the FEN's castling field reads and writes
//! the gates; the move texts (`g1f3h`, `Nf3/H`, `O-O/Hh1`); and that make and unmake leave the
//! position, key included, as it was.

mod shipped_moves;

use chessrules::notation::{coordinate, fen, san};
use chessrules::variants::custom::builtin;
use shipped_moves::{play, pos, uci_texts};

fn start(variant: &str) -> chessrules::core::Position {
    builtin::by_name(variant)
        .expect("shipped")
        .variant
        .start_position()
        .expect("a start")
}

#[test]
fn a_gated_piece_enters_on_the_square_left_and_closes_that_gate() {
    let mut p = start("seirawan");
    assert_eq!(
        fen::write(&p),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w KQBCDFGkqbcdfg - 0 1"
    );
    play(&mut p, "g1f3h");
    // The hawk stands where the knight stood; the g-file gate is closed; the hand is E.
    assert_eq!(
        fen::write(&p),
        "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKBHR[Eeh] b KQBCDFkqbcdfg - 1 1"
    );
    // A move without gating closes its gate too.
    play(&mut p, "b8c6");
    assert_eq!(
        fen::write(&p),
        "r1bqkbnr/pppppppp/2n5/8/8/5N2/PPPPPPPP/RNBQKBHR[Eeh] w KQBCDFkqcdfg - 2 2"
    );
}

#[test]
fn each_move_off_a_gate_comes_once_alone_and_once_per_kind_in_hand() {
    let mut p = start("seirawan");
    let moves = uci_texts(&mut p);
    // 20 moves alone; the 4 knight moves leave gates, each gated with E or H.
    assert_eq!(moves.len(), 28);
    for text in ["b1a3", "b1a3e", "b1a3h", "g1h3h", "e2e4"] {
        assert!(moves.contains(&text.to_string()), "{text}");
    }
    assert!(
        !moves.contains(&"e2e4e".to_string()),
        "a pawn leaves no gate"
    );
}

#[test]
fn an_empty_hand_closes_every_gate_and_the_fen_stops_naming_them() {
    // White holds one hawk: once it is gated, White has nothing left to gate.
    let mut p = pos("seirawan", "4k3/8/8/8/8/8/8/RN2K2R[H] w KQB - 0 1");
    play(&mut p, "b1c3h");
    // Hands are written even when empty (`[]`), as Fairy-Stockfish writes them.
    assert_eq!(fen::write(&p), "4k3/8/8/8/8/2N5/8/RH2K2R[] b KQ - 1 1");
    // In S-house a capture may refill the hand: the gates stay open and are written.
    let mut p = pos("shouse", "4k3/8/8/8/8/8/8/RN2K2R[H] w KQB - 0 1");
    play(&mut p, "b1c3h");
    assert_eq!(fen::write(&p), "4k3/8/8/8/8/2N5/8/RH2K2R[] b KQ - 1 1");
    let a1 = p.rules().shape.sq(chessrules::core::Square::new(0, 0));
    assert!(p.is_gate(chessrules::core::Color::White, a1));
}

#[test]
fn castling_gates_on_the_king_square_or_the_rook_square() {
    let mut p = pos("seirawan", "4k3/8/8/8/8/8/8/4K2R[E] w K - 0 1");
    let moves = uci_texts(&mut p);
    for text in ["e1g1", "e1g1e", "h1e1e"] {
        assert!(moves.contains(&text.to_string()), "{text} in {moves:?}");
    }
    let mut on_king = p.clone();
    let m = play(&mut on_king, "e1g1e");
    assert_eq!(fen::write(&on_king), "4k3/8/8/8/8/8/8/4ERK1[] b - - 1 1");
    let mut on_rook = p.clone();
    play(&mut on_rook, "h1e1e");
    assert_eq!(fen::write(&on_rook), "4k3/8/8/8/8/8/8/5RKE[] b - - 1 1");
    // SAN names the square of a gated castling, and reads back.
    // The elephant on e1 checks the king on e8.
    assert_eq!(san::to_san(&mut p.clone(), m), "O-O/Ee1+");
    let mut q = p.clone();
    let read = san::parse(&mut q, "O-O/Eh1").expect("reads");
    assert_eq!(coordinate::to_uci(&q, read), "h1e1e");
}

#[test]
fn gated_moves_in_san_and_back() {
    let mut p = start("seirawan");
    let m = coordinate::parse(&mut p, "g1f3h").expect("legal");
    assert_eq!(san::to_san(&mut p, m), "Nf3/H");
    assert_eq!(san::parse(&mut p, "Nf3/H").expect("reads"), m);
    assert!(
        san::parse(&mut p, "e4/H").is_err(),
        "a pawn on e2 leaves no gate"
    );
    assert!(san::parse(&mut p, "Nf3/Q").is_err(), "no queen in hand");
}

#[test]
fn a_pinned_piece_may_not_move_even_when_the_gated_piece_would_shield_the_king() {
    // The f1 bishop is pinned by the elephant on h1; a hawk gated on f1 would block the line,
    // but Fairy-Stockfish judges the move as if alone: illegal.
    let mut p = pos(
        "seirawan",
        "6r1/5p1p/5k1n/p2pn3/R2PP1P1/P7/2PB2P1/3K1B1e[H] w F - 1 41",
    );
    let moves = uci_texts(&mut p);
    assert!(moves.iter().all(|m| !m.starts_with("f1")), "{moves:?}");
}

#[test]
fn make_and_unmake_restore_the_position_and_its_key() {
    shipped_moves::make_and_unmake_restore(
        "shouse",
        "r3k2r/pppq1ppp/2n1bn2/3pp3/3PP3/2N1BN2/PPPQ1PPP/R3K2R[HEhe] w KQBCDFGkqbcdfg - 0 1",
    );
}

#[test]
fn a_chess960_start_gives_castling_rights_by_its_gates() {
    let mut p = pos(
        "seirawan",
        "qbbrnkrn/pppppppp/8/8/8/8/PPPPPPPP/QBBRNKRN[HEhe] w ABCDEFGHabcdefgh - 0 1",
    );
    let castles = p
        .legal_move_list()
        .into_iter()
        .filter(|m| m.is_castle())
        .count();
    // King f1 and rook g1 swap at once (Chess960's king-side castling); the d1 rook's way is
    // blocked by the e1 knight, but its right is there all the same.
    assert_eq!(castles, 1);
    assert_eq!(p.castling_rights().count_ones(), 4);
}

/// The page's targets: a move off a gate comes once alone and once per piece in hand, each
/// naming the piece and the square it enters on; the chosen text plays the gated move.
#[test]
fn the_page_offers_each_gate_and_plays_the_chosen_one() {
    let record = chessrules::variants::registry::find("seirawan").expect("shipped");
    let start = record.info().initial;
    let mut t = chessrules::variants::registry::seat_view(record.id, start).expect("a table");
    let g1 = chessrules::core::Square::parse("g1").expect("a square");
    let to_f3: Vec<_> = t
        .targets(g1, None)
        .into_iter()
        .filter(|target| target.to == "f3")
        .collect();
    let gates: Vec<_> = to_f3
        .iter()
        .map(|target| (target.gate, target.gate_square.clone()))
        .collect();
    assert_eq!(to_f3.len(), 3, "{to_f3:?}");
    assert!(gates.contains(&(None, None)));
    assert!(gates.contains(&(Some('H'), Some("g1".to_string()))));
    assert!(gates.contains(&(Some('E'), Some("g1".to_string()))));
    let hawk = to_f3
        .iter()
        .find(|target| target.gate == Some('H'))
        .expect("a hawk");
    t.play(&hawk.text).expect("the gated move plays");
    assert!(
        t.info().iter().any(|line| line.contains("RNBQKBHR[Eeh]")),
        "{:?}",
        t.info()
    );
}
