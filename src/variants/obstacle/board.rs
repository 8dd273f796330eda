//! An obstacle-chess board: the core position (pieces, side, castling, en passant, clock,
//! wall masks) plus what the core does not model: the walls themselves, trapdoors, mines and
//! each player's remaining walls.

use crate::core::{Color, Piece, Position, Sq, Square};
use crate::variants::terrain::Terrain;

use super::walls::{WallSide, Walls};

/// What lies under a square: the shared terrain model's
/// [`Hazard`](crate::variants::terrain::Hazard). Its board-file letters (`M`, `D`, `O`, `X`)
/// are this variant's file format (`board_file`, `board_write`).
pub use crate::variants::terrain::Hazard as Obstacle;

/// A whole obstacle-chess board as the board file describes it.
#[derive(Clone, Debug, PartialEq)]
pub struct ObstacleBoard {
    pub(crate) pos: Position,
    /// Walls, trapdoors and mines (8×8).
    pub(crate) terrain: Terrain,
    /// Walls each player may still place (indexed by `Color::index`).
    pub(crate) walls_left: [u8; 2],
}

impl ObstacleBoard {
    /// An empty board: no pieces, walls or obstacles, White to move, no walls left.
    pub fn empty() -> ObstacleBoard {
        ObstacleBoard {
            pos: Position::empty(super::rules()),
            terrain: Terrain::new(8, 8),
            walls_left: [0; 2],
        }
    }

    /// The core position: pieces, side to move, castling rights, en passant square, clocks
    /// and the walls' blocked-step masks.
    pub fn position(&self) -> &Position {
        &self.pos
    }
    /// The core position, to change (walls and obstacles are not in it: see
    /// [`ObstacleBoard::sync_walls`]).
    pub fn position_mut(&mut self) -> &mut Position {
        &mut self.pos
    }
    /// The walls on the board.
    pub fn walls(&self) -> &Walls {
        &self.terrain.walls
    }
    /// Walls, trapdoors and mines.
    pub fn terrain(&self) -> &Terrain {
        &self.terrain
    }
    /// Walls `color` may still place (the status line's count).
    pub fn walls_left(&self, color: Color) -> u8 {
        self.walls_left[color.index()]
    }
    /// Sets the walls `color` may still place.
    pub fn set_walls_left(&mut self, color: Color, n: u8) {
        self.walls_left[color.index()] = n;
    }

    /// The core cell of a square.
    pub fn sq(&self, s: Square) -> Sq {
        self.pos.rules().shape.sq(s)
    }
    /// The square of a core cell.
    pub fn square(&self, sq: Sq) -> Square {
        self.pos.rules().shape.square(sq)
    }

    /// The piece on `s`.
    pub fn piece(&self, s: Square) -> Option<Piece> {
        self.pos.piece_at(self.sq(s))
    }

    /// The obstacle under `s` (none off the board).
    pub fn obstacle(&self, s: Square) -> Obstacle {
        self.terrain.hazards.get(s)
    }
    /// Sets the obstacle under `s` (nothing happens off the board).
    pub fn set_obstacle(&mut self, s: Square, o: Obstacle) {
        self.terrain.hazards.set(s, o);
    }

    /// Adds a wall and refreshes the core's masks (of the squares round it: no other mask can
    /// change).
    pub fn add_wall(&mut self, s: Square, side: WallSide) {
        self.terrain.walls.add(s, side);
        self.terrain.walls.install_around(&mut self.pos, s);
    }

    /// Copies the walls into the core position's blocked-step masks.
    pub fn sync_walls(&mut self) {
        self.terrain.walls.install(&mut self.pos);
    }

    /// A 64-bit digest of what the core key leaves out (walls, obstacles, walls left), for
    /// repetition: positions differing in any of them are different positions.
    pub fn extras_digest(&self) -> u64 {
        // FNV-1a: deterministic and good enough to tell boards apart within one game.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |b: u8| {
            h ^= b as u64;
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        };
        for b in self.terrain.walls.bytes() {
            eat(*b);
        }
        for o in self.terrain.hazards.cells() {
            eat(o.mine as u8 | (o.hidden_trapdoor as u8) << 1 | (o.open_trapdoor as u8) << 2);
        }
        eat(self.walls_left[0]);
        eat(self.walls_left[1]);
        h
    }
}
