//! `chessrules fairy BOARD [MOVES]` (alias `fairychess BOARD [MOVES]`): validates a fairy chess
//! board file, plays the move file on it, and prints the resulting board file to stdout. The
//! first violation is printed instead, as one line on stdout, with the course's exit code.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use chessrules::io::input::read_small_text;
use chessrules::variants::fairy;
use chessrules::Game;
use clap::Args;

#[derive(Args)]
pub struct FairyArgs {
    /// The board file.
    board: PathBuf,
    /// The move file (optional: without it the validated board is printed back).
    moves: Option<PathBuf>,
    /// Also reject boards no real game can reach (docs/guide.md, "--strict").
    #[arg(long)]
    strict: bool,
}

/// Reads a file (at most `MAX_INPUT_BYTES`) as text; invalid UTF-8 becomes U+FFFD, which no
/// field accepts.
fn read(path: &Path) -> Result<String> {
    read_small_text(path).with_context(|| format!("cannot read {}", path.display()))
}

pub fn run(args: FairyArgs) -> Result<ExitCode> {
    let board_text = read(&args.board)?;
    let board = match fairy::parse_board(&board_text) {
        Ok(b) => b,
        Err(e) => {
            emit(&format!("ERROR: {e}\n"))?;
            return Ok(ExitCode::from(e.exit_code()));
        }
    };
    if args.strict {
        if let Err(issue) = fairy::strict::check(&board) {
            emit(&format!("{issue}\n"))?;
            return Ok(ExitCode::from(1));
        }
    }
    // The board is validated before the move file is even read, as the spec orders it. The
    // moves are played on fairy chess's rules type, the one the table and the search play.
    let mut game = fairy::variant::game_of_board(&board);
    if let Some(path) = &args.moves {
        if let Err(e) = fairy::play_file(&mut game, &read(path)?) {
            emit(&format!("{e}\n"))?;
            return Ok(ExitCode::from(e.exit_code()));
        }
    }
    emit(&game.board_file())?;
    Ok(ExitCode::SUCCESS)
}

/// Writes to stdout; a closed pipe is an I/O error, not a panic.
fn emit(text: &str) -> Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .context("cannot write to stdout")
}
