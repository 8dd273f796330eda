//! Passing (`[rules] pass`): a side lets its turn go by, always (when not in check) or only
//! when it has no other move; named as Fairy-Stockfish names it (`e1e1`, the royal piece's
//! square twice, or the first piece's where there is none; `0000` reads too), and the pass
//! changes nothing but the turn and the clocks.

use chessrules::core::Position;
use chessrules::notation::{coordinate, fen, san};
use chessrules::variants::custom::{builtin, load_variant_file, CustomVariant};

/// The text of the shipped variant file `name`.
fn shipped_text(name: &str) -> &'static str {
    builtin::ALL
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, text)| *text)
        .unwrap_or_else(|| panic!("{name}.toml is shipped"))
}

/// FIDE chess, with `pass` set as given.
fn chess_with_pass(pass: &str) -> Result<CustomVariant, String> {
    let text = shipped_text("standard").replacen(
        "[[piece]]",
        &format!("[rules]\npass = \"{pass}\"\n\n[[piece]]"),
        1,
    );
    load_variant_file(&text).map_err(|e| e.to_string())
}

fn uci(pos: &mut Position) -> Vec<String> {
    pos.legal_move_list()
        .into_iter()
        .map(|m| coordinate::to_uci(pos, m))
        .collect()
}

#[test]
fn a_side_not_in_check_may_pass_and_only_the_turn_and_clocks_change() {
    let v = chess_with_pass("always").expect("loads");
    let mut p = v
        .position_from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2")
        .expect("fen");
    let moves = uci(&mut p);
    assert_eq!(moves.len(), 30, "29 moves and the pass: {moves:?}");
    assert!(moves.contains(&"e1e1".to_string()));
    let pass = coordinate::parse(&mut p, "0000").expect("0000 is the pass");
    assert_eq!(coordinate::parse(&mut p, "e1e1").expect("e1e1"), pass);
    assert_eq!(san::to_san(&mut p, pass), "Ke1");
    assert_eq!(san::parse(&mut p, "Ke1").expect("Ke1 reads"), pass);
    assert_eq!(san::parse(&mut p, "--").expect("-- reads"), pass);
    let before = p.clone();
    let undo = p.make(pass);
    // The castling rights stay: the king did not move.
    assert_eq!(
        fen::write(&p),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 1 2"
    );
    assert_eq!(p.key(), p.compute_key());
    p.unmake(pass, undo);
    assert_eq!(p, before);
}

#[test]
fn a_side_in_check_may_not_pass() {
    let v = chess_with_pass("always").expect("loads");
    let mut p = v
        .position_from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
        .expect("fen");
    assert!(uci(&mut p).is_empty(), "checkmated: no pass either");
    assert!(coordinate::parse(&mut p, "0000").is_err());
}

#[test]
fn a_side_that_may_pass_only_when_stalemated_passes_then_and_only_then() {
    let v = chess_with_pass("when-stalemated").expect("loads");
    let mut start = v.start_position().expect("start");
    assert!(!uci(&mut start).contains(&"e1e1".to_string()));
    // Black's king on a8 has no move and is not in check: it passes (and the game goes on).
    let mut p = v
        .position_from_fen("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1")
        .expect("fen");
    assert_eq!(uci(&mut p), vec!["a8a8".to_string()]);
}

#[test]
fn without_a_royal_piece_the_pass_is_named_by_the_first_piece() {
    let text =
        shipped_text("antichess").replacen("[rules]\n", "[rules]\npass = \"when-stalemated\"\n", 1);
    let v = load_variant_file(&text).unwrap_or_else(|e| panic!("{e}"));
    let mut p = v
        .position_from_fen("8/8/8/8/8/p7/P7/8 w - - 0 1")
        .expect("fen");
    assert_eq!(uci(&mut p), vec!["a2a2".to_string()]);
    let pass = coordinate::parse(&mut p, "a2a2").expect("a2a2");
    assert_eq!(san::to_san(&mut p, pass), "a2");
    assert_eq!(san::parse(&mut p, "a2").expect("a2 reads"), pass);
}

#[test]
fn pass_takes_two_values() {
    let Err(e) = chess_with_pass("sometimes") else {
        panic!("pass = \"sometimes\" was accepted");
    };
    assert!(e.contains("when-stalemated"), "{e}");
}

#[test]
fn a_side_bound_to_drop_does_not_pass() {
    // Placement with passing: while a drop is legal, neither a board move nor the pass is.
    let text = shipped_text("placement").replacen("[rules]\n", "[rules]\npass = \"always\"\n", 1);
    let v = load_variant_file(&text).unwrap_or_else(|e| panic!("{e}"));
    let mut p = v
        .position_from_fen("rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1[Rr] w Qq - 0 1")
        .expect("fen");
    let moves = uci(&mut p);
    assert_eq!(moves, vec!["R@h1".to_string()]);
    // Once the hand is empty, the pass is there beside the board's moves.
    coordinate::parse(&mut p, "R@h1")
        .map(|m| p.make(m))
        .expect("R@h1");
    let black = uci(&mut p);
    assert_eq!(black, vec!["R@h8".to_string()]);
    coordinate::parse(&mut p, "R@h8")
        .map(|m| p.make(m))
        .expect("R@h8");
    assert!(uci(&mut p).contains(&"e1e1".to_string()));
}
