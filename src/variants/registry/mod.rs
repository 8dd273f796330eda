//! The registry: one record per variant in one table ([`all`]), the only place that names
//! every variant, built-in or shipped as a file. A record holds the variant's names (ours,
//! lichess's, Fairy-Stockfish's, python-chess's), facts (initial board, board format) and
//! capabilities (FEN, SAN, FIDE's draws, hidden information, drops; does our engine play it,
//! how an external UCI engine plays it, does the move-sequence finder take it) and how to
//! open it (as a [`Game`] behind [`AnyGame`], as a seat view, as a core game). Front ends ask
//! a record; none of them matches on a variant.

#![warn(missing_docs)]

mod builtin;
mod names;
mod record;

use crate::core::{Color, Position};
use crate::engine::finder::{find_within, Budget, Found};
use crate::game::seat_view::VariantInfo;
use crate::game::{Diagnostic, Game, SeatView, VariantId};
use crate::variants::core_game::CoreGame;
use crate::variants::custom;
use crate::variants::seat::{self, Think};

pub use crate::variants::any_game::{AnyGame, AnyMove, Visit};
pub use crate::variants::custom::builtin::Shipped;
pub use names::{find, names};
pub use record::{
    all, builtins, record, BoardText, ComputerPlay, Opener, UciEngine, VariantRecord,
};

/// Reads a board file of `id` into a game; the error is the variant's own diagnostic
/// (message, line or square, exit code). Variant files (`Custom`) are not here: their rules
/// come from the file, not from the id.
pub fn open(id: VariantId, text: &str) -> Result<AnyGame, Diagnostic> {
    (record(id).open)(text).map(|game| of_variant(game, id))
}

/// A game opened by a record's opener, named by the record's key (a shipped file's game is a
/// variant file's, which knows no more than `custom`).
fn of_variant(game: AnyGame, id: VariantId) -> AnyGame {
    match game {
        AnyGame::Core(mut core) if id.rules_from_file() => {
            core.set_variant(id);
            AnyGame::Core(core)
        }
        game => game,
    }
}

/// Every built-in variant the page offers, in menu order (the shipped files follow them).
pub fn variants() -> Vec<VariantInfo> {
    VariantId::ALL.iter().map(|id| record(*id).info()).collect()
}

/// The page's facts about one variant.
pub fn info(variant: VariantId) -> VariantInfo {
    record(variant).info()
}

/// Reads a board file of `variant` and starts a game at the table on it; the error is the
/// variant's own message (with the square it names, when it names one).
pub fn seat_view(variant: VariantId, text: &str) -> Result<Box<dyn SeatView>, Diagnostic> {
    (record(variant).seat_view)(text)
}

/// The move a computer seat playing `me` makes after `moves` (the variant's notation) from the
/// board file `initial`, in the variant's notation: the variant's own answer where its record
/// has one, else our engine's search (or the external UCI engine's answer) over the game the
/// registry opens.
pub fn computer_move(
    id: VariantId,
    initial: &str,
    moves: &[String],
    me: Color,
    think: Think,
) -> Result<String, String> {
    let record = record(id);
    match record.computer {
        ComputerPlay::No => Err(format!("the computer does not play {id}")),
        ComputerPlay::Own(answer) => answer(initial, moves, me, think),
        ComputerPlay::Search => {
            let game = open(id, initial).map_err(|d| d.full())?;
            match (game, think.uci) {
                (game, None) => game.visit(seat::Search {
                    moves,
                    movetime: think.movetime,
                }),
                (AnyGame::Core(game), Some(client)) if record.uci_engine.is_some() => {
                    seat::uci_move(game, moves, client, think.movetime)
                }
                (_, Some(_)) => Err(format!("an external UCI engine does not play {id}")),
            }
        }
    }
}

/// A position of `id`'s core rules as a game of that variant (its notation and ends), for
/// front ends that keep positions themselves (the UCI protocol); `None` for the variants whose
/// games are more than a core position (obstacle chess, pawn race, variant files).
pub fn core_game(id: VariantId, pos: Position) -> Option<CoreGame> {
    let record = record(id);
    if let Some(file) = record.file {
        let mut game = custom::variant::game(&file.open()?.variant, pos);
        game.set_variant(id);
        return Some(game);
    }
    record.core_game.map(|game| game(pos))
}

