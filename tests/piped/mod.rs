//! The binary run with its standard input piped: the helper the session-style tests share
//! (UCI sessions, games typed at a prompt).
#![allow(dead_code)]

use std::io::{ErrorKind, Write};
use std::process::{Command, Output, Stdio};

pub const BIN: &str = env!("CARGO_BIN_EXE_chessrules");

/// Runs `chessrules ARGS` with `input` on standard input; everything it printed. A program
/// that stops reading early (a game over before the input is) is not a test failure.
pub fn run(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    if let Err(e) = stdin.write_all(input.as_bytes()) {
        assert_eq!(e.kind(), ErrorKind::BrokenPipe, "writing the input: {e}");
    }
    drop(stdin);
    child.wait_with_output().expect("the binary finishes")
}

/// As `run`, asserting exit code 0; standard output and standard error as text.
pub fn ok(args: &[&str], input: &str) -> (String, String) {
    let out = run(args, input);
    let stdout = String::from_utf8(out.stdout).expect("stdout is UTF-8");
    let stderr = String::from_utf8(out.stderr).expect("stderr is UTF-8");
    assert!(out.status.success(), "{stdout}\n{stderr}");
    (stdout, stderr)
}

/// What follows `bestmove ` on each line of a UCI session, in order.
pub fn bestmoves(out: &str) -> Vec<&str> {
    out.lines()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .collect()
}
