//! The course's 55 reference cases (`../shared/peer/fairy/.../MovetTestBoards2`), run through
//! the binary and compared the way the course's marking script compares them: whole stdout,
//! trailing newlines dropped. Skipped, with a message, when `../shared` is not there.

mod requires;

use std::path::{Path, PathBuf};

use assert_cmd::Command;

fn reference_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/peer/fairy/skmbatha__Fairy-Chess/MovetTestBoards2")
}

#[test]
fn course_reference_cases_pass() {
    let dir = reference_dir();
    let Ok(entries) = std::fs::read_dir(&dir) else {
        requires::missing(&format!("no reference cases at {}", dir.display()));
        return;
    };
    let mut boards: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "board"))
        .collect();
    boards.sort();
    let mut failed = Vec::new();
    let mut ran = 0;
    for board in &boards {
        let Ok(want) = std::fs::read_to_string(board.with_extension("out")) else {
            continue;
        };
        let moves = board.with_extension("moves");
        let mut cmd = Command::cargo_bin("chessrules").expect("binary built");
        cmd.arg("fairy").arg(board);
        if moves.exists() {
            cmd.arg(&moves);
        }
        let out = cmd.output().expect("binary runs");
        let got = String::from_utf8_lossy(&out.stdout);
        ran += 1;
        if got.trim_end_matches('\n') != want.trim_end_matches('\n') {
            failed.push(board.display().to_string());
        }
    }
    assert!(ran > 0, "no reference cases found in {}", dir.display());
    assert!(
        failed.is_empty(),
        "{} of {ran} failed: {failed:?}",
        failed.len()
    );
}
