//! Janggi's rules as variant-file keys, through the shipped files: moves along the palace's
//! diagonal lines (`[board] diagonal_lines`, `lines = true`), the cannon that neither jumps
//! nor takes another cannon (`avoids_own_kind`), bikjang (`[rules] bikjang`), and the ends
//! Fairy-Stockfish adjudicates: two passes in a row and a bikjang answered by a pass, decided
//! by counting (`[end] material_count = "points"`) or drawn.

mod shipped_moves;

use chessrules::core::Color;
use chessrules::game::{Game, GameEnd, Score};
use chessrules::variants::custom::{builtin, load_variant_file, outcome, variant};
use shipped_moves::{make_and_unmake_restore, moves_from, play, pos, uci_texts};

/// The game's end by the file's rules after the moves, played from `fen` in one game (its
/// history is what the passes' ends read).
fn end_after(name: &str, fen: &str, moves: &[&str]) -> Option<GameEnd> {
    let v = &builtin::by_name(name).expect("shipped").variant;
    let mut game = variant::game(v, v.position_from_fen(fen).expect("a FEN"));
    for text in moves {
        let m = game
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        game.make(m);
    }
    outcome(&mut game)
}

const START: &str = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";

#[test]
fn the_palace_lines_carry_generals_guards_chariots_and_soldiers_diagonally() {
    // White: general e1 (off the lines: no diagonal step), guard e2 (the centre), chariot d1
    // (a corner, its line blocked by the guard), soldier d8 (in Black's palace).
    let fen = "5k3/9/3P5/9/9/9/9/9/4A4/3RK4 w - - 0 1";
    // (`e1e1` is the pass, named by the general's square.)
    assert_eq!(moves_from("janggi", fen, "e1"), ["e1e1", "e1f1"]);
    // The guard steps along all four half-diagonals from the centre, and orthogonally.
    let guard = moves_from("janggi", fen, "e2");
    for to in ["d3", "f3", "f1", "d2", "f2", "e3"] {
        assert!(guard.contains(&format!("e2{to}")), "e2{to}: {guard:?}");
    }
    // The chariot's diagonal from d1 is closed by its own guard on e2.
    assert!(!moves_from("janggi", fen, "d1")
        .iter()
        .any(|m| m == "d1e2" || m == "d1f3"));
    // The soldier steps forward, sideways, and forward along the line to e9.
    assert_eq!(
        moves_from("janggi", fen, "d8"),
        ["d8c8", "d8d9", "d8e8", "d8e9"]
    );
    // With the guard gone, the chariot rides the line to the far corner.
    let fen = "5k3/9/9/9/9/9/9/9/9/3RK4 w - - 0 1";
    let chariot = moves_from("janggi", fen, "d1");
    assert!(chariot.contains(&"d1e2".to_string()) && chariot.contains(&"d1f3".to_string()));
    // From the middle of a palace side (d2), on no line, nothing diagonal.
    let fen = "5k3/9/9/9/9/9/9/9/3R5/4K4 w - - 0 1";
    assert!(!moves_from("janggi", fen, "d2")
        .iter()
        .any(|m| m == "d2e3" || m == "d2e1"));
}

#[test]
fn a_cannon_neither_jumps_nor_takes_a_cannon() {
    // White cannon a1; on the a-file a soldier (a3), then Black's cannon (a6).
    let fen = "5k3/9/9/9/c8/9/9/P8/4K4/C8 w - - 0 1";
    // Past the soldier up to Black's cannon, which it may not take.
    assert_eq!(moves_from("janggi", fen, "a1"), ["a1a4", "a1a5"]);
    // With a cannon as the only screen, the file is closed to it.
    let fen = "5k3/9/9/9/r8/9/9/C8/4K4/C8 w - - 0 1";
    assert!(moves_from("janggi", fen, "a1").is_empty());
    // A cannon moves only by jumping: with no screen, not at all along that line.
    let fen = "5k3/9/9/9/9/9/9/9/4K4/C8 w - - 0 1";
    assert!(moves_from("janggi", fen, "a1").is_empty());
    // Diagonally in the palace over the centre: d1 over e2 to f3.
    let fen = "5k3/9/9/9/9/9/9/9/4P4/3CK4 w - - 0 1";
    assert!(moves_from("janggi", fen, "d1").contains(&"d1f3".to_string()));
}

#[test]
fn a_cannon_behind_a_cannon_gives_no_check() {
    // Black's general d10, White's cannons d1 and d5: the d5 cannon has no screen, the d1
    // cannon's only screen is a cannon. Not check; a soldier on d8 makes d5's check.
    let p = pos("janggi", "3k5/9/9/9/9/3C5/9/9/9/3CK4 b - - 0 1");
    assert!(!p.is_check());
    let p = pos("janggi", "3k5/9/3P5/9/9/3C5/9/9/9/4K4 b - - 0 1");
    assert!(p.is_check());
}

