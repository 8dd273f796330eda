//! The registry: one record per variant in one table ([`RECORDS`]), the only place that
//! names every variant. A record holds the variant's facts (its page facts: name, initial
//! board, formats) and capabilities (does our engine play it, how an external UCI engine
//! plays it and under which `UCI_Variant`, does the move-sequence finder take it, are its
//! positions FENs) and how to open it (as a [`Game`] behind [`AnyGame`], as a seat view,
//! as a core game). Front ends ask a record; none of them matches on a variant.

#![warn(missing_docs)]

use crate::core::{Color, Position};
use crate::engine::finder::{find_within, Budget, Found};
use crate::game::seat_view::VariantInfo;
use crate::game::{Diagnostic, Game, SeatView, VariantId};
use crate::notation::fen;
use crate::variants::core_game::CoreGame;
use crate::variants::obstacle::search::engine_view;
use crate::variants::obstacle::ObstacleChess;
use crate::variants::pawnrace::PawnRace;
use crate::variants::seat::{self, Think};
use crate::variants::{chess960, custom, fairy, follow, obstacle, pawnrace, standard};

pub use crate::variants::any_game::{AnyGame, AnyMove, Visit};
pub use crate::variants::custom::builtin::{by_name, Shipped};

/// A variant as a user names it: a built-in variant, or a variant file shipped in `variants/`
/// (`kingofthehill`, `antichess`, …), which plays as any variant file does.
#[derive(Clone, Copy, Debug)]
pub enum VariantName {
    /// A variant with its own record in [`RECORDS`].
    Builtin(VariantId),
    /// A shipped variant file.
    Shipped(&'static Shipped),
}

impl std::str::FromStr for VariantName {
    type Err = crate::game::UnknownVariant;

