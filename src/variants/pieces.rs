//! Piece-table rows shared by several variants. Each function returns data, not behaviour.

use crate::core::{MatingPower, MovementComponent as M, PieceKind};

/// The six FIDE kinds in the standard kind order: king, queen, rook, bishop, knight, pawn.
pub fn fide_set(pawn_rules: PawnRules) -> Vec<PieceKind> {
    vec![
        king(),
        queen(),
        rook(),
        bishop(),
        knight(),
        pawn(pawn_rules),
    ]
}

/// The FIDE king, `K`: one step in any of the eight directions; royal.
pub fn king() -> PieceKind {
    PieceKind::new('K', "king", vec![M::leap(1, 0), M::leap(1, 1)]).royal()
}

/// The FIDE queen, `Q`: rides orthogonally and diagonally.
pub fn queen() -> PieceKind {
    PieceKind::new('Q', "queen", vec![M::ride(1, 0), M::ride(1, 1)])
}

/// The FIDE rook, `R`: rides orthogonally.
pub fn rook() -> PieceKind {
    PieceKind::new('R', "rook", vec![M::ride(1, 0)])
}

/// The FIDE bishop, `B`: rides diagonally; colour-bound for the insufficient-material rule.
pub fn bishop() -> PieceKind {
    PieceKind::new('B', "bishop", vec![M::ride(1, 1)]).mating_power(MatingPower::ColourBound)
}

/// The FIDE knight, `N`: the (1, 2) leap; a minor piece for the insufficient-material rule.
pub fn knight() -> PieceKind {
    PieceKind::new('N', "knight", vec![M::leap(1, 2)]).mating_power(MatingPower::Minor)
}

/// How a pawn of a variant starts and captures.
#[derive(Copy, Clone, Debug)]
pub struct PawnRules {
    /// Rank (from its own side, 0-based) from which the two-square step is allowed, if any.
    pub double_step_from: Option<u8>,
    /// The diagonal capture may take a pawn that has just made the two-square step en passant.
    pub en_passant: bool,
}

/// The FIDE pawn: one step forward to an empty square, two from its start rank over empty
/// squares, captures one step diagonally forward, promotes on the last rank.
pub fn pawn(rules: PawnRules) -> PieceKind {
    let mut components = vec![M::steps(&[(0, 1)]).move_only()];
    if let Some(rank) = rules.double_step_from {
        components.push(
            M::steps(&[(0, 1)])
                .max_range(2)
                .double_step()
                .from_rank(rank),
        );
    }
    let mut capture = M::steps(&[(-1, 1), (1, 1)]).capture_only();
    if rules.en_passant {
        capture = capture.en_passant();
    }
    components.push(capture);
    PieceKind::new('P', "pawn", components).pawn_like()
}
