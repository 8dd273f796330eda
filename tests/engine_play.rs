//! `standard play` with computer seats.

use std::io::Write;
use std::process::{Command, Stdio};

fn play(args: &[&str], input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chessrules"))
        .args(["standard", "play", "--date", "2026.01.01"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn our_engine_answers_a_person() {
    let out = play(&["--black", "ai", "--movetime", "50"], "e4\nquit\n");
    assert!(out.contains("1. e4\n1... "), "{out}");
    assert!(out.contains("[Black \"ai\"]"), "{out}");
}

#[test]
fn a_missing_external_engine_is_an_error_and_our_engine_mates_in_one() {
    let bin = env!("CARGO_BIN_EXE_chessrules");
    let external = format!("uci:{bin}-uci-wrapper-does-not-exist");
    // A missing external engine is an error (exit 3), not a hang.
    let status = Command::new(bin)
        .args(["standard", "play", "--black", &external])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(3));
    let out = play(
        &[
            "--white",
            "ai",
            "--black",
            "ai",
            "--movetime",
            "50",
            "--fen",
            "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        ],
        "",
    );
    assert!(out.contains("1. Ra8#"), "{out}");
    assert!(out.contains("1-0"), "{out}");
}
