//! Fairy chess 10×10 as data: the eleven piece kinds, castling geometry, and the rules built
//! from them (promotion targets depend on the board file's allocations, so rules are built per
//! board file).

use std::sync::{Arc, OnceLock};

use crate::core::{CastlingRule, Color, KindId, PieceKind, Rules, RulesConfig, Square};
#[cfg(test)]
use crate::core::{MatingPower, MovementComponent as M};
use crate::variants::custom::{builtin, load_variant_file};
#[cfg(test)]
use crate::variants::pieces::{self, PawnRules};

/// Files of the board, `a` to `j`.
pub const FILES: usize = 10;
/// Ranks of the board, 1 to 10.
pub const RANKS: usize = 10;

/// Kind ids: the order of the spec's piece table (k r q n b p d f e a w).
pub const KING: KindId = 0;
/// Kind id of the Rook.
pub const ROOK: KindId = 1;
/// Kind id of the Queen.
pub const QUEEN: KindId = 2;
/// Kind id of the Knight.
pub const KNIGHT: KindId = 3;
/// Kind id of the Bishop.
pub const BISHOP: KindId = 4;
/// Kind id of the Pawn.
pub const PAWN: KindId = 5;
/// Kind id of the Drunken Soldier (`d`): a Pawn piece that also steps sideways.
pub const SOLDIER: KindId = 6;
/// Kind id of the Flying Dragon (`f`): a bishop of range 2.
pub const DRAGON: KindId = 7;
/// Kind id of the Elephant (`e`): a rook confined to its own half.
pub const ELEPHANT: KindId = 8;
/// Kind id of the Amazon (`a`): queen and knight.
pub const AMAZON: KindId = 9;
/// Kind id of the Princess (`w`): bishop and knight.
pub const PRINCESS: KindId = 10;

/// Lower-case letters of the kinds, indexed by kind id.
pub const LETTERS: [char; 11] = ['k', 'r', 'q', 'n', 'b', 'p', 'd', 'f', 'e', 'a', 'w'];

/// The kind of a piece letter (either case).
pub fn kind_of_letter(c: char) -> Option<KindId> {
    let lower = c.to_ascii_lowercase();
    LETTERS
        .iter()
        .position(|&l| l == lower)
        .map(|i| i as KindId)
}

/// Pawns and Drunken Soldiers ("Pawn pieces" of the spec); every other kind is an Officer.
pub fn is_pawn_kind(kind: KindId) -> bool {
    kind == PAWN || kind == SOLDIER
}

/// The piece table, read from the embedded `variants/fairy.toml` (kind ids follow its
/// `[[piece]]` order, which is the spec's table order above). Each row is data; move
/// generation never asks which piece it is.
pub fn piece_table() -> Vec<PieceKind> {
    static TABLE: OnceLock<Vec<PieceKind>> = OnceLock::new();
    TABLE
        .get_or_init(|| {
            // Fixed embedded data: a failure is a programming error that every test catches.
            let v = load_variant_file(builtin::FAIRY).expect("variants/fairy.toml is valid");
            v.rules.pieces.clone()
        })
        .clone()
}

/// The same table written out as Rust rows: kept to check the file against.
#[cfg(test)]
fn rust_table() -> Vec<PieceKind> {
    vec![
        pieces::king(),
        pieces::rook(),
        pieces::queen(),
        pieces::knight(),
        pieces::bishop(),
        // Double step from the pawn rank; no en passant (the spec names none, and the status
        // line has no field to carry an en passant square from one file to the next).
        pieces::pawn(PawnRules {
            double_step_from: Some(1),
            en_passant: false,
        }),
        // Drunken Soldier: one step forward or sideways, captures one step diagonally forward.
        PieceKind::new(
            'D',
            "drunken soldier",
            vec![
                M::steps(&[(0, 1), (-1, 0), (1, 0)]).move_only(),
                M::steps(&[(-1, 1), (1, 1)]).capture_only(),
            ],
        )
        .pawn_like(),
        // Flying Dragon: a bishop of range 2.
        PieceKind::new('F', "flying dragon", vec![M::ride(1, 1).max_range(2)])
            .mating_power(MatingPower::ColourBound),
        // Elephant: a rook confined to its own half (ranks 1–5 for White, 6–10 for Black).
        PieceKind::new('E', "elephant", vec![M::ride(1, 0).region(0, 4)]),
        // Amazon: queen + knight.
        PieceKind::new(
            'A',
            "amazon",
            vec![M::ride(1, 0), M::ride(1, 1), M::leap(1, 2)],
        ),
        // Princess: bishop + knight.
        PieceKind::new('W', "princess", vec![M::ride(1, 1), M::leap(1, 2)]),
    ]
}

