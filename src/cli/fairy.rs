//! `chessrules fairy BOARD [MOVES]` (alias `fairychess BOARD [MOVES]`): validates a fairy chess
//! board file, plays the move file on it, and prints the resulting board file to stdout. The
//! first violation is printed instead, as one line on stdout, with the course's exit code.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use chessrules::variants::fairy;
use clap::Args;

#[derive(Args)]
pub struct FairyArgs {
    /// The board file.
    board: PathBuf,
    /// The move file (optional: without it the validated board is printed back).
    moves: Option<PathBuf>,
}

/// Reads a file as text; invalid UTF-8 becomes U+FFFD, which no field accepts.
fn read(path: &PathBuf) -> Result<String> {
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

pub fn run(args: FairyArgs) -> Result<ExitCode> {
    let board_text = read(&args.board)?;
    let moves_text = args.moves.as_ref().map(read).transpose()?;
    let mut board = match fairy::parse_board(&board_text) {
        Ok(b) => b,
        Err(e) => {
            println!("{e}");
            return Ok(ExitCode::from(e.exit_code()));
        }
    };
    if let Some(text) = moves_text {
        if let Err(e) = fairy::play_file(&mut board.position, &text) {
            println!("{e}");
            return Ok(ExitCode::from(e.exit_code()));
        }
    }
    print!(
        "{}",
        fairy::write_board(&board.allocation_lines, &board.position)
    );
    Ok(ExitCode::SUCCESS)
}
