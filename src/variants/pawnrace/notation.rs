//! Pawn race move notation: short algebraic (`b4`, `bxc6`; en passant is written as the capture
//! to the empty square it lands on) in and out, and the long forms `b2-b4`, `b5xc6` and the
//! coordinate form `b2b4` on input. Output is always short algebraic.

use crate::core::{Color, Move, MoveFlag, Position, Sq, Square};

/// Why a move text was refused. The messages are shown to the person who typed it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RaceMoveError {
    /// Nothing but blanks.
    #[error("empty move")]
    Empty,
    /// Not in any accepted form; the text as typed, made printable.
    #[error("'{0}' is not a move (write for example b4, bxc6, b2-b4 or b2b4)")]
    Syntax(String),
    /// The start square holds no pawn of the side to move.
    #[error("there is no {color} pawn on {square}")]
    NoPawn {
        /// The side to move, `white` or `black`.
        color: &'static str,
        /// The start square (`b2`).
        square: String,
    },
    /// A short push (`b4`) with no pawn of the side to move one or two squares behind it.
    #[error("no {color} pawn can move to {square}")]
    NoPawnFor {
        /// The side to move, `white` or `black`.
        color: &'static str,
        /// The target square (`b4`).
        square: String,
    },
    /// A step or double step onto this occupied square.
    #[error("{0} is occupied")]
    Occupied(String),
    /// A double step over this occupied square.
    #[error("{0} is in the way")]
    Blocked(String),
    /// A double step by a pawn not on its start rank.
    #[error("only a pawn on its start rank can move two squares")]
    NotOnStartRank,
    /// A diagonal move to this square, which holds no enemy pawn and is not the en passant
    /// square.
    #[error("there is nothing to capture on {0}")]
    NothingToCapture(String),
    /// A diagonal move onto this square, which holds a pawn of the mover's.
    #[error("{0} holds your own pawn")]
    OwnPawn(String),
    /// Not a pawn's step, double step or capture at all.
    #[error("a pawn moves one square forward (two from its start rank) and captures one square diagonally forward")]
    Geometry,
    /// A legal move written with `x` that captures nothing; the text as typed.
    #[error("{0} is not a capture: write it without x")]
    NotACapture(String),
    /// A legal capture written with `-`; the text as typed.
    #[error("{0} is a capture: write it with x")]
    CaptureWithoutX(String),
}

/// Is `m` a capture (en passant included)?
pub fn is_capture(pos: &Position, m: Move) -> bool {
    m.flag == MoveFlag::EnPassant || pos.piece_at(m.to).is_some()
}

/// Short algebraic notation of a legal move in `pos`: `b4`, or `bxc6` for any capture.
pub fn san(pos: &Position, m: Move) -> String {
    let shape = &pos.rules().shape;
    let to = shape.name(m.to);
    let from_file = shape.file_of(m.from);
    if from_file != shape.file_of(m.to) {
        format!("{}x{to}", (b'a' + from_file) as char)
    } else {
        to
    }
}

/// A square from two bytes `[a-h][1-8]`.
fn square(bytes: &[u8]) -> Option<Square> {
    match bytes {
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Some(Square::new(f - b'a', r - b'1')),
        _ => None,
    }
}

/// Reads a move in any accepted form and checks that it is legal in `pos`.
pub fn parse(pos: &mut Position, text: &str) -> Result<Move, RaceMoveError> {
    let trimmed = text.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    if trimmed.is_empty() {
        return Err(RaceMoveError::Empty);
    }
    let lower = trimmed.to_ascii_lowercase();
    let b = lower.as_bytes();
    let syntax = || RaceMoveError::Syntax(crate::io::input::printable(trimmed));
    let us = pos.side_to_move();
    let forward: i32 = if us == Color::White { 1 } else { -1 };
    match b.len() {
        2 => {
            let to = square(b).ok_or_else(syntax)?;
            short_push(pos, to)
        }
        4 if b[1] == b'x' => {
            let to = square(&b[2..]).ok_or_else(syntax)?;
            let from_file = match b[0] {
                f @ b'a'..=b'h' => (f - b'a') as i32,
                _ => return Err(syntax()),
            };
            if (from_file - to.file as i32).abs() != 1 {
                return Err(RaceMoveError::Geometry);
            }
            let from_rank = to.rank as i32 - forward;
            if !(0..8).contains(&from_rank) {
                return Err(RaceMoveError::Geometry);
            }
            let from = Square::new(from_file as u8, from_rank as u8);
            long(pos, from, to, Some(true), trimmed)
        }
        4 | 5 => {
            let from = square(&b[..2]).ok_or_else(syntax)?;
            let (sep, rest) = if b.len() == 5 {
                (Some(b[2]), &b[3..])
            } else {
                (None, &b[2..])
            };
            let to = square(rest).ok_or_else(syntax)?;
            let capture = match sep {
                None => None,
                Some(b'-') => Some(false),
                Some(b'x') => Some(true),
                Some(_) => return Err(syntax()),
            };
            long(pos, from, to, capture, trimmed)
        }
        _ => Err(syntax()),
    }
}

