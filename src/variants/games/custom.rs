//! A variant defined by a variant file (TOML, see docs/variant-files.md): the "board file" is
//! the variant file itself, the game starts from its start position, moves are in coordinate
//! notation (`e2e4`, `a7a8q`) and the game ends by the file's own end rules. The file's walls,
//! trapdoors and mines are public, so every viewer sees them.

use crate::core::{Color, Game, Square};
use crate::notation::{coordinate, fen};
use crate::variants::custom::field::Field;
use crate::variants::custom::outcome::{outcome, Outcome};
use crate::variants::custom::{load_variant_file, CustomVariant};
use crate::variants::terrain::WallSide;
use crate::variants::Diagnostic;

use super::{
    position_cells, position_targets, Cell, GameStatus, Reveal, Target, VariantGame, VariantInfo,
    WallView,
};

pub const INFO: VariantInfo = VariantInfo {
    id: crate::variants::VariantId::Custom,
    name: "Variant file",
    initial: include_str!("../../../variants/losalamos.toml"),
    format: "a variant file (TOML): board, pieces in Betza notation, start position, rules",
};

pub struct Custom {
    variant: CustomVariant,
    text: String,
    game: Game,
    field: Field,
}

pub fn load(text: &str) -> Result<Box<dyn VariantGame>, Diagnostic> {
    let variant = load_variant_file(text)?;
    let start = variant
        .start_position()
        .map_err(|e| Diagnostic::plain(e.to_string()))?;
    let field = Field::new(&variant.obstacles, &variant.rules.shape);
    Ok(Box::new(Custom {
        game: Game::new(start),
        field,
        text: text.to_string(),
        variant,
    }))
}

impl Custom {
    fn over(&self) -> Option<Outcome> {
        let mut game = self.game.clone();
        outcome(&self.variant, &mut game)
    }
}

impl VariantGame for Custom {
    fn files(&self) -> u8 {
        self.variant.rules.shape.files()
    }
    fn ranks(&self) -> u8 {
        self.variant.rules.shape.ranks()
    }
    fn side_to_move(&self) -> Color {
        self.game.position().side_to_move()
    }
    fn cells(&self, _reveal: Reveal) -> Vec<Cell> {
        let mut cells = position_cells(self.game.position());
        for cell in &mut cells {
            let Some(s) = Square::parse(&cell.square) else {
                continue;
            };
            let h = self.field.terrain.hazards.get(s);
            cell.obstacle = match (h.has_trapdoor(), h.mine) {
                (true, true) => Some("trapdoor_mine"),
                (true, false) => Some("open_trapdoor"),
                (false, true) => Some("mine"),
                (false, false) => None,
            };
        }
        cells
    }
    fn walls(&self) -> Vec<WallView> {
        self.field
            .terrain
            .walls
            .edges()
            .map(|(s, side)| WallView {
                square: s.to_string(),
                side: match side {
                    WallSide::West => "west",
                    WallSide::South => "south",
                },
            })
            .collect()
    }
    fn targets(&self, from: Square, _asker: Option<Color>) -> Vec<Target> {
        if self.over().is_some() {
            return Vec::new();
        }
        position_targets(self.game.position(), from, coordinate::to_uci)
    }
    fn play(&mut self, text: &str) -> Result<String, String> {
        if self.over().is_some() {
            return Err("the game is over".to_string());
        }
        let mut pos = self.game.position().clone();
        let m = coordinate::parse(&mut pos, text.trim()).map_err(|e| e.to_string())?;
        let written = coordinate::to_uci(&pos, m);
        self.field.play(&mut self.game, m);
        Ok(written)
    }
    fn status(&self) -> GameStatus {
        let mut game = self.game.clone();
        let status = game.status();
        let end = outcome(&self.variant, &mut game);
        GameStatus {
            check: status.in_check && self.variant.end.checkmate,
            checkmate: matches!(
                end,
                Some(Outcome::Win {
                    reason: "checkmate",
                    ..
                })
            ),
            stalemate: status.legal_moves == 0 && !status.in_check,
            fifty_moves: false,
            threefold: false,
            over: end.is_some(),
            result: end.map(|o| match o {
                Outcome::Win { winner, reason } => {
                    format!("{reason}: {} wins", winner.name())
                }
                Outcome::Draw { reason } => format!("draw by {reason}"),
            }),
        }
    }
    fn board_file(&self) -> String {
        // The variant file as loaded, with the current position as a comment at the top:
        // loading it again starts the variant afresh.
        format!(
            "# position: {}\n{}",
            fen::write(self.game.position()),
            self.text
        )
    }
    fn info(&self) -> Vec<String> {
        vec![
            format!("{}: {}", self.variant.name, self.variant.description),
            format!("FEN: {}", fen::write(self.game.position())),
        ]
    }
}
