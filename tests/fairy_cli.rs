//! The fairy command line: the `fairychess` alias, the board-only form, and I/O failures.

use std::path::{Path, PathBuf};

use assert_cmd::Command;

fn case(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testBoards/fairy")
        .join(name)
}

#[cfg(unix)]
#[test]
fn fairychess_alias_runs_the_fairy_subcommand() {
    let dir = std::env::temp_dir().join(format!("chessrules-fairy-alias-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let link = dir.join("fairychess");
    let _ = std::fs::remove_file(&link);
    let bin = assert_cmd::cargo::cargo_bin("chessrules");
    std::os::unix::fs::symlink(&bin, &link).expect("symlink");
    let board = case("castling_white_kingside.board");
    let moves = case("castling_white_kingside.moves");
    let want = std::fs::read_to_string(case("castling_white_kingside.out")).expect("out");
    let out = std::process::Command::new(&link)
        .arg(&board)
        .arg(&moves)
        .output()
        .expect("alias runs");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(String::from_utf8_lossy(&out.stdout), want);
    assert!(out.status.success());
}

#[test]
fn board_alone_prints_the_board_back() {
    let want = std::fs::read_to_string(case("board_valid_prints_board_in_output_format.out"))
        .expect("out");
    Command::cargo_bin("chessrules")
        .expect("binary")
        .arg("fairy")
        .arg(case("board_valid_prints_board_in_output_format.board"))
        .assert()
        .success()
        .stdout(want);
}

#[test]
fn missing_file_is_an_io_error_on_stderr() {
    Command::cargo_bin("chessrules")
        .expect("binary")
        .args(["fairy", "/nonexistent/board.board"])
        .assert()
        .code(3)
        .stdout("")
        .stderr(predicates::str::contains("cannot read"));
}

#[test]
fn missing_board_argument_is_a_usage_error() {
    Command::cargo_bin("chessrules")
        .expect("binary")
        .arg("fairy")
        .assert()
        .code(2);
}

#[test]
fn board_errors_come_before_reading_the_move_file() {
    Command::cargo_bin("chessrules")
        .expect("binary")
        .arg("fairy")
        .arg(case("board_halfmove_clock_51.board"))
        .arg("/nonexistent/moves.moves")
        .assert()
        .code(9)
        .stdout("ERROR: Illegal halfmove clock on line 22\n");
}
