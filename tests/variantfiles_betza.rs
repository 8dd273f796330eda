//! One-move tests of every Betza atom and modifier: a piece on an empty 9×9 board (e5 in
//! the middle, so every atom up to three squares fits), its destinations listed.

use std::collections::BTreeSet;

use chessrules::core::{Color, Piece};
use chessrules::notation::betza;
use chessrules::variants::custom::load_variant_file;

/// Destinations of a White piece moving as `movement` from e5, with Black targets on
/// `targets` (a target piece only steps one square, so it never matters here).
fn dests_with(movement: &str, targets: &[&str]) -> BTreeSet<String> {
    let text = format!(
        "name = \"t\"\n[board]\nfiles = 9\nranks = 9\nstart = \"9/9/9/9/9/9/9/9/9 w - - 0 1\"\n\
         [[piece]]\nletter = \"X\"\nname = \"x\"\nbetza = \"{movement}\"\n\
         [[piece]]\nletter = \"T\"\nname = \"target\"\nbetza = \"W\"\n[end]\ncheckmate = false\n"
    );
    let v = load_variant_file(&text).unwrap_or_else(|e| panic!("{movement}: {e}"));
    let mut pos = v.start_position().unwrap();
    let shape = v.rules.shape.clone();
    let from = shape.parse_square("e5").unwrap();
    pos.put(from, Piece::new(Color::White, 0));
    for t in targets {
        pos.put(shape.parse_square(t).unwrap(), Piece::new(Color::Black, 1));
    }
    let mut moves = Vec::new();
    pos.piece_moves(from, &mut moves);
    moves.iter().map(|m| shape.name(m.to)).collect()
}

fn dests(movement: &str) -> BTreeSet<String> {
    dests_with(movement, &[])
}

fn set(squares: &str) -> BTreeSet<String> {
    squares.split_whitespace().map(str::to_string).collect()
}

#[test]
fn leaper_atoms() {
    assert_eq!(dests("W"), set("e6 e4 d5 f5"));
    assert_eq!(dests("F"), set("d4 d6 f4 f6"));
    assert_eq!(dests("D"), set("e7 e3 c5 g5"));
    assert_eq!(dests("N"), set("d7 f7 d3 f3 c6 c4 g6 g4"));
    assert_eq!(dests("A"), set("c3 c7 g3 g7"));
    assert_eq!(dests("H"), set("e8 e2 b5 h5"));
    assert_eq!(dests("C"), set("d8 f8 d2 f2 b6 b4 h6 h4"));
    assert_eq!(dests("Z"), set("c8 g8 c2 g2 b7 b3 h7 h3"));
    assert_eq!(dests("G"), set("b2 b8 h2 h8"));
}

#[test]
fn compound_letters() {
    assert_eq!(dests("K"), set("e6 e4 d5 f5 d4 d6 f4 f6"));
    assert_eq!(dests("R").len(), 16);
    assert_eq!(dests("B").len(), 16);
    assert_eq!(dests("Q").len(), 32);
    assert_eq!(dests("WW"), dests("R"));
    assert_eq!(dests("FF"), dests("B"));
    assert_eq!(dests("W0"), dests("R"));
}

#[test]
fn ranges() {
    assert_eq!(dests("R2"), set("e6 e7 e4 e3 d5 c5 f5 g5"));
    assert_eq!(dests("B1"), dests("F"));
    assert_eq!(dests("W12"), dests("R"));
    assert_eq!(
        dests("NN"),
        set("d7 f7 d3 f3 c6 c4 g6 g4 c9 g9 c1 g1 a7 a3 i7 i3")
    );
    assert_eq!(dests("N2"), dests("NN"));
}

#[test]
fn move_and_capture_modes() {
    assert_eq!(dests_with("mW", &["e6"]), set("e4 d5 f5"));
    assert_eq!(dests_with("cW", &["e6"]), set("e6"));
    assert_eq!(dests_with("cR", &["e8", "e7"]), set("e7"));
}

#[test]
fn directions_on_orthogonal_and_diagonal_atoms() {
    assert_eq!(dests("fW"), set("e6"));
    assert_eq!(dests("bW"), set("e4"));
    assert_eq!(dests("lW"), set("d5"));
    assert_eq!(dests("rW"), set("f5"));
    assert_eq!(dests("vW"), set("e6 e4"));
    assert_eq!(dests("sW"), set("d5 f5"));
    assert_eq!(dests("fsW"), set("e6 d5 f5"));
    assert_eq!(dests("fF"), set("d6 f6"));
    assert_eq!(dests("bF"), set("d4 f4"));
    assert_eq!(dests("flF"), set("d6"));
    assert_eq!(dests("frF"), set("f6"));
    assert_eq!(dests("blF"), set("d4"));
    assert_eq!(dests("brF"), set("f4"));
    assert_eq!(dests("fR"), set("e6 e7 e8 e9"));
}

