//! A chess evaluation computed from the piece table alone, so any variant built on the core
//! (and any new fairy piece) gets sensible values without hand tuning.
//!
//! - Material: a piece's value grows with its average number of moves on an empty board of
//!   the variant's shape (the knight, 5.25 on 8×8, comes out near 300; the queen, 22.75, near
//!   900). Promoting pieces (pawns, soldiers) are the 100-centipawn unit; royal pieces count 0.
//! - Piece-square: non-pawn pieces gain for being central; pawns for advancing.
//! - King safety: while the opponent keeps real attacking material, a royal piece off its
//!   back ranks pays, and friendly pieces next to it are a shield.

use crate::core::{Color, KindId, Piece, Position, Rules, Sq};

/// Values derived once per `Rules` (cheap to keep in each searched game).
#[derive(Clone, Debug)]
pub struct PieceValues {
    /// Centipawns by kind.
    pub value: Vec<i32>,
    /// Average empty-board mobility by kind (for reports and tests).
    pub mobility: Vec<f64>,
    /// Centralisation bonus by cell (0 at the edge).
    centre: Vec<i32>,
}

impl PieceValues {
    /// `Game::capture_order` of a move of `pos`: the victim's value (the pawn taken en
    /// passant; a promotion adds what the piece gains), the mover's value.
    pub fn capture_order(&self, pos: &Position, m: crate::core::Move) -> i32 {
        let value = |sq: Sq| pos.piece_at(sq).map_or(0, |p| self.value[p.kind as usize]);
        let attacker = value(m.from);
        let mut victim = if m.flag == crate::core::MoveFlag::EnPassant {
            value(pos.ep_victim())
        } else {
            value(m.to)
        };
        if let Some(kind) = m.promotion {
            victim += self.value[kind as usize] - attacker;
        }
        crate::engine::score::mvv_lva(victim, attacker)
    }
}

/// Value of a piece from its average mobility (linear through knight ≈ 300, queen ≈ 900).
fn value_from_mobility(m: f64) -> i32 {
    (120.0 + 34.3 * m).round() as i32
}

impl PieceValues {
    /// Measures every kind of `rules` on an empty board of its shape.
    pub fn for_rules(rules: &std::sync::Arc<Rules>) -> PieceValues {
        let shape = &rules.shape;
        let squares: Vec<Sq> = shape.squares().collect();
        let mut value = Vec::with_capacity(rules.pieces.len());
        let mut mobility = Vec::with_capacity(rules.pieces.len());
        for (k, kind) in rules.pieces.iter().enumerate() {
            let mut total = 0usize;
            let mut pos = Position::empty(rules.clone());
            let mut moves = Vec::new();
            for &sq in &squares {
                let piece = Piece {
                    color: Color::White,
                    kind: k as KindId,
                };
                pos.put(sq, piece);
                moves.clear();
                pos.piece_moves(sq, &mut moves);
                // Count destinations, not promotion choices.
                moves.sort_by_key(|m| m.to);
                moves.dedup_by_key(|m| m.to);
                total += moves.len();
                pos.remove(sq);
            }
            let m = total as f64 / squares.len().max(1) as f64;
            mobility.push(m);
            value.push(if kind.royal {
                0
            } else if kind.promotes {
                100
            } else {
                value_from_mobility(m)
            });
        }
        let (files, ranks) = (shape.files() as i32, shape.ranks() as i32);
        let mut centre = vec![0; shape.cells()];
        for &sq in &squares {
            let f = shape.file_of(sq) as i32;
            let r = shape.rank_of(sq) as i32;
            let df = f.min(files - 1 - f);
            let dr = r.min(ranks - 1 - r);
            if let Some(c) = centre.get_mut(sq as usize) {
                *c = df.min(3) + dr.min(3);
            }
        }
        PieceValues {
            value,
            mobility,
            centre,
        }
    }

    /// Centipawns of a piece of `kind` (0 for a kind not in the table).
    pub fn value(&self, kind: KindId) -> i32 {
        self.value.get(kind as usize).copied().unwrap_or(0)
    }

    fn centre(&self, sq: Sq) -> i32 {
        self.centre.get(sq as usize).copied().unwrap_or(0)
    }
}

/// Material above which the opponent can still attack a king (a rook and a minor piece).
const ATTACK_MATERIAL: i32 = 800;

/// Evaluation of `color`'s pieces (material, placement) without king safety; also returns
/// its non-pawn material.
fn side_terms(pos: &Position, values: &PieceValues, color: Color) -> (i32, i32) {
    let rules = pos.rules();
    let shape = &rules.shape;
    let mut score = 0;
    let mut officers = 0;
    pos.pieces(color).for_each(|sq| {
        let Some(p) = pos.piece_at(sq) else { return };
        let kind = rules.kind(p.kind);
        let v = values.value(p.kind);
        score += v;
        if kind.royal {
            return;
        }
        if kind.promotes {
            let rel = shape.relative_rank(color, shape.rank_of(sq)) as i32;
            score += rel * rel;
        } else {
            officers += v;
            score += 4 * values.centre(sq);
        }
    });
    if rules.options.hands() {
        // A piece in hand can go anywhere next move: worth its value (crazyhouse, shogi).
        for kind in 0..rules.pieces.len() as KindId {
            let held = pos.hand_count(color, kind) as i32;
            if held > 0 {
                let v = values.value(kind);
                score += held * v;
                if !rules.kind(kind).promotes {
                    officers += held * v;
                }
            }
        }
    }
    (score, officers)
}

/// Penalty for `color`'s royal pieces when the opponent still has attacking material.
fn king_danger(pos: &Position, color: Color, enemy_officers: i32) -> i32 {
    if enemy_officers < ATTACK_MATERIAL {
        return 0;
    }
    let shape = &pos.rules().shape;
    let Some(king) = pos.royal_square(color) else {
        return 0;
    };
    let rel = shape.relative_rank(color, shape.rank_of(king)) as i32;
    let (f, r) = (shape.file_of(king) as i32, shape.rank_of(king) as i32);
    let mut shield = 0;
    for dx in -1..=1 {
        for dy in -1..=1 {
            if let Some(n) = shape.try_sq(f + dx, r + dy) {
                if pos.piece_at(n).is_some_and(|p| p.color == color) {
                    shield += 1;
                }
            }
        }
    }
    let attacked = i32::from(pos.in_check(color));
    rel * 25 - shield.min(4) * 8 + attacked * 20
}

/// Static evaluation for the side to move, in centipawns.
pub fn evaluate(pos: &Position, values: &PieceValues) -> i32 {
    evaluate_with(pos, values, 1)
}

/// [`evaluate`] with king safety weighed `king_safety` times (0: none, where a rule sends the
/// royal piece forward; more where pieces in hand can be dropped next to a king).
pub fn evaluate_with(pos: &Position, values: &PieceValues, king_safety: i32) -> i32 {
    let us = pos.side_to_move();
    let them = us.other();
    let (s_us, o_us) = side_terms(pos, values, us);
    let (s_them, o_them) = side_terms(pos, values, them);
    let safety = if king_safety != 0 {
        king_safety * (king_danger(pos, them, o_us) - king_danger(pos, us, o_them))
    } else {
        0
    };
    s_us - s_them + safety + 10
}
