//! Terrain at the table: what the page draws on and between squares, and the sentences that
//! announce what a move set off.

use crate::core::{Move, Position, Square};
use crate::game::seat_view::WallView;

use super::announce::{Announce, Pieces};
use super::{arrivals, Fired, Terrain, WallSide};

/// The page's name for what lies under `s`: `open_trapdoor`, `mine` or `trapdoor_mine`.
pub fn cell_obstacle(terrain: &Terrain, s: Square) -> Option<&'static str> {
    let h = terrain.hazards.get(s);
    match (h.has_trapdoor(), h.mine) {
        (true, true) => Some("trapdoor_mine"),
        (true, false) => Some("open_trapdoor"),
        (false, true) => Some("mine"),
        (false, false) => None,
    }
}

/// Every wall, as the west or south edge of a square.
pub fn wall_views(terrain: &Terrain) -> Vec<WallView> {
    terrain
        .walls
        .edges()
        .map(|(s, side)| WallView {
            square: s.to_string(),
            side: match side {
                WallSide::West => "west",
                WallSide::South => "south",
            },
        })
        .collect()
}

/// The squares of `pos`'s board with a mine under them.
fn mines(pos: &Position, terrain: &Terrain) -> Vec<Square> {
    let shape = &pos.rules().shape;
    shape
        .squares()
        .map(|q| shape.square(q))
        .filter(|&s| terrain.hazards.get(s).mine)
        .collect()
}

/// What `m`, played from `before` to `after`, set off (`fired`), as the page announces it:
/// `("trapdoor" | "mine", square, sentence)`, falls first.
pub fn announcements(
    before: (&Position, &Terrain),
    after: (&Position, &Terrain),
    m: Move,
    fired: Fired,
) -> Vec<(&'static str, String, String)> {
    let mut events = Vec::new();
    if !fired.any() {
        return events;
    }
    let (before_pieces, after_pieces) = (Pieces::of(before.0), Pieces::of(after.0));
    let rules = before.0.rules();
    let shape = &rules.shape;
    // Castling moves two pieces: the sentences then name the pieces gone, not squares.
    let from_to = (!m.is_castle()).then(|| (shape.square(m.from), shape.square(m.to)));
    let say = Announce {
        before: &before_pieces,
        after: &after_pieces,
        from_to,
    };
    if fired.fell {
        // Only where a piece arrived with this move (king and rook when castling).
        for s in arrivals(rules, m).into_iter().flatten() {
            let gone =
                after.1.hazards.get(s).has_trapdoor() && after.0.piece_at(shape.sq(s)).is_none();
            if gone {
                events.push(("trapdoor", s.to_string(), say.fall(s)));
            }
        }
    }
    let mines_after = mines(after.0, after.1);
    for s in mines(before.0, before.1)
        .into_iter()
        .filter(|s| !mines_after.contains(s))
    {
        events.push(("mine", s.to_string(), say.blast(s)));
    }
    events
}