/// Castling rule indices equal the status line's flag indices:
/// 0 black queenside, 1 black kingside, 2 white queenside, 3 white kingside.
/// King f→b with rook a→c (queenside), king f→i with rook j→h (kingside): the squares the
/// course's reference outputs use (see docs/decisions.md, "Fairy chess").
pub fn castling() -> Vec<CastlingRule> {
    let mut rules = Vec::new();
    for (color, rank) in [(Color::Black, 9), (Color::White, 0)] {
        for (king_side, king_to, rook_from, rook_to) in [(false, 1, 0, 2), (true, 8, 9, 7)] {
            rules.push(CastlingRule {
                color,
                king_from: Square::new(5, rank),
                king_to: Square::new(king_to, rank),
                rook_from: Square::new(rook_from, rank),
                rook_to: Square::new(rook_to, rank),
                rook_kind: ROOK,
                king_kind: None,
                king_side,
            });
        }
    }
    rules
}

/// Kinds a Pawn or Soldier may promote to given the allocated counts (indexed by kind): any
/// allocated Officer except the King and the Elephant.
pub fn promotion_kinds(allocated: &[u32; 11]) -> Vec<KindId> {
    (0..11u8)
        .filter(|&k| k != KING && k != ELEPHANT && !is_pawn_kind(k) && allocated[k as usize] > 0)
        .collect()
}

/// The rules for a board file with these allocations.
pub fn rules(allocated: &[u32; 11]) -> Arc<Rules> {
    let config = RulesConfig {
        files: FILES,
        ranks: RANKS,
        pieces: piece_table(),
        castling: castling(),
        promotion_kinds: promotion_kinds(allocated),
        king_safety: true,
        options: crate::core::rules::RuleOptions::default(),
        drop_start: Vec::new(),
        walling_region: Vec::new(),
    };
    // The table is fixed data; a failure here is a programming error that every test catches.
    Arc::new(Rules::new(config).expect("the fairy rules are well-formed"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The file's rows are the Rust rows, up to the order of steps and components.
    #[test]
    fn the_file_table_equals_the_rust_table() {
        let norm = |t: Vec<PieceKind>| -> Vec<PieceKind> {
            t.into_iter()
                .map(|mut k| {
                    for c in &mut k.components {
                        c.vectors.sort();
                    }
                    k.components.sort_by_key(|c| format!("{c:?}"));
                    k
                })
                .collect()
        };
        assert_eq!(norm(piece_table()), norm(rust_table()));
    }

    #[test]
    fn letters_match_the_table() {
        let table = piece_table();
        for (i, l) in LETTERS.iter().enumerate() {
            assert_eq!(table[i].letter, l.to_ascii_uppercase());
            assert_eq!(kind_of_letter(*l), Some(i as KindId));
        }
        assert_eq!(kind_of_letter('x'), None);
    }

    #[test]
    fn promotion_excludes_king_elephant_and_unallocated() {
        let mut alloc = [0u32; 11];
        alloc[KING as usize] = 1;
        alloc[ROOK as usize] = 2;
        alloc[ELEPHANT as usize] = 7;
        alloc[PAWN as usize] = 10;
        assert_eq!(promotion_kinds(&alloc), vec![ROOK]);
    }
}
