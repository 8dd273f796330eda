//! `chessrules play --variant-file FILE [--fen FEN] [--white S] [--black S]`: a file-defined
//! variant at a terminal. A seat is a person (`human`, the default for both) or our engine
//! (`ai`), which searches with the file's own end of game (`variants::custom::computer`). A move is
//! coordinate text (`e2e4`, `e7e8q`, castling as the king's move); `wall e4-e5`, `trapdoor a5`,
//! `mine h4` place an obstacle instead of moving (when the file gives the players some);
//! `moves`, `fen`, `undo`, `help`, `quit` are commands. The board is shown as a diagram and a
//! FEN after every change; the game ends by the file's rules.

use std::io::{BufRead, Write};
use std::path::Path;
use std::process::ExitCode;

use anyhow::Result;
use chessrules::core::{Game, Position, Square};
use chessrules::notation::{coordinate, fen};
use chessrules::variants::custom::computer::best_custom_move;
use chessrules::variants::custom::field::{Field, ObstacleKind};
use chessrules::variants::custom::outcome;
use chessrules::variants::terrain::WallSide;

use super::seat::SeatSpec;
use super::GameOptions;

/// A game between two computers stops here if the file's rules have not ended it (a file may
/// switch off the fifty-move rule and repetition).
const MAX_COMPUTER_PLIES: u32 = 1000;

const HELP: &str = "moves: e2e4, e7e8q (promotion), e1g1 (castling); wall e4-e5, trapdoor a5, \
mine h4 (place an obstacle instead of moving); moves, fen, undo, help, quit";

/// Plays the variant file `file` from its start (or `fen_text`) with `options`' seats.
pub fn run(file: &Path, fen_text: Option<&str>, options: &GameOptions) -> Result<ExitCode> {
    if [&options.white, &options.black]
        .iter()
        .any(|s| matches!(s, SeatSpec::Uci(_)))
    {
        errln!(
            "error: a variant file is played by people or by our engine (ai), not by a UCI engine"
        );
        return Ok(ExitCode::from(2));
    }
    let variant = match super::super::variant::load(file)? {
        Ok(v) => v,
        Err(code) => return Ok(code),
    };
    let start = match fen_text {
        Some(f) => variant.position_from_fen(f),
        None => variant.start_position(),
    };
    let pos = match start {
        Ok(p) => p,
        Err(e) => {
            errln!("error: {e}");
            return Ok(ExitCode::from(1));
        }
    };
    let mut game = Game::new(pos);
    let mut field = Field::new(&variant.obstacles, &variant.rules.shape);
    let seats = [options.white.clone(), options.black.clone()];
    let both_computers = seats.iter().all(|s| *s == SeatSpec::Ai);
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}: {}", variant.name, variant.description)?;
    writeln!(out, "{HELP}")?;
    let mut lines = std::io::stdin().lock().lines();
    let mut changed = true;
    let mut computer_plies = 0;
    loop {
        if changed {
            show(&mut out, game.position(), &field)?;
            if let Some(o) = outcome(&variant, &mut game) {
                writeln!(out, "Game over: {o}")?;
                return Ok(ExitCode::SUCCESS);
            }
        }
        changed = false;
        let side = game.position().side_to_move();
        if seats[side.index()] == SeatSpec::Ai {
            if both_computers {
                computer_plies += 1;
                if computer_plies > MAX_COMPUTER_PLIES {
                    writeln!(
                        out,
                        "Game stopped: {MAX_COMPUTER_PLIES} plies without a result"
                    )?;
                    return Ok(ExitCode::SUCCESS);
                }
            }
            let history = game.earlier_keys();
            let Some(m) =
                best_custom_move(&variant, game.position(), &history, options.movetime).best
            else {
                // Not reached: a side without legal moves has an outcome above.
                return Ok(ExitCode::SUCCESS);
            };
            let text = coordinate::to_uci(game.position(), m);
            writeln!(out, "{} plays {text}", side.name())?;
            field.play(&mut game, m);
            changed = true;
            continue;
        }
        write!(out, "{} to move> ", side.name())?;
        out.flush()?;
        let Some(line) = lines.next() else {
            writeln!(out)?;
            return Ok(ExitCode::SUCCESS);
        };
        let line = line?;
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] => {}
            ["quit" | "exit"] => return Ok(ExitCode::SUCCESS),
            ["help"] => writeln!(out, "{HELP}")?,
            ["fen"] => writeln!(out, "{}", fen::write(game.position()))?,
            ["moves"] => {
                let mut pos = game.position().clone();
                let list: Vec<String> = pos
                    .legal_move_list()
                    .iter()
                    .map(|&m| coordinate::to_uci(&pos, m))
                    .collect();
                writeln!(out, "{}", list.join(" "))?;
            }
            ["undo"] if field.has_effects() => writeln!(
                out,
                "undo is not available with obstacles that change the board"
            )?,
            ["undo"] => changed = game.undo().is_some(),
            [word, at] if ObstacleKind::parse(word).is_some() => {
                let kind = ObstacleKind::parse(word).unwrap_or(ObstacleKind::Wall);
                let mut pos = game.position().clone();
                match field.place(&mut pos, side, kind, at) {
                    Ok(()) => {
                        pass_turn(&mut pos);
                        // The obstacle cannot be taken back: earlier positions no longer count
                        // for repetition.
                        game = Game::new(pos);
                        changed = true;
                    }
                    Err(e) => writeln!(out, "{e}")?,
                }
            }
            [text] => {
                let mut pos = game.position().clone();
                match coordinate::parse(&mut pos, text) {
                    Ok(m) => {
                        field.play(&mut game, m);
                        changed = true;
                    }
                    Err(e) => writeln!(out, "{e}")?,
                }
            }
            _ => writeln!(out, "not understood; {HELP}")?,
        }
    }
}