    fn from_str(text: &str) -> Result<VariantName, Self::Err> {
        if let Ok(id) = text.parse::<VariantId>() {
            return Ok(VariantName::Builtin(id));
        }
        if let Some(shipped) = by_name(text) {
            return Ok(VariantName::Shipped(shipped));
        }
        // As python-chess and lichess write them: "King of the Hill", "Three-check", "Racing
        // Kings" (case, spaces, hyphens and underscores aside).
        let wanted = squeezed(text);
        if let Some(id) = VariantId::ALL.into_iter().find(|v| {
            std::iter::once(v.name())
                .chain(v.aliases().iter().copied())
                .any(|n| squeezed(n) == wanted)
        }) {
            return Ok(VariantName::Builtin(id));
        }
        let shipped = custom::builtin::shipped().iter().find(|s| {
            std::iter::once(&s.name)
                .chain(&s.aliases)
                .any(|n| squeezed(n) == wanted)
        });
        shipped
            .and_then(|s| s.open())
            .map(VariantName::Shipped)
            .ok_or_else(|| {
                let shipped = custom::builtin::shipped();
                let candidates = VariantId::ALL
                    .iter()
                    .flat_map(|v| std::iter::once(v.name()).chain(v.aliases().iter().copied()))
                    .chain(
                        shipped
                            .iter()
                            .flat_map(|s| std::iter::once(&s.name).chain(&s.aliases))
                            .map(String::as_str),
                    );
                crate::game::UnknownVariant::among(text, names(), candidates)
            })
    }
}

/// A name without case, spaces, hyphens or underscores.
fn squeezed(name: &str) -> String {
    name.chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_'))
        .flat_map(char::to_lowercase)
        .collect()
}

impl VariantName {
    /// The name a user reads (the built-in variant's, or the file's).
    pub fn name(&self) -> &str {
        match self {
            VariantName::Builtin(id) => id.name(),
            VariantName::Shipped(s) => &s.name,
        }
    }
}

/// Every name a user may give: the built-in variants', then the shipped files'.
pub fn names() -> Vec<String> {
    VariantId::ALL
        .iter()
        .filter(|id| !record(**id).rules_from_file)
        .map(|id| id.name().to_string())
        .chain(custom::builtin::shipped().iter().map(|s| s.name.clone()))
        .collect()
}

/// Reads a board file (or a FEN) of one variant into a game.
pub type Opener = fn(&str) -> Result<AnyGame, Diagnostic>;

/// How the computer plays a variant.
#[derive(Clone, Copy)]
pub enum ComputerPlay {
    /// It does not (FollowChess: the course's game has no computer side).
    No,
    /// Our engine searches the game the registry opens (or the external engine answers).
    Search,
    /// The variant answers itself: it knows what the seat may see (obstacle chess's
    /// secrets) or where its rules come from (variant files). Arguments: the board file,
    /// the moves so far, the computer's colour, how it thinks.
    Own(fn(&str, &[String], Color, Think<'_>) -> Result<String, String>),
}

/// How an external UCI engine is told to play a variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UciEngine {
    /// As plain chess (obstacle chess goes through its own bridge on top).
    Chess,
    /// With `UCI_Chess960` set: castling written as the king taking its rook.
    Chess960,
    /// With `UCI_Variant` set to this name, which the engine must offer.
    Variant(&'static str),
}

/// A variant's facts, capabilities and openers: one row of the registry.
#[derive(Clone, Copy)]
pub struct VariantRecord {
    /// Which variant (its names, aliases and title are [`VariantId`]'s).
    pub id: VariantId,
    /// What the page shows: name, initial board file, board format, move syntax.
    pub info: VariantInfo,
    /// A board file into a game (hidden obstacles included).
    pub open: Opener,
    /// A board file into the game the side to move may know (obstacle chess leaves out the
    /// hidden trapdoors no file says the mover owns); `None`: [`Self::open`]'s.
    pub open_for_mover: Option<Opener>,
    /// A FEN into a game, for the variants whose positions are FENs.
    pub open_fen: Option<Opener>,
    /// A board file into a game at the table (seat views, move texts).
    pub seat_view: fn(&str) -> Result<Box<dyn SeatView>, Diagnostic>,
    /// A core position as a game of this variant (its notation and ends), for the variants
    /// whose games are core positions.
    pub core_game: Option<fn(Position) -> CoreGame>,
    /// How the computer plays it.
    pub computer: ComputerPlay,
    /// How an external UCI engine plays it, if one can.
    pub uci_engine: Option<UciEngine>,
    /// The variant whose rules our own `uci` command plays when a GUI sets `UCI_Variant` to
    /// this variant's name or alias (its start position and notation).
    pub uci_rules: Option<VariantId>,
    /// Does the move-sequence finder search between two of its positions?
    pub finder: bool,
    /// Are its positions given as FEN lines (the finder's arguments)?
    pub fen_positions: bool,
    /// Its rules come from a variant file, not from the id (it is opened with the file).
    pub rules_from_file: bool,
}

/// Every variant, in the page's menu order ([`VariantId::ALL`]'s).
pub static RECORDS: [VariantRecord; 7] = [
    VariantRecord {
        id: VariantId::Standard,
        info: standard::seat_view::INFO,
        open: open_standard,
        open_for_mover: None,
        open_fen: Some(open_standard),
        seat_view: standard::seat_view::load,
        core_game: Some(standard::variant::game),
        computer: ComputerPlay::Search,
        uci_engine: Some(UciEngine::Chess),
        uci_rules: Some(VariantId::Standard),
        finder: true,
        fen_positions: true,
        rules_from_file: false,
    },
    VariantRecord {
        id: VariantId::Chess960,
        info: chess960::seat_view::INFO,
        open: open_chess960,
        open_for_mover: None,
        open_fen: Some(open_chess960),
        seat_view: chess960::seat_view::load,
        core_game: Some(chess960::game),
        computer: ComputerPlay::Search,
        uci_engine: Some(UciEngine::Chess960),
        uci_rules: Some(VariantId::Standard),
        finder: true,
        fen_positions: true,
        rules_from_file: false,
    },
    VariantRecord {
        id: VariantId::Fairy,
        info: fairy::seat_view::INFO,
        open: open_fairy,
        open_for_mover: None,
        open_fen: None,
        seat_view: fairy::seat_view::load,
        core_game: Some(fairy::variant::game),
        computer: ComputerPlay::Search,
        uci_engine: Some(UciEngine::Variant(fairy::variant::UCI_VARIANT)),
        uci_rules: Some(VariantId::Fairy),
        finder: true,
        fen_positions: false,
        rules_from_file: false,
    },
    VariantRecord {
        id: VariantId::Obstacle,
        info: obstacle::seat_view::INFO,
        open: open_obstacle,
        open_for_mover: Some(open_obstacle_for_mover),
        open_fen: None,
        seat_view: obstacle::seat_view::load,
        core_game: None,
        computer: ComputerPlay::Own(obstacle::seat_view::computer_move),
        uci_engine: Some(UciEngine::Chess),
        uci_rules: Some(VariantId::Standard),
        finder: true,
        fen_positions: false,
        rules_from_file: false,
    },
    VariantRecord {
        id: VariantId::Follow,
        info: follow::seat_view::INFO,
        open: open_follow,
        open_for_mover: None,
        open_fen: None,
        seat_view: follow::seat_view::load,
        core_game: Some(follow::variant::game),
        computer: ComputerPlay::No,
        uci_engine: None,
        uci_rules: None,
        finder: true,
        fen_positions: false,
        rules_from_file: false,
    },
    VariantRecord {
        id: VariantId::PawnRace,
        info: pawnrace::seat_view::INFO,
        open: open_pawnrace,
        open_for_mover: None,
        open_fen: Some(open_pawnrace_fen),
        seat_view: pawnrace::seat_view::load,
        core_game: None,
        computer: ComputerPlay::Search,
        uci_engine: None,
        uci_rules: None,
        finder: false,
        fen_positions: false,
        rules_from_file: false,
    },
    VariantRecord {
        id: VariantId::Custom,
        info: custom::seat_view::INFO,
        open: open_custom,
        open_for_mover: None,
        open_fen: None,
        seat_view: custom::seat_view::load,
        core_game: None,
        computer: ComputerPlay::Own(custom::seat_view::computer_move),
        uci_engine: None,
        uci_rules: None,
        finder: false,
        fen_positions: false,
        rules_from_file: true,
    },
];

fn open_standard(text: &str) -> Result<AnyGame, Diagnostic> {
    standard::setup::position_from_fen(text)
        .map(|pos| AnyGame::Core(standard::variant::game(pos)))
        .map_err(Diagnostic::from)
}

fn open_chess960(text: &str) -> Result<AnyGame, Diagnostic> {
    standard::setup::chess960_position_from_fen(text)
        .map(|pos| AnyGame::Core(chess960::game(pos)))
        .map_err(Diagnostic::from)
}

fn open_fairy(text: &str) -> Result<AnyGame, Diagnostic> {
    fairy::parse_board(text)
        .map(|b| AnyGame::Core(fairy::variant::game_of_board(&b)))
        .map_err(Diagnostic::from)
}

fn open_obstacle(text: &str) -> Result<AnyGame, Diagnostic> {
    obstacle::parse_board(text.as_bytes())
        .map(|b| AnyGame::Obstacle(Box::new(ObstacleChess::new(b))))
        .map_err(Diagnostic::from)
}

fn open_obstacle_for_mover(text: &str) -> Result<AnyGame, Diagnostic> {
    obstacle::parse_board(text.as_bytes())
        .map(|b| AnyGame::Obstacle(Box::new(ObstacleChess::new(engine_view(&b)))))
        .map_err(Diagnostic::from)
}

fn open_follow(text: &str) -> Result<AnyGame, Diagnostic> {
    let mut game = follow::FollowChess::new();
    game.load_board(std::io::Cursor::new(text.as_bytes()))?;
    let pos = game
        .position()
        .cloned()
        .ok_or_else(|| Diagnostic::plain("no board"))?;
    Ok(AnyGame::Core(follow::variant::game(pos)))
}

fn open_pawnrace(text: &str) -> Result<AnyGame, Diagnostic> {
    pawnrace::seat_view::parse(text)
        .map(|pos| AnyGame::PawnRace(PawnRace::from_position(pos)))
        .map_err(Diagnostic::plain)
}

fn open_pawnrace_fen(text: &str) -> Result<AnyGame, Diagnostic> {
    fen::parse(pawnrace::rules(), text.trim())
        .map(|pos| AnyGame::PawnRace(PawnRace::from_position(pos)))
        .map_err(|e| Diagnostic::plain(e.to_string()))
}

fn open_custom(_: &str) -> Result<AnyGame, Diagnostic> {
    Err(Diagnostic::plain("a variant file brings its own rules"))
}

/// The record of `id`.
pub fn record(id: VariantId) -> &'static VariantRecord {
    // The table is in `VariantId::ALL`'s order, which a test checks.
    &RECORDS[id as usize]
}

/// Reads a board file of `id` into a game; the error is the variant's own diagnostic
/// (message, line or square, exit code). Variant files (`Custom`) are not here: their rules
/// come from the file, not from the id.
pub fn open(id: VariantId, text: &str) -> Result<AnyGame, Diagnostic> {
    (record(id).open)(text)
}

/// Every variant the page offers, in menu order.
pub fn variants() -> Vec<VariantInfo> {
    RECORDS.iter().map(|r| r.info).collect()
}

/// The page's facts about one variant.
pub fn info(variant: VariantId) -> VariantInfo {
    record(variant).info
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
    record(id).core_game.map(|game| game(pos))
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
    match record(id).open_fen {
        Some(open) => open(text.trim()),
        None => Err(Diagnostic::plain(format!(
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
        assert_eq!(RECORDS.len(), VariantId::ALL.len());
        for (record, id) in RECORDS.iter().zip(VariantId::ALL) {
            assert_eq!(record.id, id);
            assert_eq!(record.info.id, id);
            assert_eq!(self::record(id).id, id);
        }
    }
}
