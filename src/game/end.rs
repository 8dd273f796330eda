//! How a game ended, as a value: who won ([`Score`]) and why ([`GameEnd`]). Whatever ends a
//! game — the rules, a player, a clock, a front end giving up on it — says so with a
//! [`GameEnd`]; the sentence players read is rendered from it (`Display`), and what a score is
//! needed for (the PGN result token, the page's score) is read from [`GameEnd::score`], never
//! from the sentence.

use std::fmt;

use serde::{Serialize, Serializer};

use crate::core::Color;

/// The score of a finished game: what a PGN result token says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// This side won.
    Win(Color),
    /// A draw.
    Draw,
    /// The game ended without a result (stopped, or cut short): PGN's `*`.
    NoResult,
}

impl Score {
    /// A win for `winner`, or a draw when there is none.
    pub fn of(winner: Option<Color>) -> Score {
        winner.map_or(Score::Draw, Score::Win)
    }

    /// The PGN result token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub fn pgn_token(self) -> &'static str {
        match self {
            Score::Win(Color::White) => "1-0",
            Score::Win(Color::Black) => "0-1",
            Score::Draw => "1/2-1/2",
            Score::NoResult => "*",
        }
    }
}

/// Why a game ended, with what the sentence shown to players names. Each end has one
/// [`Score`] ([`GameEnd::score`]) and one sentence (`Display`, also what it serializes as).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// The side to move is checkmated: `checkmate: white wins`.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check: `stalemate: draw`.
    Stalemate,
    /// An end a variant's own rules decide, in the variant's own words (standard chess's
    /// `Draw by insufficient material.`, a pawn race won, a variant file's goal reached).
    VariantRule {
        /// The score the variant gives it.
        score: Score,
        /// The variant's sentence, shown as it is.
        sentence: String,
    },
    /// A player resigned: `black resigns: white wins`.
    Resignation {
        /// The side that resigned.
        by: Color,
    },
    /// The players agreed to a draw: `draw by agreement`.
    Agreement,
    /// A player claimed a draw the rules allowed (FIDE 9.2, 9.3):
    /// `draw claimed by white: threefold repetition`.
    DrawClaimed {
        /// The side that claimed it.
        by: Color,
        /// The rule, in words: `threefold repetition` or `the fifty-move rule`.
        rule: &'static str,
    },
    /// A draw no one has to claim (FIDE 9.6): `draw by fivefold repetition`.
    AutomaticDraw {
        /// The rule, in words (`SeatView::automatic_draw`).
        rule: &'static str,
    },
    /// A draw because the game reached a length no real game reaches:
    /// `draw: the game reached 20000 moves`.
    MoveLimit {
        /// The number of moves (plies) reached.
        plies: usize,
    },
    /// A player's clock ran out: `white ran out of time: black wins`, or a draw when the
    /// opponent could not have won (FIDE 6.9): `white ran out of time, but black cannot
    /// checkmate: draw`.
    OutOfTime {
        /// The side whose time ran out.
        loser: Color,
        /// Could the opponent still have won with the material on the board?
        opponent_could_win: bool,
    },
    /// The game was stopped before the rules or the players ended it (the terminal's `quit`,
    /// the end of its input): `game stopped without a result`.
    Stopped,
    /// A game of two computers was stopped at a length without a result:
    /// `game stopped: 1000 moves without a result`.
    StoppedAfter {
        /// The number of moves (plies) played.
        plies: usize,
    },
    /// A stored game whose move this version's rules refuse ends there, without a result:
    /// `game ended: its move 4 (e4) is not allowed by this version's rules (WHY)`.
    Unreplayable {
        /// The refused move's 1-based number in the stored record.
        ply: usize,
        /// The refused move text.
        text: String,
        /// Why the rules refuse it.
        why: String,
    },
}

impl GameEnd {
    /// Who won, a draw, or no result.
    pub fn score(&self) -> Score {
        match self {
            GameEnd::Checkmate { winner } => Score::Win(*winner),
            GameEnd::VariantRule { score, .. } => *score,
            GameEnd::Resignation { by } => Score::Win(by.other()),
            GameEnd::OutOfTime {
                loser,
                opponent_could_win: true,
            } => Score::Win(loser.other()),
            GameEnd::Stalemate
            | GameEnd::Agreement
            | GameEnd::DrawClaimed { .. }
            | GameEnd::AutomaticDraw { .. }
            | GameEnd::MoveLimit { .. }
            | GameEnd::OutOfTime { .. } => Score::Draw,
            GameEnd::Stopped | GameEnd::StoppedAfter { .. } | GameEnd::Unreplayable { .. } => {
                Score::NoResult
            }
        }
    }
}

