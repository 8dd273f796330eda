//! Standard (FIDE) chess through the variant's game layer (`StandardGame`): a FEN board checked
//! by the spec's setup rules, moves in SAN (coordinates accepted), automatic ends and claims.

use crate::core::history::cannot_mate;
use crate::core::{Color, Square};
use crate::game::{Diagnostic, GameEnd, MoveRefused, Score};
use crate::notation::{fen, pgn, san};
use crate::variants::standard;
use crate::variants::standard::game::{Claim, StandardGame};

use crate::game::seat_view::{
    position_cells, position_targets, Cell, GameStatus, Reveal, SeatView, Target, VariantInfo,
};

/// What the page shows of standard chess.
pub const INFO: VariantInfo = VariantInfo {
    id: crate::game::VariantId::Standard,
    name: "Standard chess",
    initial: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
    format: "one FEN line",
    syntax: "Moves: SAN (e4, Nf3, exd5, O-O, e8=Q) or coordinates (e2e4, e7e8q).",
};

/// Standard chess (and Chess960, [`crate::variants::chess960::seat_view`]) at the table.
pub struct Standard {
    pub(crate) game: StandardGame,
}

/// A standard chess FEN at the table.
pub fn load(text: &str) -> Result<Box<dyn SeatView>, Diagnostic> {
    let game = StandardGame::from_fen(text.trim())?;
    Ok(Box::new(Standard { game }))
}

impl SeatView for Standard {
    fn files(&self) -> u8 {
        8
    }
    fn ranks(&self) -> u8 {
        8
    }
    fn side_to_move(&self) -> Color {
        self.game.side_to_move()
    }
    fn cells(&self, _reveal: Reveal) -> Vec<Cell> {
        position_cells(self.game.position())
    }
    fn targets(&self, from: Square, _asker: Option<Color>) -> Vec<Target> {
        position_targets(self.game.position(), from, |pos, m| {
            san::to_san(&mut pos.clone(), m)
        })
    }
    fn play(&mut self, text: &str) -> Result<String, MoveRefused> {
        self.game
            .play_text(text.trim())
            .map_err(|e| MoveRefused::new(e.to_string()))
    }
    fn automatic_draw(&self) -> Option<&'static str> {
        if self.game.outcome().is_some() {
            return None;
        }
        crate::game::seat_view::fide_automatic_draw(
            self.game.repetitions(),
            self.game.position().halfmove_clock(),
        )
    }
    fn could_win(&self, color: Color) -> bool {
        !cannot_mate(self.game.position(), color)
    }
    fn status(&self) -> GameStatus {
        use crate::variants::standard::game::Termination;
        let outcome = self.game.outcome();
        let claims = self.game.claimable();
        let ended = |t| outcome.is_some_and(|o| o.termination == t);
        GameStatus {
            check: self.game.position().is_check(),
            checkmate: ended(Termination::Checkmate),
            stalemate: ended(Termination::Stalemate),
            fifty_moves: claims.contains(&Claim::FiftyMoves),
            threefold: claims.contains(&Claim::ThreefoldRepetition),
            over: outcome.is_some(),
            result: outcome.map(|o| match o.winner {
                Some(winner) if o.termination == Termination::Checkmate => {
                    GameEnd::Checkmate { winner }
                }
                _ => GameEnd::VariantRule {
                    score: o.score(),
                    sentence: o.sentence(),
                },
            }),
        }
    }
    fn board_file(&self) -> String {
        let mut t = self.game.fen();
        t.push('\n');
        t
    }
    fn export_log(
        &self,
        initial: &str,
        moves: &[String],
        end: Option<&GameEnd>,
        header: &[(String, String)],
    ) -> Option<String> {
        let chess960 = self.game.is_chess960();
        let (start, fen_text) = if chess960 {
            let start = crate::variants::chess960::from_fen(initial.trim()).ok()?;
            let text = crate::variants::chess960::to_fen(&start);
            (start, text)
        } else {
            let start = fen::parse(standard::rules(), initial.trim()).ok()?;
            let text = fen::write(&start);
            (start, text)
        };
        let mut tags = match header {
            [] => vec![("Event".to_string(), "chessrules serve".to_string())],
            given => given.to_vec(),
        };
        if chess960 {
            tags.push(("Variant".to_string(), "Chess960".to_string()));
        }
        if fen_text != standard::START_FEN {
            tags.push(("SetUp".to_string(), "1".to_string()));
            tags.push(("FEN".to_string(), fen_text));
        }
        let score = end.map_or(Score::NoResult, GameEnd::score);
        if score != Score::NoResult {
            let how = match end {
                Some(GameEnd::OutOfTime { .. }) => "time forfeit",
                _ => "normal",
            };
            tags.push(("Termination".to_string(), how.to_string()));
        }
        Some(pgn::write(&pgn::PgnGame {
            tags,
            moves: moves.to_vec(),
            first_move_number: start.fullmove_number(),
            black_starts: start.side_to_move() == Color::Black,
            final_comment: end.map(GameEnd::to_string),
            result: score.pgn_token().to_string(),
        }))
    }
    fn info(&self) -> Vec<String> {
        vec![format!("FEN: {}", self.game.fen())]
    }
}
