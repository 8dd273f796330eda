//! The obstacles of a game in progress: walls, trapdoors and mines on the board, what is left
//! for each player to place, and what a trapdoor or a mine does to a piece arriving on it.

use crate::core::rules::direction_vector;
use crate::core::{Color, Game, Move, Position, Square};

use super::{walls, Obstacles};

/// Kinds of obstacle a player may place.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ObstacleKind {
    Wall,
    Trapdoor,
    Mine,
}

impl ObstacleKind {
    pub fn parse(word: &str) -> Option<ObstacleKind> {
        match word {
            "wall" => Some(ObstacleKind::Wall),
            "trapdoor" => Some(ObstacleKind::Trapdoor),
            "mine" => Some(ObstacleKind::Mine),
            _ => None,
        }
    }
    fn index(self) -> usize {
        self as usize
    }
}

/// Obstacles during a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    pub walls: Vec<(Square, u8)>,
    pub trapdoors: Vec<Square>,
    pub mines: Vec<Square>,
    /// Per colour: walls, trapdoors, mines still to place.
    pub left: [[u32; 3]; 2],
}

impl Field {
    pub fn new(o: &Obstacles) -> Field {
        let per = [
            o.walls_per_player,
            o.trapdoors_per_player,
            o.mines_per_player,
        ];
        Field {
            walls: o.walls.clone(),
            trapdoors: o.trapdoors.clone(),
            mines: o.mines.clone(),
            left: [per, per],
        }
    }

    /// Whether anything may change the board besides moves (then moves cannot be undone).
    pub fn has_effects(&self) -> bool {
        !self.trapdoors.is_empty()
            || !self.mines.is_empty()
            || self.left.iter().flatten().any(|&n| n > 0)
    }

    /// `color` places an obstacle at `at` (`e4-e5` for a wall, a square otherwise). The
    /// caller passes the turn.
    pub fn place(
        &mut self,
        pos: &mut Position,
        color: Color,
        kind: ObstacleKind,
        at: &str,
    ) -> Result<(), String> {
        let shape = pos.rules().shape.clone();
        let (files, ranks) = (shape.files() as usize, shape.ranks() as usize);
        let left = &mut self.left[color.index()][kind.index()];
        if *left == 0 {
            return Err(format!("{} has no {kind:?} left to place", color.name()).to_lowercase());
        }
        match kind {
            ObstacleKind::Wall => {
                let w = walls::parse_wall(at, files, ranks)?;
                let (wx, wy) = direction_vector(w.1);
                let twin = (
                    Square::new((w.0.file as i32 + wx) as u8, (w.0.rank as i32 + wy) as u8),
                    w.1 ^ 4,
                );
                if self.walls.contains(&w) || self.walls.contains(&twin) {
                    return Err(format!("there is a wall at {at} already"));
                }
                self.walls.push(w);
                walls::install(pos, &self.walls);
            }
            ObstacleKind::Trapdoor | ObstacleKind::Mine => {
                let s = Square::parse(at)
                    .filter(|s| (s.file as usize) < files && (s.rank as usize) < ranks)
                    .ok_or_else(|| format!("'{at}' is not a square of the board"))?;
                if pos.piece_at(shape.sq(s)).is_some() {
                    return Err(format!("{at} is not empty"));
                }
                if self.trapdoors.contains(&s) || self.mines.contains(&s) {
                    return Err(format!("{at} holds a trapdoor or mine already"));
                }
                if kind == ObstacleKind::Trapdoor {
                    self.trapdoors.push(s);
                } else {
                    self.mines.push(s);
                }
            }
        }
        *left -= 1;
        Ok(())
    }

    /// Plays `m` in `game`, then what the square it lands on does (see `arrive`).
    pub fn play(&mut self, game: &mut Game, m: Move) {
        game.play(m);
        let to = game.position().rules().shape.square(m.to);
        if self.arrive(game.position_mut(), to) {
            game.refresh_key();
        }
    }

    /// A piece has just arrived on `to`: a trapdoor swallows it (and stays); a mine removes it
    /// and every neighbour that no wall shields, and is used up. True when the board changed.
    pub fn arrive(&mut self, pos: &mut Position, to: Square) -> bool {
        let shape = pos.rules().shape.clone();
        let sq = shape.sq(to);
        if pos.piece_at(sq).is_none() {
            return false;
        }
        if self.trapdoors.contains(&to) {
            pos.remove(sq);
            settle(pos);
            return true;
        }
        let Some(i) = self.mines.iter().position(|&m| m == to) else {
            return false;
        };
        self.mines.remove(i);
        pos.remove(sq);
        for dir in 0..8u8 {
            if pos.step_blocked(sq, dir) {
                continue;
            }
            let (dx, dy) = direction_vector(dir);
            if let Some(n) = shape.try_sq(to.file as i32 + dx, to.rank as i32 + dy) {
                pos.remove(n);
            }
        }
        settle(pos);
        true
    }
}

/// After a trapdoor or mine fires: the halfmove clock restarts (material was lost) and an en
/// passant square left by the vanished pawn no longer stands for anything.
fn settle(pos: &mut Position) {
    pos.set_en_passant(None);
    let full = pos.fullmove_number();
    pos.set_clocks(0, full);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::custom::builtin;

    #[test]
    fn mine_spares_walled_neighbours_and_trapdoor_swallows() {
        let v = builtin::load("walled").unwrap().unwrap();
        let mut pos = v
            .position_from_fen("4k3/8/8/7r/6pN/6p1/8/4K3 w - - 0 1")
            .unwrap();
        let mut field = Field::new(&v.obstacles);
        let h4 = Square::parse("h4").unwrap();
        assert!(field.arrive(&mut pos, h4));
        // The knight on h4 and both g-pawns went; h5 is behind no wall either.
        assert_eq!(pos.pieces(Color::Black).len(), 1);
        assert!(field.mines.is_empty());
        let shape = pos.rules().shape.clone();
        let a5 = Square::parse("a5").unwrap();
        pos.put(shape.sq(a5), crate::core::Piece::new(Color::White, 5));
        assert!(field.arrive(&mut pos, a5));
        assert!(pos.piece_at(shape.sq(a5)).is_none());
    }

    #[test]
    fn placing_uses_up_the_allowance() {
        let o = Obstacles {
            walls_per_player: 1,
            ..Obstacles::default()
        };
        let v = builtin::load("standard").unwrap().unwrap();
        let mut pos = v.start_position().unwrap();
        let mut field = Field::new(&o);
        assert!(field
            .place(&mut pos, Color::White, ObstacleKind::Wall, "e4-e5")
            .is_ok());
        assert!(field
            .place(&mut pos, Color::White, ObstacleKind::Wall, "d4-d5")
            .is_err());
        assert!(field
            .place(&mut pos, Color::Black, ObstacleKind::Wall, "e5-e4")
            .is_err());
        assert!(field
            .place(&mut pos, Color::Black, ObstacleKind::Mine, "e5")
            .is_err());
        let e4 = pos.rules().shape.parse_square("e4").unwrap();
        assert_eq!(pos.wall_mask(e4), 1);
    }
}
