//! `standard play` with computer seats.

mod piped;

use std::process::{Command, Stdio};

/// `standard play ARGS` (PGN date pinned) with `input` typed: its standard output.
fn play(args: &[&str], input: &str) -> String {
    let fixed = ["standard", "play", "--date", "2026.01.01"];
    piped::ok(&[&fixed[..], args].concat(), input).0
}

#[test]
fn our_engine_answers_a_person() {
    let out = play(&["--black", "ai", "--movetime", "50"], "e4\nquit\n");
    assert!(out.contains("Black plays "), "{out}");
    assert!(out.contains("\n1. e4 "), "{out}");
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

/// An external engine is told the whole game (`position fen START moves …`), not only the
/// current position, so it can see repetitions. The engine here is our own `uci` behind a
/// script that logs what it is sent.
#[test]
fn an_external_engine_is_sent_the_game_s_moves() {
    let dir = std::env::temp_dir().join(format!("uci-history-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("sent.txt");
    let wrapper = dir.join("engine.sh");
    let bin = env!("CARGO_BIN_EXE_chessrules");
    std::fs::write(
        &wrapper,
        format!("#!/bin/sh\ntee -a '{}' | '{bin}' uci\n", log.display()),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
    let white = format!("uci:{}", wrapper.display());
    let out = play(&["--white", &white, "--movetime", "50"], "a6\nquit\n");
    assert!(out.contains("White plays "), "{out}");
    assert!(out.contains(" a6 "), "{out}");
    let sent = std::fs::read_to_string(&log).unwrap();
    let start = "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let positions: Vec<&str> = sent.lines().filter(|l| l.starts_with("position")).collect();
    assert_eq!(positions.first(), Some(&start), "{sent}");
    let second = positions.get(1).copied().unwrap_or_default();
    let moves: Vec<&str> = second
        .strip_prefix(start)
        .and_then(|rest| rest.strip_prefix(" moves "))
        .unwrap_or_else(|| panic!("second position: {second}"))
        .split(' ')
        .collect();
    assert_eq!(moves.len(), 2, "{second}");
    assert_eq!(moves[1], "a7a6", "{second}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_opponent_plays_the_colour_the_person_does_not() {
    let out = play(
        &["--opponent", "ai", "--play-as", "black", "--movetime", "50"],
        "a6\nquit\n",
    );
    assert!(out.contains("White plays "), "{out}");
    assert!(out.contains(" a6 "), "{out}");
    assert!(out.contains("[White \"ai\"]\n[Black \"?\"]"), "{out}");
    let status = Command::new(env!("CARGO_BIN_EXE_chessrules"))
        .args(["standard", "play", "--opponent", "bob"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(2));
}

/// A move taken back is gone from the record: `log`, the PGN written and the final move list
/// hold only the moves still on the board (issue 36: they used to keep all of them).
#[test]
fn undo_removes_the_move_from_the_pgn_and_the_log() {
    let dir = std::env::temp_dir().join(format!("chessrules-undo-pgn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("game.pgn");
    let out = play(
        &["--pgn", pgn.to_str().unwrap()],
        "e4\ne5\nNf3\nNc6\nundo\nlog\nquit\n",
    );
    assert!(out.contains("Took back Nc6."), "{out}");
    let written = std::fs::read_to_string(&pgn).unwrap();
    assert!(
        written.contains("1. e4 e5 2. Nf3 {game stopped without a result} *"),
        "{written}"
    );
    assert!(!written.contains("Nc6"), "{written}");
    let said = "Took back Nc6.";
    let after_undo = &out[out.find(said).unwrap() + said.len()..];
    assert!(!after_undo.contains("Nc6"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Against the computer, `undo` takes back the person's move and the computer's reply together
/// (taking back the reply alone let the computer play it again at once); between two people it
/// takes back one move.
#[test]
fn undo_against_the_computer_takes_back_both_moves() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let out = play(
        &["--opponent", "ai", "--movetime", "30"],
        "e4\nundo\nfen\nquit\n",
    );
    assert!(out.contains("Took back e4 and "), "{out}");
    assert!(out.contains(start), "{out}");
    let out = play(&[], "e4\ne5\nundo\nfen\nquit\n");
    assert!(out.contains("Took back e5."), "{out}");
    assert!(
        out.contains("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq"),
        "{out}"
    );
}
