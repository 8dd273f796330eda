//! FollowChess (CSCI 3901 A1): follow a game on any rectangular board up to 26 files.
//!
//! Lower-case letters are White, upper-case Black; the first line of a board file is the top
//! row (Black's side). Moves follow the pieces' movement rules only: no castling, promotion,
//! en passant or double pawn step, moving into check is allowed and a king can be captured
//! (play goes on after that: the course's own tests capture both kings in one sequence).
//! White moves first after every load; turns alternate and carry over between sequences.
//!
//! The type mirrors the spec's `FollowChess` class: `loadBoard` → [`FollowChess::load_board`],
//! `printBoard` → [`FollowChess::print_board`], `applyMoveSequence` →
//! [`FollowChess::apply_move_sequence`], `captureOrder` → [`FollowChess::capture_order`],
//! `inCheck` → [`FollowChess::in_check`], `pieceCanMove` → [`FollowChess::piece_can_move`].
//! Where the spec returns `false`, these return an error that says why.

mod board_file;
mod lines;
pub mod notation;
pub mod rules;
pub mod seat_view;
pub mod variant;

use std::io::{self, BufRead, Write};

use crate::core::{Color, Move, Position, Sq};
use crate::game::Game;
use crate::variants::core_game::CoreGame;

pub use board_file::BoardError;
pub use rules::rules_for;

/// Why a move sequence was rejected (nothing of it was applied). Lines count from 1; the
/// message is `line N: ` and the [`FollowMoveError::reason`].
#[derive(Debug)]
pub enum FollowMoveError {
    /// No board is loaded.
    NoBoard,
    /// The reader failed.
    Io(io::Error),
    /// A line that is not a move (`c 3 c 4`); a blank line is one too.
    Syntax {
        /// The line.
        line: usize,
        /// The line as read (invalid UTF-8 replaced).
        text: String,
    },
    /// A line longer than 256 bytes.
    TooLong {
        /// The line.
        line: usize,
    },
    /// A square outside the loaded board.
    OffBoard {
        /// The line.
        line: usize,
        /// The square as written (`c 3`).
        square: String,
    },
    /// No piece on the start square.
    NoPiece {
        /// The line.
        line: usize,
        /// The start square (`c 3`).
        square: String,
    },
    /// The piece on the start square is not the side to move's.
    WrongTurn {
        /// The line.
        line: usize,
        /// The start square (`c 3`).
        square: String,
        /// The side to move.
        turn: Color,
    },
    /// The piece cannot reach the end square by its movement or capture rules.
    Illegal {
        /// The line.
        line: usize,
        /// The start square (`c 3`).
        from: String,
        /// The end square (`c 4`).
        to: String,
    },
}

impl FollowMoveError {
    /// The line of the move file the error is on.
    pub fn line(&self) -> Option<usize> {
        match self {
            FollowMoveError::NoBoard | FollowMoveError::Io(_) => None,
            FollowMoveError::Syntax { line, .. }
            | FollowMoveError::TooLong { line }
            | FollowMoveError::OffBoard { line, .. }
            | FollowMoveError::NoPiece { line, .. }
            | FollowMoveError::WrongTurn { line, .. }
            | FollowMoveError::Illegal { line, .. } => Some(*line),
        }
    }

    /// Why, without the line (what a front end that plays one move at a time shows).
    pub fn reason(&self) -> String {
        match self {
            FollowMoveError::NoBoard => "no board is loaded".to_string(),
            FollowMoveError::Io(e) => format!("cannot read the moves: {e}"),
            FollowMoveError::Syntax { text, .. } => {
                format!("expected a move like `c 3 c 4`, found {text:?}")
            }
            FollowMoveError::TooLong { .. } => format!(
                "expected a move like `c 3 c 4`, found a line of more than {MOVE_LINE_LIMIT} bytes"
            ),
            FollowMoveError::OffBoard { square, .. } => format!("square {square} is off the board"),
            FollowMoveError::NoPiece { square, .. } => format!("no piece on {square}"),
            FollowMoveError::WrongTurn { square, turn, .. } => format!(
                "it is {}'s turn, the piece on {square} is {}",
                turn.name(),
                turn.other().name()
            ),
            FollowMoveError::Illegal { from, to, .. } => {
                format!("the piece on {from} cannot move to {to}")
            }
        }
    }
}

impl std::fmt::Display for FollowMoveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line() {
            Some(line) => write!(f, "line {line}: {}", self.reason()),
            None => f.write_str(&self.reason()),
        }
    }
}

impl std::error::Error for FollowMoveError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FollowMoveError::Io(e) => Some(e),
            _ => None,
        }
    }
}

impl From<io::Error> for FollowMoveError {
    fn from(e: io::Error) -> FollowMoveError {
        FollowMoveError::Io(e)
    }
}