/// The start position of a variant whose games are core positions (see [`core_game`]).
pub fn start_position(id: VariantId) -> Option<Position> {
    match open(id, info(id).initial).ok()? {
        AnyGame::Core(game) => Some(game.position().clone()),
        _ => None,
    }
}

/// A board file of `id` as the side to move may know it, for a search: obstacle chess leaves
/// out the hidden trapdoors no file says the mover owns; every other variant is [`open`]'s.
pub fn open_for_mover(id: VariantId, text: &str) -> Result<AnyGame, Diagnostic> {
    let record = record(id);
    (record.open_for_mover.unwrap_or(record.open))(text)
}

/// A FEN of `id`'s rules into a game: standard (and Chess960: X-FEN or Shredder-FEN) and pawn
/// race, whose positions the core's FEN writes. Other variants' positions are their board
/// files (a fairy board's rules depend on its allocation lines).
pub fn open_fen(id: VariantId, text: &str) -> Result<AnyGame, Diagnostic> {
    let record = record(id);
    match (record.open_fen, record.file) {
        (Some(open), _) => open(text.trim()),
        (None, Some(file)) => {
            open_variant_file(file.text, Some(text.trim())).map(|g| of_variant(g, id))
        }
        (None, None) => Err(Diagnostic::plain(format!(
            "{id} positions are board files, not FENs"
        ))),
    }
}

/// A variant file (TOML) into a game, from its start position or `fen`.
pub fn open_variant_file(text: &str, fen: Option<&str>) -> Result<AnyGame, Diagnostic> {
    let v = custom::load_variant_file(text)?;
    let pos = match fen {
        Some(f) => v.position_from_fen(f),
        None => v.start_position(),
    }
    .map_err(|e| Diagnostic::plain(e.to_string()))?;
    Ok(AnyGame::Core(custom::variant::game(&v, pos)))
}

/// A shortest sequence of moves (the variant's notation) from `from` to `to`, two positions of
/// one variant, within `max_plies`.
pub fn find_between(
    from: AnyGame,
    to: AnyGame,
    max_plies: u32,
    budget: Budget,
) -> Result<Found, String> {
    match (from, to) {
        (AnyGame::Core(a), AnyGame::Core(b)) => Ok(find_within(&a, &b, max_plies, budget)),
        (AnyGame::Obstacle(a), AnyGame::Obstacle(b)) => {
            Ok(find_within(a.as_ref(), b.as_ref(), max_plies, budget))
        }
        _ => Err("the move-sequence finder does not search pawn races".to_string()),
    }
}

/// Plays move texts in the variant's notation from where `game` stands.
pub fn replay<V: Game>(game: &mut V, moves: &[String]) -> Result<(), String> {
    for text in moves {
        let m = game.parse_move(text).map_err(|e| format!("{text}: {e}"))?;
        game.make(m);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_in_the_ids_order() {
        for (record, id) in all().iter().zip(VariantId::ALL) {
            assert_eq!((record.id, record.info().id), (id, id));
        }
        for (i, record) in all().iter().enumerate() {
            assert_eq!(self::record(record.id).id, record.id, "row {i}");
        }
        let shipped = crate::variants::custom::builtin::shipped();
        assert_eq!(all().len(), VariantId::ALL.len() + shipped.len());
    }

    #[test]
    fn a_shipped_file_opens_by_its_record_as_its_own_variant() {
        let zh = find("zh").expect("crazyhouse");
        assert!(zh.capabilities.drops && zh.capabilities.fen);
        let game = open(zh.id, zh.text.initial).expect("its own file");
        assert_eq!(game.id(), zh.id);
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b KQkq - 0 1";
        let game = open_fen(zh.id, fen).expect("a FEN of its rules");
        assert_eq!(game.id(), zh.id);
        // A shipped file with walls, a trapdoor and a mine is a variant reached by name too.
        let walled = find("walled").expect("walled");
        assert_eq!(
            open(walled.id, walled.text.initial).map(|g| g.id()),
            Ok(walled.id)
        );
    }
}
