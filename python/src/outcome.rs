//! `chessrules.Outcome` and `chessrules.Termination`: how a game ended, as python-chess
//! writes it (`winner`: True for White, False for Black, None for a draw).

use chessrules::core::history::AutomaticDraw;
use chessrules::core::Color;
use chessrules::game::Terminal;
use pyo3::prelude::*;

use crate::game::End;

/// Why a game ended.
#[pyclass(module = "chessrules", eq, eq_int, frozen, hash, from_py_object)]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[allow(non_camel_case_types, clippy::upper_case_acronyms)]
pub enum Termination {
    /// The side to move is in check and has no legal move.
    CHECKMATE,
    /// The side to move has no legal move and is not in check (a draw, or the variant's
    /// result for it).
    STALEMATE,
    /// Nobody can win any more.
    INSUFFICIENT_MATERIAL,
    /// A hundred half-moves without capture or pawn move (claimed).
    FIFTY_MOVES,
    /// A position repeated (claimed).
    REPETITION,
    /// 150 half-moves without capture or pawn move: drawn without a claim (FIDE 9.6.2).
    SEVENTYFIVE_MOVES,
    /// The same position a fifth time: drawn without a claim (FIDE 9.6.1).
    FIVEFOLD_REPETITION,
    /// A rule of the variant gave the side to move the win.
    VARIANT_WIN,
    /// A rule of the variant gave the side to move the loss.
    VARIANT_LOSS,
    /// A rule of the variant drew the game.
    VARIANT_DRAW,
}

#[pymethods]
impl Termination {
    /// The member's name (`CHECKMATE`, …), as an `enum.Enum` member has it.
    #[getter]
    fn name(&self) -> String {
        format!("{self:?}")
    }
}

/// The end of a game: `winner` (True: White, False: Black, None: draw) and `termination`.
#[pyclass(module = "chessrules", frozen, eq, get_all)]
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    pub termination: Termination,
    pub winner: Option<bool>,
}

#[pymethods]
impl Outcome {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(&self) -> &'static str {
        match self.winner {
            Some(true) => "1-0",
            Some(false) => "0-1",
            None => "1/2-1/2",
        }
    }

    fn __repr__(&self) -> String {
        let winner = match self.winner {
            Some(true) => "True",
            Some(false) => "False",
            None => "None",
        };
        format!(
            "Outcome(termination=Termination.{:?}, winner={winner})",
            self.termination
        )
    }
}

impl Outcome {
    /// The outcome of `end`, seen from `to_move`'s side.
    pub fn of(end: End, to_move: Color) -> Outcome {
        let (termination, result) = match end {
            End::Decided(t) => (
                match t {
                    Terminal::Win => Termination::VARIANT_WIN,
                    Terminal::Loss => Termination::VARIANT_LOSS,
                    Terminal::Draw => Termination::VARIANT_DRAW,
                },
                t,
            ),
            End::NoMoves { result, check } => (
                if check && result == Terminal::Loss {
                    Termination::CHECKMATE
                } else {
                    Termination::STALEMATE
                },
                result,
            ),
            End::DeadPosition => (Termination::INSUFFICIENT_MATERIAL, Terminal::Draw),
            End::FiftyMoves => (Termination::FIFTY_MOVES, Terminal::Draw),
            End::Repetition => (Termination::REPETITION, Terminal::Draw),
            End::Automatic(AutomaticDraw::SeventyFiveMoves) => {
                (Termination::SEVENTYFIVE_MOVES, Terminal::Draw)
            }
            End::Automatic(AutomaticDraw::FivefoldRepetition) => {
                (Termination::FIVEFOLD_REPETITION, Terminal::Draw)
            }
        };
        let white = to_move == Color::White;
        let winner = match result {
            Terminal::Win => Some(white),
            Terminal::Loss => Some(!white),
            Terminal::Draw => None,
        };
        Outcome {
            termination,
            winner,
        }
    }
}