#[test]
fn directions_on_oblique_atoms() {
    assert_eq!(dests("fN"), set("d7 f7"));
    assert_eq!(dests("bN"), set("d3 f3"));
    assert_eq!(dests("lN"), set("c6 c4"));
    assert_eq!(dests("rN"), set("g6 g4"));
    assert_eq!(dests("vN"), set("d7 f7 d3 f3"));
    assert_eq!(dests("sN"), set("c6 c4 g6 g4"));
    assert_eq!(dests("fhN"), set("d7 f7 c6 g6"));
    assert_eq!(dests("bhN"), set("d3 f3 c4 g4"));
    assert_eq!(dests("lhN"), set("d7 d3 c6 c4"));
    assert_eq!(dests("rhN"), set("f7 f3 g6 g4"));
    // Pairs pick one move, as Fairy-Stockfish reads them: `fr` the wide forward-right leap,
    // `rf` the steep one, `fs` the two wide forward leaps.
    assert_eq!(dests("frN"), set("g6"));
    assert_eq!(dests("rfN"), set("f7"));
    assert_eq!(dests("fsN"), set("c6 g6"));
    assert_eq!(dests("ffN"), set("d7 f7"));
    // Fairy-Stockfish's chiral halves (gethenian's pieces).
    assert_eq!(dests("hlN"), set("g6 c4 f3 d7"));
    assert_eq!(dests("hrN"), set("f7 d3 g4 c6"));
}

#[test]
fn a_pair_on_a_diagonal_is_one_direction() {
    // Tori shogi's quails: `rbB` rides back to the right only, `lbF` steps back to the left.
    assert_eq!(dests("rbB"), set("f4 g3 h2 i1"));
    assert_eq!(dests("lbF"), set("d4"));
    assert_eq!(dests("brF"), set("f4"));
}

#[test]
fn black_mirrors_forward() {
    let text = "name = \"t\"\n[board]\nfiles = 9\nranks = 9\nstart = \"9/9/9/9/4x4/9/9/9/9 b - - 0 1\"\n\
                [[piece]]\nletter = \"X\"\nname = \"x\"\nbetza = \"fW\"\n[end]\ncheckmate = false\n";
    let v = load_variant_file(text).unwrap();
    let mut pos = v.start_position().unwrap();
    let moves = pos.legal_move_list();
    let names: Vec<String> = moves.iter().map(|m| v.rules.shape.name(m.to)).collect();
    assert_eq!(names, vec!["e4".to_string()]);
}

#[test]
fn lame_double_leaps_are_double_steps() {
    // `mfnA` (berolina's, without `i`) and `mfnD` land only two squares on, over an empty
    // square, as the lame leaps they are; a piece on the square passed blocks them.
    assert_eq!(dests("mfnA"), set("c7 g7"));
    assert_eq!(dests_with("mfnA", &["d6"]), set("g7"));
    assert_eq!(dests("mfnD"), set("e7"));
    assert_eq!(dests_with("mfnD", &["e6"]), set(""));
    // Each one is a double step of its own direction.
    let comps = betza::parse("imfnA").unwrap();
    assert_eq!(comps.len(), 2);
    assert!(comps
        .iter()
        .all(|c| c.double_step && c.from_rank == Some(1) && !c.quiet_double));
    assert!(betza::parse("mfnD").unwrap().iter().all(|c| c.quiet_double));
    // `e` lets a capture take en passant.
    let comps = betza::parse("cfeW").unwrap();
    assert!(comps.iter().all(|c| c.en_passant));
}

#[test]
fn malformed_movement_strings_name_the_offset() {
    let cases = [
        ("", 0),
        ("X", 0),
        ("fm", 2),
        ("W100", 1),
        ("WW3", 2),
        ("hW", 0),
        ("mcW", 1),
        ("Wq", 1),
        ("eW", 0),
        ("meF", 0),
    ];
    for (text, offset) in cases {
        let e = betza::parse(text).expect_err(text);
        assert_eq!(e.offset, offset, "{text}: {e}");
    }
}

proptest::proptest! {
    #[test]
    fn betza_never_panics(s in "\\PC{0,20}") {
        let _ = betza::parse(&s);
    }

    #[test]
    fn betza_alphabet_never_panics(s in "[mcfblrvshinpgeWFDNAHCZGKRBQ0-9]{0,12}") {
        if let Ok(comps) = betza::parse(&s) {
            proptest::prop_assert!(!comps.is_empty());
        }
    }
}