/// The sentence players are shown (the page, the terminal, a PGN's final comment).
impl fmt::Display for GameEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameEnd::Checkmate { winner } => write!(f, "checkmate: {} wins", winner.name()),
            GameEnd::Stalemate => f.write_str("stalemate: draw"),
            GameEnd::VariantRule { sentence, .. } => f.write_str(sentence),
            GameEnd::Resignation { by } => {
                write!(f, "{} resigns: {} wins", by.name(), by.other().name())
            }
            GameEnd::Agreement => f.write_str("draw by agreement"),
            GameEnd::DrawClaimed { by, rule } => {
                write!(f, "draw claimed by {}: {rule}", by.name())
            }
            GameEnd::AutomaticDraw { rule } => write!(f, "draw by {rule}"),
            GameEnd::MoveLimit { plies } => write!(f, "draw: the game reached {plies} moves"),
            GameEnd::OutOfTime {
                loser,
                opponent_could_win: true,
            } => write!(
                f,
                "{} ran out of time: {} wins",
                loser.name(),
                loser.other().name()
            ),
            GameEnd::OutOfTime { loser, .. } => write!(
                f,
                "{} ran out of time, but {} cannot checkmate: draw",
                loser.name(),
                loser.other().name()
            ),
            GameEnd::Stopped => f.write_str("game stopped without a result"),
            GameEnd::StoppedAfter { plies } => {
                write!(f, "game stopped: {plies} moves without a result")
            }
            GameEnd::Unreplayable { ply, text, why } => write!(
                f,
                "game ended: its move {ply} ({text}) is not allowed by this version's rules \
                 ({why})"
            ),
        }
    }
}

/// As its sentence: the page reads `status.result` as text.
impl Serialize for GameEnd {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};

    /// Every end: its sentence (as the front ends wrote them before the end was a value) and
    /// its PGN token.
    #[test]
    fn each_end_has_its_sentence_and_token() {
        let cases = [
            (
                GameEnd::Checkmate { winner: White },
                "checkmate: white wins",
                "1-0",
            ),
            (
                GameEnd::Checkmate { winner: Black },
                "checkmate: black wins",
                "0-1",
            ),
            (GameEnd::Stalemate, "stalemate: draw", "1/2-1/2"),
            (
                GameEnd::Resignation { by: White },
                "white resigns: black wins",
                "0-1",
            ),
            (
                GameEnd::Resignation { by: Black },
                "black resigns: white wins",
                "1-0",
            ),
            (GameEnd::Agreement, "draw by agreement", "1/2-1/2"),
            (
                GameEnd::DrawClaimed {
                    by: Black,
                    rule: "threefold repetition",
                },
                "draw claimed by black: threefold repetition",
                "1/2-1/2",
            ),
            (
                GameEnd::AutomaticDraw {
                    rule: "the seventy-five-move rule",
                },
                "draw by the seventy-five-move rule",
                "1/2-1/2",
            ),
            (
                GameEnd::MoveLimit { plies: 20_000 },
                "draw: the game reached 20000 moves",
                "1/2-1/2",
            ),
            (
                GameEnd::OutOfTime {
                    loser: White,
                    opponent_could_win: true,
                },
                "white ran out of time: black wins",
                "0-1",
            ),
            (
                GameEnd::OutOfTime {
                    loser: Black,
                    opponent_could_win: false,
                },
                "black ran out of time, but white cannot checkmate: draw",
                "1/2-1/2",
            ),
            (GameEnd::Stopped, "game stopped without a result", "*"),
            (
                GameEnd::StoppedAfter { plies: 1000 },
                "game stopped: 1000 moves without a result",
                "*",
            ),
            (
                GameEnd::Unreplayable {
                    ply: 4,
                    text: "e4".into(),
                    // A reason that names a draw gives no score: nothing reads the words.
                    why: "the game is over: Draw by stalemate.".into(),
                },
                "game ended: its move 4 (e4) is not allowed by this version's rules (the game \
                 is over: Draw by stalemate.)",
                "*",
            ),
            (
                GameEnd::VariantRule {
                    score: Score::Win(Black),
                    sentence: "Black wins by reaching the last rank".into(),
                },
                "Black wins by reaching the last rank",
                "0-1",
            ),
        ];
        for (end, sentence, token) in cases {
            assert_eq!(end.to_string(), sentence);
            assert_eq!(end.score().pgn_token(), token, "{sentence}");
            assert_eq!(
                serde_json::to_string(&end).ok(),
                serde_json::to_string(sentence).ok()
            );
        }
    }
}
