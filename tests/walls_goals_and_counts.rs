//! The rules Fairy-Stockfish's remaining built-ins and ini sections brought (issue 71): walls
//! that stay where the piece left (`walling = "past"`) or anywhere empty within a region
//! (`"static"`, `walling_region`), goals of one side and of several pieces (`[[end.goal]]`
//! `side`, `count`, `when_full`), a stalemate that counts the pieces the other way
//! (`"fewer-wins"`), a row that loses (`connect_result`), and drops that fall to the bottom
//! of a file (`drop_only = "on-top"`): moves, make and unmake, and the ends they decide.

mod shipped_moves;

use chessrules::core::Color;
use chessrules::game::{Game, GameEnd, Score};
use chessrules::notation::{coordinate, fen};
use chessrules::variants::custom::{builtin, load_variant_file, outcome, variant};
use shipped_moves::{make_and_unmake_restore, play, pos, uci_texts};

/// The end of a shipped variant's game from `fen_text` after `moves`.
fn end_after(name: &str, fen_text: &str, moves: &[&str]) -> Option<GameEnd> {
    let v = &builtin::by_name(name).expect("shipped").variant;
    end_of(v, fen_text, moves)
}

fn end_of(
    v: &chessrules::variants::custom::CustomVariant,
    fen_text: &str,
    moves: &[&str],
) -> Option<GameEnd> {
    let p = v.position_from_fen(fen_text).expect("a position");
    let mut game = variant::game(v, p);
    for text in moves {
        let m = coordinate::parse(&mut game.position().clone(), text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        game.make(m);
    }
    outcome(&mut game)
}

fn board(p: &chessrules::core::Position) -> String {
    fen::write(p)
        .split(' ')
        .next()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn a_snail_walls_the_square_it_leaves_and_a_boxed_in_snail_loses() {
    let start = "6p/7/7/7/7/7/P6 w - - 0 1";
    let mut p = pos("snailtrail", start);
    let mut moves = uci_texts(&mut p);
    moves.sort();
    // Each step carries its one wall: the square left.
    assert_eq!(moves, ["a1a2,a2a1", "a1b1,b1a1", "a1b2,b2a1"]);
    play(&mut p, "a1b2,b2a1");
    assert_eq!(board(&p), "6p/7/7/7/7/1P5/*6");
    make_and_unmake_restore("snailtrail", start);
    make_and_unmake_restore("snailtrail", "6p/2*4/2*P3/7/7/7/7 b - - 0 1");
    // White's snail on a1 behind walls on a2, b1 and b2 cannot move: White loses.
    let end = end_after("snailtrail", "6p/7/7/7/7/**5/P*5 w - - 0 1", &[]);
    assert_eq!(end.map(|e| e.score()), Some(Score::Win(Color::Black)));
}

#[test]
fn isolation_walls_any_empty_square_but_the_start_squares() {
    let mut p = pos("isolation", "3p2/6/6/6/6/6/6/2P3 w - - 0 1");
    let moves = uci_texts(&mut p);
    // A move is written with its wall as Fairy-Stockfish writes it: `c1c2,c2b1`.
    let walls: Vec<&str> = moves
        .iter()
        .filter_map(|m| m.split_once(',').map(|(_, w)| &w[2..]))
        .collect();
    assert_eq!(walls.len(), moves.len(), "every move walls: {moves:?}");
    for kept in ["c1", "d8"] {
        assert!(!walls.contains(&kept), "a wall on {kept}: {moves:?}");
    }
    assert!(moves.contains(&"c1c2,c2b1".to_string()), "{moves:?}");
    assert!(
        !moves.contains(&"c1c2,c2c2".to_string()),
        "not under itself"
    );
    // Off the start squares, the square a piece leaves is empty after the move: open to a
    // wall.
    let mut q = pos("isolation", "3p2/6/6/6/6/6/2P3/6 w - - 0 1");
    assert!(uci_texts(&mut q).contains(&"c2c3,c3c2".to_string()));
    make_and_unmake_restore("isolation", "3p2/6/6/2**2/6/6/6/2P3 w - - 0 1");
}

#[test]
fn the_fox_wins_on_the_far_rank_and_loses_when_trapped() {
    // The fox's own goal: on h8 White has won, whoever is to move.
    let end = end_after("fox-and-hounds", "1h1h1h1F/8/8/8/8/8/8/8 b - - 0 1", &[]);
    assert_eq!(end.map(|e| e.score()), Some(Score::Win(Color::White)));
    // A hound on the first rank is no goal of Black's.
    assert!(end_after("fox-and-hounds", "3h1h1h/8/8/8/8/8/8/h3F3 w - - 0 1", &[]).is_none());
    // Trapped in the corner, the fox cannot move: White loses.
    let end = end_after("fox-and-hounds", "8/8/8/8/8/8/1h6/F7 w - - 0 1", &[]);
    assert_eq!(end.map(|e| e.score()), Some(Score::Win(Color::Black)));
}

#[test]
fn a_suicide_stalemate_goes_to_the_side_with_fewer_pieces() {
    // White's blocked pawn is its only piece; Black has two: White, with fewer, wins.
    let end = end_after("suicide", "8/7p/8/8/p7/P7/8/8 w - - 0 1", &[]);
    assert_eq!(end.map(|e| e.score()), Some(Score::Win(Color::White)));
    // With more pieces than the other side, the stalemated side loses.
    let end = end_after("suicide", "8/8/8/8/p2p4/P2P4/P7/8 w - - 0 1", &[]);
    assert_eq!(end.map(|e| e.score()), Some(Score::Win(Color::Black)));
    // As many: drawn.
    let end = end_after("suicide", "8/8/8/8/p7/P7/8/8 w - - 0 1", &[]);
    assert_eq!(end.map(|e| e.score()), Some(Score::Draw));
}

/// Connect four on a 4×4 board: stones dropped to the bottom of a file, four in a row.
const GRAVITY: &str = r#"
name = "gravity"
description = "four in a row, dropped"

[board]
files = 4
ranks = 4
start = "4/4/4/4[PPPPPPPPpppppppp] w - - 0 1"

[[piece]]
letter = "P"
name = "stone"
betza = ""

[rules]
drops = true
captures_to_hand = false
drop_only = "on-top"

[end]
checkmate = false
connect = 4
"#;

#[test]
fn stones_fall_to_the_bottom_and_a_row_wins_or_loses_as_the_file_says() {
    let v = load_variant_file(GRAVITY).expect("loads");
    let mut p = v
        .position_from_fen("4/4/1p2/1P2[PPPpppp] w - - 0 1")
        .expect("a position");
    let mut moves = uci_texts(&mut p);
    moves.sort();
    assert_eq!(moves, ["P@a1", "P@b3", "P@c1", "P@d1"]);
    let row = "4/4/4/PPP1[PPPpppppp] w - - 0 1";
    let end = end_of(&v, row, &["P@d1"]);
    assert_eq!(end.map(|e| e.score()), Some(Score::Win(Color::White)));
    let misere = load_variant_file(
        &GRAVITY.replace("connect = 4", "connect = 4\nconnect_result = \"loss\""),
    )
    .expect("loads");
    let end = end_of(&misere, row, &["P@d1"]);
    assert_eq!(end.map(|e| e.score()), Some(Score::Win(Color::Black)));
}

#[test]
fn a_square_block_connects_and_draw_odds_give_every_count_to_black() {
    // Teeko's 2×2 block beside its row of four (`connect_square`).
    let square =
        load_variant_file(&GRAVITY.replace("connect = 4", "connect = 4\nconnect_square = 2"))
            .expect("loads");
    let end = end_of(&square, "4/4/Pp2/Pp2[PPPpppp] b - - 0 1", &["P@b3"]);
    assert!(end.is_none(), "Black's b-file pair is no block");
    let end = end_of(&square, "4/4/PP2/P3[PPPpppppp] w - - 0 1", &["P@b1"]);
    assert_eq!(end.map(|e| e.score()), Some(Score::Win(Color::White)));
    let plain = load_variant_file(GRAVITY).expect("loads");
    assert!(end_of(&plain, "4/4/PP2/P3[PPPpppppp] w - - 0 1", &["P@b1"]).is_none());
    // White, out of stones with no move, is stalemated: a draw, which the draw odds give
    // to Black (capture the queen's and armageddon's `materialCounting = blackdrawodds`).
    let end = end_of(&plain, "4/4/p3/P3[ppp] w - - 0 1", &[]);
    assert_eq!(end.map(|e| e.score()), Some(Score::Draw));
    let odds = load_variant_file(&GRAVITY.replace(
        "connect = 4",
        "connect = 4\nmaterial_count = \"black-draw-odds\"",
    ))
    .expect("loads");
    let end = end_of(&odds, "4/4/p3/P3[ppp] w - - 0 1", &[]);
    assert_eq!(end.map(|e| e.score()), Some(Score::Win(Color::Black)));
}

/// Gale on 3×3: stones dropped anywhere; White joins the a- and c-files, Black ranks 1 and 3,
/// by orthogonal chains.
const EDGES: &str = r#"
name = "edges"
description = "join your edges"

[board]
files = 3
ranks = 3
start = "3/3/3[PPPPPppppp] w - - 0 1"

[[piece]]
letter = "P"
name = "stone"
betza = ""

[rules]
drops = true
captures_to_hand = false

[end]
checkmate = false
connect_directions = ["horizontal", "vertical"]

[end.connect_regions]
white = [["a1:a3"], ["c1:c3"]]
black = [["a1:c1"], ["a3:c3"]]
"#;

#[test]
fn a_chain_joining_the_regions_wins_and_lines_count_pieces_apart() {
    let v = load_variant_file(EDGES).expect("loads");
    // White's a2-b2 and the drop on c2 join the a- and c-files.
    let end = end_of(&v, "3/PP1/3[PPPppppp] w - - 0 1", &["P@c2"]);
    assert_eq!(end.map(|e| e.score()), Some(Score::Win(Color::White)));
    // A diagonal step is no link without "diagonal".
    let end = end_of(&v, "3/1P1/P2[PPPppppp] w - - 0 1", &["P@c3"]);
    assert!(end.is_none());
    // Black's b1-b2-b3 joins its ranks.
    let end = end_of(&v, "3/1p1/1p1[PPPpppp] b - - 0 1", &["P@b3"]);
    assert_eq!(end.map(|e| e.score()), Some(Score::Win(Color::Black)));
    // Collinear: three of White's stones on one rank with a gap and a Black stone between
    // count (the three musketeers' line), and lose with `connect_result = "loss"`.
    let line = load_variant_file(&GRAVITY.replace(
        "connect = 4",
        "connect = 3\nconnect_collinear = true\nconnect_result = \"loss\"",
    ))
    .expect("loads");
    let end = end_of(&line, "4/4/4/PpP1[PPPppppp] w - - 0 1", &["P@d1"]);
    assert_eq!(end.map(|e| e.score()), Some(Score::Win(Color::Black)));
    let e = load_variant_file(&EDGES.replace(
        "white = [[\"a1:a3\"], [\"c1:c3\"]]",
        "white = [[\"a1:a3\"]]",
    ))
    .expect_err("one region");
    assert!(e.to_string().contains("two lists"), "{e}");
}

/// Halma on a 3×3 board: each side's three knights must all reach the other's first rank
/// (each side's goal its own squares, a count of three), or one of them a full goal.
const HALMA: &str = r#"
name = "halma"
description = "three knights home"

[board]
files = 3
ranks = 3
start = "nnn/3/NNN w - - 0 1"

[[piece]]
letter = "N"
name = "knight"
betza = "mN"

[end]
checkmate = false
threefold = false
fifty_move = false

[[end.goal]]
piece = "N"
side = "white"
squares = ["a3", "b3", "c3"]
count = 3

[[end.goal]]
piece = "N"
side = "black"
squares = ["a1", "b1", "c1"]
count = 3
"#;

#[test]
fn a_goal_of_several_pieces_counts_them_and_a_full_goal_may_do_with_one() {
    let v = load_variant_file(HALMA).expect("loads");
    // Two of three on the goal rank: not yet.
    assert!(end_of(&v, "NN1/n2/1nN b - - 0 1", &[]).is_none());
    let end = end_of(&v, "NNN/3/nnn b - - 0 1", &[]);
    assert_eq!(end.map(|e| e.score()), Some(Score::Win(Color::White)));
    // With `when_full`, one knight in a goal the other side's pieces fill is enough; a goal
    // filled by the other side's move waits for its owner's own move.
    let full = load_variant_file(&HALMA.replace("count = 3", "count = 3\nwhen_full = true"))
        .expect("loads");
    let end = end_of(&full, "Nnn/3/2N b - - 0 1", &[]);
    assert_eq!(end.map(|e| e.score()), Some(Score::Win(Color::White)));
    assert!(end_of(&full, "Nnn/3/2N w - - 0 1", &[]).is_none());
}

#[test]
fn the_new_keys_refuse_what_they_cannot_mean() {
    let snail = std::fs::read_to_string("variants/snailtrail.toml").expect("snailtrail.toml");
    for (from, to, says) in [
        ("walling = \"past\"", "walling = \"behind\"", "\"static\""),
        (
            "walling = \"past\"",
            "walling_region = [\"a1\"]",
            "walling_region needs walling",
        ),
        (
            "stalemate = \"loss\"",
            "stalemate = \"fewest\"",
            "\"fewer-wins\"",
        ),
    ] {
        assert!(snail.contains(from), "{from}");
        let e = load_variant_file(&snail.replace(from, to)).expect_err(to);
        assert!(e.to_string().contains(says), "{to}: {e}");
    }
    for (from, to, says) in [
        ("side = \"white\"", "side = \"red\"", "side is"),
        ("count = 3\n\n", "count = 0\n\n", "count must be"),
    ] {
        let e = load_variant_file(&HALMA.replacen(from, to, 1)).expect_err(to);
        assert!(e.to_string().contains(says), "{to}: {e}");
    }
    let e = load_variant_file(&GRAVITY.replace("connect = 4", "connect_result = \"loss\""))
        .expect_err("no connect");
    assert!(
        e.to_string().contains("connect_result needs connect"),
        "{e}"
    );
    let e = load_variant_file(&GRAVITY.replace("\"on-top\"", "\"down\"")).expect_err("down");
    assert!(e.to_string().contains("\"on-top\""), "{e}");
}