/// `b4`: the pawn of the side to move on that file that can step or double-step there.
fn short_push(pos: &mut Position, to: Square) -> Result<Move, RaceMoveError> {
    let shape = pos.rules().shape.clone();
    let to_sq = shape.sq(to);
    let found = pos
        .legal_move_list()
        .into_iter()
        .find(|m| m.to == to_sq && shape.file_of(m.from) == to.file);
    if let Some(m) = found {
        return Ok(m);
    }
    // Explain with the nearest own pawn behind the target on its file.
    let us = pos.side_to_move();
    let back: i32 = if us == Color::White { -1 } else { 1 };
    for dist in 1..=2 {
        if let Some(from) = shape.try_sq(to.file as i32, to.rank as i32 + back * dist) {
            if pos.piece_at(from).is_some_and(|p| p.color == us) {
                return Err(explain(pos, from, to_sq));
            }
        }
    }
    Err(RaceMoveError::NoPawnFor {
        color: us.name(),
        square: shape.name(to_sq),
    })
}

/// `from`-`to` with an optional claim of capture (`x`) or not (`-`).
fn long(
    pos: &mut Position,
    from: Square,
    to: Square,
    capture: Option<bool>,
    text: &str,
) -> Result<Move, RaceMoveError> {
    let shape = pos.rules().shape.clone();
    let (from_sq, to_sq) = (shape.sq(from), shape.sq(to));
    let found = pos
        .legal_move_list()
        .into_iter()
        .find(|m| m.from == from_sq && m.to == to_sq);
    let Some(m) = found else {
        return Err(explain(pos, from_sq, to_sq));
    };
    match (capture, is_capture(pos, m)) {
        (Some(true), false) => Err(RaceMoveError::NotACapture(text.to_string())),
        (Some(false), true) => Err(RaceMoveError::CaptureWithoutX(text.to_string())),
        _ => Ok(m),
    }
}

