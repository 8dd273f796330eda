//! Moves and the information needed to take them back.

use crate::core::geometry::Sq;
use crate::core::piece::KindId;

/// What kind of move beyond "a piece goes from one square to another".
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveFlag {
    /// Nothing special: a step, leap, ride or capture, possibly promoting.
    Normal,
    /// A pawn's two-square step: leaves an en passant square.
    DoubleStep,
    /// Captures the pawn that just double-stepped past `to`.
    EnPassant,
    /// Castling by the rule with this index in `Rules::castling`; `from`/`to` are the king's.
    Castle(u8),
    /// A piece of this kind taken from the mover's hand and put on the empty `to`
    /// (`RuleOptions::drops`); `from` is `to` too, so that a drop names one square.
    Drop(KindId),
    /// The side to move passes (`RuleOptions::passing`): nothing moves. `from` and `to` are
    /// the square Fairy-Stockfish names a pass by: the royal piece's, or where there is none
    /// the side's first piece in square order (its UCI text is that square twice, `e1e1`).
    Pass,
}

/// The second part of a move that has one: what happens on the board after the piece has
/// moved (`RuleOptions::gating`). Part of the `Move` value itself rather than a move of its
/// own, so that perft, repetition, the move lists and every notation see one move per turn,
/// as Fairy-Stockfish counts and writes them (`docs/decisions.md`, "Moves in two parts").
/// A gate's square is the move's own (`Position::gate_of`); a blocker's is its own.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    /// A one-part move.
    None,
    /// A piece of this kind from the mover's hand enters on the square the moving piece left
    /// (castling: the king's).
    Gate(KindId),
    /// A castling's piece of this kind from the hand enters on the castling rook's square.
    GateOnRook(KindId),
    /// A blocker goes to this square (`RuleOptions::walling`: the duck, an arrow).
    Wall(Sq),
}

/// A move: from, to, an optional promotion kind, its flag and its second part.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The mailbox cell the piece leaves.
    pub from: Sq,
    /// The mailbox cell it lands on (for castling, the king's destination).
    pub to: Sq,
    /// The kind a promoting piece becomes, or `None`.
    pub promotion: Option<KindId>,
    /// What else the move does.
    pub flag: MoveFlag,
    /// What the move does after the piece has moved (`Part::None` for most moves).
    pub part: Part,
}

impl Move {
    /// A plain move `from`→`to`: no promotion, no flag.
    pub const fn new(from: Sq, to: Sq) -> Move {
        Move {
            from,
            to,
            promotion: None,
            flag: MoveFlag::Normal,
            part: Part::None,
        }
    }
    /// Whether this is a castling.
    pub fn is_castle(&self) -> bool {
        matches!(self.flag, MoveFlag::Castle(_))
    }
    /// A drop of a piece of `kind` from the mover's hand onto `to`.
    pub fn drop(kind: KindId, to: Sq) -> Move {
        Move {
            from: to,
            to,
            promotion: None,
            flag: MoveFlag::Drop(kind),
            part: Part::None,
        }
    }
    /// This move with a piece of `kind` from the hand gated in: on the square the moving
    /// piece leaves, or (`on_rook`, castling only) on the castling rook's.
    pub fn gated(self, kind: KindId, on_rook: bool) -> Move {
        Move {
            part: if on_rook {
                Part::GateOnRook(kind)
            } else {
                Part::Gate(kind)
            },
            ..self
        }
    }
    /// The kind of the piece this move gates in, if it does.
    pub fn gate_kind(&self) -> Option<KindId> {
        match self.part {
            Part::Gate(kind) | Part::GateOnRook(kind) => Some(kind),
            Part::None | Part::Wall(_) => None,
        }
    }
    /// The square this move puts a blocker on, if it does.
    pub fn wall(&self) -> Option<Sq> {
        match self.part {
            Part::Wall(sq) => Some(sq),
            _ => None,
        }
    }
    /// This move with a blocker put on `sq`.
    pub fn walled(self, sq: Sq) -> Move {
        Move {
            part: Part::Wall(sq),
            ..self
        }
    }
    /// This move without its second part.
    pub fn alone(self) -> Move {
        Move {
            part: Part::None,
            ..self
        }
    }
    /// A pass named by the square `at` (see `MoveFlag::Pass`).
    pub fn pass(at: Sq) -> Move {
        Move {
            from: at,
            to: at,
            promotion: None,
            flag: MoveFlag::Pass,
            part: Part::None,
        }
    }
    /// Whether this is a pass.
    pub fn is_pass(&self) -> bool {
        self.flag == MoveFlag::Pass
    }
    /// The kind dropped, if this is a drop.
    pub fn dropped(&self) -> Option<KindId> {
        match self.flag {
            MoveFlag::Drop(kind) => Some(kind),
            _ => None,
        }
    }
}

/// State that `make` overwrites and `unmake` restores.
#[derive(Copy, Clone, Debug)]
pub struct Undo {
    /// Cell code of the piece that moved (before any promotion).
    pub(crate) moved: u8,
    pub(crate) captured: u8,
    pub(crate) captured_sq: Sq,
    pub(crate) castling: u8,
    pub(crate) ep: Sq,
    pub(crate) ep_victim: Sq,
    pub(crate) halfmove: u32,
    pub(crate) checks: [u8; 2],
    /// Pieces an explosion removed (`core::blast`).
    pub(crate) blasts: u8,
    pub(crate) key: u64,
}

impl Undo {
    /// Cell code of the captured piece (0 if none).
    pub fn captured_code(&self) -> u8 {
        self.captured
    }
    /// The cell the captured piece stood on (not `to` en passant); `NO_SQ` (0) if none.
    pub fn captured_square(&self) -> Sq {
        self.captured_sq
    }
}
