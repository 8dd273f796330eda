//! The lines a page draws round the regions some pieces are confined to (xiangqi's palace
//! and river), from the rules' piece zones.

use crate::core::{Rules, Square};
use crate::game::seat_view::WallView;

/// The edges between the squares of each piece's zone (both sides': Black's is White's
/// mirrored) and the squares outside it, inside the board, each edge once as the west or
/// south edge of a square: the palace's outline and, where a zone is a side's own half, the
/// river.
pub fn zone_edges(rules: &Rules) -> Vec<WallView> {
    let (files, ranks) = (rules.shape.files(), rules.shape.ranks());
    let mut zones: Vec<Vec<(u8, u8)>> = Vec::new();
    for kind in &rules.pieces {
        let Some(zone) = &kind.zone else {
            continue;
        };
        let black = zone.iter().map(|&(f, r)| (f, ranks - 1 - r)).collect();
        for z in [zone.clone(), black] {
            if !zones.contains(&z) {
                zones.push(z);
            }
        }
    }
    let mut edges: Vec<(u8, u8, &'static str)> = Vec::new();
    for zone in &zones {
        let inside = |f: u8, r: u8| zone.contains(&(f, r));
        for &(f, r) in zone {
            let mut edge = |e| {
                if !edges.contains(&e) {
                    edges.push(e);
                }
            };
            if f > 0 && !inside(f - 1, r) {
                edge((f, r, "west"));
            }
            if f + 1 < files && !inside(f + 1, r) {
                edge((f + 1, r, "west"));
            }
            if r > 0 && !inside(f, r - 1) {
                edge((f, r, "south"));
            }
            if r + 1 < ranks && !inside(f, r + 1) {
                edge((f, r + 1, "south"));
            }
        }
    }
    edges.sort();
    edges
        .into_iter()
        .map(|(f, r, side)| WallView {
            square: Square::new(f, r).to_string(),
            side,
        })
        .collect()
}
