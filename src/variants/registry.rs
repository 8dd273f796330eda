//! From a [`VariantId`] and a board file (in the format the page and the network game use) to
//! a game of that variant behind the [`Game`] trait. Front ends that serve every variant
//! alike hold an [`AnyGame`] and hand a generic [`Visit`] to it, so each of them is written
//! once over the trait. [`table`] opens the same board as a game at the table (seat views,
//! move texts) for the page, the network game and the terminal.

use crate::core::{Color, Position};
use crate::engine::finder::{find, Found};
use crate::game::seat_view::{SeatView, VariantInfo};
use crate::game::{Diagnostic, Game, VariantId};
use crate::notation::fen;
use crate::variants::core_game::CoreGame;
use crate::variants::obstacle::search::ObstacleSearch;
use crate::variants::pawnrace::search::PawnRaceSearch;
use crate::variants::seat::{self, Think};
use crate::variants::{custom, fairy, follow, obstacle, pawnrace, standard};

/// A game of any variant the registry builds.
#[derive(Clone, Debug)]
pub enum AnyGame {
    /// The core's rules alone, with the variant's notation and ends (standard, fairy,
    /// FollowChess).
    Core(CoreGame),
    /// Obstacle chess on the board as given (hidden trapdoors included).
    Obstacle(Box<ObstacleSearch>),
    PawnRace(PawnRaceSearch),
}

/// Work to do on a game of any variant.
pub trait Visit {
    type Output;
    fn visit<V: Game>(self, game: V) -> Self::Output;
}

impl AnyGame {
    /// Runs `work` on the game, whichever variant it is.
    pub fn visit<T: Visit>(self, work: T) -> T::Output {
        match self {
            AnyGame::Core(g) => work.visit(g),
            AnyGame::Obstacle(g) => work.visit(*g),
            AnyGame::PawnRace(g) => work.visit(g),
        }
    }
}

/// Reads a board file of `id` into a game; the error is the variant's own diagnostic
/// (message, line or square, exit code). Variant files (`Custom`) are not here: their rules
/// come from the file, not from the id.
pub fn open(id: VariantId, text: &str) -> Result<AnyGame, Diagnostic> {
    match id {
        VariantId::Standard => standard::setup::position_from_fen(text)
            .map(|pos| AnyGame::Core(standard::variant::game(pos)))
            .map_err(Diagnostic::from),
        VariantId::Chess960 => crate::variants::standard::setup::chess960_position_from_fen(text)
            .map(|pos| AnyGame::Core(crate::variants::chess960::game(pos)))
            .map_err(Diagnostic::from),
        VariantId::Fairy => fairy::parse_board(text)
            .map(|b| AnyGame::Core(fairy::variant::game_of_board(&b)))
            .map_err(Diagnostic::from),
        VariantId::Obstacle => obstacle::parse_board(text.as_bytes())
            .map(|b| AnyGame::Obstacle(Box::new(ObstacleSearch::knowing(b))))
            .map_err(Diagnostic::from),
        VariantId::Follow => {
            let mut game = follow::FollowChess::new();
            game.load_board(std::io::Cursor::new(text.as_bytes()))?;
            let pos = game
                .position()
                .cloned()
                .ok_or_else(|| Diagnostic::plain("no board"))?;
            Ok(AnyGame::Core(follow::variant::game(pos)))
        }
        VariantId::PawnRace => pawnrace::seat_view::parse(text)
            .map(|pos| AnyGame::PawnRace(PawnRaceSearch::new(pos)))
            .map_err(Diagnostic::plain),
        VariantId::Custom => Err(Diagnostic::plain("a variant file brings its own rules")),
    }
}

/// Every variant the page offers, in menu order.
pub fn variants() -> Vec<VariantInfo> {
    VariantId::ALL.into_iter().map(info).collect()
}

