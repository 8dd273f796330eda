//! A standard chess game as the course rules define it: moves with their SAN, automatic
//! ends (checkmate, stalemate, impossible checkmate), draws that must be claimed by the side
//! to move (threefold repetition, fifty moves, either now or with an intended move), draw by
//! agreement, resignation, and the PGN of the whole game.

use crate::core::history::insufficient_material;
use crate::core::{Color, Move, Position};
use crate::game::{Game, GameEnd, Score};
use crate::notation::{coordinate, fen, san};
use crate::variants::core_game::CoreGame;
use crate::variants::core_table::{pgn_record, FirstMove};
use crate::variants::standard;
use crate::variants::standard::setup::{chess960_position_from_fen, position_from_fen, SetupError};
use crate::variants::standard::START_FEN;

/// Why a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Termination {
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Impossible checkmate: one of the spec's material combinations.
    InsufficientMaterial,
    /// Claimed by the side to move.
    ThreefoldRepetition,
    /// Claimed by the side to move.
    FiftyMoves,
    /// Both players agreed to a draw.
    Agreement,
    /// A player resigned.
    Resignation,
}

/// How a game ended: why, and who won (`None`: a draw).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Why the game ended.
    pub termination: Termination,
    /// The winner; `None`: a draw.
    pub winner: Option<Color>,
}

impl Outcome {
    fn draw(termination: Termination) -> Outcome {
        Outcome {
            termination,
            winner: None,
        }
    }

    /// The score: the winner's, or a draw.
    pub fn score(&self) -> Score {
        Score::of(self.winner)
    }

    /// The PGN result token.
    pub fn result(&self) -> &'static str {
        self.score().pgn_token()
    }

    /// The end as every game's end is written: checkmate as itself, any other in this
    /// game's own sentence.
    pub fn end(&self) -> GameEnd {
        match (self.termination, self.winner) {
            (Termination::Checkmate, Some(winner)) => GameEnd::Checkmate { winner },
            (Termination::Resignation, Some(winner)) => GameEnd::Resignation { by: winner.other() },
            (Termination::Stalemate, None) => GameEnd::Stalemate,
            (Termination::Agreement, None) => GameEnd::Agreement,
            _ => GameEnd::VariantRule {
                score: self.score(),
                sentence: self.sentence(),
            },
        }
    }

    /// The ending in words, e.g. "White wins by checkmate.", "Draw by stalemate.".
    pub fn sentence(&self) -> String {
        let reason = match self.termination {
            Termination::Checkmate => "checkmate",
            Termination::Resignation => "resignation",
            Termination::Stalemate => "stalemate",
            Termination::InsufficientMaterial => "insufficient material",
            Termination::ThreefoldRepetition => "threefold repetition",
            Termination::FiftyMoves => "the fifty-move rule",
            Termination::Agreement => "agreement",
        };
        match self.winner {
            Some(c) => format!("{} wins by {reason}.", c.title()),
            None => format!("Draw by {reason}."),
        }
    }
}

/// The rule a draw claim rests on.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Claim {
    /// The position has occurred three times (FIDE 9.2).
    ThreefoldRepetition,
    /// Fifty moves of each side without a capture or a pawn move (FIDE 9.3).
    FiftyMoves,
}

impl Claim {
    fn termination(self) -> Termination {
        match self {
            Claim::ThreefoldRepetition => Termination::ThreefoldRepetition,
            Claim::FiftyMoves => Termination::FiftyMoves,
        }
    }
}

/// An action the game refuses.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error("the game is over: {0}")]
    /// The game has ended; the outcome's sentence.
    Over(String),
    #[error(transparent)]
    /// The move text names no legal move.
    Move(#[from] san::SanError),
    #[error("no draw can be claimed: the position has not occurred three times and fifty moves have not passed without a capture or a pawn move")]
    /// A draw claim with no rule to rest on.
    NoClaim,
}

/// Facts a status report shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The side to move is in check.
    pub in_check: bool,
    /// The side to move is checkmated.
    pub checkmate: bool,
    /// The side to move is stalemated.
    pub stalemate: bool,
    /// Neither side can ever checkmate.
    pub insufficient_material: bool,
    /// Claimable now by the side to move.
    pub claims: Vec<Claim>,
    /// Legal moves (SAN, sorted) after which the side to move could claim, with the claim.
    pub claims_with_move: Vec<(String, Claim)>,
    /// Every legal move in SAN, in generation order.
    pub legal_moves: Vec<String>,
}

/// The endings no one has to claim in `position`: checkmate, stalemate, impossible checkmate
/// (the spec's order). The one place they are judged: the game record and the table ask it.
pub fn automatic_outcome(position: &mut Position) -> Option<Outcome> {
    let in_check = position.is_check();
    let cannot_move = position.legal_move_list().is_empty();
    if in_check && cannot_move {
        Some(Outcome {
            termination: Termination::Checkmate,
            winner: Some(position.side_to_move().other()),
        })
    } else if cannot_move {
        Some(Outcome::draw(Termination::Stalemate))
    } else if insufficient_material(position) {
        Some(Outcome::draw(Termination::InsufficientMaterial))
    } else {
        None
    }
}

