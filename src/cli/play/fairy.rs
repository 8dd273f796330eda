//! `chessrules play --variant fairy [BOARD]`: fairy chess 10×10 at the terminal, each side a
//! person, our engine or a UCI engine that offers `UCI_Variant fairy10x10` (such as
//! `chessrules uci`). Moves are the move-file notation (`c4-c5`, `c4xd5+`, `0-0`,
//! `h9-h10=Q`), checked by the variant's own move checker; the board is shown as the board
//! file after every move.

use std::process::ExitCode;

use anyhow::{bail, Result};
use chessrules::core::{Move, Position};
use chessrules::notation::coordinate::{self, to_uci};
use chessrules::variants::fairy::computer::{best_fairy_move, move_text, START_BOARD};
use chessrules::variants::fairy::{self, play};

use super::seat::Seat;
use super::term::{resignation, Terminal, Typed};
use super::{read_text, save_log, GameOptions};

/// The `UCI_Variant` value an external engine must offer to play this game.
pub const UCI_VARIANT: &str = "fairy10x10";

const HELP: &str = "Moves: c2-c4, c4xd5, 0-0, 0-0-0, h9-h10=Q, with + after a check and ++ after \
checkmate (the spec's move-file notation).
Commands: moves (the legal moves), board, undo, resign, help, quit";

struct Game {
    allocation_lines: Vec<String>,
    start: Position,
    pos: Position,
    /// Keys of the positions before the current one (the engine sees repetitions).
    keys: Vec<u64>,
    log: Vec<String>,
}

impl Game {
    fn replay(&mut self, log: Vec<String>) {
        self.pos = self.start.clone();
        self.keys.clear();
        self.log.clear();
        for text in log {
            let before = self.pos.key();
            if play::play_line(&mut self.pos, &text, 1).is_ok() {
                self.keys.push(before);
                self.log.push(text);
            }
        }
    }

    /// The board file without its allocation lines (they never change; shown once).
    fn board_file(&self) -> String {
        fairy::write_board(&[], &self.pos)
    }

    /// The moves the rules allow now (the clock rule included).
    fn legal(&self) -> Vec<Move> {
        play::legal_moves(&mut self.pos.clone())
    }
}

pub fn run(o: &GameOptions) -> Result<ExitCode> {
    let text = match &o.board {
        Some(path) => read_text(path)?,
        None => START_BOARD.to_string(),
    };
    let board = match fairy::parse_board(&text) {
        Ok(b) => b,
        Err(e) => {
            errln!("{e}");
            return Ok(ExitCode::from(1));
        }
    };
    let mut seats = [Seat::start(&o.white)?, Seat::start(&o.black)?];
    for seat in &mut seats {
        if let Seat::External(client) = seat {
            if !client.supports_variant(UCI_VARIANT) {
                bail!(
                    "{} does not offer UCI_Variant {UCI_VARIANT}, so it cannot play fairy chess",
                    client.name
                );
            }
            client.set_option("UCI_Variant", UCI_VARIANT)?;
            client.new_game()?;
        }
    }
    let mut game = Game {
        allocation_lines: board.allocation_lines,
        start: board.position.clone(),
        pos: board.position,
        keys: Vec::new(),
        log: Vec::new(),
    };
    let mut t = Terminal::new();
    t.say(&format!(
        "Fairy chess 10×10. White: {}. Black: {}. Type a move or help.",
        seats[0].label(o.movetime),
        seats[1].label(o.movetime)
    ))?;
    t.say(&format!("Allocation: {}", game.allocation_lines.join(" ")))?;
    t.show(&game.board_file())?;
    let result = loop {
        let legal = game.legal();
        let side = game.pos.side_to_move();
        if legal.is_empty() {
            break Some(if game.pos.is_check() {
                format!("Checkmate: {} wins.", side.other().title())
            } else {
                "Stalemate: draw.".to_string()
            });
        }
        let text = match &mut seats[side.index()] {
            Seat::Human => match t.ask(&format!("{} to move: ", side.title()))? {
                Typed::Stop => break None,
                Typed::Help => {
                    t.say(HELP)?;
                    continue;
                }
                Typed::Board => {
                    t.show(&game.board_file())?;
                    continue;
                }
                Typed::Moves => {
                    let texts: Vec<String> =
                        legal.iter().map(|&m| move_text(&game.pos, m)).collect();
                    t.say(&texts.join(" "))?;
                    continue;
                }
                Typed::Resign => break Some(resignation(side)),
                Typed::Text(word) if word == "undo" => {
                    undo(&mut game, &seats);
                    t.show(&game.board_file())?;
                    continue;
                }
                Typed::Text(line) => line,
            },
            Seat::Ai => {
                let r = best_fairy_move(&game.pos, &game.keys, o.movetime, &[]);
                match r.best {
                    Some(m) => move_text(&game.pos, m),
                    None => break Some("The engine found no move.".to_string()),
                }
            }
            Seat::External(client) => {
                let m = external_move(client, &game.pos, &legal, o.movetime)?;
                move_text(&game.pos, m)
            }
        };
        let before = game.pos.key();
        match play::play_line(&mut game.pos, &text, game.log.len() + 1) {
            Ok(()) => {
                game.keys.push(before);
                game.log.push(text.clone());
                if !seats[side.index()].is_human() {
                    t.say(&format!("{} plays {text}", side.title()))?;
                }
                t.show(&game.board_file())?;
            }
            Err(e) => t.refuse(&format!(
                "{text}: {} (type moves for the legal moves)",
                e.reason()
            )),
        }
    };
    t.say(
        result
            .as_deref()
            .unwrap_or("Game stopped without a result."),
    )?;
    save_log(&mut t, o.save.as_deref(), &game.log)?;
    Ok(ExitCode::SUCCESS)
}

/// Takes back the person's last move and the computer's answers after it.
fn undo(game: &mut Game, seats: &[Seat; 2]) {
    let mut log = game.log.clone();
    while log.pop().is_some() {
        game.replay(log.clone());
        // The side to move now is the one that made the move just taken back.
        if seats[game.pos.side_to_move().index()].is_human() {
            break;
        }
    }
}

/// An external engine's move: checked against the fairy rules (the clock rule included); an
/// illegal answer is asked again with `searchmoves`, and our engine moves if that fails too.
fn external_move(
    client: &mut chessrules::engine::uci_client::UciClient,
    pos: &Position,
    legal: &[Move],
    movetime: u64,
) -> Result<Move> {
    let find = |text: Option<String>| -> Option<Move> {
        let mut p = pos.clone();
        let m = coordinate::parse(&mut p, text.as_deref()?).ok()?;
        legal.contains(&m).then_some(m)
    };
    if let Some(m) = find(client.best_move(pos, movetime, &[])?) {
        return Ok(m);
    }
    let texts: Vec<String> = legal.iter().map(|&m| to_uci(pos, m)).collect();
    if let Some(m) = find(client.best_move(pos, movetime, &texts)?) {
        return Ok(m);
    }
    let r = best_fairy_move(pos, &[], movetime, &[]);
    match r.best.or_else(|| legal.first().copied()) {
        Some(m) => Ok(m),
        None => bail!("no legal move"),
    }
}
