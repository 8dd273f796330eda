//! An obstacle-chess board: the core position (pieces, side, castling, en passant, clock,
//! wall masks) plus what the core does not model: the walls themselves, trapdoors, mines and
//! each player's remaining walls.

use crate::core::{Color, Piece, Position, Sq, Square};

use super::walls::{WallSide, Walls};

/// What lies under a square (never under a piece: a piece arriving on one is removed).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Obstacle {
    pub mine: bool,
    /// A trapdoor that has not yet opened (`D`).
    pub hidden_trapdoor: bool,
    /// An opened trapdoor (`O`).
    pub open_trapdoor: bool,
}

impl Obstacle {
    pub const NONE: Obstacle = Obstacle {
        mine: false,
        hidden_trapdoor: false,
        open_trapdoor: false,
    };

    pub fn is_none(self) -> bool {
        self == Obstacle::NONE
    }

    pub fn has_trapdoor(self) -> bool {
        self.hidden_trapdoor || self.open_trapdoor
    }

    /// The board-file letter (`M`, `D`, `O`, `X`), or `None` for no obstacle. A mine beside an
    /// open trapdoor cannot arise (mines are placed before any trapdoor opens, and go off
    /// when the square is entered) and is written as `O`.
    pub fn letter(self) -> Option<char> {
        match (self.mine, self.hidden_trapdoor, self.open_trapdoor) {
            (_, _, true) => Some('O'),
            (true, true, false) => Some('X'),
            (true, false, false) => Some('M'),
            (false, true, false) => Some('D'),
            (false, false, false) => None,
        }
    }

    pub fn from_letter(c: u8) -> Option<Obstacle> {
        let mut o = Obstacle::NONE;
        match c {
            b'M' => o.mine = true,
            b'D' => o.hidden_trapdoor = true,
            b'O' => o.open_trapdoor = true,
            b'X' => {
                o.mine = true;
                o.hidden_trapdoor = true;
            }
            _ => return None,
        }
        Some(o)
    }
}

/// A whole obstacle-chess board as the board file describes it.
#[derive(Clone, Debug, PartialEq)]
pub struct ObstacleBoard {
    pub(crate) pos: Position,
    pub(crate) walls: Walls,
    pub(crate) obstacles: [Obstacle; 64],
    /// Walls each player may still place (indexed by `Color::index`).
    pub(crate) walls_left: [u8; 2],
}

fn idx(s: Square) -> usize {
    (s.rank as usize % 8) * 8 + s.file as usize % 8
}

impl ObstacleBoard {
    /// An empty board: no pieces, walls or obstacles, White to move, no walls left.
    pub fn empty() -> ObstacleBoard {
        ObstacleBoard {
            pos: Position::empty(super::rules()),
            walls: Walls::default(),
            obstacles: [Obstacle::NONE; 64],
            walls_left: [0; 2],
        }
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }
    pub fn position_mut(&mut self) -> &mut Position {
        &mut self.pos
    }
    pub fn walls(&self) -> &Walls {
        &self.walls
    }
    pub fn walls_left(&self, color: Color) -> u8 {
        self.walls_left[color.index()]
    }
    pub fn set_walls_left(&mut self, color: Color, n: u8) {
        self.walls_left[color.index()] = n;
    }

    /// The core cell of a square.
    pub fn sq(&self, s: Square) -> Sq {
        self.pos.rules().shape.sq(s)
    }
    pub fn square(&self, sq: Sq) -> Square {
        self.pos.rules().shape.square(sq)
    }

    pub fn piece(&self, s: Square) -> Option<Piece> {
        self.pos.piece_at(self.sq(s))
    }

    pub fn obstacle(&self, s: Square) -> Obstacle {
        self.obstacles[idx(s)]
    }
    pub fn set_obstacle(&mut self, s: Square, o: Obstacle) {
        self.obstacles[idx(s)] = o;
    }

    /// Adds a wall and refreshes the core's masks.
    pub fn add_wall(&mut self, s: Square, side: WallSide) {
        self.walls.add(s, side);
        self.sync_walls();
    }

    /// Copies the walls into the core position's blocked-step masks.
    pub fn sync_walls(&mut self) {
        let shape = self.pos.rules().shape.clone();
        self.walls.install(&mut self.pos, &shape);
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
        for b in self.walls.bytes() {
            eat(*b);
        }
        for o in &self.obstacles {
            eat(o.mine as u8 | (o.hidden_trapdoor as u8) << 1 | (o.open_trapdoor as u8) << 2);
        }
        eat(self.walls_left[0]);
        eat(self.walls_left[1]);
        h
    }
}