#[test]
fn in_bikjang_a_move_must_part_the_generals_or_pass() {
    // The generals face each other on the e-file, White to move and in check by the chariot
    // on a1. Blocking with c2c1 would leave them facing: only the pass is legal, in check.
    let fen = "4k4/9/9/9/9/9/9/9/2R6/r3K4 w - - 0 1";
    let mut p = pos("janggi", fen);
    assert!(p.royals_face() && p.is_check());
    assert_eq!(uci_texts(&mut p), ["e1e1"]);
    // Away from bikjang, the block is the answer: with a soldier closing the file, the same
    // check is met by c2c1, and no pass.
    let mut p = pos("janggi", "4k4/9/9/4p4/9/9/9/9/2R6/r3K4 w - - 0 1");
    assert!(!p.royals_face());
    let mut legal = uci_texts(&mut p);
    legal.sort();
    assert!(legal.contains(&"c2c1".to_string()) && !legal.contains(&"e1e1".to_string()));
    play(&mut p, "c2c1");
    assert!(!p.is_check());
    // Without the rule (janggicasual), facing generals change nothing: block, no pass.
    let mut p = pos("janggicasual", fen);
    let legal = uci_texts(&mut p);
    assert!(legal.contains(&"c2c1".to_string()) && !legal.contains(&"e1e1".to_string()));
}

#[test]
fn a_pass_that_leaves_bikjang_ends_the_game_by_counting() {
    // White makes bikjang; Black passes: over. Points: White's chariot (13) against Black's
    // soldier (2) and bonus (1.5): White wins. In janggitraditional the same is a draw.
    let fen = "4k4/9/9/3p5/9/9/9/9/9/R2K5 w - - 0 1";
    assert_eq!(
        end_after("janggi", fen, &["d1e1"]),
        None,
        "bikjang, not over yet"
    );
    let end = end_after("janggi", fen, &["d1e1", "e10e10"]).expect("bikjang answered by a pass");
    assert_eq!(end.score(), Score::Win(Color::White));
    assert!(end.to_string().contains("bikjang"), "{end}");
    let end = end_after("janggitraditional", fen, &["d1e1", "e10e10"]).expect("over");
    assert_eq!(end.score(), Score::Draw);
}

#[test]
fn two_passes_in_a_row_end_the_game_with_black_ahead_by_its_bonus() {
    // From the start the armies are equal: Black's 1.5 points decide.
    let end = end_after("janggi", START, &["e2e2", "e9e9"]).expect("two passes");
    assert_eq!(end.score(), Score::Win(Color::Black));
    assert_eq!(end_after("janggi", START, &["e2e2", "e9e8"]), None);
    let end = end_after("janggicasual", START, &["e2e2", "e9e9"]).expect("two passes");
    assert_eq!(end.score(), Score::Draw);
    // A position the passes decided has no moves to count (Fairy-Stockfish's perft).
    let v = &builtin::by_name("janggi").expect("shipped").variant;
    let mut game = variant::game(v, v.position_from_fen(START).expect("start"));
    for text in ["e2e2", "e9e9"] {
        let m = game.parse_move(text).expect("a pass");
        game.make(m);
    }
    assert!(game.is_decided());
}

#[test]
fn moves_along_lines_make_and_unmake_exactly() {
    make_and_unmake_restore("janggi", START);
    make_and_unmake_restore(
        "janggi",
        "1Pbcka3/3nNn1c1/N2CaC3/1pB6/9/9/5P3/9/4K4/9 w - - 0 23",
    );
}

fn file(board: &str, pieces: &str, rules: &str, end: &str) -> Result<(), String> {
    let text = format!(
        "name = \"t\"\n[board]\nfiles = 9\nranks = 10\nstart = \"4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1\"\n\
         {board}\n[[piece]]\nletter = \"K\"\nname = \"king\"\nbetza = \"W\"\nroyal = true\n\
         {pieces}\n[rules]\n{rules}\n[end]\n{end}\n"
    );
    load_variant_file(&text)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

#[test]
fn the_keys_refuse_what_they_cannot_mean() {
    let lines = "[[piece.extra]]\nbetza = \"F\"\nlines = true\n";
    let err = file("", lines, "", "").expect_err("no lines on the board");
    assert!(err.contains("diagonal_lines"), "{err}");
    assert!(file("diagonal_lines = [\"d1\", \"e2\"]", lines, "", "").is_ok());
    let err = file("diagonal_lines = [\"z1\"]", lines, "", "").expect_err("off the board");
    assert!(err.contains("z1"), "{err}");
    let err = file("", "", "bikjang = true", "").expect_err("bikjang without passing");
    assert!(err.contains("pass"), "{err}");
    let points = "[[piece]]\nletter = \"R\"\nname = \"r\"\nbetza = \"R\"\npoints = 13\n";
    let err = file("", points, "", "").expect_err("points without counting");
    assert!(err.contains("material_count"), "{err}");
    let counted = "material_count = \"points\"\nmaterial_count_black_bonus = 0.25";
    let err = file("", points, "", counted).expect_err("a quarter point");
    assert!(err.contains("halves"), "{err}");
    let err = file("", points, "", "material_count = \"pieces\"").expect_err("unknown count");
    assert!(err.contains("points"), "{err}");
    let royal = "avoids_own_kind = true\n";
    let text = format!(
        "name = \"t\"\n[board]\nfiles = 9\nranks = 10\nstart = \"4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1\"\n\
         [[piece]]\nletter = \"K\"\nname = \"king\"\nbetza = \"W\"\nroyal = true\n{royal}"
    );
    let err = load_variant_file(&text)
        .map(|_| ())
        .expect_err("a royal cannon");
    assert!(err.to_string().contains("avoids_own_kind"), "{err}");
}
