//! Blockers as every move's second part (`[rules] walling`), through the shipped duck chess
//! and Amazons files: where the duck and the arrows may go, what they block, how the FEN
//! writes them (`*`), the move texts (`e2e4,e4d5`, `e4,d5`), and that make and unmake leave
//! the position, key included, as it was.

mod shipped_moves;

use chessrules::notation::{coordinate, fen, san};
use chessrules::variants::custom::builtin;
use shipped_moves::{play, pos, uci_texts};

#[test]
fn every_move_places_the_duck_on_a_square_left_empty() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let mut p = pos("duck", start);
    let moves = uci_texts(&mut p);
    // 20 moves, each with the duck on one of the 32 squares empty after it.
    assert_eq!(moves.len(), 20 * 32);
    assert!(
        moves.contains(&"e2e4,e4e2".to_string()),
        "the square just left"
    );
    assert!(
        !moves.contains(&"e2e4,e4e4".to_string()),
        "not where the pawn landed"
    );
    assert!(
        !moves.iter().any(|m| !m.contains(',')),
        "no move without the duck"
    );
    play(&mut p, "e2e4,e4d5");
    assert_eq!(
        fen::write(&p).split(' ').next(),
        Some("rnbqkbnr/pppppppp/8/3*4/4P3/8/PPPP1PPP/RNBQKBNR")
    );
    // The duck moves on: never to the square it stands on.
    let replies = uci_texts(&mut p);
    assert!(
        replies.iter().all(|m| !m.ends_with("d5")),
        "the duck must move"
    );
    // It blocks: the d7 pawn cannot step or leap onto d5, the queen cannot ride through it.
    assert!(!replies.iter().any(|m| m.starts_with("d7d5")));
}

#[test]
fn the_duck_blocks_rides_and_cannot_be_taken() {
    // The rook on a1 rides up the a-file to the duck on a5 and no further.
    let mut p = pos("duck", "4k3/8/8/*7/8/8/8/R3K3 w - - 0 1");
    let rook: Vec<String> = uci_texts(&mut p)
        .into_iter()
        .filter(|m| m.starts_with("a1a"))
        .map(|m| m[..4].to_string())
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    assert_eq!(rook, ["a1a2", "a1a3", "a1a4"]);
}

#[test]
fn taking_the_king_wins_and_there_is_no_check() {
    // The black king stands next to the white queen: moving into "check" is legal, and the
    // queen may take the king.
    let mut p = pos("duck", "8/8/8/8/8/3k4/3Q4/4K3 b - - 0 1");
    assert!(
        uci_texts(&mut p).iter().any(|m| m.starts_with("d3d2")),
        "the king may take"
    );
    let mut q = pos("duck", "8/8/8/8/8/3k4/8/3QK3 b - - 0 1");
    assert!(
        uci_texts(&mut q).iter().any(|m| m.starts_with("d3d2")),
        "a king steps next to a queen"
    );
}

#[test]
fn duck_moves_in_san_and_back() {
    let mut p = pos(
        "duck",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    let m = coordinate::parse(&mut p, "g1f3,f3f5").expect("legal");
    assert_eq!(san::to_san(&mut p, m), "Nf3,f5");
    assert_eq!(san::parse(&mut p, "Nf3,f5").expect("reads"), m);
    assert!(
        san::parse(&mut p, "Nf3,f3").is_err(),
        "not where the knight lands"
    );
    assert!(san::parse(&mut p, "Nf3").is_err(), "a move needs its duck");
}

#[test]
fn an_arrow_stays_where_the_amazon_could_go_next() {
    let start = "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1";
    let mut p = pos("amazons", start);
    assert_eq!(uci_texts(&mut p).len(), 2176);
    play(&mut p, "d1a1,a1b1");
    assert_eq!(
        fen::write(&p),
        "3q2q3/10/10/q8q/10/10/Q8Q/10/10/Q*4Q3 b - - 1 1"
    );
    // An arrow goes only where the amazon could move from where it landed.
    let mut q = pos("amazons", start);
    let arrows: Vec<String> = uci_texts(&mut q)
        .into_iter()
        .filter(|m| m.starts_with("d1d2,"))
        .collect();
    assert!(
        arrows.contains(&"d1d2,d2d1".to_string()),
        "back to the square left"
    );
    assert!(
        !arrows.contains(&"d1d2,d2e4".to_string()),
        "not a knight's jump away"
    );
}

#[test]
fn make_and_unmake_restore_the_position_and_its_key() {
    shipped_moves::make_and_unmake_restore(
        "duck",
        "r3k2r/pppq1ppp/2n1bn2/3pp3/3PP*2/2N1BN2/PPPQ1PPP/R3K2R w KQkq - 0 1",
    );
    shipped_moves::make_and_unmake_restore(
        "amazons",
        "3q2q3/10/10/q8q/4*5/10/Q8Q/10/10/3Q2Q3 w - - 0 1",
    );
}

#[test]
fn a_second_duck_is_refused() {
    let v = &builtin::by_name("duck").expect("shipped").variant;
    let e = v
        .position_from_fen("4k3/8/8/*7/8/8/*7/4K3 w - - 0 1")
        .expect_err("two ducks");
    assert!(e.to_string().contains("second duck"), "{e}");
}

/// A PGN of each game with a second part reads back: `Nf3/H` (S-chess) and `e4,d5` (duck).
#[test]
fn pgn_with_second_parts_validates() {
    let dir = std::env::temp_dir().join(format!("chessrules-two-parts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let file = dir.join("two.pgn");
    std::fs::write(
        &file,
        "[Event \"s\"]\n[Variant \"Seirawan\"]\n[Result \"*\"]\n\n1. Nf3/H Nf6/E 2. e4 e5 *\n\n\
         [Event \"d\"]\n[Variant \"Duck\"]\n[Result \"*\"]\n\n1. e4,d5 Nc6,e2 2. Nf3,a6 *\n",
    )
    .expect("written");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_chessrules"))
        .args(["standard", "validate"])
        .arg(&file)
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("RNBQKBHR[Eh]"), "{text}");
    assert!(text.contains("*1n5"), "the duck on a6: {text}");
    let _ = std::fs::remove_dir_all(&dir);
}
