//! Standard (FIDE) chess: a FEN board, moves in SAN (long algebraic / UCI accepted too), the
//! core's game for repetition and claims.

use crate::core::{Color, Game, Square};
use crate::notation::{coordinate, fen, pgn, san};
use crate::variants::standard;

use super::{position_cells, Cell, GameStatus, Reveal, Target, VariantGame, VariantInfo};

pub const INFO: VariantInfo = VariantInfo {
    id: "standard",
    name: "Standard chess",
    initial: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
    format: "one FEN line",
};

pub struct Standard {
    game: Game,
}

pub fn load(text: &str) -> Result<Box<dyn VariantGame>, String> {
    let pos = standard::from_fen(text.trim()).map_err(|e| e.to_string())?;
    Ok(Box::new(Standard {
        game: Game::new(pos),
    }))
}

impl VariantGame for Standard {
    fn files(&self) -> u8 {
        8
    }
    fn ranks(&self) -> u8 {
        8
    }
    fn side_to_move(&self) -> Color {
        self.game.position().side_to_move()
    }
    fn cells(&self, _reveal: Reveal) -> Vec<Cell> {
        position_cells(self.game.position())
    }
    fn targets(&self, from: Square) -> Vec<Target> {
        let mut pos = self.game.position().clone();
        let rules = pos.rules().clone();
        let shape = &rules.shape;
        if !shape.contains(from) {
            return Vec::new();
        }
        let from = shape.sq(from);
        let pos = &mut pos;
        let moves: Vec<_> = pos
            .legal_move_list()
            .into_iter()
            .filter(|m| m.from == from)
            .collect();
        moves
            .into_iter()
            .map(|m| Target {
                to: shape.name(m.to),
                text: san::to_san(pos, m),
                capture: pos.piece_at(m.to).is_some() || m.flag == crate::core::MoveFlag::EnPassant,
                promotion: m.promotion.map(|k| rules.kind(k).letter),
            })
            .collect()
    }
    fn play(&mut self, text: &str) -> Result<String, String> {
        let text = text.trim();
        let pos = self.game.position_mut();
        let m = match san::parse(pos, text) {
            Ok(m) => m,
            Err(e) => coordinate::parse(pos, text).map_err(|_| e.to_string())?,
        };
        let logged = san::to_san(pos, m);
        self.game.play(m);
        Ok(logged)
    }
    fn status(&self) -> GameStatus {
        let s = self.game.clone().status();
        let over = s.checkmate || s.stalemate || s.insufficient_material;
        let result = if s.checkmate {
            Some(format!(
                "checkmate: {} wins",
                super::color_name(self.side_to_move().other())
            ))
        } else if s.stalemate {
            Some("stalemate: draw".to_string())
        } else if s.insufficient_material {
            Some("insufficient material: draw".to_string())
        } else {
            None
        };
        GameStatus {
            check: s.in_check,
            checkmate: s.checkmate,
            stalemate: s.stalemate,
            fifty_moves: s.fifty_moves,
            threefold: s.threefold,
            over,
            result,
        }
    }
    fn board_file(&self) -> String {
        let mut t = fen::write(self.game.position());
        t.push('\n');
        t
    }
    fn export_log(&self, initial: &str, moves: &[String], result: Option<&str>) -> Option<String> {
        let start = fen::parse(standard::rules(), initial.trim()).ok()?;
        let mut tags = vec![("Event".to_string(), "chessrules serve".to_string())];
        let fen_text = fen::write(&start);
        if fen_text != standard::START_FEN {
            tags.push(("SetUp".to_string(), "1".to_string()));
            tags.push(("FEN".to_string(), fen_text));
        }
        let token = match result {
            Some(r) if r.contains("white wins") => "1-0",
            Some(r) if r.contains("black wins") => "0-1",
            Some(r) if r.contains("draw") => "1/2-1/2",
            _ => "*",
        };
        Some(pgn::write(&pgn::PgnGame {
            tags,
            moves: moves.to_vec(),
            first_move_number: start.fullmove_number(),
            black_starts: start.side_to_move() == Color::Black,
            final_comment: result.map(str::to_string),
            result: token.to_string(),
        }))
    }
    fn info(&self) -> Vec<String> {
        vec![format!("FEN: {}", fen::write(self.game.position()))]
    }
}
