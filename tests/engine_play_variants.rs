//! `chessrules play --variant fairy|obstacle`: a person (moves piped on stdin) against our
//! engine, a UCI engine (our own `chessrules uci` behind a wrapper script, and Stockfish when
//! installed), secret placements, saved games that the spec-exact commands replay.

mod requires;

mod piped;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use piped::BIN;

const STOCKFISH: &str = "/usr/games/stockfish";

/// `chessrules play ARGS` with `input` typed.
fn run(args: &[&str], input: &str) -> Output {
    piped::run(&[&["play"][..], args].concat(), input)
}

/// As `run`, asserting success: standard output and standard error.
fn ok(args: &[&str], input: &str) -> (String, String) {
    piped::ok(&[&["play"][..], args].concat(), input)
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chessrules-play-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A UCI engine executable: our own binary's `uci` subcommand behind a shell script.
fn wrapper(dir: &Path) -> String {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join("ours-uci");
    std::fs::write(&path, format!("#!/bin/sh\nexec '{BIN}' uci \"$@\"\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    format!("uci:{}", path.display())
}

const FAIRY_MATE: &str = "k:1\nr:2\nq:1\nn:1\nb:1\nf:1\ne:1\na:1\nw:1\np:5\nd:5\n-----\n\
k . . . . . . . . . \np p . . . . . . . . \n. . . . . . . . . . \n. . . . . . . . . . \n\
. . . . . . . . . . \n. . . . . . . . . . \n. . . . . . . . . . \n. . . . . . . . . . \n\
. . . . . . . . . . \n. . . . . K . . . R \n-----\nw:----:0:1\n";

const OBSTACLE_INITIAL: &str = "rnbqkbnr\npppppppp\n........\n........\n........\n........\n\
PPPPPPPP\nRNBQKBNR\nw 3 3 + + + + - 0\n";

#[test]
fn fairy_person_against_our_engine_and_the_saved_move_file_replays() {
    let dir = temp("fairy");
    let save = dir.join("game.moves");
    let (out, err) = ok(
        &[
            "--variant",
            "fairy",
            "--movetime",
            "30",
            "--save",
            save.to_str().unwrap(),
        ],
        "b2-b4\nb4-b6\nquit\n",
    );
    assert!(out.contains("Black plays "), "{out}");
    // b4-b6 is not a legal move: refused on stderr, the game goes on.
    assert!(
        err.contains("Illegal move b4-b6: no legal move goes from b4 to b6"),
        "{err}"
    );
    let moves = std::fs::read_to_string(&save).unwrap();
    assert_eq!(moves.lines().count(), 2, "{moves}");
    assert!(moves.starts_with("b2-b4\n"), "{moves}");
    // The spec-exact command accepts the game on the start board.
    let start = dir.join("start.board");
    std::fs::write(
        &start,
        chessrules::variants::fairy::computer::START_BOARD.as_bytes(),
    )
    .unwrap();
    let replay = Command::new(BIN)
        .args(["fairy", start.to_str().unwrap(), save.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(replay.status.success(), "{replay:?}");
}

#[test]
fn fairy_engine_mates_in_one_with_the_spec_suffix() {
    let dir = temp("fairymate");
    let board = dir.join("mate.board");
    std::fs::write(&board, FAIRY_MATE).unwrap();
    let (out, _) = ok(
        &[
            "--variant",
            "fairy",
            board.to_str().unwrap(),
            "--white",
            "ai",
            "--movetime",
            "50",
        ],
        "",
    );
    assert!(out.contains("White plays j1-j10++"), "{out}");
    assert!(out.contains("Game over: checkmate: white wins."), "{out}");
}

#[test]
fn fairy_against_a_uci_engine_that_offers_the_variant() {
    let dir = temp("fairyuci");
    let board = dir.join("mate.board");
    std::fs::write(&board, FAIRY_MATE).unwrap();
    let engine = wrapper(&dir);
    let (out, _) = ok(
        &[
            "--variant",
            "fairy",
            board.to_str().unwrap(),
            "--white",
            &engine,
            "--movetime",
            "50",
        ],
        "",
    );
    assert!(out.contains("White plays j1-j10++"), "{out}");
}

#[test]
fn obstacle_secret_placements_are_hidden_from_the_person_until_the_end() {
    let dir = temp("obstacle");
    let save = dir.join("game.txt");
    let (out, _) = ok(
        &[
            "--variant",
            "obstacle",
            "--movetime",
            "30",
            "--seed",
            "7",
            "--save",
            save.to_str().unwrap(),
        ],
        "Dd6\nMe5\nd2-d3\nquit\n",
    );
    assert_eq!(out.matches("Black places its secret obstacle.").count(), 2);
    // Everything up to the prompt `quit` answered; the final board shows every secret.
    let (during, after) = out.rsplit_once("White to move: ").unwrap();
    // The person sees their own trapdoor (d6) and mine (e5), never Black's: every D shown
    // is on d6, every M on e5. A board row is `6   .   .   .   D   .   .   .   .  6`: the
    // rank, then each file's letter in the middle of its four columns.
    let rows: Vec<&str> = during
        .lines()
        .map(|l| l.rsplit(": ").next().unwrap_or(l))
        .filter(|l| l.len() == 36 && l.starts_with(|c: char| ('1'..='8').contains(&c)))
        .collect();
    assert!(rows.len() >= 8 * 3, "{out}");
    let mut seen = 0;
    for row in &rows {
        for file in 0..8u8 {
            let square = format!("{}{}", char::from(b'a' + file), &row[..1]);
            match row.as_bytes()[4 + 4 * usize::from(file)] {
                b'D' => assert_eq!(square, "d6", "{out}"),
                b'M' => assert_eq!(square, "e5", "{out}"),
                b'X' | b'O' => panic!("{square}: {out}"),
                _ => continue,
            }
            seen += 1;
        }
    }
    assert!(seen >= 2, "the person's own placements are shown: {out}");
    // At the end every secret is shown.
    assert!(after.matches(['D', 'M']).count() >= 4, "{after}");
    // The whole game file, placements included, once the game is over; it replays.
    let game = std::fs::read_to_string(&save).unwrap();
    assert!(after.contains(&game), "{after}\n{game}");
    let lines: Vec<&str> = game.lines().collect();
    assert_eq!(&lines[..1], &["Dd6"]);
    assert_eq!(lines[2], "Me5");
    assert!(
        lines[1].starts_with('D') && lines[3].starts_with('M'),
        "{game}"
    );
    assert_eq!(lines[4], "d2-d3");
    let initial = dir.join("initial.board");
    std::fs::write(&initial, OBSTACLE_INITIAL).unwrap();
    let replay = Command::new(BIN)
        .args([
            "obstacle",
            initial.to_str().unwrap(),
            dir.join("out.board").to_str().unwrap(),
            save.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(replay.status.success(), "{replay:?}");
}

#[test]
fn obstacle_walls_and_refusals_from_the_person() {
    let (out, err) = ok(
        &["--variant", "obstacle", "--movetime", "20", "--seed", "1"],
        "...\n_e4\ne2-e5\nquit\n",
    );
    // `...` passes White's placement; Black's engine places; `_e4` is White's first action.
    assert!(out.contains("walls left: White 2, Black 3"), "{out}");
    assert!(err.contains("Illegal move e2-e5: "), "{err}");
}

#[test]
fn obstacle_against_a_uci_engine_through_the_bridge() {
    let dir = temp("obstacleuci");
    let engine = wrapper(&dir);
    let (out, _) = ok(
        &[
            "--variant",
            "obstacle",
            "--black",
            &engine,
            "--movetime",
            "30",
            "--seed",
            "2",
        ],
        "_d5\ne2-e4\nd2-d4\nquit\n",
    );
    assert!(out.matches("Black plays ").count() >= 3, "{out}");
}

#[test]
fn stockfish_plays_obstacle_chess_in_the_cli_if_installed() {
    if !Path::new(STOCKFISH).exists() {
        requires::missing(&format!("{STOCKFISH} is not installed"));
        return;
    }
    let black = format!("uci:{STOCKFISH}");
    let (out, _) = ok(
        &[
            "--variant",
            "obstacle",
            "--white",
            "ai",
            "--black",
            &black,
            "--movetime",
            "20",
            "--seed",
            "3",
        ],
        "",
    );
    assert!(
        out.contains("wins.") || out.contains("draw"),
        "a game between engines ends by the rules: {out}"
    );
    // Stockfish does not offer fairy chess: refused before the game starts.
    let out = run(&["--variant", "fairy", "--black", &black], "");
    assert_eq!(out.status.code(), Some(3));
}

#[test]
fn bad_seats_boards_and_engines() {
    assert_eq!(
        run(&["--variant", "fairy", "--black", "robot"], "")
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        run(&["--variant", "obstacle", "--fen", "x"], "")
            .status
            .code(),
        Some(2)
    );
    let dir = temp("bad");
    let bad = dir.join("bad.board");
    std::fs::write(&bad, "not a board\n").unwrap();
    for v in ["fairy", "obstacle"] {
        let out = run(&["--variant", v, bad.to_str().unwrap()], "");
        assert_eq!(out.status.code(), Some(1), "{v}");
    }
    let out = run(
        &[
            "--variant",
            "obstacle",
            "--black",
            "uci:/nonexistent/engine",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(3));
}

#[test]
fn fairy_undo_takes_back_the_persons_move_and_the_answer() {
    let dir = temp("undo");
    let save = dir.join("game.moves");
    ok(
        &[
            "--variant",
            "fairy",
            "--movetime",
            "20",
            "--save",
            save.to_str().unwrap(),
        ],
        "b2-b4\nundo\nc2-c3\nquit\n",
    );
    let moves = std::fs::read_to_string(&save).unwrap();
    assert!(moves.starts_with("c2-c3\n"), "{moves}");
    assert_eq!(moves.lines().count(), 2, "{moves}");
}

/// `undo` then `quit`: the saved move file and `log` hold the moves still on the board only.
#[test]
fn fairy_undo_removes_the_moves_from_the_saved_file_and_the_log() {
    let dir = temp("undo-record");
    let save = dir.join("game.moves");
    let (out, _) = ok(
        &[
            "--variant",
            "fairy",
            "--white",
            "human",
            "--black",
            "human",
            "--save",
            save.to_str().unwrap(),
        ],
        "b2-b4\nb9-b7\nc2-c3\nundo\nlog\nquit\n",
    );
    assert!(out.contains("Took back c2-c3."), "{out}");
    let moves = std::fs::read_to_string(&save).unwrap();
    assert_eq!(moves, "b2-b4\nb9-b7\n", "{moves}");
    let said = "Took back c2-c3.";
    let after_undo = &out[out.find(said).unwrap() + said.len()..];
    assert!(!after_undo.contains("c2-c3"), "{out}");
}

/// Every board reads coordinates (`b2b4`, `B2-B4`) and SAN besides its own notation, and a
/// refusal says whether the text was not understood or not legal (issue 36).
#[test]
fn fairy_reads_coordinates_and_san_and_says_why_a_text_is_refused() {
    let (out, err) = ok(
        &[
            "--variant",
            "fairy",
            "--white",
            "human",
            "--black",
            "human",
            "--plain",
        ],
        "b2b4\nB9-B8\nhello\ne2e9\nlog\nquit\n",
    );
    assert!(!err.contains("Illegal move b2b4"), "{err}");
    assert!(err.contains("Not understood: hello"), "{err}");
    assert!(err.contains("Illegal move e2e9"), "{err}");
    let log = &out[out.rfind("b2-b4").unwrap_or(0)..];
    assert!(log.starts_with("b2-b4\nb9-b8"), "{out}");
}

#[test]
fn standard_reads_lower_case_san_and_asks_a_promotion_for_its_piece() {
    let (out, err) = ok(
        &[
            "--variant",
            "standard",
            "--white",
            "human",
            "--black",
            "human",
            "--plain",
        ],
        "nf3\ne7e5\nlog\nquit\n",
    );
    assert!(err.is_empty(), "{err}");
    assert!(out.contains("1. Nf3 e5"), "{out}");
    let (_, err) = piped::ok(
        &[
            "standard",
            "play",
            "--fen",
            "8/4P3/8/8/8/8/8/k6K w - - 0 1",
            "--plain",
        ],
        "e7e8\ne7e8q\nquit\n",
    );
    assert!(err.contains("promotes: name the piece ("), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// `play --variant standard --fen FEN` starts there (it was refused as conflicting); a variant
/// whose board is a file refuses `--fen` with a word on what to give instead.
#[test]
fn play_takes_a_fen_where_the_board_is_a_fen() {
    let (out, _) = ok(
        &[
            "--variant",
            "standard",
            "--fen",
            "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1",
            "--white",
            "human",
            "--black",
            "human",
            "--plain",
        ],
        "Qg7\nquit\n",
    );
    assert!(out.contains("FEN: 7k/5Q2/6K1/8/8/8/8/8 w - - 0 1"), "{out}");
    assert!(out.contains("Game over: checkmate: white wins."), "{out}");
    let out = piped::run(&["play", "--variant", "fairy", "--fen", "x"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("give it as BOARD"));
}

/// A person playing Black against the computer sees the board from Black's side.
#[test]
fn playing_black_turns_the_board() {
    let (out, _) = ok(
        &[
            "--variant",
            "standard",
            "--opponent",
            "ai",
            "--play-as",
            "black",
            "--movetime",
            "20",
            "--plain",
        ],
        "board\nquit\n",
    );
    assert!(out.contains("    h   g   f   e   d   c   b   a"), "{out}");
    let (out, _) = ok(
        &["--variant", "standard", "--movetime", "20", "--plain"],
        "board\nquit\n",
    );
    assert!(out.contains("    a   b   c   d   e   f   g   h"), "{out}");
    assert!(!out.contains("    h   g"), "{out}");
}

/// `--opponent S` is the shorthand: the computer takes the colour the person does not
/// (`--play-as`, White by default); it cannot be a person or be mixed with `--white`/`--black`.
#[test]
fn the_opponent_takes_the_other_colour() {
    let dir = temp("opponent");
    let engine = wrapper(&dir);
    let args = [
        "--variant",
        "obstacle",
        "--opponent",
        &engine,
        "--play-as",
        "black",
        "--movetime",
        "30",
        "--seed",
        "2",
    ];
    let (out, _) = ok(&args, "quit\n");
    assert!(
        out.starts_with("Obstacle chess. White: chessrules"),
        "{out}"
    );
    assert!(out.contains("(30 ms, UCI). Black: human."), "{out}");
    let (out, _) = ok(&["--variant", "fairy", "--opponent", "ai"], "quit\n");
    assert!(
        out.contains("White: human. Black: chessrules engine"),
        "{out}"
    );
    for bad in [
        &["--variant", "fairy", "--opponent", "human"][..],
        &["--variant", "fairy", "--opponent", "ai", "--black", "ai"],
        &["--variant", "fairy", "--play-as", "black"],
    ] {
        assert_eq!(run(bad, "").status.code(), Some(2), "{bad:?}");
    }
}

/// The commands every game shares (`cli/play/game.rs`): empty lines re-prompt, `help`, `board`
/// and `moves` answer without moving, `resign` ends the game for the side to move, `claim` is
/// refused on stderr when the rules offer no draw.
#[test]
fn shared_commands_answer_alike_in_both_games() {
    let humans = ["--white", "human", "--black", "human"];
    let (out, _) = ok(
        &[&["--variant", "fairy"][..], &humans].concat(),
        "\nhelp\nmoves\nb2-b4\n\nboard\nresign\n",
    );
    assert!(out.contains("Moves: c2-c4"), "help answers: {out}");
    assert!(out.contains("b2-b3 "), "moves lists White's moves: {out}");
    assert!(
        out.contains("Game over: black resigns: white wins."),
        "{out}"
    );
    assert!(!out.contains("stopped"), "{out}");

    let (out, err) = ok(
        &[&["--variant", "obstacle"][..], &humans].concat(),
        "...\n...\nclaim\nmoves\nresign\n",
    );
    assert!(
        err.contains("No draw can be claimed: "),
        "claim is refused: {err}"
    );
    assert!(out.contains("walls left: "), "{out}");
    assert!(
        out.contains("Game over: white resigns: black wins."),
        "{out}"
    );
}

/// A move taken back after the computer's hidden trapdoor or mine fired would leave its square
/// known and the danger avoided: with secrets placed, `undo` is refused (and `fen`, which
/// would print them). A game where both sides skipped their placements takes moves back.
#[test]
fn no_undo_once_secrets_are_placed() {
    let (out, err) = ok(
        &["--variant", "obstacle", "--movetime", "20", "--seed", "5"],
        "Dd6\n...\nd2-d3\nundo\nfen\nquit\n",
    );
    assert!(
        err.contains("Moves cannot be taken back in a game with secret trapdoors and mines."),
        "{err}"
    );
    assert!(
        err.contains("The board file would show the secret placements"),
        "{err}"
    );
    assert!(!out.contains("Took back"), "{out}");
    let humans = ["--white", "human", "--black", "human"];
    let (out, err) = ok(
        &[&["--variant", "obstacle"][..], &humans].concat(),
        "...\n...\n...\n...\nd2-d3\nundo\nquit\n",
    );
    assert!(out.contains("Took back d2-d3."), "{out}\n{err}");
}

/// `log` shows a person their own secret placements and the computer's as secret (issue 36:
/// both showed as "(secret placement)").
#[test]
fn log_shows_your_own_placements_to_you() {
    let (out, _) = ok(
        &[
            "--variant",
            "obstacle",
            "--movetime",
            "20",
            "--seed",
            "5",
            "--plain",
        ],
        "Dd6\n...\nlog\nquit\n",
    );
    let log = &out[out.find("Dd6\n").expect("the log shows Dd6")..];
    assert!(
        log.contains("(secret placement)"),
        "the computer's stays secret: {out}"
    );
}

/// FollowChess has no computer player: a computer seat is a usage error before the game.
#[test]
fn follow_has_no_computer_seat() {
    assert_eq!(
        run(&["--variant", "follow", "--black", "ai"], "")
            .status
            .code(),
        Some(2)
    );
    let (out, err) = ok(&["--variant", "follow"], "c 2 c 3\nc 7 c 6\nmoves\nquit\n");
    assert!(
        out.contains(", "),
        "moves with spaces are listed with commas: {out}"
    );
    assert!(err.is_empty(), "{err}");
}
