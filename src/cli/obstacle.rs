//! `chessrules obstacle INBOARD OUTBOARD [GAME]` (also reached as `obstacle` / `obstacleChess`).
//!
//! Reads and validates INBOARD, plays GAME's moves on it, and writes the resulting board to
//! OUTBOARD. `ERROR: …` goes to stderr and ends the run with exit 1 and no output file;
//! `INFO: …` lines go to stdout as each move produces them (and stay there if a later move
//! fails). The output file is written whole (temp file + rename) only when all succeeded.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use chessrules::io::atomic::write_atomic;
use chessrules::io::input::{read_limited, MAX_INPUT_BYTES};
use chessrules::variants::obstacle::{board_file, parse_board, write_board, ObstacleGame};
use clap::Args;

#[derive(Args)]
pub struct ObstacleArgs {
    /// Board file to read.
    inboard: PathBuf,
    /// Board file to write after the game.
    outboard: PathBuf,
    /// Game file of moves to play (optional).
    game: Option<PathBuf>,
    /// Also reject boards no real game can reach (docs/guide.md, "--strict").
    #[arg(long)]
    strict: bool,
}

pub fn run(args: ObstacleArgs) -> Result<ExitCode> {
    let input = read_limited(&args.inboard, MAX_INPUT_BYTES)
        .with_context(|| format!("cannot read {}", args.inboard.display()))?;
    let board = match parse_board(&input) {
        Ok(b) => b,
        Err(e) => {
            errln!("ERROR: {e}");
            return Ok(ExitCode::from(1));
        }
    };
    if args.strict {
        if let Err(issue) = chessrules::variants::obstacle::strict::check(&board) {
            errln!("{issue}");
            return Ok(ExitCode::from(1));
        }
    }
    let mut game = ObstacleGame::new(board);
    if let Some(path) = &args.game {
        let text = read_limited(path, MAX_INPUT_BYTES)
            .with_context(|| format!("cannot read {}", path.display()))?;
        let stdout = std::io::stdout();
        for line in board_file::content_lines(&text) {
            let line = String::from_utf8_lossy(line);
            let mv = line.trim();
            if mv.is_empty() {
                continue;
            }
            match game.play(mv) {
                Ok(infos) => {
                    let mut out = stdout.lock();
                    for info in infos {
                        writeln!(out, "INFO: {info}")?;
                    }
                    out.flush()?;
                }
                Err(e) => {
                    errln!("ERROR: {e}");
                    return Ok(ExitCode::from(1));
                }
            }
        }
    }
    write_atomic(&args.outboard, write_board(game.board()).as_bytes())
        .with_context(|| format!("cannot write {}", args.outboard.display()))?;
    Ok(ExitCode::SUCCESS)
}
