//! Positions of shipped variant files and their moves in UCI text, for the tests of moves in
//! two parts (`gating.rs`, `walling.rs`).

use chessrules::core::{Move, Position};
use chessrules::notation::coordinate;
use chessrules::variants::custom::builtin;

/// A position of the shipped variant `variant` from FEN.
pub fn pos(variant: &str, text: &str) -> Position {
    let v = &builtin::by_name(variant).expect("shipped").variant;
    v.position_from_fen(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Plays the legal move `uci` names.
pub fn play(pos: &mut Position, uci: &str) -> Move {
    let m = coordinate::parse(pos, uci).unwrap_or_else(|e| panic!("{uci}: {e}"));
    pos.make(m);
    m
}

/// The legal moves as UCI text.
pub fn uci_texts(pos: &mut Position) -> Vec<String> {
    pos.legal_move_list()
        .into_iter()
        .map(|m| coordinate::to_uci(pos, m))
        .collect()
}

/// The legal moves of the piece on `from` (a square name: `d1` and not `d10`), as UCI text,
/// sorted. (Not every test crate that includes this module asks for it.)
#[allow(dead_code)]
pub fn moves_from(variant: &str, fen: &str, from: &str) -> Vec<String> {
    let mut p = pos(variant, fen);
    let mut out: Vec<String> = uci_texts(&mut p)
        .into_iter()
        .filter(|m| {
            m.starts_with(from) && !m[from.len()..].starts_with(|c: char| c.is_ascii_digit())
        })
        .collect();
    out.sort();
    out
}

/// Every legal move of the position made and unmade: the key kept in step, and the position
/// (key included) as it was after each.
pub fn make_and_unmake_restore(variant: &str, text: &str) {
    let mut p = pos(variant, text);
    let before = p.clone();
    for m in p.clone().legal_move_list() {
        let undo = p.make(m);
        let named = coordinate::to_uci(&before, m);
        assert_eq!(p.key(), p.compute_key(), "{variant}: key after {named}");
        p.unmake(m, undo);
        assert_eq!(p, before, "{variant}: after {named}");
    }
}
