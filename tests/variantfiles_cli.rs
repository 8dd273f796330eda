//! The binary with variant files: `variant check`, `perft --variant-file`, `play`.

use assert_cmd::Command;
use predicates::prelude::*;

fn bin() -> Command {
    Command::cargo_bin("chessrules").unwrap()
}

#[test]
fn check_prints_a_summary_of_each_example() {
    for (file, head) in [
        (
            "variants/capablanca.toml",
            "capablanca: 10 files x 8 ranks, 8 piece kinds\n",
        ),
        (
            "variants/losalamos.toml",
            "losalamos: 6 files x 6 ranks, 5 piece kinds\n",
        ),
        (
            "variants/walled.toml",
            "walled: 8 files x 8 ranks, 6 piece kinds\n",
        ),
        (
            "variants/pawnrace.toml",
            "pawnrace: 8 files x 8 ranks, 1 piece kinds\n",
        ),
    ] {
        bin()
            .args(["variant", "check", file])
            .assert()
            .success()
            .stdout(predicate::str::starts_with(head));
    }
}

#[test]
fn check_reports_file_line_and_column_and_exits_1() {
    let dir = std::env::temp_dir().join(format!("vf-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.toml");
    std::fs::write(
        &path,
        "name = \"x\"\npiece = []\n[board]\nfiles = 30\nranks = 8\nstart = \"8\"\n",
    )
    .unwrap();
    bin()
        .args(["variant", "check"])
        .arg(&path)
        .assert()
        .code(1)
        .stdout("")
        .stderr(format!(
            "{}:4:9: error: files must be from 1 to 26, not 30\n",
            path.display()
        ));
    std::fs::write(&path, b"\xff\xfe").unwrap();
    bin()
        .args(["variant", "check"])
        .arg(&path)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            ":1:1: error: the file is not UTF-8",
        ));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn perft_runs_on_a_variant_file_and_a_fen() {
    bin()
        .args(["perft", "--variant-file", "variants/capablanca.toml", "2"])
        .assert()
        .success()
        .stdout("784\n");
    bin()
        .args([
            "perft",
            "--variant-file",
            "variants/losalamos.toml",
            "--fen",
            "2k3/P4P/6/6/p4p/2K3 w - - 0 1",
            "3",
        ])
        .assert()
        .success()
        .stdout("726\n");
    bin()
        .args([
            "perft",
            "--variant-file",
            "variants/losalamos.toml",
            "--fen",
            "8/8 w",
            "1",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::starts_with("error: invalid fen"));
}

#[test]
fn play_ends_a_pawn_race_on_the_last_rank() {
    let moves = "a2a4\nb7b5\na4b5\nc7c6\nb5c6\nd7d6\nc6c7\nd6d5\nc7c8\n";
    bin()
        .args(["play", "--variant-file", "variants/pawnrace.toml"])
        .write_stdin(moves)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Game over: goal rank reached: white wins.\n",
        ));
}

/// `variants/standard.toml` renamed `name` with `extra` appended, written in a folder of its
/// own: (the folder, the file).
fn standard_with(name: &str, extra: &str) -> (std::path::PathBuf, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("vf-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.toml"));
    let text = std::fs::read_to_string("variants/standard.toml")
        .unwrap()
        .replace("name = \"standard\"", &format!("name = \"{name}\""))
        + extra;
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

#[test]
fn play_rejects_illegal_moves_and_places_obstacles() {
    let (dir, path) = standard_with("mined", "[obstacles]\nmines_per_player = 1\n");
    let output = bin()
        .args(["play", "--variant-file"])
        .arg(&path)
        .write_stdin("e2e5\nmine e4\ne7e5\ne2e4\nfen\nquit\n")
        .assert()
        .success()
        .get_output()
        .clone();
    let out = String::from_utf8(output.stdout).unwrap();
    let err = String::from_utf8(output.stderr).unwrap();
    assert!(
        err.contains("Illegal move e2e5: no legal move goes from e2 to e5"),
        "{err}"
    );
    assert!(
        out.contains("Black to move: "),
        "the mine was White's move: {out}"
    );
    // White's e-pawn walked onto White's own mine: it and the black pawn next to it on e5
    // are gone. The en passant square stays: the last move was still a pawn's double step
    // (nobody can capture there, the pawn being gone).
    assert!(
        out.contains("rnbqkbnr/pppp1ppp/8/8/8/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 2"),
        "{out}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Castling whose rook lands on a trapdoor: the rook falls through (the king's square is
/// visited first, then the rook's), the trapdoor stays on show, and a file's wall written
/// north-to-south is listed south square first.
#[test]
fn play_drops_a_castling_rook_through_a_trapdoor() {
    let (dir, path) = standard_with(
        "trapped",
        "[obstacles]\ntrapdoors = [\"f1\"]\nwalls = [\"e5-e4\"]\n",
    );
    let out = bin()
        .args(["play", "--fen", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 4 7"])
        .args(["--variant-file"])
        .arg(&path)
        .write_stdin("e1g1\nquit\n")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    // The trapdoor shows as O where the rook fell; the wall as --- under e5.
    assert!(
        out.contains("\n1   R   .   .   .  [.]  O  [K]  .  1\n"),
        "{out}"
    );
    assert!(
        out.contains("  the white rook fell into a trapdoor on f1\n"),
        "{out}"
    );
    let lines: Vec<&str> = out.lines().collect();
    let rank5 = lines.iter().position(|l| l.starts_with("5 ")).unwrap();
    assert_eq!(lines[rank5 + 1].get(18..22), Some(" ---"), "{out}");
    assert!(out.contains("r3k2r/8/8/8/8/8/8/R5K1 b kq - 0 7\n"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_missing_file_is_an_io_error() {
    bin()
        .args(["variant", "check", "variants/no-such-file.toml"])
        .assert()
        .code(3)
        .stderr(predicate::str::starts_with(
            "error: cannot read variants/no-such-file.toml",
        ));
}

/// Our engine plays a variant file by the file's own end of game: here the pawn race's goal
/// rank. White must promote at once (b2-b3 would let Black's h-pawn reach its goal first).
#[test]
fn the_computer_plays_a_variant_file_by_its_end_rules() {
    let out = bin()
        .args(["play", "--variant-file", "variants/pawnrace.toml"])
        .args(["--fen", "8/P7/8/8/8/8/1P5p/8 w - - 0 1", "--white", "ai"])
        .args(["--movetime", "100"])
        .write_stdin("")
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains("White plays a7a8\n"), "{stdout}");
    assert!(
        stdout.contains("Game over: goal rank reached: white wins.\n"),
        "{stdout}"
    );
    // Two computers finish a whole race; a UCI engine is refused (usage, exit 2).
    let out = bin()
        .args(["play", "--variant-file", "variants/pawnrace.toml"])
        .args(["--white", "ai", "--black", "ai", "--movetime", "10"])
        .write_stdin("")
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains("Game over: "), "{stdout}");
    let out = bin()
        .args(["play", "--variant-file", "variants/pawnrace.toml"])
        .args(["--black", "uci:/usr/games/stockfish"])
        .write_stdin("")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}
