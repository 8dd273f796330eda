//! Runs every case folder of `testBoards/obstacle/` through the built binary, the way the
//! course's markers run theirs: `chessrules obstacle initial.board OUT [moves.game]`, then
//! stdout, stderr and the output board (or its absence) are compared byte for byte with the
//! folder's expected files (a missing `stderr.output` or `stdout.output` means nothing).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

fn cases(root: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = fs::read_dir(root)
        .expect("testBoards/obstacle exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("initial.board").exists())
        .collect();
    out.sort();
    out
}

fn expected(case: &Path, stream: &str) -> Vec<u8> {
    fs::read(case.join(format!("{stream}.output"))).unwrap_or_default()
}

/// Runs one case folder; returns a description of every difference.
pub fn run_case(case: &Path, scratch: &Path) -> Vec<String> {
    let out = scratch.join("out.board");
    let _ = fs::remove_file(&out);
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_chessrules"));
    cmd.arg("obstacle")
        .arg(case.join("initial.board"))
        .arg(&out);
    if case.join("moves.game").exists() {
        cmd.arg(case.join("moves.game"));
    }
    let result = cmd.output().expect("the binary runs");
    let mut problems = Vec::new();
    for (stream, got) in [("stdout", &result.stdout), ("stderr", &result.stderr)] {
        let want = expected(case, stream);
        if *got != want {
            problems.push(format!(
                "{stream}: expected {:?}, got {:?}",
                String::from_utf8_lossy(&want),
                String::from_utf8_lossy(got)
            ));
        }
    }
    let want_board = case.join("output.board");
    match (want_board.exists(), out.exists()) {
        (true, true) => {
            let (got, want) = (fs::read(&out).unwrap(), fs::read(&want_board).unwrap());
            if got != want {
                problems.push(format!(
                    "board:\n{}expected:\n{}",
                    String::from_utf8_lossy(&got),
                    String::from_utf8_lossy(&want)
                ));
            }
        }
        (true, false) => problems.push("no output board written".into()),
        (false, true) => problems.push("an output board was written for a failing case".into()),
        (false, false) => {}
    }
    let error_exit = !expected(case, "stderr").is_empty();
    if result.status.success() == error_exit {
        problems.push(format!("exit status {:?}", result.status.code()));
    }
    problems
}

#[test]
fn golden_cases() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("testBoards/obstacle");
    let scratch = std::env::temp_dir().join(format!("obstacle-golden-{}", std::process::id()));
    fs::create_dir_all(&scratch).unwrap();
    let all = cases(&root);
    assert!(
        all.len() > 100,
        "expected the golden cases, found {}",
        all.len()
    );
    let mut failures = Vec::new();
    for case in &all {
        let problems = run_case(case, &scratch);
        if !problems.is_empty() {
            failures.push(format!("{}:\n  {}", case.display(), problems.join("\n  ")));
        }
    }
    let _ = fs::remove_dir_all(&scratch);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The binary reached through a link named `obstacleChess` (or `obstacle`) needs no
/// subcommand, as the course's command line `obstacleChess inboard outboard [game]` has none.
#[cfg(unix)]
#[test]
fn alias_names_run_obstacle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("testBoards/obstacle");
    let case = root.join("fools-mate");
    let dir = std::env::temp_dir().join(format!("obstacle-alias-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    for name in ["obstacleChess", "obstacle"] {
        let link = dir.join(name);
        let _ = fs::remove_file(&link);
        std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_chessrules"), &link).unwrap();
        let out = dir.join("out.board");
        let _ = fs::remove_file(&out);
        let result = Command::new(&link)
            .arg(case.join("initial.board"))
            .arg(&out)
            .arg(case.join("moves.game"))
            .output()
            .unwrap();
        assert!(result.status.success(), "{name}");
        assert_eq!(String::from_utf8_lossy(&result.stdout), "INFO: checkmate\n");
        assert_eq!(
            fs::read(&out).unwrap(),
            fs::read(case.join("output.board")).unwrap()
        );
    }
    let _ = fs::remove_dir_all(&dir);
}

/// The runner itself: a case whose expected output lacks only its final newline is a failure.
#[test]
fn a_missing_final_newline_is_a_difference() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("testBoards/obstacle/fools-mate");
    let dir = std::env::temp_dir().join(format!("obstacle-exact-{}", std::process::id()));
    let case = dir.join("case");
    fs::create_dir_all(&case).unwrap();
    for f in [
        "initial.board",
        "moves.game",
        "output.board",
        "stdout.output",
    ] {
        fs::copy(root.join(f), case.join(f)).unwrap();
    }
    assert!(run_case(&case, &dir).is_empty());
    let stdout = fs::read(root.join("stdout.output")).unwrap();
    fs::write(case.join("stdout.output"), stdout.trim_ascii_end()).unwrap();
    assert_eq!(run_case(&case, &dir).len(), 1);
    let _ = fs::remove_dir_all(&dir);
}
