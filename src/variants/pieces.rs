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

pub fn king() -> PieceKind {
    PieceKind::new('K', "king", vec![M::leap(1, 0), M::leap(1, 1)]).royal()
}

pub fn queen() -> PieceKind {
    PieceKind::new('Q', "queen", vec![M::ride(1, 0), M::ride(1, 1)])
}

pub fn rook() -> PieceKind {
    PieceKind::new('R', "rook", vec![M::ride(1, 0)])
}

pub fn bishop() -> PieceKind {
    PieceKind::new('B', "bishop", vec![M::ride(1, 1)]).mating_power(MatingPower::ColourBound)
}

pub fn knight() -> PieceKind {
    PieceKind::new('N', "knight", vec![M::leap(1, 2)]).mating_power(MatingPower::Minor)
}

/// How a pawn of a variant starts and captures.
#[derive(Copy, Clone, Debug)]
pub struct PawnRules {
    /// Rank (from its own side, 0-based) from which the two-square step is allowed, if any.
    pub double_step_from: Option<u8>,
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
