//! The thin variant trait and its registry: one small adapter per variant over the library's
//! own types, so a front end (the web page, a networked game) never knows a variant's rules:
//! it asks the adapter for the board, the legal moves of a square (each with the exact move
//! text the variant's notation uses) and plays move texts through the variant's own parser and
//! legality check.

mod custom;
mod fairy;
mod follow;
mod obstacle;
pub(crate) mod pawnrace;
mod standard;

use serde::Serialize;

use crate::core::{Color, Piece, Position, Square};
use crate::variants::{Diagnostic, VariantId};

/// A piece as the page draws it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct PieceView {
    pub color: &'static str,
    /// The piece table's name (`king`, `drunken soldier`, …).
    pub kind: String,
    /// The canonical upper-case letter.
    pub letter: char,
}

/// One square of the board.
#[derive(Clone, Debug, Serialize)]
pub struct Cell {
    pub square: String,
    pub piece: Option<PieceView>,
    /// `open_trapdoor`, `trapdoor`, `mine` or `trapdoor_mine` (hidden ones only when revealed).
    pub obstacle: Option<&'static str>,
}

/// A wall on the west or south edge of a square.
#[derive(Clone, Debug, Serialize)]
pub struct WallView {
    pub square: String,
    pub side: &'static str,
}

/// A legal move of one piece, with the text the variant's notation writes for it.
#[derive(Clone, Debug, Serialize)]
pub struct Target {
    pub to: String,
    pub text: String,
    pub capture: bool,
    /// The promotion piece's letter, when this move promotes.
    pub promotion: Option<char>,
}

/// What the page shows about the position to move in.
#[derive(Clone, Debug, Default, Serialize)]
pub struct GameStatus {
    pub check: bool,
    pub checkmate: bool,
    pub stalemate: bool,
    /// A draw the side to move may claim (fifty moves, threefold).
    pub fifty_moves: bool,
    pub threefold: bool,
    /// The rules ended the game (checkmate, stalemate, a pawn race won, …).
    pub over: bool,
    /// A sentence for the status bar when the rules ended the game.
    pub result: Option<String>,
}

/// Which hidden obstacles the viewer may see.
pub type Reveal<'a> = &'a dyn Fn(Square) -> bool;

/// A game of one variant, driven by move texts.
pub trait VariantGame: Send {
    fn files(&self) -> u8;
    fn ranks(&self) -> u8;
    fn side_to_move(&self) -> Color;
    fn cells(&self, reveal: Reveal) -> Vec<Cell>;
    fn walls(&self) -> Vec<WallView> {
        Vec::new()
    }
    /// The legal moves of the piece on `from` (none when it is not the side to move's), as
    /// `asker` may be told them: a variant with hidden information computes them on what both
    /// the mover and the asker know (`None`: a spectator, or anyone not a player).
    fn targets(&self, from: Square, asker: Option<Color>) -> Vec<Target>;
    /// Plays one move text with the variant's own legality and returns the text the log keeps
    /// (the variant's canonical notation); the error says why not.
    fn play(&mut self, text: &str) -> Result<String, String>;
    fn status(&self) -> GameStatus;
    /// The current board as the variant's board file.
    fn board_file(&self) -> String;
    /// Extra lines for the side panel (status line, allocation, walls left, …).
    fn info(&self) -> Vec<String> {
        Vec::new()
    }
    /// Obstacle chess: the move text of a wall on this edge, if walls exist in the variant.
    fn wall_text(&self, _square: Square, _side: &str) -> Option<String> {
        None
    }
    /// Obstacle chess: is this move text a secret placement (hidden in the log)?
    fn is_secret(&self, _text: &str) -> bool {
        false
    }
    /// Obstacle chess: whose secret trapdoor/mine placement is due, during that phase.
    fn placement(&self) -> Option<Color> {
        None
    }
    /// The game log as a file, when the variant has a richer format than one move per line
    /// (standard chess: PGN). `result` is the session's result sentence, if the game is over.
    fn export_log(
        &self,
        _initial: &str,
        _moves: &[String],
        _result: Option<&str>,
    ) -> Option<String> {
        None
    }
    /// What the last move set off, for animations: (`trapdoor` | `mine`, square).
    fn events(&self) -> Vec<(&'static str, String)> {
        Vec::new()
    }
    /// A draw the rules make automatic, not claimed (FIDE 9.6: the same position a fifth time,
    /// 75 moves of each side without capture or pawn move), as the reason's words.
    fn automatic_draw(&self) -> Option<&'static str> {
        None
    }
    /// Could `color` still win with the material on the board? When the other side's clock
    /// runs out, FIDE 6.9 makes the game a draw if not. `true` unless the variant knows
    /// better (obstacle chess: a king may still fall into a trapdoor or onto a mine).
    fn could_win(&self, _color: Color) -> bool {
        true
    }
}

