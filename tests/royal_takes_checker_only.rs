//! Makpong's rule (`royal_takes_checker_only`, Fairy-Stockfish's `makpongRule`), through the
//! shipped `makpong` file: a king in check may only take its checker; the other pieces answer
//! as usual.

mod shipped_moves;

use shipped_moves::{make_and_unmake_restore, play, pos, uci_texts};

#[test]
fn a_king_in_check_may_only_take_the_checker() {
    // The black rook on e7 checks the white king on e2 from next door; the knight on c6
    // can block nothing and take nothing.
    let mut p = pos("makpong", "4k3/4r3/8/8/8/8/4K3/8 w - - 0 1");
    assert_eq!(
        uci_texts(&mut p),
        Vec::<String>::new(),
        "stepping away is no answer"
    );
    let mut p = pos("makpong", "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1");
    assert_eq!(uci_texts(&mut p), vec!["e1e2".to_string()]);
    // Makruk lets the king step away.
    let mut p = pos("makruk", "4k3/4r3/8/8/8/8/4K3/8 w - - 0 1");
    assert!(uci_texts(&mut p).contains(&"e2d2".to_string()));
    // Another piece still answers: the rook on a3 blocks on e3.
    let mut p = pos("makpong", "4k3/4r3/8/8/8/R7/4K3/8 w - - 0 1");
    assert_eq!(uci_texts(&mut p), vec!["a3e3".to_string()]);
    // Out of check the king moves freely; once the rook gives check, it may not.
    let mut p = pos("makpong", "4k3/3r4/8/8/8/8/4K3/8 w - - 0 1");
    assert!(uci_texts(&mut p).contains(&"e2f2".to_string()));
    play(&mut p, "e2f2");
    play(&mut p, "d7f7");
    assert_eq!(uci_texts(&mut p), Vec::<String>::new());
    make_and_unmake_restore("makpong", "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1");
}
