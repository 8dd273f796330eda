//! The `pawnrace` command: golden dialogues from `testBoards/pawnrace/` and properties of the
//! computer's output.
//!
//! A golden case is `NAME.args` (the arguments), `NAME.in` (everything typed, given at once:
//! moves typed ahead must not be lost), and the expected `NAME.out`, `NAME.err` and `NAME.code`.

mod requires;

use std::fs;
use std::path::Path;

use assert_cmd::Command;
use chessrules::core::Color;
use chessrules::game::game_seat_view::TableGame;
use chessrules::game::{Game, Score};
use chessrules::variants::core_game::CoreGame;
use chessrules::variants::pawnrace::{new_game, start, Gap};

fn bin() -> Command {
    Command::cargo_bin("chessrules").expect("binary")
}

#[test]
fn golden_dialogues() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("testBoards/pawnrace");
    let mut cases = 0;
    let mut entries: Vec<_> = fs::read_dir(&dir)
        .expect("testBoards/pawnrace")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "args"))
        .collect();
    entries.sort();
    for args_path in entries {
        let read = |ext: &str| fs::read(args_path.with_extension(ext)).expect(ext);
        let args = String::from_utf8(read("args")).expect("utf-8 args");
        let mut cmd = bin();
        cmd.arg("pawnrace").args(args.split_whitespace());
        let out = cmd.write_stdin(read("in")).output().expect("run");
        let name = args_path.display();
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&read("out")),
            "stdout of {name}"
        );
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            String::from_utf8_lossy(&read("err")),
            "stderr of {name}"
        );
        let code: i32 = String::from_utf8(read("code"))
            .expect("code")
            .trim()
            .parse()
            .expect("code");
        assert_eq!(out.status.code(), Some(code), "exit code of {name}");
        cases += 1;
    }
    assert!(cases >= 5, "only {cases} golden cases found");
}

/// Replays bare SAN lines on a new game and returns it.
fn replay(gaps: (&str, &str), moves: &[&str]) -> CoreGame {
    let mut game = new_game(
        Gap::parse(gaps.0).expect("gap"),
        Gap::parse(gaps.1).expect("gap"),
    );
    for m in moves {
        let played = game.parse_move(m).expect("legal move");
        assert_eq!(&game.move_text(played), m, "the computer writes plain SAN");
        game.make(played);
    }
    game
}

#[test]
fn computer_against_computer_quiet_prints_san_moves_and_the_result() {
    let out = bin()
        .args([
            "pawnrace",
            "C",
            "C",
            "d",
            "E",
            "--quiet",
            "--movetime",
            "15",
        ])
        .output()
        .expect("run");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let lines: Vec<&str> = text.lines().collect();
    let (result, moves) = lines.split_last().expect("a result line");
    let mut game = replay(("d", "E"), moves);
    let end = game.rule_end().expect("the game is over");
    let expected = match end.score() {
        Score::Win(Color::White) => "White wins",
        Score::Win(Color::Black) => "Black wins",
        _ => "Draw by stalemate",
    };
    assert!(result.starts_with(expected), "{result}");
}

#[test]
fn back_against_the_computer_takes_back_both_moves() {
    let out = bin()
        .args(["pawnrace", "P", "C", "h", "a", "--movetime", "10"])
        .write_stdin("e4\nback\n")
        .output()
        .expect("run");
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let start = chessrules::variants::pawnrace::board::display(&start(
        Gap::parse("h").expect("g"),
        Gap::parse("a").expect("g"),
    ));
    assert_eq!(text.matches(&start).count(), 2, "{text}");
    assert_eq!(text.matches("Black plays ").count(), 1, "{text}");
    assert_eq!(out.status.code(), Some(1), "input ended");
}

#[test]
fn the_computer_can_play_white_against_a_person_in_a_relay() {
    let out = bin()
        .args([
            "pawnrace",
            "C",
            "P",
            "a",
            "a",
            "--quiet",
            "--movetime",
            "10",
        ])
        .write_stdin("")
        .output()
        .expect("run");
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1, "one computer move then input ends: {text}");
    replay(("a", "a"), &lines);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn bad_arguments_are_usage_errors() {
    for args in [
        vec!["pawnrace", "X", "C", "h", "a"],
        vec!["pawnrace", "P", "C", "i", "a"],
        vec!["pawnrace", "P", "C", "h"],
        vec!["pawnrace", "P", "C", "h", "ab"],
        vec!["pawnrace", "match", "--white", "ai"],
    ] {
        bin().args(&args).assert().code(2);
    }
}

#[test]
fn match_ends_with_one_summary_line() {
    let out = bin()
        .args([
            "pawnrace", "match", "--white", "random", "--black", "greedy", "--games", "64",
            "--gaps", "all", "--seed", "5",
        ])
        .output()
        .expect("run");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert_eq!(text.lines().count(), 1, "{text}");
    let words: Vec<&str> = text.split_whitespace().collect();
    assert_eq!(
        (words[1], words[3], words[4], words[6], words[7], words[9]),
        ("games:", "white", "wins,", "black", "wins,", "draws")
    );
    let n = |i: usize| {
        words[i]
            .trim_end_matches(',')
            .parse::<u32>()
            .expect("count")
    };
    assert_eq!(n(0), 64);
    assert_eq!(n(2) + n(5) + n(8), 64);
}

#[cfg(unix)]
#[test]
fn the_pawnrace_alias_runs_the_command() {
    let dir = std::env::temp_dir().join(format!("pawnrace-alias-{}", std::process::id()));
    fs::create_dir_all(&dir).expect("temp dir");
    let link = dir.join("pawnrace");
    let _ = fs::remove_file(&link);
    std::os::unix::fs::symlink(assert_cmd::cargo::cargo_bin("chessrules"), &link).expect("link");
    let out = std::process::Command::new(&link)
        .args(["P", "P", "h", "a", "--quiet"])
        .stdin(std::process::Stdio::null())
        .output()
        .expect("run");
    let _ = fs::remove_dir_all(&dir);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: input ended before the game did\n"
    );
}

#[test]
fn a_huge_line_is_refused_once_and_the_next_move_is_read() {
    let mut input = "x".repeat(1 << 20);
    input.push_str("\nb4\n");
    let out = bin()
        .args(["pawnrace", "P", "P", "h", "a", "--quiet"])
        .write_stdin(input)
        .output()
        .expect("run");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.matches("Invalid move").count(), 1, "{err}");
    assert!(
        err.ends_with("error: input ended before the game did\n"),
        "{err}"
    );
    assert!(err.len() < 1000, "the refused text is not echoed whole");
    assert_eq!(out.status.code(), Some(1));
}

/// At a terminal, Ctrl-D ends the game quietly with exit 0 (a person stopping); a piped input
/// that ends early is still the error above. The terminal is a pseudo-terminal made by
/// `script` (util-linux), which passes our Ctrl-D to it.
#[test]
fn ctrl_d_at_a_terminal_stops_the_game_quietly() {
    let script = std::process::Command::new("script")
        .arg("--version")
        .output();
    if !script.is_ok_and(|o| o.status.success()) {
        requires::missing("script (util-linux) to run the game at a pseudo-terminal");
        return;
    }
    let command = format!("{} pawnrace P P h a", env!("CARGO_BIN_EXE_chessrules"));
    let mut child = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child.stdin.take().unwrap().write_all(b"\x04").unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("Game stopped."), "{text}");
    assert!(!text.contains("error"), "{text}");
}