/// FIDE 9.6 for a game that counts repetitions and a halfmove clock.
pub(crate) fn fide_automatic_draw(repetitions: usize, halfmove_clock: u32) -> Option<&'static str> {
    if repetitions >= 5 {
        Some("fivefold repetition")
    } else if halfmove_clock >= 150 {
        Some("the seventy-five-move rule")
    } else {
        None
    }
}

/// A variant the page offers.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct VariantInfo {
    pub id: VariantId,
    pub name: &'static str,
    /// The board file of the quick-setup initial position.
    pub initial: &'static str,
    /// What a board file looks like, for the setup page.
    pub format: &'static str,
}

/// Every variant the page offers, in menu order.
pub fn variants() -> Vec<VariantInfo> {
    VariantId::ALL.into_iter().map(info).collect()
}

/// The page's facts about one variant.
pub fn info(variant: VariantId) -> VariantInfo {
    match variant {
        VariantId::Standard => standard::INFO,
        VariantId::Chess960 => standard::INFO_960,
        VariantId::Fairy => fairy::INFO,
        VariantId::Obstacle => obstacle::INFO,
        VariantId::Follow => follow::INFO,
        VariantId::PawnRace => pawnrace::INFO,
        VariantId::Custom => custom::INFO,
    }
}

/// Reads a board file of `variant` and starts a game on it; the error is the variant's own
/// message (with the square it names, when it names one).
pub fn load(variant: VariantId, text: &str) -> Result<Box<dyn VariantGame>, Diagnostic> {
    match variant {
        VariantId::Standard => standard::load(text),
        VariantId::Chess960 => standard::load_960(text),
        VariantId::Fairy => fairy::load(text),
        VariantId::Obstacle => obstacle::load(text),
        VariantId::Follow => follow::load(text),
        VariantId::PawnRace => pawnrace::load(text),
        VariantId::Custom => custom::load(text),
    }
}

pub(crate) fn piece_view(pos: &Position, p: Piece) -> PieceView {
    let kind = pos.rules().kind(p.kind);
    PieceView {
        color: p.color.name(),
        kind: kind.name.clone(),
        letter: kind.letter,
    }
}

/// The cells of a core position (no obstacles), rank 1 first.
pub(crate) fn position_cells(pos: &Position) -> Vec<Cell> {
    let shape = &pos.rules().shape;
    shape
        .squares()
        .map(|sq| Cell {
            square: shape.square(sq).to_string(),
            piece: pos.piece_at(sq).map(|p| piece_view(pos, p)),
            obstacle: None,
        })
        .collect()
}

/// The legal moves of the piece on `from` in a core position, each written by `text`
/// (the variant's notation for that move in that position).
pub(crate) fn position_targets(
    pos: &Position,
    from: Square,
    text: impl Fn(&Position, crate::core::Move) -> String,
) -> Vec<Target> {
    let mut pos = pos.clone();
    let rules = pos.rules().clone();
    let shape = &rules.shape;
    if !shape.contains(from) {
        return Vec::new();
    }
    let from = shape.sq(from);
    pos.legal_move_list()
        .into_iter()
        .filter(|m| m.from == from)
        .map(|m| Target {
            to: shape.name(m.to),
            text: text(&pos, m),
            capture: pos.piece_at(m.to).is_some() || m.flag == crate::core::MoveFlag::EnPassant,
            promotion: m.promotion.map(|k| rules.kind(k).letter),
        })
        .collect()
}
