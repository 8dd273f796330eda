//! Walls as a variant file writes them: `e4-e5`, a wall between two orthogonally adjacent
//! squares. What a wall blocks is the shared terrain model's rule
//! ([`crate::variants::terrain::walls`]); this module only reads the text and builds the
//! model's [`WallSet`] from a file's list.

use crate::core::rules::{direction_vector, unit_direction};
use crate::core::{BoardShape, Square};
use crate::variants::terrain::WallSet;

/// Parses `e4-e5` / `e4-f4` into the first square and the direction towards the second.
pub fn parse_wall(text: &str, files: usize, ranks: usize) -> Result<(Square, u8), String> {
    let (a, b) = text
        .split_once('-')
        .ok_or_else(|| format!("wall '{text}' is not two squares joined by '-' (e4-e5)"))?;
    let sq = |s: &str| {
        Square::parse(s)
            .filter(|q| (q.file as usize) < files && (q.rank as usize) < ranks)
            .ok_or_else(|| format!("'{s}' is not a square of the board"))
    };
    let (a, b) = (sq(a)?, sq(b)?);
    let (dx, dy) = (b.file as i32 - a.file as i32, b.rank as i32 - a.rank as i32);
    if dx.abs() + dy.abs() != 1 {
        return Err(format!("wall '{text}': the squares are not side by side"));
    }
    Ok((a, unit_direction(dx, dy)))
}

/// The two squares of a wall given as a square and a direction (`None` if the second square
/// would have a negative coordinate; other off-board squares are the wall set's to refuse).
pub fn ends((s, dir): (Square, u8)) -> Option<(Square, Square)> {
    let (dx, dy) = direction_vector(dir);
    let file = u8::try_from(s.file as i32 + dx).ok()?;
    let rank = u8::try_from(s.rank as i32 + dy).ok()?;
    Some((s, Square::new(file, rank)))
}

/// The wall set of a file's walls on a board of `shape` (a wall listed twice, either way
/// round, is one wall).
pub fn wall_set(walls: &[(Square, u8)], shape: &BoardShape) -> WallSet {
    let mut set = WallSet::for_shape(shape);
    for &w in walls {
        if let Some((a, b)) = ends(w) {
            // Already checked when the file was read; a repeated wall is simply there already.
            let _ = set.add_between(a, b);
        }
    }
    set
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    #[test]
    fn one_wall_blocks_both_sides_but_no_diagonal() {
        let shape = BoardShape::new(8, 8, 1).unwrap();
        let w = wall_set(&[parse_wall("e4-e5", 8, 8).unwrap()], &shape);
        assert_eq!(w.mask(sq("e4")), 1 << 0);
        assert_eq!(w.mask(sq("e5")), 1 << 4);
    }

    #[test]
    fn two_walls_round_a_corner_block_the_diagonal() {
        let shape = BoardShape::new(10, 8, 1).unwrap();
        let w = wall_set(
            &[
                parse_wall("e4-e5", 10, 8).unwrap(),
                parse_wall("f4-e4", 10, 8).unwrap(),
                parse_wall("e5-e4", 10, 8).unwrap(),
            ],
            &shape,
        );
        assert_eq!(w.count(), 2, "e5-e4 is e4-e5 again");
        assert_eq!(w.mask(sq("e4")) & (1 << 1), 1 << 1);
        assert!(parse_wall("e4-e6", 8, 8).is_err());
        assert!(parse_wall("e4e5", 8, 8).is_err());
        assert!(parse_wall("e4-i4", 8, 8).is_err());
        assert!(parse_wall("i4-j4", 10, 8).is_ok());
    }
}
