//! `chessrules follow BOARD MOVES [--captures white|black] [--in-check white|black]
//! [--can-move "c 3"]`, and `followchess` with no arguments (the spec's `A1`: asks for the two
//! file names on standard input).
//!
//! Prints the final board on stdout, then one line per query asked, in the order captures,
//! in-check, can-move: `[B, R]` (Java's list text), `true` or `false`. A rejected board or
//! move file prints `error: …` on stderr with exit 1 and nothing on stdout; a file that
//! cannot be read exits 3; missing file names exit 2.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Result;
use chessrules::io::input::{open_input, read_line_or_stop, skip_bom, LineRead};
use chessrules::variants::follow::{BoardError, FollowChess, FollowMoveError};
use clap::{Args, ValueEnum};

#[derive(Copy, Clone, Debug, ValueEnum)]
pub enum Side {
    White,
    Black,
}

impl Side {
    fn player(self) -> i32 {
        match self {
            Side::White => 0,
            Side::Black => 1,
        }
    }
}

#[derive(Args)]
pub struct FollowArgs {
    /// Board file (with MOVES; when both are left out they are asked for on standard input).
    #[arg(requires = "moves")]
    board: Option<PathBuf>,
    /// Move file: one move per line, `c 3 c 4`.
    moves: Option<PathBuf>,
    /// Also print the pieces this side captured, in order.
    #[arg(long, value_enum)]
    captures: Option<Side>,
    /// Also print whether this side's king can be captured by the opponent's next move.
    #[arg(long, value_enum)]
    in_check: Option<Side>,
    /// Also print whether the piece on this square (`c 3`) has a move.
    #[arg(long, value_name = "SQUARE")]
    can_move: Option<String>,
}

/// Asks for a file name on stderr (stdout carries only the board) and reads it from stdin.
fn ask(prompt: &str, input: &mut impl BufRead) -> io::Result<Option<PathBuf>> {
    err!("{prompt}");
    io::stderr().flush()?;
    let mut line = Vec::new();
    match read_line_or_stop(input, &mut line, MAX_FILE_NAME)? {
        LineRead::End => return Ok(None),
        LineRead::TooLong => {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("a file name is at most {MAX_FILE_NAME} bytes"),
            ))
        }
        LineRead::Line => {}
    }
    let name = String::from_utf8_lossy(&line);
    Ok((!name.is_empty()).then(|| PathBuf::from(name.as_ref())))
}

/// Longest file name read from standard input (Linux's PATH_MAX).
const MAX_FILE_NAME: usize = 4096;

fn fail(code: u8, message: String) -> Result<ExitCode> {
    errln!("error: {message}");
    Ok(ExitCode::from(code))
}

fn open(what: &str, path: &Path) -> std::result::Result<BufReader<File>, String> {
    open_input(path)
        .map(BufReader::new)
        .map_err(|e| format!("cannot open {what} file '{}': {e}", path.display()))
}

pub fn run(args: FollowArgs) -> Result<ExitCode> {
    let (board_path, moves_path) = match (args.board.clone(), args.moves.clone()) {
        (Some(b), Some(m)) => (b, m),
        _ => {
            let mut stdin = io::stdin().lock();
            let b = match ask("Board file name: ", &mut stdin) {
                Ok(Some(b)) => b,
                Ok(None) => return fail(2, "no board file name given".into()),
                Err(e) => return fail(2, format!("board file name: {e}")),
            };
            let m = match ask("Move file name: ", &mut stdin) {
                Ok(Some(m)) => m,
                Ok(None) => return fail(2, "no move file name given".into()),
                Err(e) => return fail(2, format!("move file name: {e}")),
            };
            (b, m)
        }
    };
    let mut game = FollowChess::new();
    let board = match open("board", &board_path) {
        Ok(r) => r,
        Err(e) => return fail(3, e),
    };
    if let Err(e) = game.load_board(board) {
        let code = if matches!(e, BoardError::Io(_)) { 3 } else { 1 };
        return fail(code, format!("board file '{}': {e}", board_path.display()));
    }
    let mut moves = match open("move", &moves_path) {
        Ok(r) => r,
        Err(e) => return fail(3, e),
    };
    // The board reader accepts a leading BOM; the move file does too.
    if let Err(e) = skip_bom(&mut moves) {
        return fail(
            3,
            format!(
                "move file '{}': cannot read the moves: {e}",
                moves_path.display()
            ),
        );
    }
    if let Err(e) = game.apply_move_sequence(moves) {
        let code = if matches!(e, FollowMoveError::Io(_)) {
            3
        } else {
            1
        };
        return fail(code, format!("move file '{}': {e}", moves_path.display()));
    }
    let mut out = io::stdout().lock();
    game.print_board(&mut out)?;
    if let Some(side) = args.captures {
        let list = game.capture_order(side.player()).unwrap_or_default();
        let letters: Vec<String> = list.iter().map(char::to_string).collect();
        writeln!(out, "[{}]", letters.join(", "))?;
    }
    if let Some(side) = args.in_check {
        writeln!(out, "{}", game.in_check(side.player()))?;
    }
    if let Some(square) = &args.can_move {
        writeln!(out, "{}", game.piece_can_move(square))?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
