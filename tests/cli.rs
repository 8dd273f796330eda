//! The binary: perft output, exit codes, alias dispatch by program name.

use assert_cmd::Command;
use predicates::prelude::*;

fn bin() -> Command {
    Command::cargo_bin("chessrules").unwrap()
}

#[test]
fn perft_prints_the_node_count() {
    bin()
        .args(["perft", "3"])
        .assert()
        .success()
        .stdout("8902\n");
}

#[test]
fn divide_prints_sorted_moves_a_blank_line_and_the_total() {
    let out = bin()
        .args(["perft", "2", "--divide"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 22);
    assert_eq!(lines[0], "a2a3: 20");
    let mut moves = lines[..20].to_vec();
    moves.sort();
    assert_eq!(moves, lines[..20].to_vec());
    assert_eq!(lines[20], "");
    assert_eq!(lines[21], "Nodes searched: 400");
}

#[test]
fn perft_from_fen() {
    bin()
        .args([
            "perft",
            "--fen",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "3",
        ])
        .assert()
        .success()
        .stdout("2812\n");
}

#[test]
fn bad_fen_is_one_line_on_stderr_and_exit_1() {
    bin()
        .args(["perft", "--fen", "not a fen", "1"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::starts_with(
            "error: invalid fen: board field, column 1",
        ));
}

#[test]
fn usage_errors_exit_2() {
    bin().args(["perft"]).assert().code(2);
    bin().args(["no-such-command"]).assert().code(2);
    bin().args(["perft", "x"]).assert().code(2);
}

#[cfg(unix)]
#[test]
fn program_name_selects_the_variant() {
    let dir = std::env::temp_dir().join(format!("chessrules-alias-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let link = dir.join("followchess");
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink(assert_cmd::cargo::cargo_bin("chessrules"), &link).unwrap();
    // `followchess --help` is the follow subcommand's help, not the top-level one.
    let out = std::process::Command::new(&link)
        .arg("--help")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    assert!(text.contains("--captures"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `bench`: every variant's positions, then the totals; the node count is the same on every
/// run (fixed depths, a fresh engine per position, no clock), so it can serve as a signature.
#[test]
fn bench_reports_every_variant_and_a_repeatable_node_count() {
    let run = || {
        let out = bin()
            .args(["bench", "--depth-offset", "-3"])
            .output()
            .unwrap();
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    let first = run();
    for variant in ["standard", "fairy", "obstacle", "pawnrace", "total"] {
        assert!(
            first
                .lines()
                .any(|l| l.starts_with(variant) && l.contains("nodes/s")),
            "{variant}: {first}"
        );
    }
    let signature = |text: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix("Nodes searched: "))
            .and_then(|n| n.parse::<u64>().ok())
            .unwrap_or_else(|| panic!("no node count in {text}"))
    };
    let nodes = signature(&first);
    assert!(nodes > 1000, "{first}");
    assert_eq!(signature(&run()), nodes);
}

/// Issue 68: a misspelt variant gets the nearest name and the list of names.
#[test]
fn a_misspelt_variant_gets_the_nearest_name_and_the_list() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_chessrules"))
        .args(["perft", "--variant", "kingofthehil", "1"])
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("unknown variant 'kingofthehil' (did you mean 'kingofthehill'?); the variants are: standard, "),
        "{stderr}"
    );
    for name in ["crazyhouse", "xiangqi", "shogi", "minishogi"] {
        assert!(stderr.contains(name), "{name}: {stderr}");
    }
    // The help lists every command, engine-match among them.
    let help = std::process::Command::new(env!("CARGO_BIN_EXE_chessrules"))
        .arg("--help")
        .output()
        .expect("runs");
    assert!(String::from_utf8_lossy(&help.stdout).contains("  engine-match  "));
}

/// Issue 68: a refusal reads the same in every variant: a move no legal move answers to is
/// "not a legal move here", a text no notation reads is "not a move" (a variant file's own
/// reader used to say `'Nf6' is not a move (column 1)`).
#[test]
fn refusals_read_the_same_in_every_variant() {
    for variant in [
        "standard",
        "crazyhouse",
        "atomic",
        "xiangqi",
        "shogi",
        "fairy",
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_chessrules"))
            .args([
                "play",
                "--variant",
                variant,
                "--white",
                "human",
                "--black",
                "human",
            ])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                use std::io::Write;
                child
                    .stdin
                    .take()
                    .expect("stdin")
                    .write_all(b"Nf6\nxyz\nquit\n")?;
                child.wait_with_output()
            })
            .expect("runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains("Illegal move Nf6: 'Nf6' is not a legal move here."),
            "{variant}: {stderr}"
        );
        assert!(
            stderr.contains("Not understood: xyz ('xyz' is not a move)."),
            "{variant}: {stderr}"
        );
    }
}
