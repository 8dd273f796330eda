//! `--strict` golden cases: `testBoards/<variant>/strict/<rule>-{pass,fail}.<ext>` with
//! `<case>.expected` (the exact error line; empty for a pass). Every case must be accepted
//! without `--strict` (the flag is the only thing that rejects it); with `--strict` a pass
//! case behaves exactly as without it, and a fail case prints its line on the variant's
//! error stream and exits 1.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn cases(variant: &str, ext: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testBoards")
        .join(variant)
        .join("strict");
    let mut out: Vec<PathBuf> = fs::read_dir(&dir)
        .expect("the strict case folder exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .filter(|p| p.with_extension("expected").exists())
        .collect();
    out.sort();
    out
}

fn run(args: &[&std::ffi::OsStr]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chessrules"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Runs `make(strict)` both ways and checks the outcome; returns the problems found.
fn check_case(case: &Path, error_on_stdout: bool, make: impl Fn(bool) -> Output) -> Vec<String> {
    let expected = fs::read_to_string(case.with_extension("expected")).expect("expected file");
    let name = case.display();
    let mut problems = Vec::new();
    let plain = make(false);
    if plain.status.code() != Some(0) {
        problems.push(format!("{name}: rejected without --strict: {plain:?}"));
    }
    let strict = make(true);
    if expected.is_empty() {
        if strict.status.code() != Some(0)
            || strict.stdout != plain.stdout
            || strict.stderr != plain.stderr
        {
            problems.push(format!(
                "{name}: --strict changed a passing case: {strict:?}"
            ));
        }
    } else {
        let (errors, other) = if error_on_stdout {
            (&strict.stdout, &strict.stderr)
        } else {
            (&strict.stderr, &strict.stdout)
        };
        if strict.status.code() != Some(1)
            || String::from_utf8_lossy(errors) != expected
            || !other.is_empty()
        {
            problems.push(format!(
                "{name}: expected {expected:?} and exit 1, got {strict:?}"
            ));
        }
    }
    problems
}

fn assert_cases(
    variant: &str,
    ext: &str,
    error_on_stdout: bool,
    make: impl Fn(&Path, bool) -> Output,
) {
    let all = cases(variant, ext);
    assert!(
        all.len() >= 10,
        "{variant}: expected the strict cases, found {}",
        all.len()
    );
    for pair in ["pass", "fail"] {
        assert!(all
            .iter()
            .any(|p| p.to_string_lossy().contains(&format!("-{pair}."))));
    }
    let problems: Vec<String> = all
        .iter()
        .flat_map(|case| check_case(case, error_on_stdout, |strict| make(case, strict)))
        .collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn fairy_strict_cases() {
    assert_cases("fairy", "board", true, |case, strict| {
        let mut args = vec!["fairy".as_ref(), case.as_os_str()];
        if strict {
            args.push("--strict".as_ref());
        }
        run(&args)
    });
}

#[test]
fn obstacle_strict_cases() {
    let dir = std::env::temp_dir().join(format!("strict-obstacle-{}", std::process::id()));
    fs::create_dir_all(&dir).expect("scratch dir");
    let out = dir.join("out.board");
    assert_cases("obstacle", "board", false, |case, strict| {
        let _ = fs::remove_file(&out);
        let mut args = vec!["obstacle".as_ref(), case.as_os_str(), out.as_os_str()];
        if strict {
            args.push("--strict".as_ref());
        }
        let result = run(&args);
        // A rejected board writes no output board.
        if result.status.code() != Some(0) {
            assert!(!out.exists(), "{}: output board written", case.display());
        }
        result
    });
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn standard_strict_cases() {
    assert_cases("standard", "fen", false, |case, strict| {
        let fen = fs::read_to_string(case).expect("fen file");
        let mut args: Vec<&std::ffi::OsStr> = vec![
            "standard".as_ref(),
            "status".as_ref(),
            "--fen".as_ref(),
            fen.trim().as_ref(),
        ];
        if strict {
            args.push("--strict".as_ref());
        }
        run(&args)
    });
}

#[test]
fn standard_play_checks_its_fen_too() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("testBoards/standard/strict");
    let fen = fs::read_to_string(dir.join("too-many-checkers-fail.fen")).expect("fen");
    let want = fs::read_to_string(dir.join("too-many-checkers-fail.expected")).expect("expected");
    let out = Command::new(env!("CARGO_BIN_EXE_chessrules"))
        .args(["standard", "play", "--strict", "--fen", fen.trim()])
        .stdin(std::process::Stdio::null())
        .output()
        .expect("the binary runs");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&out.stderr), want);
    assert!(out.stdout.is_empty());
}
