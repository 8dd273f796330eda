//! Pawn keys Fairy-Stockfish's built-ins need: promotions that differ by side
//! (`[promotion] black`: chigorin, sortofalmost) and a pawn whose moves do not reset the move
//! rule's count (`resets_move_rule = false`: pawnback).

mod shipped_moves;

use shipped_moves::{make_and_unmake_restore, play, pos, uci_texts};

/// The promotions among the legal moves from `from`, sorted.
fn promotions(name: &str, fen: &str, from: &str) -> Vec<String> {
    let mut p = pos(name, fen);
    let mut out: Vec<String> = uci_texts(&mut p)
        .into_iter()
        .filter(|m| m.starts_with(from) && m.len() == 5)
        .collect();
    out.sort();
    out
}

#[test]
fn each_side_promotes_to_its_own_pieces() {
    let fen = "8/1k5P/8/8/8/3K4/p7/8 w - - 0 1";
    assert_eq!(
        promotions("sortofalmost", fen, "h7"),
        ["h7h8b", "h7h8c", "h7h8n", "h7h8r"]
    );
    assert_eq!(
        promotions("chigorin", fen, "h7"),
        ["h7h8c", "h7h8n", "h7h8r"]
    );
    let black = "8/1k5P/8/8/8/3K4/p7/8 b - - 0 1";
    assert_eq!(
        promotions("sortofalmost", black, "a2"),
        ["a2a1b", "a2a1n", "a2a1q", "a2a1r"]
    );
    assert_eq!(
        promotions("chigorin", black, "a2"),
        ["a2a1b", "a2a1q", "a2a1r"]
    );
}

#[test]
fn a_pawn_that_steps_back_keeps_the_move_rules_count() {
    let mut p = pos("pawnback", "4k3/8/8/8/8/4P3/8/4K3 w - - 7 20");
    assert!(uci_texts(&mut p).contains(&"e3e2".to_string()));
    play(&mut p, "e3e4");
    assert_eq!(p.halfmove_clock(), 8, "a pawn's step");
    // Not onto its own first rank.
    let mut q = pos("pawnback", "4k3/8/8/8/8/8/3P4/4K3 w - - 0 1");
    assert!(!uci_texts(&mut q).contains(&"d2d1".to_string()));
    // In FIDE chess (without castling, here) the same step resets it.
    let mut f = pos("nocastle", "4k3/8/8/8/8/4P3/8/4K3 w - - 7 20");
    play(&mut f, "e3e4");
    assert_eq!(f.halfmove_clock(), 0);
}

#[test]
fn their_moves_make_and_unmake_cleanly() {
    make_and_unmake_restore("pawnback", "4k3/8/8/3pP3/8/4P3/8/4K3 w - d6 0 20");
    make_and_unmake_restore("chigorin", "8/1k5P/8/8/8/3K4/p7/8 b - - 0 1");
    make_and_unmake_restore("sortofalmost", "8/1k5P/8/8/8/3K4/p7/8 w - - 0 1");
}

#[test]
fn a_pawn_and_a_sergeant_promote_to_their_own_kinds() {
    // Wolf chess: the pawn's own `promotions` add the elephant (`+P`), the sergeant keeps to
    // `[promotion] to`.
    let fen = "8/k5SP/8/8/8/8/8/8/8/7K w - - 0 1";
    let mut p = pos("wolf", fen);
    let all = uci_texts(&mut p);
    let mut pawn: Vec<&String> = all.iter().filter(|m| m.starts_with("h9")).collect();
    pawn.sort();
    assert_eq!(
        pawn,
        ["h9h10+", "h9h10b", "h9h10f", "h9h10q", "h9h10r", "h9h10w"]
    );
    assert!(!all.iter().any(|m| m.starts_with("g9") && m.ends_with('+')));
    assert_eq!(
        all.iter().filter(|m| m.starts_with("g9g10")).count(),
        5,
        "{all:?}"
    );
    play(&mut p, "h9h10+");
    let fen = chessrules::notation::fen::write(&p);
    assert!(fen.starts_with("7+P/k5S1/"), "{fen}");
}

