//! The `follow` command against the golden cases in `testBoards/follow/` (each folder:
//! `board.txt`, `moves.txt`, optional `args` one per line, and the exact `expected.out`,
//! `expected.err`, `expected.code`), plus the `followchess` alias and its prompts.

use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::Command;

fn cases() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = fs::read_dir("testBoards/follow")
        .expect("testBoards/follow exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    dirs
}

fn read(dir: &Path, name: &str) -> String {
    fs::read_to_string(dir.join(name)).unwrap_or_default()
}

#[test]
fn golden_cases() {
    let dirs = cases();
    assert!(dirs.len() >= 7, "golden cases missing");
    for dir in dirs {
        let args: Vec<String> = read(&dir, "args").lines().map(String::from).collect();
        let out = Command::cargo_bin("chessrules")
            .unwrap()
            .current_dir(&dir)
            .args(["follow", "board.txt", "moves.txt"])
            .args(&args)
            .output()
            .unwrap();
        let name = dir.display();
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            read(&dir, "expected.out"),
            "{name} stdout"
        );
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            read(&dir, "expected.err"),
            "{name} stderr"
        );
        assert_eq!(
            out.status.code().map(|c| c.to_string()),
            Some(read(&dir, "expected.code").trim().to_string()),
            "{name} exit code"
        );
    }
}

#[test]
fn asks_for_file_names_when_none_are_given() {
    let dir = Path::new("testBoards/follow/spec_example");
    Command::cargo_bin("chessrules")
        .unwrap()
        .current_dir(dir)
        .arg("follow")
        .write_stdin("board.txt\nmoves.txt\n")
        .assert()
        .success()
        .stdout(read(dir, "expected.out"))
        .stderr("Board file name: Move file name: ");
}

#[test]
fn followchess_alias_is_the_a1_program() {
    let bin = assert_cmd::cargo::cargo_bin("chessrules");
    let link_dir = std::env::temp_dir().join(format!("followchess-test-{}", std::process::id()));
    fs::create_dir_all(&link_dir).unwrap();
    let link = link_dir.join("followchess");
    let _ = fs::remove_file(&link);
    std::os::unix::fs::symlink(&bin, &link).unwrap();
    let dir = fs::canonicalize("testBoards/follow/spec_example").unwrap();
    Command::new(&link)
        .current_dir(&dir)
        .write_stdin("board.txt\r\nmoves.txt\r\n")
        .assert()
        .success()
        .stdout(read(&dir, "expected.out"));
    let _ = fs::remove_dir_all(&link_dir);
}

#[test]
fn no_file_names_on_stdin_is_a_usage_error() {
    Command::cargo_bin("chessrules")
        .unwrap()
        .arg("follow")
        .write_stdin("")
        .assert()
        .code(2)
        .stdout("")
        .stderr("Board file name: error: no board file name given\n");
}

#[test]
fn missing_file_exits_3() {
    Command::cargo_bin("chessrules")
        .unwrap()
        .current_dir("testBoards/follow/spec_example")
        .args(["follow", "nope.txt", "moves.txt"])
        .assert()
        .code(3)
        .stdout("");
}

#[test]
fn board_without_moves_argument_is_a_usage_error() {
    Command::cargo_bin("chessrules")
        .unwrap()
        .args(["follow", "board.txt"])
        .assert()
        .code(2);
}
