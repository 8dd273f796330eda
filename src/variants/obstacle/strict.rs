//! Obstacle chess: FIDE start material, plus walls, trapdoors and mines.
//!
//! - Walls stand between two squares, so none is on the outer edge; walls are never removed,
//!   so the walls on the board and the walls left add up to exactly three per player.
//! - Each player places at most one trapdoor and one mine; trapdoors stay (open or not), mines
//!   go when they explode.
//! - An open trapdoor swallowed a piece, which is no longer on the board: open trapdoors plus
//!   the captures the pawns' files need cannot exceed the pieces missing. This is our
//!   conservative reading of "only where a piece could have fallen": any square of ranks 3–6
//!   can be reached by some piece, so what is checked is that a piece is missing for it.
//! - A mine that may have exploded (fewer than two on the board) removes several pieces at
//!   once and can open several lines, and a piece that fell (an open trapdoor) may have been
//!   a pawn that just made its double step: the checker analysis is then skipped, and an en
//!   passant square needs no pawn in front of it.

use crate::core::{Color, Square};
use crate::variants::obstacle::walls::{WallSide, Walls};
use crate::variants::obstacle::ObstacleBoard;

use crate::variants::strict::material::{missing_pieces, pawn_captures};
use crate::variants::strict::{StartMaterial, StrictIssue};

/// Walls, trapdoors and mines each player has at the start.
const WALLS: u32 = 3;
const TRAPDOORS: u32 = 1;
const MINES: u32 = 1;

/// FIDE start material; pieces can vanish once a mine may have exploded (fewer than two on
/// the board) or a trapdoor is open.
pub fn start_material(board: &ObstacleBoard) -> StartMaterial {
    let mines = squares().filter(|&s| board.obstacle(s).mine).count() as u32;
    let open = squares().any(|s| board.obstacle(s).open_trapdoor);
    StartMaterial {
        pieces_can_vanish: mines < 2 * MINES || open,
        ..crate::variants::standard::strict::start_material()
    }
}

/// Squares in board order (a8 … h8, a7 … h1).
fn squares() -> impl Iterator<Item = Square> {
    (0..8u8)
        .rev()
        .flat_map(|rank| (0..8u8).map(move |file| Square::new(file, rank)))
}

/// The generic strict checks, then this variant's: no wall on the outer edge, six walls in
/// all on the board and left, at most two trapdoors and two mines, and a missing piece for
/// every open trapdoor beyond the captures the pawns' files need.
pub fn check(board: &ObstacleBoard) -> Result<(), StrictIssue> {
    let start = start_material(board);
    crate::variants::strict::check(board.position(), &start)?;
    for s in squares() {
        for side in [WallSide::West, WallSide::South] {
            if board.walls().has(s, side) && Walls::on_edge(s, side) {
                return Err(StrictIssue::at(
                    "edge-wall",
                    s.to_string(),
                    "a wall on the outer edge of the board",
                ));
            }
        }
    }
    // The reader already caps each player's walls left at three.
    let left = [Color::White, Color::Black].map(|c| board.walls_left(c) as u32);
    let placed = board.walls().count();
    if placed + left[0] + left[1] != 2 * WALLS {
        return Err(StrictIssue::unplaced(
            "wall-count",
            format!(
                "{placed} walls on the board and {} left, but the players had {} in all",
                left[0] + left[1],
                2 * WALLS
            ),
        ));
    }
    let mut trapdoors = 0;
    let mut open = 0;
    let mut mines = 0;
    let missing: u32 = Color::BOTH
        .iter()
        .map(|&c| missing_pieces(board.position(), &start, c))
        .sum();
    let captures: u32 = Color::BOTH
        .iter()
        .map(|&c| pawn_captures(board.position(), &start, c).count)
        .sum();
    for s in squares() {
        let o = board.obstacle(s);
        if o.has_trapdoor() {
            trapdoors += 1;
            if trapdoors > 2 * TRAPDOORS {
                return Err(StrictIssue::at(
                    "trapdoor-count",
                    s.to_string(),
                    "more trapdoors than the players could place",
                ));
            }
        }
        if o.mine {
            mines += 1;
            if mines > 2 * MINES {
                return Err(StrictIssue::at(
                    "mine-count",
                    s.to_string(),
                    "more mines than the players could place",
                ));
            }
        }
        if o.open_trapdoor {
            open += 1;
            if open + captures > missing {
                return Err(StrictIssue::at(
                    "open-trapdoor",
                    s.to_string(),
                    "an open trapdoor but no missing piece can have fallen through it",
                ));
            }
        }
    }
    Ok(())
}
