//! Fairy chess 10×10: the course's board file (allocation, board, status line) and move-file
//! notation (`c4xd5+`, `0-0`, `h9-h10=Q`), played through the variant's own move checker.

use crate::core::{Color, Position, Square};
use crate::game::{Diagnostic, GameEnd, MoveRefused};
use crate::variants::fairy::{self, play, write};

use crate::game::seat_view::{
    position_cells, Cell, GameStatus, Reveal, SeatView, Target, VariantInfo,
};

/// What the page shows of fairy chess.
pub const INFO: VariantInfo = VariantInfo {
    id: crate::game::VariantId::Fairy,
    name: "Fairy chess 10×10",
    initial: "k:1\nr:2\nq:1\nn:1\nb:1\nf:1\ne:1\na:1\nw:1\np:5\nd:5\n-----\n\
r n b e q k a w f r \nd p d p d p d p d p \n. . . . . . . . . . \n. . . . . . . . . . \n\
. . . . . . . . . . \n. . . . . . . . . . \n. . . . . . . . . . \n. . . . . . . . . . \n\
D P D P D P D P D P \nR N B E Q K A W F R \n-----\nw:++++:0:1\n",
    format: "allocation lines, -----, ten rows of ten squares, -----, status line P:CCCC:H:M",
    syntax: "Moves: c2-c4, c4xd5, 0-0, 0-0-0, h9-h10=Q, with + after a check and ++ after checkmate (the spec's move-file notation).",
};

/// A fairy chess game at the table: the board file's allocation lines and the position.
pub struct Fairy {
    allocation_lines: Vec<String>,
    position: Position,
}

/// A fairy chess board file, validated as the `fairy` command does, at the table.
pub fn load(text: &str) -> Result<Box<dyn SeatView>, Diagnostic> {
    let board = fairy::parse_board(text)?;
    Ok(Box::new(Fairy {
        allocation_lines: board.allocation_lines,
        position: board.position,
    }))
}

impl SeatView for Fairy {
    fn files(&self) -> u8 {
        10
    }
    fn ranks(&self) -> u8 {
        10
    }
    fn side_to_move(&self) -> Color {
        self.position.side_to_move()
    }
    fn cells(&self, _reveal: Reveal) -> Vec<Cell> {
        position_cells(&self.position)
    }
    fn targets(&self, from: Square, _asker: Option<Color>) -> Vec<Target> {
        let rules = self.position.rules().clone();
        if !rules.shape.contains(from) {
            return Vec::new();
        }
        let from = rules.shape.sq(from);
        let mut pos = self.position.clone();
        play::legal_moves(&mut pos)
            .into_iter()
            .filter(|m| m.from == from)
            .map(|m| Target {
                to: rules.shape.name(m.to),
                text: crate::variants::fairy::computer::move_text(&self.position, m),
                capture: !m.is_castle() && pos.piece_at(m.to).is_some(),
                promotion: m.promotion.map(|k| rules.kind(k).letter),
            })
            .collect()
    }
    fn play(&mut self, text: &str) -> Result<String, MoveRefused> {
        let mut after = self.position.clone();
        play::play_line(&mut after, text.trim(), 1)
            .map_err(|e| MoveRefused::new(format!("{text}: {}", e.reason())))?;
        self.position = after;
        Ok(text.trim().to_string())
    }
    fn status(&self) -> GameStatus {
        let mut pos = self.position.clone();
        let check = pos.is_check();
        let none = play::legal_moves(&mut pos).is_empty();
        let winner = pos.side_to_move().other();
        GameStatus {
            check,
            checkmate: check && none,
            stalemate: !check && none,
            over: none,
            result: none.then_some(if check {
                GameEnd::Checkmate { winner }
            } else {
                GameEnd::Stalemate
            }),
            ..GameStatus::default()
        }
    }
    fn board_file(&self) -> String {
        fairy::write_board(&self.allocation_lines, &self.position)
    }
    fn info(&self) -> Vec<String> {
        let mut lines = vec![format!("allocation: {}", self.allocation_lines.join(" "))];
        lines.push(format!(
            "status line: {}",
            write::status_line(&self.position)
        ));
        if self.position.halfmove_clock() >= play::HALFMOVE_LIMIT {
            lines.push("halfmove clock at 50: only pawns and soldiers may move".to_string());
        }
        lines
    }
}
