//! The `chessrules` binary: the name it was called by picks the variant (`fairychess`,
//! `obstacle`, `obstacleChess`, `followchess`, `pawnrace`), otherwise a subcommand does.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::run(std::env::args_os().collect())
}
