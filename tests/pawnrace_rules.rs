//! Pawn race rules: en passant, both win conditions (in the course's words), stalemate, move
//! counts. The rules are `variants/pawnrace.toml` on the core game.

use chessrules::core::{Color, Move, MoveFlag, Position};
use chessrules::game::{Game, GameEnd, Score};
use chessrules::variants::core_game::CoreGame;
use chessrules::variants::pawnrace::board::from_diagram;
use chessrules::variants::pawnrace::notation::{parse, san};
use chessrules::variants::pawnrace::{course_end, new_game, Gap};

fn game(w: &str, b: &str) -> CoreGame {
    new_game(Gap::parse(w).expect("gap"), Gap::parse(b).expect("gap"))
}

fn moves(g: &mut CoreGame) -> Vec<Move> {
    let mut out = Vec::new();
    g.legal_moves(&mut out);
    out
}

fn play(g: &mut CoreGame, text: &str) -> Result<(), String> {
    let m = g.parse_move(text).map_err(|e| e.message)?;
    g.make(m);
    Ok(())
}

/// How the game stands in `pos`, in the course's words.
fn outcome(pos: &mut Position) -> Option<GameEnd> {
    course_end(&mut chessrules::variants::pawnrace::game(pos.clone()))
}

fn won(winner: Color, how: &str) -> Option<GameEnd> {
    Some(GameEnd::VariantRule {
        score: Score::Win(winner),
        sentence: format!("{} wins by {how}", winner.title()),
    })
}

fn stalemate(mover: &str) -> Option<GameEnd> {
    Some(GameEnd::VariantRule {
        score: Score::Draw,
        sentence: format!("Draw by stalemate: {mover} cannot move"),
    })
}

#[test]
fn every_gap_pair_starts_with_fourteen_moves() {
    for w in 0..8 {
        for b in 0..8 {
            let mut g = new_game(Gap::wrapping(w), Gap::wrapping(b));
            assert_eq!(moves(&mut g).len(), 14);
            assert_eq!(course_end(&mut g), None);
        }
    }
}

#[test]
fn en_passant_only_right_after_the_double_step() {
    let mut g = game("h", "a");
    for m in ["b4", "d6", "b5", "c5"] {
        play(&mut g, m).expect(m);
    }
    let ep: Vec<_> = moves(&mut g)
        .into_iter()
        .filter(|m| m.flag == MoveFlag::EnPassant)
        .collect();
    assert_eq!(ep.len(), 1);
    assert_eq!(san(g.position(), ep[0]), "bxc6");
    // One move later the chance is gone.
    play(&mut g, "a4").expect("a4");
    play(&mut g, "e6").expect("e6");
    assert_eq!(
        play(&mut g, "bxc6"),
        Err("there is nothing to capture on c6".to_string())
    );
    assert!(moves(&mut g).iter().all(|m| m.flag != MoveFlag::EnPassant));
}

#[test]
fn en_passant_by_black_removes_the_white_pawn() {
    let mut g = game("a", "h");
    for m in ["h3", "g5", "h4", "g4", "f4", "gxf3"] {
        play(&mut g, m).expect(m);
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
        won(Color::White, "reaching the last rank")
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
        won(Color::Black, "reaching the last rank")
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
        won(Color::White, "capturing every black pawn")
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
        won(Color::Black, "capturing every white pawn")
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
    assert_eq!(outcome(&mut pos), stalemate("White"));
    // The side not to move being stuck is no stalemate.
    let mut pos = from_diagram(
        "........\n........\n........\n....B...\n....W...\n........\nW.......\n........",
        Color::Black,
        None,
    )
    .expect("diagram");
    assert_eq!(outcome(&mut pos), stalemate("Black"));
    pos.set_side_to_move(Color::White);
    assert_eq!(outcome(&mut pos), None);
}

#[test]
fn the_spec_figure_four_game() {
    // a4 h5 b4 g5 g3 h4: Black's chain g5/h4; gxh4 gxh4 follows.
    let mut g = game("h", "a");
    for m in ["a4", "h5", "b4", "g5", "g3", "h4", "gxh4", "gxh4"] {
        play(&mut g, m).expect(m);
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
