//! A variant's record: its names, what it can do and how to open it. One type for every
//! variant, built-in or shipped as a file; [`all`] is the table of them, [`record`] a row by
//! its key.

use std::borrow::Cow;
use std::sync::OnceLock;

use crate::core::{Color, Position};
use crate::game::seat_view::VariantInfo;
use crate::game::{BoardFormat, Capabilities, Diagnostic, GameEnd, SeatView, VariantId};
use crate::variants::core_game::CoreGame;
use crate::variants::custom::builtin::{shipped, ShippedFile};
use crate::variants::seat::Think;

use super::builtin::BUILTINS;
use super::AnyGame;

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

/// How a variant's board and moves are written, for the setup page and help texts.
#[derive(Clone, Copy, Debug)]
pub struct BoardText {
    /// The board file of the initial position.
    pub initial: &'static str,
    /// What a board file looks like, in words.
    pub format: &'static str,
    /// How a move is written.
    pub syntax: &'static str,
}

/// Writes a game's log file from the game record: the game's initial board file, its moves
/// (in the variant's notation), how it ended, the front end's tags; `None` when the record
/// does not read.
pub type GameLog = fn(&str, &[String], Option<&GameEnd>, &[(String, String)]) -> Option<String>;

/// A variant's names, facts, capabilities and openers: one row of the registry.
#[derive(Clone)]
pub struct VariantRecord {
    /// Its key.
    pub id: VariantId,
    /// The name written in files, URLs and the store (`pawnrace`, `crazyhouse`).
    pub name: &'static str,
    /// Other names people use for it (ours, lichess's, Fairy-Stockfish's, python-chess's).
    pub aliases: Cow<'static, [&'static str]>,
    /// The variant's name in a sentence or a menu (`Pawn race`, `Crazyhouse`).
    pub title: &'static str,
    /// A line about it, for lists (`variant list`).
    pub description: &'static str,
    /// How its board is written, in kind.
    pub board: BoardFormat,
    /// What it can do.
    pub capabilities: Capabilities,
    /// How its board and moves are written, in words.
    pub text: BoardText,
    /// A board file into a game (hidden obstacles included).
    pub open: Opener,
    /// A board file into the game the side to move may know (obstacle chess leaves out the
    /// hidden trapdoors no file says the mover owns); `None`: [`Self::open`]'s.
    pub open_for_mover: Option<Opener>,
    /// A FEN into a game, for the built-in variants whose positions are FENs (a shipped
    /// file's FENs are read by its own rules, [`Self::file`]).
    pub open_fen: Option<Opener>,
    /// A board file into a game at the table (seat views, move texts).
    pub seat_view: fn(&str) -> Result<Box<dyn SeatView>, Diagnostic>,
    /// A core position as a game of this variant (its notation and ends), for the built-in
    /// variants whose games are core positions.
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
    /// The program names (`argv[0]`) the course's graders call it by, and the subcommand they
    /// stand for (`fairychess` → `fairy`).
    pub programs: &'static [&'static str],
    /// The shipped file its rules come from.
    pub file: Option<&'static ShippedFile>,
    /// The game record as a file in the variant's own log format (PGN), where it has one
    /// richer than a move a line: every front end's log of the variant comes from here.
    pub game_log: Option<GameLog>,
}

impl VariantRecord {
    /// The page's facts about it.
    pub fn info(&self) -> VariantInfo {
        VariantInfo {
            id: self.id,
            name: self.title,
            initial: self.text.initial,
            format: self.text.format,
            syntax: self.text.syntax,
            board: self.board,
            capabilities: self.capabilities,
        }
    }

    /// Its name and aliases.
    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        std::iter::once(self.name).chain(self.aliases.iter().copied())
    }

    /// Are its rules read from a variant file (shipped or a user's)?
    pub fn rules_from_file(&self) -> bool {
        self.id.rules_from_file()
    }
}

/// Every variant: the built-in ones in the page's menu order ([`VariantId::ALL`]'s), then
/// each shipped file, in [`shipped`]'s order.
pub fn all() -> &'static [VariantRecord] {
    static ALL: OnceLock<Vec<VariantRecord>> = OnceLock::new();
    ALL.get_or_init(|| {
        // Each file's key is its place in `shipped()`, which `record` relies on.
        let files = shipped()
            .iter()
            .map(|file| super::builtin::shipped_record(file.id, file));
        BUILTINS.iter().cloned().chain(files).collect()
    })
}

/// The record of `id`. A built-in variant's is read without the shipped files' headers, which
/// every command would otherwise parse whatever it plays.
pub fn record(id: VariantId) -> &'static VariantRecord {
    match id {
        // The shipped records follow the built-in ones, in `shipped()`'s order.
        VariantId::Shipped(i) => &all()[VariantId::ALL.len() + usize::from(i)],
        builtin => builtins()
            .iter()
            .find(|r| r.id == builtin)
            .unwrap_or(&BUILTINS[VariantId::ALL.len() - 1]),
    }
}

/// The built-in variants' records, in [`VariantId::ALL`]'s order.
pub fn builtins() -> &'static [VariantRecord] {
    &BUILTINS
}