/// The page's facts about one variant.
pub fn info(variant: VariantId) -> VariantInfo {
    match variant {
        VariantId::Standard => standard::seat_view::INFO,
        VariantId::Chess960 => standard::seat_view::INFO_960,
        VariantId::Fairy => fairy::seat_view::INFO,
        VariantId::Obstacle => obstacle::seat_view::INFO,
        VariantId::Follow => follow::seat_view::INFO,
        VariantId::PawnRace => pawnrace::seat_view::INFO,
        VariantId::Custom => custom::seat_view::INFO,
    }
}

/// Reads a board file of `variant` and starts a game at the table on it; the error is the variant's own
/// message (with the square it names, when it names one).
pub fn seat_view(variant: VariantId, text: &str) -> Result<Box<dyn SeatView>, Diagnostic> {
    match variant {
        VariantId::Standard => standard::seat_view::load(text),
        VariantId::Chess960 => standard::seat_view::load_960(text),
        VariantId::Fairy => fairy::seat_view::load(text),
        VariantId::Obstacle => obstacle::seat_view::load(text),
        VariantId::Follow => follow::seat_view::load(text),
        VariantId::PawnRace => pawnrace::seat_view::load(text),
        VariantId::Custom => custom::seat_view::load(text),
    }
}

/// The move a computer seat playing `me` makes after `moves` (the variant's notation) from the
/// board file `initial`, in the variant's notation. Every variant the core's rules hold is
/// searched (or put to the UCI engine) by [`seat`]'s one code; obstacle chess and variant
/// files bring their own, which know what the seat may see and what the terrain does.
pub fn computer_move(
    id: VariantId,
    initial: &str,
    moves: &[String],
    me: Color,
    think: Think,
) -> Result<String, String> {
    match id {
        VariantId::Obstacle => obstacle::seat_view::computer_move(initial, moves, me, think),
        VariantId::Custom => custom::seat_view::computer_move(initial, moves, think),
        VariantId::Follow => Err(format!("the computer does not play {id}")),
        _ => {
            let game = open(id, initial).map_err(|d| d.full())?;
            match (game, think.uci) {
                (game, None) => game.visit(seat::Search {
                    moves,
                    movetime: think.movetime,
                }),
                (AnyGame::Core(game), Some(client)) => {
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
    match id {
        VariantId::Standard => Some(standard::variant::game(pos)),
        VariantId::Chess960 => Some(crate::variants::chess960::game(pos)),
        VariantId::Fairy => Some(fairy::variant::game(pos)),
        VariantId::Follow => Some(follow::variant::game(pos)),
        VariantId::Obstacle | VariantId::PawnRace | VariantId::Custom => None,
    }
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
    match id {
        VariantId::Obstacle => obstacle::parse_board(text.as_bytes())
            .map(|b| AnyGame::Obstacle(Box::new(ObstacleSearch::new(&b))))
            .map_err(Diagnostic::from),
        _ => open(id, text),
    }
}

/// A FEN of `id`'s rules into a game: standard (and Chess960: X-FEN or Shredder-FEN) and pawn
/// race, whose positions the core's FEN writes. Other variants' positions are their board
/// files (a fairy board's rules depend on its allocation lines).
pub fn open_fen(id: VariantId, text: &str) -> Result<AnyGame, Diagnostic> {
    let text = text.trim();
    match id {
        VariantId::Standard | VariantId::Chess960 => open(id, text),
        VariantId::PawnRace => fen::parse(pawnrace::rules(), text)
            .map(|pos| AnyGame::PawnRace(PawnRaceSearch::new(pos)))
            .map_err(|e| Diagnostic::plain(e.to_string())),
        other => Err(Diagnostic::plain(format!(
            "{other} positions are board files, not FENs"
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
pub fn find_between(from: AnyGame, to: AnyGame, max_plies: u32) -> Result<Found, String> {
    match (from, to) {
        (AnyGame::Core(a), AnyGame::Core(b)) => Ok(find(&a, &b, max_plies)),
        (AnyGame::Obstacle(a), AnyGame::Obstacle(b)) => Ok(find(a.as_ref(), b.as_ref(), max_plies)),
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
