//! `chessrules find` on small tasks.

use std::process::Command;

fn find(variant: &str, from: &str, to: &str, extra: &[&str]) -> (String, String, i32) {
    let dir = std::env::temp_dir().join(format!(
        "finder-{}-{variant}-{}",
        std::process::id(),
        from.len() * 31 + to.len()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let (a, b) = (dir.join("from"), dir.join("to"));
    std::fs::write(&a, from).unwrap();
    std::fs::write(&b, to).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_chessrules"))
        .args(["find", "--variant", variant])
        .arg(&a)
        .arg(&b)
        .args(extra)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n";

#[test]
fn standard_knight_tour_back_home() {
    let from = "rnbqkb1r/pppppppp/8/1N6/4n3/8/PPPPPPPP/R1BQKBNR w KQkq - 4 3\n";
    let (out, _, code) = find("standard", from, START, &[]);
    assert_eq!(code, 0);
    // Two shortest sequences exist (via a3 or c3); which one comes first is the generator's
    // order, not the interface: the answer must be four plies that lead to the target.
    let moves: Vec<&str> = out.lines().collect();
    assert_eq!(moves.len(), 4, "{out}");
    let mut pos = chessrules::variants::standard::from_fen(from.trim()).unwrap();
    for text in &moves {
        let m = chessrules::notation::san::parse(&mut pos, text).unwrap();
        pos.make(m);
    }
    let placement = |fen: &str| fen.split(' ').next().unwrap_or_default().to_string();
    assert_eq!(
        placement(&chessrules::notation::fen::write(&pos)),
        placement(START.trim())
    );
    assert!(matches!(moves[0], "Nc3" | "Na3"), "{out}");
}

#[test]
fn standard_impossible_and_none_within() {
    let (out, err, code) = find("standard", "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n", START, &[]);
    assert_eq!((out.as_str(), code), ("impossible\n", 0));
    assert!(!err.is_empty());
    let far = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n";
    let (out, _, _) = find("standard", START, far, &["--max-plies", "1"]);
    assert_eq!(out, "no sequence within 1 plies\n");
}

#[test]
fn standard_bad_fen_is_exit_1() {
    let (_, err, code) = find("standard", "garbage", START, &[]);
    assert_eq!(code, 1);
    assert!(err.starts_with("error:"), "{err}");
}

const OBSTACLE_FROM: &str =
    "......k.\n.....ppp\n........\n........\n........\n........\n.....PPP\nR.....K.\nw 1 0 - - - - - 0\n";

#[test]
fn obstacle_sequence_with_a_wall_is_a_game_file() {
    // White places its wall south of a5 and moves its king; Black moves its king and h-pawn.
    let to = "......k.\n.....pp.\n.......p\n_........\n........\n........\n.....PPP\nR.....K.\nw 0 0 - - - - - 0\n";
    let to = to
        .replacen("......k.", ".....k..", 1)
        .replacen("R.....K.", "R......K", 1);
    let (out, err, code) = find("obstacle", OBSTACLE_FROM, &to, &["--max-plies", "4"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(lines.contains(&"_a5"), "{out}");
}

#[test]
fn obstacle_walls_cannot_be_removed() {
    let walled = OBSTACLE_FROM
        .replacen(
            "........\n........\n.....PPP",
            "_........\n........\n.....PPP",
            1,
        )
        .replacen("w 1 0", "w 0 0", 1);
    let (out, _, _) = find("obstacle", &walled, OBSTACLE_FROM, &[]);
    assert_eq!(out, "impossible\n");
}

/// A standard position may be given as the FEN itself instead of a file holding it.
#[test]
fn standard_positions_may_be_fen_strings() {
    let out = Command::new(env!("CARGO_BIN_EXE_chessrules"))
        .args(["find", START.trim()])
        .arg("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "e4\ne5\n");
    // Neither a file nor a FEN: the file error, exit 3.
    let missing = Command::new(env!("CARGO_BIN_EXE_chessrules"))
        .args(["find", "no-such-file", START.trim()])
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(3), "{missing:?}");
}

/// Issue 67: an unreachable target with `--max-plies 1000000` grew without end and aborted
/// under a memory limit. Under a 150 MB address-space limit it now ends with exit 4 and says
/// what it ruled out (the memory budget is tested on the library, `variants::reach`).
#[test]
fn an_unreachable_target_ends_within_its_budget_under_a_memory_limit() {
    let from = "8/7k/8/8/8/8/8/B3K3 w - - 0 1";
    let to = "8/7k/8/8/8/8/8/3BK3 w - - 0 1";
    let out = Command::new("prlimit")
        .arg("--as=150000000")
        .arg(env!("CARGO_BIN_EXE_chessrules"))
        .args(["find", from, to, "--max-plies", "1000000"])
        .args(["--max-positions", "2000000"])
        .output()
        .expect("prlimit runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(4), "{stderr}");
    assert!(
        stderr.starts_with("error: the search entered 2000000 positions (--max-positions raises it) before it could answer; no sequence of at most "),
        "{stderr}"
    );
    assert!(out.stdout.is_empty());
}
