//! Golden cases of our own: every `testBoards/fairy/<case>.board` (with `<case>.moves` when
//! present) is run through `chessrules fairy`; stdout must equal `<case>.out` byte for byte and
//! the exit code must equal `<case>.code`. The cases are written by
//! `testBoards/fairy/make_cases.py`, whose expected outputs come from its own simple model.

use std::path::{Path, PathBuf};

use assert_cmd::Command;

fn cases() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("testBoards/fairy");
    let mut boards: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("testBoards/fairy exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "board"))
        .collect();
    boards.sort();
    boards
}

#[test]
fn golden_cases_match_byte_for_byte() {
    let boards = cases();
    assert!(
        boards.len() >= 100,
        "expected the golden cases, found {}",
        boards.len()
    );
    let mut failures = Vec::new();
    for board in &boards {
        let moves = board.with_extension("moves");
        let want_out = std::fs::read_to_string(board.with_extension("out")).expect("X.out exists");
        let want_code: i32 = std::fs::read_to_string(board.with_extension("code"))
            .expect("X.code exists")
            .trim()
            .parse()
            .expect("X.code holds a number");
        let mut cmd = Command::cargo_bin("chessrules").expect("binary built");
        cmd.arg("fairy").arg(board);
        if moves.exists() {
            cmd.arg(&moves);
        }
        let out = cmd.output().expect("binary runs");
        let got = String::from_utf8_lossy(&out.stdout);
        let code = out.status.code().unwrap_or(-1);
        if got != want_out || code != want_code {
            failures.push(format!(
                "{}: exit {code} (want {want_code})\n--- want\n{want_out}--- got\n{got}",
                board
                    .file_stem()
                    .map(|s| s.to_string_lossy())
                    .unwrap_or_default()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} golden cases failed:\n{}",
        failures.len(),
        boards.len(),
        failures.join("\n")
    );
}
