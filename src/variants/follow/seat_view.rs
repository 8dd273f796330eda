//! FollowChess: any rectangle up to 26 files, moves written `c 3 c 4`, pieces move by their
//! movement rules only (no check rule, kings can be captured), played through `FollowChess`.

use crate::game::{Diagnostic, GameEnd, MoveRefused, Score};
use std::io::Cursor;

use crate::core::{Color, Square};
use crate::variants::follow::{notation, FollowChess};

use crate::game::seat_view::{
    position_cells, Cell, GameStatus, Reveal, SeatView, Target, VariantInfo,
};

/// What the page shows of FollowChess.
pub const INFO: VariantInfo = VariantInfo {
    id: crate::game::VariantId::Follow,
    name: "FollowChess (any rectangle)",
    initial: "RNBQKBNR\nPPPPPPPP\n........\n........\n........\n........\npppppppp\nrnbqkbnr\n",
    format: "one line per row, top row (Black's side) first; lower case = White",
    syntax: "Moves: the from and to squares, as the FollowChess move files write them (c 2 c 4).",
};

/// A FollowChess game at the table, through the course's library API.
pub struct Follow {
    game: FollowChess,
}

/// A FollowChess board file at the table.
pub fn load(text: &str) -> Result<Box<dyn SeatView>, Diagnostic> {
    let mut game = FollowChess::new();
    game.load_board(Cursor::new(text.as_bytes()))?;
    Ok(Box::new(Follow { game }))
}

impl SeatView for Follow {
    fn files(&self) -> u8 {
        self.game.position().map_or(0, |p| p.rules().shape.files())
    }
    fn ranks(&self) -> u8 {
        self.game.position().map_or(0, |p| p.rules().shape.ranks())
    }
    fn side_to_move(&self) -> Color {
        self.game.side_to_move().unwrap_or(Color::White)
    }
    fn cells(&self, _reveal: Reveal) -> Vec<Cell> {
        self.game.position().map(position_cells).unwrap_or_default()
    }
    fn targets(&self, from: Square, _asker: Option<Color>) -> Vec<Target> {
        let Some(pos) = self.game.position() else {
            return Vec::new();
        };
        let shape = &pos.rules().shape;
        if !shape.contains(from) {
            return Vec::new();
        }
        let sq = shape.sq(from);
        if pos.piece_at(sq).map(|p| p.color) != Some(pos.side_to_move()) {
            return Vec::new();
        }
        let from_text = notation::square_name(shape, sq);
        self.game
            .moves_of(&from_text)
            .unwrap_or_default()
            .into_iter()
            .map(|m| Target {
                to: shape.name(m.to),
                text: format!("{from_text} {}", notation::square_name(shape, m.to)),
                capture: pos.piece_at(m.to).is_some(),
                promotion: None,
            })
            .collect()
    }
    fn play(&mut self, text: &str) -> Result<String, MoveRefused> {
        if text.trim().contains(['\n', '\r']) {
            return Err(MoveRefused::new("one move at a time"));
        }
        let mut line = text.trim().to_string();
        line.push('\n');
        self.game
            .apply_move_sequence(Cursor::new(line.into_bytes()))
            .map(|_| text.trim().to_string())
            .map_err(|e| MoveRefused::new(e.reason()))
    }
    fn status(&self) -> GameStatus {
        let me = match self.side_to_move() {
            Color::White => 0,
            Color::Black => 1,
        };
        // The aim of the game is to capture the king (the spec's first paragraph): once one
        // is taken the game is over, as the rules type (`follow::variant`) judges it too.
        let taken = self.game.position().and_then(|pos| {
            let rules = pos.rules();
            [Color::White, Color::Black].into_iter().find(|&c| {
                !pos.pieces(c)
                    .any(|sq| pos.piece_at(sq).is_some_and(|p| rules.is_royal(p.kind)))
            })
        });
        GameStatus {
            check: taken.is_none() && self.game.in_check(me),
            over: taken.is_some(),
            result: taken.map(|c| GameEnd::VariantRule {
                score: Score::Win(c.other()),
                sentence: format!("king captured: {} wins", c.other().name()),
            }),
            ..GameStatus::default()
        }
    }
    fn board_file(&self) -> String {
        self.game.board_text().unwrap_or_default()
    }
    fn info(&self) -> Vec<String> {
        let captured = |p| {
            self.game
                .capture_order(p)
                .unwrap_or(&[])
                .iter()
                .collect::<String>()
        };
        vec![
            format!("captured by White: {}", captured(0)),
            format!("captured by Black: {}", captured(1)),
        ]
    }
}
