//! The core game at the table: how its rules end a game in words a player reads, for the one
//! seat view ([`GameSeatView`](crate::game::game_seat_view::GameSeatView)) that fairy chess
//! and FollowChess are played through.

use crate::core::Position;
use crate::game::game_seat_view::TableGame;
use crate::game::{Game, GameEnd, Score, Terminal};
use crate::variants::core_game::CoreGame;

impl TableGame for CoreGame {
    fn table_position(&self) -> &Position {
        self.position()
    }

    /// A captured royal piece, a variant file's own ends (extinction, a goal), then no legal
    /// move: the rules' ends that [`Game::terminal`] and [`Game::no_moves`] judge for the
    /// search, read here as a game's end. The search's other draws (fifty moves, a repetition
    /// in its line, a dead position) are not: at the table those are a player's claim or
    /// the variant's own rule.
    fn rule_end(&mut self) -> Option<GameEnd> {
        let pos = self.position();
        let us = pos.side_to_move();
        let them = us.other();
        if self.ends().royal_capture && pos.royal_count(us) == 0 && pos.royal_count(them) > 0 {
            return Some(GameEnd::VariantRule {
                score: Score::Win(them),
                sentence: format!("king captured: {} wins", them.name()),
            });
        }
        if let Some((result, why)) = self.ends().decided_why(pos) {
            return Some(rule_words(result, us, why));
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if !moves.is_empty() {
            return None;
        }
        let mated = self.ends().checkmate && self.position().is_check();
        Some(match self.no_moves() {
            Terminal::Loss if mated => GameEnd::Checkmate { winner: them },
            Terminal::Draw => GameEnd::Stalemate,
            other => rule_words(other, us, "no legal move"),
        })
    }

    fn table_info(&self) -> Vec<String> {
        (self.notation().table_info)(self)
    }
}

/// A result from the side to move's view, as a variant rule's end: `goal reached: white wins`.
fn rule_words(result: Terminal, us: crate::core::Color, why: &str) -> GameEnd {
    let score = match result {
        Terminal::Win => Score::Win(us),
        Terminal::Loss => Score::Win(us.other()),
        Terminal::Draw => Score::Draw,
    };
    let sentence = match score {
        Score::Win(c) => format!("{why}: {} wins", c.name()),
        _ => format!("{why}: draw"),
    };
    GameEnd::VariantRule { score, sentence }
}
