//! The course's own obstacle-chess cases from `../shared/peer/obstacle` (skipped when that
//! folder is absent): the 7 example games with expected boards and messages, and the 87
//! expected boards of the board-validation suite, each read and written back unchanged.

mod requires;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

fn peer_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/peer/obstacle/lo9ud__comsci-su-obstacle-chess")
}

fn run(args: &[&Path]) -> (String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_chessrules"))
        .arg("obstacle")
        .args(args)
        .output()
        .expect("the binary runs");
    (
        String::from_utf8_lossy(&out.stdout).trim_end().to_string(),
        String::from_utf8_lossy(&out.stderr).trim_end().to_string(),
    )
}

#[test]
fn course_example_games() {
    let games = peer_root()
        .join("Example inputs for submission 2-20230918 (zip extracted, original bytes)");
    if !games.exists() {
        requires::missing(&format!("{} is absent", games.display()));
        return;
    }
    let scratch = std::env::temp_dir().join(format!("obstacle-course-{}", std::process::id()));
    fs::create_dir_all(&scratch).unwrap();
    let mut count = 0;
    for entry in fs::read_dir(&games).unwrap() {
        let case = entry.unwrap().path();
        if !case.is_dir() {
            continue;
        }
        count += 1;
        let out = scratch.join("out.board");
        let _ = fs::remove_file(&out);
        let (stdout, stderr) = run(&[&case.join("initial.board"), &out, &case.join("moves.game")]);
        let want = |s: &str| {
            fs::read_to_string(case.join(s))
                .unwrap_or_default()
                .trim_end()
                .to_string()
        };
        assert_eq!(stdout, want("stdout.output"), "{}", case.display());
        assert_eq!(stderr, want("stderr.output"), "{}", case.display());
        let expected = case.join("output.board");
        if expected.exists() {
            assert_eq!(
                fs::read(&out).ok(),
                fs::read(&expected).ok(),
                "{}",
                case.display()
            );
        } else {
            assert!(!out.exists(), "{}", case.display());
        }
    }
    assert_eq!(count, 7);
    let _ = fs::remove_dir_all(&scratch);
}

#[test]
fn course_valid_boards_round_trip() {
    let boards = peer_root().join("misc/log_output");
    if !boards.exists() {
        requires::missing(&format!("{} is absent", boards.display()));
        return;
    }
    let scratch = std::env::temp_dir().join(format!("obstacle-boards-{}", std::process::id()));
    fs::create_dir_all(&scratch).unwrap();
    let mut count = 0;
    for entry in fs::read_dir(&boards).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if !name.starts_with("27168182_match_") {
            continue;
        }
        count += 1;
        let text = fs::read_to_string(&path)
            .unwrap()
            .trim_end_matches('\n')
            .to_string()
            + "\n";
        let (inp, out) = (scratch.join("in.board"), scratch.join("out.board"));
        fs::write(&inp, &text).unwrap();
        let _ = fs::remove_file(&out);
        let (stdout, stderr) = run(&[&inp, &out]);
        assert_eq!((stdout.as_str(), stderr.as_str()), ("", ""), "{name}");
        assert_eq!(fs::read_to_string(&out).ok(), Some(text), "{name}");
    }
    assert_eq!(count, 87);
    let _ = fs::remove_dir_all(&scratch);
}