#[test]
fn initial_moves_start_from_the_listed_squares_too() {
    // Wolf chess: pawns and sergeants step two from b3, c3, f3, g3 as from their second rank;
    // each double step leaves an en passant square (the sergeant's by its `i` move, as
    // Fairy-Stockfish's initial moves do), which only pawns take.
    let fen = "k7/8/8/8/8/8/8/PS1P4/8/7K w - - 0 1";
    let moves = uci_texts(&mut pos("wolf", fen));
    assert!(moves.contains(&"b3b5".to_string()), "{moves:?}");
    assert!(
        !moves.contains(&"a3a5".to_string()),
        "a3 is not listed: {moves:?}"
    );
    assert!(
        !moves.contains(&"d3d5".to_string()),
        "d3 is not listed: {moves:?}"
    );
    let mut p = pos("wolf", "k7/8/8/8/8/3p4/8/1SP5/8/7K w - - 0 1");
    play(&mut p, "c3c5");
    assert!(
        uci_texts(&mut p).contains(&"d5c4".to_string()),
        "en passant after a pawn's"
    );
    let mut p = pos("wolf", "k7/8/8/8/8/2p5/8/1SP5/8/7K w - - 0 1");
    play(&mut p, "b3b5");
    play(&mut p, "c5b4");
    let fen = chessrules::notation::fen::write(&p);
    assert!(
        fen.starts_with("k7/8/8/8/8/8/1p6/2P5/"),
        "the sergeant taken: {fen}"
    );
    let mut p = pos("wolf", "k7/8/8/8/8/2s5/8/1SP5/8/7K w - - 0 1");
    play(&mut p, "b3b5");
    play(&mut p, "c5b4");
    let fen = chessrules::notation::fen::write(&p);
    assert!(
        fen.starts_with("k7/8/8/8/8/1S6/1s6/2P5/"),
        "a sergeant steps there, taking none: {fen}"
    );
    make_and_unmake_restore("wolf", "k7/8/8/8/8/3p4/8/1SP5/8/7K w - - 0 1");
}

#[test]
fn a_diagonal_double_step_names_the_pawn_it_leaves_to_be_taken() {
    // Berolina: e2-c4 passes d3; the FEN names the square passed and the pawn's, in
    // Fairy-Stockfish's order (by rank), and reads them back.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let mut p = pos("berolina", start);
    play(&mut p, "e2c4");
    let fen = chessrules::notation::fen::write(&p);
    assert_eq!(
        fen,
        "rnbqkbnr/pppppppp/8/8/2P5/8/PPPP1PPP/RNBQKBNR b KQkq d3c4 0 1"
    );
    assert_eq!(
        chessrules::notation::fen::write(&pos("berolina", &fen)),
        fen
    );
    // Two pawns beside the square passed: the one named is taken, straight forward.
    let both = "rnbqkbnr/pp1p1ppp/8/2pPp3/8/8/PP1PPPPP/RNBQKBNR w KQkq d6c5 0 1";
    let mut p = pos("berolina", both);
    play(&mut p, "d5d6");
    let fen = chessrules::notation::fen::write(&p);
    assert!(
        fen.starts_with("rnbqkbnr/pp1p1ppp/3P4/4p3/"),
        "c5 taken: {fen}"
    );
    let other = "rnbqkbnr/pp1p1ppp/8/2pPp3/8/8/PP1PPPPP/RNBQKBNR w KQkq d6e5 0 1";
    let mut p = pos("berolina", other);
    play(&mut p, "d5d6");
    let fen = chessrules::notation::fen::write(&p);
    assert!(
        fen.starts_with("rnbqkbnr/pp1p1ppp/3P4/2p5/"),
        "e5 taken: {fen}"
    );
    make_and_unmake_restore("berolina", both);
    // The victim goes with the position to the other backend.
    let mut q = pos("berolina", other).on_backend(chessrules::core::Backend::Mailbox);
    play(&mut q, "d5d6");
    let fen = chessrules::notation::fen::write(&q);
    assert!(
        fen.starts_with("rnbqkbnr/pp1p1ppp/3P4/2p5/"),
        "e5 taken: {fen}"
    );
}
