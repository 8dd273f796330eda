//! Terrain: walls between squares, trapdoors and mines, on a board of any size — one model for
//! every variant that has them (obstacle chess, variant files).
//!
//! The core only knows per-square blocked-step masks, which it obeys for every slide, step,
//! pawn move and castling path; this module owns the walls those masks come from
//! ([`walls`]), what lies under each square ([`Hazards`]), and what a trapdoor or a mine does
//! to a piece that arrives on it ([`effects`]). Which obstacles a variant has, how its files
//! write them, who may see or place them and whether a vanished king ends the game are the
//! variant's own rules and stay with it.

pub mod announce;
pub mod effects;
pub mod in_play;
pub mod table;
pub mod walls;

use crate::core::{BoardShape, Square};

pub use effects::{
    arrivals, arrive, arrive_all, arrive_recorded, play, play_recorded, Fallout, Fired,
};
pub use in_play::{Allowance, TerrainInPlay};
pub use walls::{WallError, WallSet, WallSide, SOUTH, WEST};

/// What lies under a square. A piece never stands on a hazard: one arriving there is removed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hazard {
    /// A mine: it goes off under the next piece to arrive, and is used up.
    pub mine: bool,
    /// A trapdoor that has not opened yet: a secret of whoever placed it.
    pub hidden_trapdoor: bool,
    /// A trapdoor everybody can see (it has swallowed a piece, or was public from the start).
    pub open_trapdoor: bool,
}

impl Hazard {
    /// Nothing under the square.
    pub const NONE: Hazard = Hazard {
        mine: false,
        hidden_trapdoor: false,
        open_trapdoor: false,
    };

    /// Is nothing under the square?
    pub fn is_none(self) -> bool {
        self == Hazard::NONE
    }

    /// Is a trapdoor under the square, hidden or open?
    pub fn has_trapdoor(self) -> bool {
        self.hidden_trapdoor || self.open_trapdoor
    }
}

/// The hazard under every square of a board (index `rank * files + file`). Squares off the
/// board read as no hazard and cannot be set, instead of wrapping round onto another square.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Hazards {
    files: u8,
    ranks: u8,
    cells: Vec<Hazard>,
}

impl Hazards {
    /// No hazards on a `files` × `ranks` board.
    pub fn new(files: u8, ranks: u8) -> Hazards {
        Hazards {
            files,
            ranks,
            cells: vec![Hazard::NONE; files as usize * ranks as usize],
        }
    }

    fn index(&self, s: Square) -> Option<usize> {
        (s.file < self.files && s.rank < self.ranks)
            .then(|| s.rank as usize * self.files as usize + s.file as usize)
    }

    /// The hazard under `s` (none off the board).
    pub fn get(&self, s: Square) -> Hazard {
        self.index(s).map_or(Hazard::NONE, |i| self.cells[i])
    }

    /// Sets the hazard under `s`; false (and nothing changed) when `s` is off the board.
    pub fn set(&mut self, s: Square, h: Hazard) -> bool {
        match self.index(s) {
            Some(i) => {
                self.cells[i] = h;
                true
            }
            None => false,
        }
    }

    /// Every square's hazard in index order (for digests).
    pub fn cells(&self) -> &[Hazard] {
        &self.cells
    }

    /// Is any square's hazard something?
    pub fn any(&self) -> bool {
        self.cells.iter().any(|h| !h.is_none())
    }
}

/// Everything that lies on or between the squares of a board besides the pieces.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Terrain {
    /// The walls between squares.
    pub walls: WallSet,
    /// What lies under each square.
    pub hazards: Hazards,
}

impl Terrain {
    /// Nothing on a `files` × `ranks` board.
    pub fn new(files: u8, ranks: u8) -> Terrain {
        Terrain {
            walls: WallSet::new(files, ranks),
            hazards: Hazards::new(files, ranks),
        }
    }

    /// Nothing on a board of this shape.
    pub fn for_shape(shape: &BoardShape) -> Terrain {
        Terrain::new(shape.files(), shape.ranks())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hazards_off_the_board_neither_read_nor_wrap() {
        let mut h = Hazards::new(10, 8);
        let mine = Hazard {
            mine: true,
            ..Hazard::NONE
        };
        assert!(h.set(Square::new(9, 7), mine));
        assert!(!h.set(Square::new(10, 0), mine));
        assert!(!h.set(Square::new(0, 8), mine));
        assert_eq!(h.get(Square::new(9, 7)), mine);
        assert!(
            h.get(Square::new(1, 0)).is_none(),
            "no wrap from the 11th file"
        );
        assert!(h.get(Square::new(19, 7)).is_none());
        assert_eq!(h.cells().iter().filter(|c| c.mine).count(), 1);
        assert_eq!(h.cells()[7 * 10 + 9], mine);
    }
}