/// Placing an obstacle is the player's move: the other side moves next.
fn pass_turn(pos: &mut Position) {
    let side = pos.side_to_move();
    pos.set_en_passant(None);
    let (half, full) = (pos.halfmove_clock(), pos.fullmove_number());
    pos.set_clocks(
        half + 1,
        full + u32::from(side == chessrules::core::Color::Black),
    );
    pos.set_side_to_move(side.other());
}

/// The board with rank numbers and file letters, trapdoors (`^`) and mines (`*`) on empty
/// squares, walls listed below, then the FEN.
fn show(out: &mut impl Write, pos: &Position, field: &Field) -> Result<()> {
    let shape = &pos.rules().shape;
    writeln!(out)?;
    for rank in (0..shape.ranks()).rev() {
        write!(out, "{:>2} ", rank + 1)?;
        for file in 0..shape.files() {
            let s = Square::new(file, rank);
            let c = match pos.piece_at(shape.sq(s)) {
                Some(p) => {
                    let l = pos.rules().kind(p.kind).letter;
                    if p.color == chessrules::core::Color::White {
                        l
                    } else {
                        l.to_ascii_lowercase()
                    }
                }
                None if field.terrain.hazards.get(s).has_trapdoor() => '^',
                None if field.terrain.hazards.get(s).mine => '*',
                None => '.',
            };
            write!(out, " {c}")?;
        }
        writeln!(out)?;
    }
    write!(out, "   ")?;
    for file in 0..shape.files() {
        write!(out, " {}", (b'a' + file) as char)?;
    }
    writeln!(out)?;
    let walls = &field.terrain.walls;
    if walls.count() > 0 {
        // Each wall as its two squares, west or south one first (a variant file's walls are
        // never on the board's edge, which has no square beyond it).
        let names: Vec<String> = walls
            .edges()
            .filter_map(|(s, side)| {
                let other = match side {
                    WallSide::West => Square::new(s.file.checked_sub(1)?, s.rank),
                    WallSide::South => Square::new(s.file, s.rank.checked_sub(1)?),
                };
                Some(format!("{other}-{s}"))
            })
            .collect();
        writeln!(out, "walls: {}", names.join(" "))?;
    }
    writeln!(out, "{}", fen::write(pos))?;
    Ok(())
}
