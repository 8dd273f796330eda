//! Fixed walls of a variant file: a wall lies between two orthogonally adjacent squares.
//!
//! An orthogonal step is blocked by the wall on the edge it crosses; a diagonal step is
//! blocked only when both ways round the corner are walled (the obstacle-chess rule: one wall
//! never blocks a diagonal). Leaps ignore walls (the core's rule).

use crate::core::rules::{direction_vector, unit_direction};
use crate::core::{Position, Square};

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

/// Whether the edge crossed by the orthogonal step `dir` out of `s` is walled.
fn walled(walls: &[(Square, u8)], s: Square, dir: u8) -> bool {
    let (dx, dy) = direction_vector(dir);
    let other = (s.file as i32 + dx, s.rank as i32 + dy);
    walls.iter().any(|&(w, d)| {
        let (wx, wy) = direction_vector(d);
        let w_other = (w.file as i32 + wx, w.rank as i32 + wy);
        let here = (s.file as i32, s.rank as i32);
        let there = (w.file as i32, w.rank as i32);
        (there == here && w_other == other) || (there == other && w_other == here)
    })
}

/// The blocked-step mask of `s` (bit `dir` set when the unit step `dir` is blocked).
pub fn mask(walls: &[(Square, u8)], s: Square, files: usize, ranks: usize) -> u8 {
    let mut m = 0u8;
    for dir in 0..8u8 {
        let (dx, dy) = direction_vector(dir);
        let blocked = if dx == 0 || dy == 0 {
            walled(walls, s, dir)
        } else {
            let (fx, fy) = (s.file as i32 + dx, s.rank as i32 + dy);
            if fx < 0 || fy < 0 || fx as usize >= files || fy as usize >= ranks {
                continue;
            }
            let h = Square::new(fx as u8, s.rank);
            let v = Square::new(s.file, fy as u8);
            let ex = unit_direction(dx, 0);
            let ey = unit_direction(0, dy);
            let via_h = walled(walls, s, ex) || walled(walls, h, ey);
            let via_v = walled(walls, s, ey) || walled(walls, v, ex);
            via_h && via_v
        };
        if blocked {
            m |= 1 << dir;
        }
    }
    m
}

/// Writes the masks of every square touched by a wall into the position.
pub fn install(pos: &mut Position, walls: &[(Square, u8)]) {
    if walls.is_empty() {
        return;
    }
    let shape = pos.rules().shape.clone();
    let (files, ranks) = (shape.files() as usize, shape.ranks() as usize);
    for sq in shape.squares() {
        let m = mask(walls, shape.square(sq), files, ranks);
        if m != 0 {
            pos.set_wall_mask(sq, m);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_wall_blocks_both_sides_but_no_diagonal() {
        let w = vec![parse_wall("e4-e5", 8, 8).unwrap()];
        let e4 = Square::parse("e4").unwrap();
        let e5 = Square::parse("e5").unwrap();
        assert_eq!(mask(&w, e4, 8, 8), 1 << 0);
        assert_eq!(mask(&w, e5, 8, 8), 1 << 4);
    }

    #[test]
    fn two_walls_round_a_corner_block_the_diagonal() {
        let w = vec![
            parse_wall("e4-e5", 8, 8).unwrap(),
            parse_wall("e4-f4", 8, 8).unwrap(),
        ];
        let e4 = Square::parse("e4").unwrap();
        assert_eq!(mask(&w, e4, 8, 8) & (1 << 1), 1 << 1);
        assert!(parse_wall("e4-e6", 8, 8).is_err());
        assert!(parse_wall("e4e5", 8, 8).is_err());
        assert!(parse_wall("e4-i4", 8, 8).is_err());
    }
}
