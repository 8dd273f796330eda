//! Chess960 through the command line: `--variant chess960` with `--start N` or `--fen` for
//! `standard status` and `standard play`, and `standard validate --variant chess960` for PGN
//! without a `Variant` tag.

use assert_cmd::Command;

fn chessrules() -> Command {
    Command::cargo_bin("chessrules").expect("the binary is built")
}

fn stdout(args: &[&str], input: &str) -> String {
    let out = chessrules()
        .args(args)
        .write_stdin(input)
        .output()
        .expect("runs");
    assert!(out.status.success(), "{args:?}: {out:?}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn start_positions_by_number() {
    let fen = |n: &str| {
        let out = stdout(
            &["standard", "status", "--variant", "chess960", "--start", n],
            "",
        );
        out.lines().next().unwrap_or_default().to_string()
    };
    // 518 is FIDE chess's own position; 0 is BBQNNRKR (the numbering's first).
    assert_eq!(
        fen("518"),
        "FEN: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(
        fen("0"),
        "FEN: bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"
    );
    // X-FEN and Shredder-FEN, both written.
    let out = stdout(
        &[
            "standard",
            "status",
            "--variant",
            "chess960",
            "--start",
            "0",
        ],
        "",
    );
    assert!(
        out.contains("Shredder-FEN: bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\n"),
        "{out}"
    );
    let random = fen("random");
    assert!(random.ends_with(" w KQkq - 0 1"), "{random}");
    for bad in [
        &[
            "standard",
            "status",
            "--variant",
            "chess960",
            "--start",
            "960",
        ][..],
        &["standard", "status", "--start", "3"][..],
    ] {
        let out = chessrules().args(bad).output().expect("runs");
        assert!(!out.status.success(), "{bad:?}");
    }
}

#[test]
fn play_castles_in_chess960_and_validate_reads_the_game_back() {
    let fen = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1";
    let dir = std::env::temp_dir().join(format!("chessrules-960-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let pgn = dir.join("game.pgn");
    let pgn_arg = pgn.to_str().expect("utf-8 path");
    let out = stdout(
        &[
            "standard",
            "play",
            "--variant",
            "chess960",
            "--fen",
            fen,
            "--pgn",
            pgn_arg,
        ],
        "O-O\nO-O-O\nquit\n",
    );
    let text = std::fs::read_to_string(&pgn).expect("the PGN was written");
    assert!(text.contains("1. O-O O-O-O"), "{text}");
    assert!(out.contains(&text), "the PGN is printed too: {out}");
    assert!(text.contains("[Variant \"Chess960\"]"), "{text}");
    assert!(text.contains(&format!("[FEN \"{fen}\"]")), "{text}");
    let report = stdout(&["standard", "validate", pgn_arg], "");
    assert!(
        report.contains("legal, 2 plies") && report.contains("R4RK1 w - - 2 2"),
        "{report}"
    );
    // The same game without its Variant tag: FIDE chess cannot read its FEN, Chess960 can.
    let untagged = dir.join("untagged.pgn");
    let stripped: String = text
        .lines()
        .filter(|l| !l.starts_with("[Variant"))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&untagged, stripped).expect("written");
    let untagged_arg = untagged.to_str().expect("utf-8 path");
    let standard = chessrules()
        .args(["standard", "validate", untagged_arg])
        .output()
        .expect("runs");
    assert!(
        String::from_utf8_lossy(&standard.stdout).contains("unreadable"),
        "{standard:?}"
    );
    let chess960 = stdout(
        &[
            "standard",
            "validate",
            "--variant",
            "chess960",
            untagged_arg,
        ],
        "",
    );
    assert!(chess960.contains("legal, 2 plies"), "{chess960}");
}

#[test]
fn uci_variant_chess960_starts_in_chess960_mode() {
    let input = "uci\nposition fen rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1 moves b1h1\n\
                 go depth 2\nquit\n";
    let out = stdout(&["uci", "--variant", "chess960"], input);
    assert!(
        out.contains("option name UCI_Chess960 type check default true"),
        "{out}"
    );
    // b1h1 is the king taking its own rook: castling, after which Black is to move.
    let best = out
        .lines()
        .find_map(|l| l.strip_prefix("bestmove "))
        .expect("a bestmove line");
    let from = best.get(1..2).expect("a move");
    assert!(best.len() >= 4 && (from == "8" || from == "7"), "{best}");
}
