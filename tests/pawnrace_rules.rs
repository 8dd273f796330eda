//! Pawn race rules: en passant, both win conditions, stalemate, move counts.

use chessrules::core::{Color, MoveFlag};
use chessrules::variants::pawnrace::board::from_diagram;
use chessrules::variants::pawnrace::notation::{parse, san};
use chessrules::variants::pawnrace::{outcome, Gap, PawnRace, RaceOutcome};

fn game(w: &str, b: &str) -> PawnRace {
    PawnRace::new(Gap::parse(w).expect("gap"), Gap::parse(b).expect("gap"))
}

#[test]
fn every_gap_pair_starts_with_fourteen_moves() {
    for w in 0..8 {
        for b in 0..8 {
            let mut g = PawnRace::new(Gap::wrapping(w), Gap::wrapping(b));
            assert_eq!(g.legal_move_list().len(), 14);
            assert_eq!(g.outcome(), None);
        }
    }
}

#[test]
fn en_passant_only_right_after_the_double_step() {
    let mut g = game("h", "a");
    for m in ["b4", "d6", "b5", "c5"] {
        g.play_text(m).expect(m);
    }
    let ep: Vec<_> = g
        .legal_move_list()
        .into_iter()
        .filter(|m| m.flag == MoveFlag::EnPassant)
        .collect();
    assert_eq!(ep.len(), 1);
    assert_eq!(san(g.position(), ep[0]), "bxc6");
    // One move later the chance is gone.
    g.play_text("a4").expect("a4");
    g.play_text("e6").expect("e6");
    assert_eq!(
        g.play_text("bxc6").map_err(|e| e.to_string()),
        Err("there is nothing to capture on c6".to_string())
    );
    assert!(g
        .legal_move_list()
        .iter()
        .all(|m| m.flag != MoveFlag::EnPassant));
}

#[test]
fn en_passant_by_black_removes_the_white_pawn() {
    let mut g = game("a", "h");
    for m in ["h3", "g5", "h4", "g4", "f4", "gxf3"] {
        g.play_text(m).expect(m);
    }
    let shape = &g.position().rules().shape;
    assert_eq!(
        g.position().piece_at(shape.parse_square("f4").expect("f4")),
        None
    );
    assert_eq!(
        g.position()
            .piece_at(shape.parse_square("f3").expect("f3"))
            .map(|p| p.color),
        Some(Color::Black)
    );
}

#[test]
fn reaching_the_last_rank_wins() {
    let mut pos = from_diagram(
        "........\n.W......\n........\n........\n........\n........\n......B.\n........",
        Color::White,
        None,
    )
    .expect("diagram");
    let m = parse(&mut pos, "b8").expect("b8");
    pos.make(m);
    assert_eq!(
        outcome(&mut pos),
        Some(RaceOutcome::Promotion(Color::White))
    );
    // Also by a capture onto the last rank, for Black.
    let mut pos = from_diagram(
        "........\n........\n........\n........\n........\n........\n......B.\n.....W..",
        Color::Black,
        None,
    )
    .expect("diagram");
    let m = parse(&mut pos, "gxf1").expect("gxf1");
    pos.make(m);
    assert_eq!(
        outcome(&mut pos),
        Some(RaceOutcome::Promotion(Color::Black))
    );
}

#[test]
fn capturing_every_enemy_pawn_wins() {
    let mut pos = from_diagram(
        "........\n........\n........\n....B...\n...W....\n........\n........\n........",
        Color::White,
        None,
    )
    .expect("diagram");
    let m = parse(&mut pos, "dxe5").expect("dxe5");
    pos.make(m);
    assert_eq!(
        outcome(&mut pos),
        Some(RaceOutcome::AllCaptured(Color::White))
    );
    // By en passant, for Black.
    let mut pos = from_diagram(
        "........\n........\n........\n........\n....WB..\n........\n........\n........",
        Color::Black,
        Some("e3"),
    )
    .expect("diagram");
    let m = parse(&mut pos, "fxe3").expect("fxe3");
    pos.make(m);
    assert_eq!(
        outcome(&mut pos),
        Some(RaceOutcome::AllCaptured(Color::Black))
    );
}

#[test]
fn no_legal_move_is_a_stalemate_draw() {
    let mut pos = from_diagram(
        "........\n........\n........\n....B...\n....W...\n........\n........\n........",
        Color::White,
        None,
    )
    .expect("diagram");
    let o = outcome(&mut pos);
    assert_eq!(o, Some(RaceOutcome::Stalemate));
    assert_eq!(o.and_then(RaceOutcome::winner), None);
    // The side not to move being stuck is no stalemate.
    let mut pos = from_diagram(
        "........\n........\n........\n....B...\n....W...\n........\nW.......\n........",
        Color::Black,
        None,
    )
    .expect("diagram");
    assert_eq!(outcome(&mut pos), Some(RaceOutcome::Stalemate));
    pos.set_side_to_move(Color::White);
    assert_eq!(outcome(&mut pos), None);
}

#[test]
fn the_spec_figure_four_game() {
    // a4 h5 b4 g5 g3 h4: Black's chain g5/h4; gxh4 gxh4 follows.
    let mut g = game("h", "a");
    for m in ["a4", "h5", "b4", "g5", "g3", "h4", "gxh4", "gxh4"] {
        g.play_text(m).expect(m);
    }
    assert_eq!(g.position().piece_count(Color::White), 6);
    assert_eq!(g.position().piece_count(Color::Black), 6);
}

#[test]
fn perft_of_the_spec_start_position() {
    // Gaps h and a. Depth 3 by hand: 196 × 13 (each side's moved pawn keeps one move where it
    // had two), + 12 for captures between double-stepped pawns on neighbouring files, − 6 for
    // double-stepped pawns blocking each other on the same file.
    let mut pos = chessrules::variants::pawnrace::start(Gap::wrapping(7), Gap::wrapping(0));
    let mut perft = chessrules::core::perft::Perft::new(true);
    let counts: Vec<u64> = (1..=3).map(|d| perft.count(&mut pos, d)).collect();
    assert_eq!(counts, [14, 196, 2554]);
}
