//! Variants defined by a TOML file: board size, piece kinds in Betza notation, start
//! position, castling geometry, pawn rules, game-end rules and fixed obstacles.
//!
//! `load_variant_file` reads and checks a file (every error carries its line and column) and
//! compiles it into the core's `Rules` plus what the core does not hold: the start position,
//! the game-end rules and the obstacles. The format is documented in `docs/variant-files.md`.

pub mod builtin;
mod compile;
pub mod computer;
pub mod error;
pub mod field;
mod geometry;
pub mod ini;
pub mod outcome;
mod piece_row;
mod schema;
pub mod seat_view;
pub mod table;
pub mod variant;
pub mod walls;
mod zone;

use std::sync::Arc;

use crate::core::{Position, Rules, RulesConfig, Square};
use crate::game::seat_view::BoardStyle;
use crate::notation::fen::{self, FenError};
use crate::variants::core_game::Ends;

pub use error::VariantFileError;
pub use outcome::outcome;

/// Obstacles of the start position, and how many each player may place during a game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StartObstacles {
    /// Walls as (square, unit direction 0..8 of `core::rules::unit_direction`, orthogonal).
    pub walls: Vec<(Square, u8)>,
    /// Fixed trapdoors, open (public) from the start.
    pub trapdoors: Vec<Square>,
    /// Fixed mines.
    pub mines: Vec<Square>,
    /// Walls each player may place during a game.
    pub walls_per_player: u32,
    /// Trapdoors each player may place during a game.
    pub trapdoors_per_player: u32,
    /// Mines each player may place during a game.
    pub mines_per_player: u32,
}

/// A variant read from a file.
#[derive(Clone, Debug)]
pub struct CustomVariant {
    /// The file's `name`.
    pub name: String,
    /// The file's `aliases`: other names it is reached by, in lower case.
    pub aliases: Vec<String>,
    /// The file's `description`: one line (empty when the file has none).
    pub description: String,
    /// The rules (with castling placed as the start position puts it, when the file's
    /// castling is `from_position`).
    pub rules: Arc<Rules>,
    /// What `rules` were made from, for positions whose castling is placed otherwise.
    config: RulesConfig,
    /// Castling from where each position puts king and rook (Chess960-style); empty for
    /// castling on fixed squares.
    placed_castling: Vec<geometry::PlacedCastling>,
    /// The start position as the file's `[board] start` writes it.
    pub start_fen: String,
    /// How a game ends: the one description the search and the game's outcome both read.
    pub end: Ends,
    /// The file's `[obstacles]`: fixed ones and those the players may place.
    pub obstacles: StartObstacles,
    /// How its board is drawn (`[board] style`).
    pub style: BoardStyle,
    /// The PGN `Variant` tag's value, when not the name capitalised.
    pub pgn_name: Option<String>,
}

impl CustomVariant {
    /// The PGN `Variant` tag's value: the file's `pgn_name` (lichess's `King of the Hill`),
    /// else its name with a capital (`Crazyhouse`, `Shogi`, as pychess.org writes them).
    pub fn pgn_name(&self) -> String {
        if let Some(name) = &self.pgn_name {
            return name.clone();
        }
        let mut chars = self.name.chars();
        chars
            .next()
            .map(|c| c.to_uppercase().chain(chars).collect())
            .unwrap_or_default()
    }

    /// A position of this variant from FEN, with the variant's fixed walls in place.
    pub fn position_from_fen(&self, text: &str) -> Result<Position, FenError> {
        let rules = self.rules_for(text)?;
        let mut pos = fen::parse(rules, text)?;
        walls::wall_set(&self.obstacles.walls, &self.rules.shape).install(&mut pos);
        Ok(pos)
    }

    /// The rules a FEN is read with: the file's, or with castling placed where this FEN puts
    /// king and rooks (its placement is read first, without the castling field).
    fn rules_for(&self, text: &str) -> Result<Arc<Rules>, FenError> {
        if self.placed_castling.is_empty() {
            return Ok(self.rules.clone());
        }
        let mut fields: Vec<&str> = text.split_whitespace().collect();
        if let Some(castling) = fields.get_mut(2) {
            if !castling.bytes().all(|b| b.is_ascii_digit()) {
                *castling = "-";
            }
        }
        let placement = fen::parse(self.rules.clone(), &fields.join(" "))?;
        let castling = geometry::PlacedCastling::rules_in(&self.placed_castling, &placement);
        if castling == self.rules.castling {
            return Ok(self.rules.clone());
        }
        let config = RulesConfig {
            castling,
            ..self.config.clone()
        };
        // The same pieces and board as rules already made: only castling differs, and rules
        // made from the placement's own squares cannot be refused.
        Rules::new(config).map(Arc::new).map_err(|e| FenError {
            field: fen::FenField::Castling,
            column: 1,
            message: e.to_string(),
        })
    }

    /// The start position.
    pub fn start_position(&self) -> Result<Position, FenError> {
        self.position_from_fen(&self.start_fen)
    }
}

/// Reads and checks a variant file. The text is the file's content (a leading BOM is
/// allowed; CRLF line ends are fine).
pub fn load_variant_file(text: &str) -> Result<CustomVariant, VariantFileError> {
    compile::compile(text)
}
