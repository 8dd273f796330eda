//! `chessrules play --variant-file FILE [--fen FEN]`: two people at a terminal play a
//! file-defined variant. Moves in coordinate notation (`e2e4`, `e7e8q`); `undo`, `moves`,
//! `fen`, `quit` are commands. The board is shown as a diagram and a FEN after every move.

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use chessrules::core::{Game, Square};
use chessrules::notation::{coordinate, fen};
use chessrules::variants::custom::{outcome, CustomVariant};
use clap::Args;

#[derive(Args)]
pub struct PlayArgs {
    /// The variant file to play.
    #[arg(long)]
    variant_file: PathBuf,
    /// Start from this position instead of the file's.
    #[arg(long)]
    fen: Option<String>,
}

pub fn run(args: PlayArgs) -> Result<ExitCode> {
    let variant = match super::variant::load(&args.variant_file)? {
        Ok(v) => v,
        Err(code) => return Ok(code),
    };
    let start = match &args.fen {
        Some(f) => variant.position_from_fen(f),
        None => variant.start_position(),
    };
    let pos = match start {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(ExitCode::from(1));
        }
    };
    let mut game = Game::new(pos);
    let mut mines = variant.obstacles.mines.clone();
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}: {}", variant.name, variant.description)?;
    let mut lines = stdin.lock().lines();
    loop {
        show(&mut out, &game)?;
        if let Some(o) = outcome(&variant, &mut game) {
            writeln!(out, "Game over: {o}")?;
            return Ok(ExitCode::SUCCESS);
        }
        write!(out, "{} to move> ", game.position().side_to_move().name())?;
        out.flush()?;
        let Some(line) = lines.next() else {
            writeln!(out)?;
            return Ok(ExitCode::SUCCESS);
        };
        let line = line?;
        let text = line.trim();
        match text {
            "" => continue,
            "quit" | "exit" => return Ok(ExitCode::SUCCESS),
            "fen" => writeln!(out, "{}", fen::write(game.position()))?,
            "moves" => {
                let mut pos = game.position().clone();
                let list: Vec<String> = pos
                    .legal_move_list()
                    .iter()
                    .map(|&m| coordinate::to_uci(&pos, m))
                    .collect();
                writeln!(out, "{}", list.join(" "))?;
            }
            "undo" => {
                // Obstacle effects are not undone: undo is offered only without them.
                if variant.obstacles.trapdoors.is_empty() && variant.obstacles.mines.is_empty() {
                    game.undo();
                } else {
                    writeln!(out, "undo is not available with trapdoors or mines")?;
                }
            }
            _ => {
                let mut pos = game.position().clone();
                match coordinate::parse(&mut pos, text) {
                    Ok(m) => {
                        game.play(m);
                        let to = game.position().rules().shape.square(m.to);
                        if fire(&variant, &mut game, to, &mut mines) {
                            game.refresh_key();
                        }
                    }
                    Err(e) => writeln!(out, "{e}")?,
                }
            }
        }
    }
}

fn show(out: &mut impl Write, game: &Game) -> Result<()> {
    write!(out, "\n{}", game.position().diagram())?;
    writeln!(out, "{}", fen::write(game.position()))?;
    Ok(())
}

/// Trapdoors and mines under the square just reached: true when the position changed.
fn fire(v: &CustomVariant, game: &mut Game, to: Square, mines: &mut Vec<Square>) -> bool {
    let shape = game.position().rules().shape.clone();
    let pos = game.position_mut();
    if v.obstacles.trapdoors.contains(&to) {
        pos.remove(shape.sq(to));
        return true;
    }
    let Some(i) = mines.iter().position(|&m| m == to) else {
        return false;
    };
    mines.remove(i);
    let sq = shape.sq(to);
    pos.remove(sq);
    for dir in 0..8u8 {
        if pos.step_blocked(sq, dir) {
            continue;
        }
        let (dx, dy) = chessrules::core::rules::direction_vector(dir);
        if let Some(n) = shape.try_sq(to.file as i32 + dx, to.rank as i32 + dy) {
            pos.remove(n);
        }
    }
    true
}