/// Why the pawn move `from`→`to` is not legal.
fn explain(pos: &Position, from: Sq, to: Sq) -> RaceMoveError {
    let shape = &pos.rules().shape;
    let us = pos.side_to_move();
    match pos.piece_at(from) {
        Some(p) if p.color == us => {}
        _ => {
            return RaceMoveError::NoPawn {
                color: us.name(),
                square: shape.name(from),
            }
        }
    }
    let forward: i32 = if us == Color::White { 1 } else { -1 };
    let df = shape.file_of(to) as i32 - shape.file_of(from) as i32;
    let dr = (shape.rank_of(to) as i32 - shape.rank_of(from) as i32) * forward;
    let occupant = pos.piece_at(to);
    match (df.abs(), dr) {
        (0, 1) if occupant.is_some() => RaceMoveError::Occupied(shape.name(to)),
        (0, 2) => {
            if shape.relative_rank(us, shape.rank_of(from)) != 1 {
                return RaceMoveError::NotOnStartRank;
            }
            let mid = ((from as usize + to as usize) / 2) as Sq;
            if pos.piece_at(mid).is_some() {
                RaceMoveError::Blocked(shape.name(mid))
            } else {
                RaceMoveError::Occupied(shape.name(to))
            }
        }
        (1, 1) => match occupant {
            Some(p) if p.color == us => RaceMoveError::OwnPawn(shape.name(to)),
            _ => RaceMoveError::NothingToCapture(shape.name(to)),
        },
        _ => RaceMoveError::Geometry,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::pawnrace::board::from_diagram;
    use crate::variants::pawnrace::{start, Gap};

    /// A position and the last move played on it, moves read as the course's player types
    /// them.
    struct Race {
        pos: Position,
        last: Option<Move>,
    }

    impl Race {
        fn play_text(&mut self, text: &str) -> Result<String, RaceMoveError> {
            let m = parse(&mut self.pos, text)?;
            let written = san(&self.pos, m);
            self.pos.make(m);
            self.last = Some(m);
            Ok(written)
        }
        fn last_move(&self) -> Option<Move> {
            self.last
        }
        fn position(&self) -> &Position {
            &self.pos
        }
    }

    fn game() -> Race {
        Race {
            pos: start(Gap::parse("h").expect("gap"), Gap::parse("a").expect("gap")),
            last: None,
        }
    }

    #[test]
    fn every_input_form_of_the_spec_game() {
        for line in [
            ["b4", "d6", "b5", "c5", "bxc6"],
            ["b2-b4", "d7-d6", "b4-b5", "c7-c5", "b5xc6"],
            ["b2b4", "d7d6", "b4b5", "c7c5", "b5c6"],
            ["B4", "D6", " b5 ", "c5\r", "BXC6"],
        ] {
            let mut g = game();
            let sans: Vec<String> = line.iter().map(|t| g.play_text(t).expect(t)).collect();
            assert_eq!(sans, ["b4", "d6", "b5", "c5", "bxc6"]);
            let last = g.last_move().expect("a move");
            assert_eq!(last.flag, MoveFlag::EnPassant);
            assert_eq!(
                g.position()
                    .piece_at(g.position().rules().shape.sq(Square::new(2, 4))),
                None
            );
        }
    }

    #[test]
    fn refusals_say_why() {
        let mut g = game();
        let cases = [
            ("", RaceMoveError::Empty),
            ("z9", RaceMoveError::Syntax("z9".into())),
            ("b2=b4", RaceMoveError::Syntax("b2=b4".into())),
            ("b4b", RaceMoveError::Syntax("b4b".into())),
            (
                "b5",
                RaceMoveError::NoPawnFor {
                    color: "white",
                    square: "b5".into(),
                },
            ),
            (
                "h4",
                RaceMoveError::NoPawnFor {
                    color: "white",
                    square: "h4".into(),
                },
            ),
            (
                "b3-b4",
                RaceMoveError::NoPawn {
                    color: "white",
                    square: "b3".into(),
                },
            ),
            ("b2-b5", RaceMoveError::Geometry),
            ("bxc3", RaceMoveError::NothingToCapture("c3".into())),
            ("b2xb4", RaceMoveError::NotACapture("b2xb4".into())),
            ("bxd3", RaceMoveError::Geometry),
        ];
        for (text, err) in cases {
            assert_eq!(g.play_text(text), Err(err), "{text}");
        }
        g.play_text("b4").expect("b4");
        g.play_text("e6").expect("e6");
        g.play_text("b5").expect("b5");
        assert_eq!(
            g.play_text("b7-b5"),
            Err(RaceMoveError::Occupied("b5".into()))
        );
        assert_eq!(g.play_text("b5"), Err(RaceMoveError::Occupied("b5".into())));
        g.play_text("e5").expect("e5");
        assert_eq!(g.play_text("b5-b7"), Err(RaceMoveError::NotOnStartRank));
    }

    #[test]
    fn a_double_step_over_a_pawn_is_refused() {
        let mut pos = from_diagram(
            "........\n.B......\n.W......\n........\n........\n........\n........\n........",
            Color::Black,
            None,
        )
        .expect("diagram");
        assert_eq!(
            parse(&mut pos, "b7-b5"),
            Err(RaceMoveError::Blocked("b6".into()))
        );
        assert_eq!(
            parse(&mut pos, "b5"),
            Err(RaceMoveError::Blocked("b6".into()))
        );
    }

    #[test]
    fn capture_written_with_a_dash_is_refused() {
        let mut pos = from_diagram(
            "........\n........\n..B.....\n.W......\n........\n........\n........\n........",
            Color::White,
            None,
        )
        .expect("diagram");
        assert_eq!(
            parse(&mut pos, "b5-c6"),
            Err(RaceMoveError::CaptureWithoutX("b5-c6".into()))
        );
        let m = parse(&mut pos, "bxc6").expect("capture");
        assert_eq!(san(&pos, m), "bxc6");
        assert_eq!(parse(&mut pos, "b5c6"), Ok(m));
    }
}