/// The move one line of a move file names (`c 3 c 4`), by the pieces' movement rules, or why
/// not (`line` is what the error names). The one reader of a FollowChess move: the library
/// API's move sequences and the rules type (`variant::DIALECT`) both ask it.
pub fn read_move(pos: &Position, text: &[u8], line: usize) -> Result<Move, FollowMoveError> {
    if text.len() > MOVE_LINE_LIMIT {
        return Err(FollowMoveError::TooLong { line });
    }
    let Some((from, to)) = notation::parse_move(text) else {
        return Err(FollowMoveError::Syntax {
            line,
            text: String::from_utf8_lossy(text).into_owned(),
        });
    };
    let shape = &pos.rules().shape;
    let on = |w: notation::Written| {
        w.on(shape).ok_or_else(|| FollowMoveError::OffBoard {
            line,
            square: w.to_string(),
        })
    };
    let (from_sq, to_sq) = (on(from)?, on(to)?);
    let mover = pos
        .piece_at(from_sq)
        .ok_or_else(|| FollowMoveError::NoPiece {
            line,
            square: from.to_string(),
        })?;
    let turn = pos.side_to_move();
    if mover.color != turn {
        return Err(FollowMoveError::WrongTurn {
            line,
            square: from.to_string(),
            turn,
        });
    }
    let mut moves = Vec::new();
    pos.piece_moves(from_sq, &mut moves);
    moves
        .into_iter()
        .find(|m| m.to == to_sq)
        .ok_or_else(|| FollowMoveError::Illegal {
            line,
            from: from.to_string(),
            to: to.to_string(),
        })
}

/// Longest move line looked at.
const MOVE_LINE_LIMIT: usize = 256;

/// A board being followed, its turn and what each side has captured.
#[derive(Clone, Debug, Default)]
pub struct FollowChess {
    /// The rules type, once a board is loaded: the table and the search play the same one.
    game: Option<CoreGame>,
    /// Captured letters per capturing side (index 0 White, 1 Black), in capture order, as
    /// `variant::captured_letters` reads them from the rules type after each sequence.
    captures: [Vec<char>; 2],
}

impl FollowChess {
    /// No board loaded, nothing captured.
    pub fn new() -> FollowChess {
        FollowChess::default()
    }

    /// Loads a board, replacing the current one and clearing the capture lists; White moves
    /// next. On error no board is loaded.
    pub fn load_board<R: BufRead>(&mut self, mut reader: R) -> Result<(), BoardError> {
        self.game = None;
        self.captures = Default::default();
        self.game = Some(variant::game(board_file::read(&mut reader)?));
        Ok(())
    }

    /// The loaded board (None before a successful load).
    pub fn position(&self) -> Option<&Position> {
        self.game.as_ref().map(CoreGame::position)
    }

    /// The board as board-file text, or `None` when no board is loaded.
    pub fn board_text(&self) -> Option<String> {
        self.position().map(board_file::write)
    }

    /// Writes the board in the board-file format (nothing when no board is loaded) and flushes.
    pub fn print_board<W: Write>(&self, mut writer: W) -> io::Result<()> {
        if let Some(text) = self.board_text() {
            writer.write_all(text.as_bytes())?;
        }
        writer.flush()
    }

    /// Applies one move per line, all or nothing: on any invalid move (or unreadable input)
    /// the board, the turn and the capture lists stay as they were. Returns the number of
    /// moves applied.
    pub fn apply_move_sequence<R: BufRead>(
        &mut self,
        mut reader: R,
    ) -> Result<usize, FollowMoveError> {
        let mut game = self.game.clone().ok_or(FollowMoveError::NoBoard)?;
        let mut buf = Vec::new();
        let mut line = 0;
        loop {
            let kind = lines::read_line(&mut reader, MOVE_LINE_LIMIT, &mut buf)?;
            if kind == lines::Line::End {
                break;
            }
            line += 1;
            if kind == lines::Line::TooLong {
                return Err(FollowMoveError::TooLong { line });
            }
            let m = read_move(game.position(), &buf, line)?;
            game.make(m);
        }
        self.captures = variant::captured_letters(&game);
        self.game = Some(game);
        Ok(line)
    }

    /// The pieces captured by `player` (0 White, 1 Black) in capture order, each letter in its
    /// colour's case; `None` for any other player number. Empty before a load.
    pub fn capture_order(&self, player: i32) -> Option<&[char]> {
        match player {
            0 | 1 => Some(&self.captures[player as usize]),
            _ => None,
        }
    }

    /// Can `player`'s (0 White, 1 Black) king be captured by the opponent's very next move?
    /// False for any other player number, with no board, or when that king is gone.
    pub fn in_check(&self, player: i32) -> bool {
        let color = match player {
            0 => Color::White,
            1 => Color::Black,
            _ => return false,
        };
        self.position().is_some_and(|p| p.in_check(color))
    }

    /// Does the piece on `position` (`c 3`) have at least one move by its movement rules,
    /// whoever's turn it is? False for an empty or off-board square, bad text or no board.
    pub fn piece_can_move(&self, position: &str) -> bool {
        self.moves_of(position).is_some_and(|m| !m.is_empty())
    }

    /// The moves of the piece on `position` (`c 3`), or `None` when there is no piece there.
    pub fn moves_of(&self, position: &str) -> Option<Vec<Move>> {
        let pos = self.position()?;
        let sq: Sq = notation::parse_square(position.as_bytes())?.on(&pos.rules().shape)?;
        pos.piece_at(sq)?;
        let mut moves = Vec::new();
        pos.piece_moves(sq, &mut moves);
        Some(moves)
    }

    /// The side to move, when a board is loaded.
    pub fn side_to_move(&self) -> Option<Color> {
        self.position().map(Position::side_to_move)
    }
}
