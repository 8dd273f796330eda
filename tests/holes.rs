//! Holes (`[board] holes = true`): squares a FEN's `*` closes for good, through the shipped
//! `gustav3` file, whose a- and j-files are holes between the first and last ranks.

mod shipped_moves;

use chessrules::notation::fen;
use shipped_moves::{make_and_unmake_restore, play, pos, uci_texts};

const START: &str = "arnbqkbnra/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/ARNBQKBNRA w KQkq - 0 1";

#[test]
fn a_hole_is_never_entered_nor_crossed_by_a_rider() {
    // The amazon on a1: its knight leap to b3 clears the hole on a2; up the a-file it cannot
    // go. Nothing else of it moves from the start.
    let mut p = pos("gustav3", "4k5/*8*/*8*/*8*/*8*/*8*/*8*/A4K4 w - - 0 1");
    let amazon: Vec<String> = uci_texts(&mut p)
        .into_iter()
        .filter(|m| m.starts_with("a1"))
        .collect();
    assert!(amazon.contains(&"a1b3".to_string()), "{amazon:?}");
    assert!(
        amazon
            .iter()
            .all(|m| !m[2..].starts_with('a') || m == "a1a1"),
        "{amazon:?}"
    );
    assert!(amazon.contains(&"a1b2".to_string()) && amazon.contains(&"a1e1".to_string()));
    // Riders along the second rank stop at the hole on j2.
    let mut p = pos("gustav3", "4k5/*8*/*8*/*8*/*8*/*8*/*R7*/5K4 w - - 0 1");
    let rook: Vec<String> = uci_texts(&mut p)
        .into_iter()
        .filter(|m| m.starts_with("b2"))
        .collect();
    assert!(rook.contains(&"b2i2".to_string()) && !rook.iter().any(|m| m.contains("j2")));
    assert!(!rook.iter().any(|m| m.contains("a2")));
}

#[test]
fn holes_are_written_back_and_refused_where_a_file_has_none() {
    let mut p = pos("gustav3", START);
    assert_eq!(fen::write(&p), START);
    play(&mut p, "b2b4");
    assert_eq!(
        fen::write(&p),
        "arnbqkbnra/*pppppppp*/*8*/*8*/*P7*/*8*/*1PPPPPPP*/ARNBQKBNRA b KQkq b3 0 1"
    );
    make_and_unmake_restore("gustav3", START);
    let chess = &chessrules::variants::custom::builtin::by_name("nocastle")
        .expect("shipped")
        .variant;
    let e = chess
        .position_from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP*/RNBQKBNR w - - 0 1")
        .expect_err("no holes in chess");
    assert!(e.to_string().contains("'*'"), "{e}");
}