/// The draws the side to move may claim when the position has occurred `repetitions` times
/// and the halfmove clock is at `halfmove`: threefold repetition, then fifty moves.
pub fn claims_for(repetitions: usize, halfmove: u32) -> Vec<Claim> {
    let mut claims = Vec::new();
    if repetitions >= 3 {
        claims.push(Claim::ThreefoldRepetition);
    }
    if halfmove >= 100 {
        claims.push(Claim::FiftyMoves);
    }
    claims
}

#[derive(Clone, Debug)]
/// A game of standard chess (or Chess960) as the spec plays it: its SAN record, start
/// position, outcome, claims and PGN.
pub struct StandardGame {
    /// The rules type: standard chess's (or Chess960's) core game, which the table and the
    /// search play too.
    game: CoreGame,
    start_fen: String,
    /// Chess960: FEN in X-FEN, castling rules from the start position, PGN tagged so.
    chess960: bool,
    sans: Vec<String>,
    outcome: Option<Outcome>,
}

impl Default for StandardGame {
    fn default() -> Self {
        Self::new()
    }
}

impl StandardGame {
    /// A game from the initial position.
    pub fn new() -> StandardGame {
        Self::from_position(crate::variants::standard::start())
    }

    /// A game from a checked FEN.
    pub fn from_fen(text: &str) -> Result<StandardGame, SetupError> {
        Ok(Self::from_position(position_from_fen(text)?))
    }

    /// A Chess960 game from a checked X-FEN or Shredder-FEN.
    pub fn chess960_from_fen(text: &str) -> Result<StandardGame, SetupError> {
        Ok(Self::chess960_from_position(chess960_position_from_fen(
            text,
        )?))
    }

    /// A Chess960 game from start position `n` of the 960 numbering (518: FIDE chess's).
    pub fn chess960_start(n: u16) -> Option<StandardGame> {
        crate::variants::chess960::start(n).map(Self::chess960_from_position)
    }

    fn chess960_from_position(position: Position) -> StandardGame {
        let mut g = Self::from_position(position);
        g.game = crate::variants::chess960::game(g.game.position().clone());
        g.chess960 = true;
        g.start_fen = g.fen();
        g
    }

    /// The current position in Shredder-FEN (castling rights as rook files), for Chess960.
    pub fn shredder_fen(&self) -> String {
        crate::variants::chess960::to_shredder_fen(self.game.position())
    }

