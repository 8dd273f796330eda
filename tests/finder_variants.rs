//! `chessrules find --variant fairy`, and the literal form `chessrules obstacle find
//! FROM TO` (rewritten to `find --variant obstacle` only when no file named `find` exists).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use chessrules::variants::fairy::computer::START_BOARD;

const BIN: &str = env!("CARGO_BIN_EXE_chessrules");

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("finder-v-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn run_in(cwd: &Path, args: &[&str]) -> Output {
    Command::new(BIN)
        .current_dir(cwd)
        .args(args)
        .output()
        .unwrap()
}

/// The start board after c2-c3 (White soldier) and h10-g8 (Black princess).
fn after_two() -> String {
    START_BOARD
        .replace(
            "r n b e q k a w f r \nd p d p d p d p d p \n. . . . . . . . . . \n",
            "r n b e q k a . f r \nd p d p d p d p d p \n. . . . . . w . . . \n",
        )
        .replace(
            ". . . . . . . . . . \nD P D P D P D P D P \n",
            ". . D . . . . . . . \nD P . P D P D P D P \n",
        )
        .replace("w:++++:0:1", "w:++++:1:2")
}

#[test]
fn fairy_sequence_is_a_move_file_the_fairy_command_replays() {
    let d = dir("fairy");
    std::fs::write(d.join("from.board"), START_BOARD).unwrap();
    std::fs::write(d.join("to.board"), after_two()).unwrap();
    let out = run_in(
        &d,
        &["find", "--variant", "fairy", "from.board", "to.board"],
    );
    assert!(out.status.success(), "{out:?}");
    let moves = String::from_utf8(out.stdout).unwrap();
    assert_eq!(moves, "c2-c3\nh10-g8\n");
    std::fs::write(d.join("found.moves"), &moves).unwrap();
    let replay = run_in(&d, &["fairy", "from.board", "found.moves"]);
    assert_eq!(String::from_utf8(replay.stdout).unwrap(), after_two());
}

#[test]
fn fairy_impossible_and_bad_board() {
    let d = dir("fairybad");
    std::fs::write(d.join("from.board"), START_BOARD).unwrap();
    // The target has castling rights back after they were lost: impossible.
    let lost = START_BOARD.replace("w:++++:0:1", "w:----:0:1");
    std::fs::write(d.join("lost.board"), lost).unwrap();
    let out = run_in(
        &d,
        &["find", "--variant", "fairy", "lost.board", "from.board"],
    );
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "impossible\n");
    std::fs::write(d.join("bad.board"), "k:1\n").unwrap();
    let out = run_in(
        &d,
        &["find", "--variant", "fairy", "from.board", "bad.board"],
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8(out.stderr).unwrap().contains("bad.board"));
}

const OBSTACLE_START: &str = "rnbqkbnr\npppppppp\n........\n........\n........\n........\n\
PPPPPPPP\nRNBQKBNR\nw 3 3 + + + + - 0\n";
const OBSTACLE_E4_E5: &str = "rnbqkbnr\npppp.ppp\n........\n....p...\n....P...\n........\n\
PPPP.PPP\nRNBQKBNR\nw 3 3 + + + + - 0\n";

#[test]
fn the_literal_obstacle_find_form_when_no_file_is_named_find() {
    let d = dir("literal");
    std::fs::write(d.join("from.board"), OBSTACLE_START).unwrap();
    std::fs::write(d.join("to.board"), OBSTACLE_E4_E5).unwrap();
    let out = run_in(
        &d,
        &[
            "obstacle",
            "find",
            "from.board",
            "to.board",
            "--max-plies",
            "2",
        ],
    );
    assert!(out.status.success(), "{out:?}");
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "e2-e4\ne7-e5\n");
    // Through the `obstacle` alias name too.
    let alias = d.join("obstacle");
    let _ = std::fs::remove_file(&alias);
    std::os::unix::fs::symlink(BIN, &alias).unwrap();
    let out = Command::new(&alias)
        .current_dir(&d)
        .args(["find", "from.board", "to.board"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "e2-e4\ne7-e5\n");
}

#[test]
fn a_file_named_find_keeps_the_spec_meaning_of_obstacle_in_out() {
    let d = dir("findfile");
    // `find` is the input board: `obstacle find OUT` validates it and writes OUT.
    std::fs::write(d.join("find"), OBSTACLE_START).unwrap();
    let out = run_in(&d, &["obstacle", "find", "out.board"]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        std::fs::read_to_string(d.join("out.board")).unwrap(),
        OBSTACLE_START
    );
}