    /// Is this a Chess960 game?
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    fn from_position(position: Position) -> StandardGame {
        let start_fen = fen::write(&position);
        let mut g = StandardGame {
            game: standard::variant::game(position),
            start_fen,
            chess960: false,
            sans: Vec::new(),
            outcome: None,
        };
        g.outcome = g.automatic_end();
        g
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// Zobrist keys of the positions before the current one, oldest first (for an engine).
    pub fn earlier_keys(&self) -> Vec<u64> {
        self.game.earlier_keys()
    }

    /// How often the current position has occurred (counting itself).
    pub fn repetitions(&self) -> usize {
        self.game.repetitions()
    }

    /// The current position as FEN (X-FEN in Chess960).
    pub fn fen(&self) -> String {
        if self.chess960 {
            crate::variants::chess960::to_fen(self.game.position())
        } else {
            fen::write(self.game.position())
        }
    }

    /// The moves played so far as UCI text (`e2e4`, `e7e8q`), from `start_fen`: what an
    /// external engine needs (`position fen START moves …`) to see the game's repetitions.
    pub fn uci_moves(&self) -> Vec<String> {
        // The start FEN was written by us from a checked position, so it reads back.
        let start = if self.chess960 {
            chess960_position_from_fen(&self.start_fen)
        } else {
            position_from_fen(&self.start_fen)
        };
        let Ok(mut pos) = start else {
            return Vec::new();
        };
        let chess960 = self.chess960;
        self.game
            .played()
            .iter()
            .map(|&(m, _)| {
                let text = if chess960 {
                    coordinate::to_uci960(&pos, m)
                } else {
                    coordinate::to_uci(&pos, m)
                };
                pos.make(m);
                text
            })
            .collect()
    }

    /// The FEN the game started from.
    pub fn start_fen(&self) -> &str {
        &self.start_fen
    }

    /// The moves played so far, in SAN.
    pub fn sans(&self) -> &[String] {
        &self.sans
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whose turn it is.
    pub fn side_to_move(&self) -> Color {
        self.game.position().side_to_move()
    }

    fn ensure_running(&self) -> Result<(), GameError> {
        match self.outcome {
            Some(o) => Err(GameError::Over(o.sentence())),
            None => Ok(()),
        }
    }

    /// The legal move a text names (SAN or coordinates, leniently).
    pub fn parse_move(&mut self, text: &str) -> Result<Move, GameError> {
        // make/unmake inside the parser leave the position (and its key) as they were.
        Ok(self.game.with_position(|pos| san::parse(pos, text))?)
    }

    /// Plays a legal move; the game may end by checkmate, stalemate or impossible mate.
    fn play_unchecked(&mut self, m: Move) -> String {
        let text = self.game.with_position(|pos| san::to_san(pos, m));
        self.game.make(m);
        self.sans.push(text.clone());
        text
    }

    /// Plays the move a text names and returns its SAN.
    pub fn play_text(&mut self, text: &str) -> Result<String, GameError> {
        self.ensure_running()?;
        let m = self.parse_move(text)?;
        let s = self.play_unchecked(m);
        self.outcome = self.automatic_end();
        Ok(s)
    }

    /// Takes back the last move (also reopens a finished game). Returns its SAN.
    pub fn undo(&mut self) -> Option<String> {
        if self.game.played().is_empty() {
            return None;
        }
        self.game.unmake();
        self.outcome = self.automatic_end();
        self.sans.pop()
    }

    /// The endings no one has to claim: checkmate, stalemate, impossible checkmate.
    fn automatic_end(&mut self) -> Option<Outcome> {
        self.game.with_position(automatic_outcome)
    }

    /// Draws the side to move may claim in the position on the board.
    pub fn claimable(&self) -> Vec<Claim> {
        claims_for(
            self.game.repetitions(),
            self.game.position().halfmove_clock(),
        )
    }

    /// Draws the side to move may claim by writing `m` without playing it: the position
    /// after `m` occurs for the third time, or `m` completes fifty moves.
    pub fn claimable_with(&mut self, m: Move) -> Vec<Claim> {
        self.game.make(m);
        let claims = self.claimable();
        self.game.unmake();
        claims
    }

    /// The side to move claims a draw in the position on the board.
    pub fn claim(&mut self) -> Result<Claim, GameError> {
        self.ensure_running()?;
        let claim = *self.claimable().first().ok_or(GameError::NoClaim)?;
        self.outcome = Some(Outcome::draw(claim.termination()));
        Ok(claim)
    }

    /// The side to move writes `text` and claims a draw. A correct claim ends the game (the
    /// move stands in the score); an incorrect one plays the move and the game goes on
    /// (FIDE 9.5), reported as `Ok(None)` with the move's SAN.
    pub fn claim_with(&mut self, text: &str) -> Result<(String, Option<Claim>), GameError> {
        self.ensure_running()?;
        let m = self.parse_move(text)?;
        let claims = self.claimable_with(m);
        let s = self.play_unchecked(m);
        match claims.first() {
            Some(&claim) => {
                self.outcome = Some(Outcome::draw(claim.termination()));
                Ok((s, Some(claim)))
            }
            None => {
                self.outcome = self.automatic_end();
                Ok((s, None))
            }
        }
    }

    /// Ends the game as a draw by agreement.
    pub fn agree_draw(&mut self) -> Result<(), GameError> {
        self.ensure_running()?;
        self.outcome = Some(Outcome::draw(Termination::Agreement));
        Ok(())
    }

    /// The side to move resigns.
    pub fn resign(&mut self) -> Result<(), GameError> {
        self.ensure_running()?;
        self.outcome = Some(Outcome {
            termination: Termination::Resignation,
            winner: Some(self.side_to_move().other()),
        });
        Ok(())
    }

    /// What `status` shows of the position on the board.
    pub fn report(&mut self) -> Report {
        let in_check = self.game.position().is_check();
        let moves = self.game.with_position(|pos| pos.legal_move_list());
        let mut legal_moves = Vec::with_capacity(moves.len());
        let mut claims_with_move = Vec::new();
        for &m in &moves {
            let s = self.game.with_position(|pos| san::to_san(pos, m));
            if let Some(&c) = self.claimable_with(m).first() {
                claims_with_move.push((s.clone(), c));
            }
            legal_moves.push(s);
        }
        claims_with_move.sort();
        Report {
            in_check,
            checkmate: in_check && moves.is_empty(),
            stalemate: !in_check && moves.is_empty(),
            insufficient_material: insufficient_material(self.game.position()),
            claims: self.claimable(),
            claims_with_move,
            legal_moves,
        }
    }

    /// The game as PGN, with `tags` (Event, Site, Date, Round, White, Black and any others;
    /// Result, SetUp and FEN are filled in here).
    pub fn pgn(&self, tags: &[(String, String)]) -> String {
        let start = self.start_fen.split(' ').collect::<Vec<_>>();
        let first = FirstMove {
            number: start.get(5).and_then(|n| n.parse().ok()).unwrap_or(1),
            black: start.get(1) == Some(&"b"),
        };
        let end = self.outcome.map(|o| o.end());
        pgn_record(
            tags,
            self.chess960.then(|| "Chess960".to_string()),
            first,
            (self.start_fen != START_FEN).then(|| self.start_fen.clone()),
            self.sans.clone(),
            end.as_ref(),
        )
    }
}
