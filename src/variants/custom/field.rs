//! A variant file's obstacles: those its game starts with (walls, trapdoors and mines, in the
//! shared terrain model, [`crate::variants::terrain`]) and what each player may still place.
//!
//! A variant file's obstacles are all public: its trapdoors are open trapdoors from the start,
//! and so are those the players place. What a trapdoor or a mine does to a piece arriving on it
//! is the model's rule, the same as in obstacle chess: both of a castling's pieces set off what
//! lies under their squares (the king's first), a trapdoor and a mine on one square both act,
//! and the en passant square of a double step is kept when the pawn is lost.

use crate::core::{BoardShape, Color, Position, Square};
use crate::variants::terrain::{Allowance, Hazard, Terrain, WallError};

use super::{walls, StartObstacles};

/// Kinds of obstacle a player may place.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ObstacleKind {
    /// A wall between two side-by-side squares (`wall e4-e5`).
    Wall,
    /// An open trapdoor on an empty square (`trapdoor a5`).
    Trapdoor,
    /// A mine on an empty square (`mine h4`).
    Mine,
}

impl ObstacleKind {
    /// The kind a command word names: `wall`, `trapdoor` or `mine`.
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

/// The file's obstacles on a board of `shape`: its walls, its trapdoors (open: a variant
/// file's trapdoors are public) and its mines.
pub fn start_terrain(o: &StartObstacles, shape: &BoardShape) -> Terrain {
    let mut terrain = Terrain::for_shape(shape);
    terrain.walls = walls::wall_set(&o.walls, shape);
    for &s in &o.trapdoors {
        let h = terrain.hazards.get(s);
        terrain.hazards.set(
            s,
            Hazard {
                open_trapdoor: true,
                ..h
            },
        );
    }
    for &s in &o.mines {
        let h = terrain.hazards.get(s);
        terrain.hazards.set(s, Hazard { mine: true, ..h });
    }
    terrain
}

/// What the file lets each player place during a game.
pub fn start_allowance(o: &StartObstacles) -> Allowance {
    let per = [
        o.walls_per_player,
        o.trapdoors_per_player,
        o.mines_per_player,
    ];
    Allowance { left: [per, per] }
}

/// `color` places an obstacle at `at` (`e4-e5` for a wall, a square otherwise) on `pos` and
/// its `terrain`, using up one of its `allowance`; nothing changes when it may not. The
/// caller passes the turn.
pub fn place(
    pos: &mut Position,
    terrain: &mut Terrain,
    allowance: &mut Allowance,
    color: Color,
    kind: ObstacleKind,
    at: &str,
) -> Result<(), String> {
    let shape = pos.rules().shape.clone();
    let (files, ranks) = (shape.files() as usize, shape.ranks() as usize);
    let left = &mut allowance.left[color.index()][kind.index()];
    if *left == 0 {
        return Err(format!("{} has no {kind:?} left to place", color.name()).to_lowercase());
    }
    match kind {
        ObstacleKind::Wall => {
            let w = walls::parse_wall(at, files, ranks)?;
            let (a, b) = walls::ends(w).ok_or_else(|| format!("'{at}' is off the board"))?;
            match terrain.walls.add_between(a, b) {
                Ok(()) => {}
                Err(WallError::Present) => return Err(format!("there is a wall at {at} already")),
                Err(e) => return Err(format!("wall '{at}': {e}")),
            }
            terrain.walls.install(pos);
        }
        ObstacleKind::Trapdoor | ObstacleKind::Mine => {
            let s = Square::parse(at)
                .filter(|&s| shape.contains(s))
                .ok_or_else(|| format!("'{at}' is not a square of the board"))?;
            if pos.piece_at(shape.sq(s)).is_some() {
                return Err(format!("{at} is not empty"));
            }
            if !terrain.hazards.get(s).is_none() {
                return Err(format!("{at} holds a trapdoor or mine already"));
            }
            let h = Hazard {
                open_trapdoor: kind == ObstacleKind::Trapdoor,
                mine: kind == ObstacleKind::Mine,
                ..Hazard::NONE
            };
            terrain.hazards.set(s, h);
        }
    }
    *left -= 1;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{coordinate, fen};
    use crate::variants::custom::{builtin, load_variant_file, CustomVariant};
    use crate::variants::terrain::{self, Fired};

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    /// A built-in variant file with an `[obstacles]` table added.
    fn with_obstacles(base: &str, obstacles: &str) -> CustomVariant {
        load_variant_file(&format!("{base}\n[obstacles]\n{obstacles}\n")).unwrap()
    }

    /// A position of `v` from `fen_text`, with the file's obstacles.
    fn start(v: &CustomVariant, fen_text: &str) -> (Position, Terrain) {
        let pos = v.position_from_fen(fen_text).unwrap();
        (pos, start_terrain(&v.obstacles, &v.rules.shape))
    }

    fn play(pos: &mut Position, terrain: &mut Terrain, text: &str) -> Fired {
        let m = coordinate::parse(pos, text).unwrap();
        terrain::play(pos, terrain, m)
    }

    fn occupied(pos: &Position, s: &str) -> bool {
        pos.piece_at(pos.rules().shape.sq(sq(s))).is_some()
    }

    #[test]
    fn mine_spares_walled_neighbours_and_trapdoor_swallows() {
        let v = builtin::load("walled").unwrap().unwrap();
        let mut pos = v
            .position_from_fen("4k3/8/8/7r/6pN/6p1/8/4K3 w - - 0 1")
            .unwrap();
        let mut terrain = start_terrain(&v.obstacles, &v.rules.shape);
        let h4 = sq("h4");
        assert!(terrain::arrive(&mut pos, &mut terrain, h4).exploded);
        // The knight on h4 and both g-pawns went; h5 is behind no wall either.
        assert_eq!(pos.piece_count(Color::Black), 1);
        assert!(terrain.hazards.get(h4).is_none(), "the mine is used up");
        let shape = pos.rules().shape.clone();
        let a5 = sq("a5");
        pos.put(shape.sq(a5), crate::core::Piece::new(Color::White, 5));
        assert!(terrain::arrive(&mut pos, &mut terrain, a5).fell);
        assert!(pos.piece_at(shape.sq(a5)).is_none());
        assert!(terrain.hazards.get(a5).open_trapdoor, "the trapdoor stays");
    }

    /// A game's start with its obstacles, to place on.
    struct Placing {
        pos: Position,
        terrain: Terrain,
        allowance: Allowance,
    }

    impl Placing {
        fn new(variant: &str, o: &StartObstacles) -> Placing {
            let v = builtin::load(variant).unwrap().unwrap();
            Placing {
                pos: v.start_position().unwrap(),
                terrain: start_terrain(o, &v.rules.shape),
                allowance: start_allowance(o),
            }
        }

        fn place(&mut self, color: Color, kind: ObstacleKind, at: &str) -> Result<(), String> {
            place(
                &mut self.pos,
                &mut self.terrain,
                &mut self.allowance,
                color,
                kind,
                at,
            )
        }
    }

    #[test]
    fn placing_uses_up_the_allowance() {
        let o = StartObstacles {
            walls_per_player: 1,
            ..StartObstacles::default()
        };
        let mut g = Placing::new("standard", &o);
        assert!(g.place(Color::White, ObstacleKind::Wall, "e4-e5").is_ok());
        assert!(g.place(Color::White, ObstacleKind::Wall, "d4-d5").is_err());
        assert!(g.place(Color::Black, ObstacleKind::Wall, "e5-e4").is_err());
        assert!(g.place(Color::Black, ObstacleKind::Mine, "e5").is_err());
        let e4 = g.pos.rules().shape.parse_square("e4").unwrap();
        assert_eq!(g.pos.wall_mask(e4), 1);
    }

    #[test]
    fn a_placed_wall_twin_or_trapdoor_on_a_hazard_is_refused() {
        let o = StartObstacles {
            walls_per_player: 2,
            trapdoors_per_player: 1,
            mines_per_player: 1,
            ..StartObstacles::default()
        };
        let mut g = Placing::new("capablanca", &o);
        assert!(g.place(Color::White, ObstacleKind::Wall, "j4-i4").is_ok());
        assert_eq!(
            g.place(Color::White, ObstacleKind::Wall, "i4-j4"),
            Err("there is a wall at i4-j4 already".to_string())
        );
        assert!(g.place(Color::White, ObstacleKind::Mine, "j5").is_ok());
        assert_eq!(
            g.place(Color::Black, ObstacleKind::Trapdoor, "j5"),
            Err("j5 holds a trapdoor or mine already".to_string())
        );
        assert!(g.place(Color::Black, ObstacleKind::Trapdoor, "k5").is_err());
        assert!(g.terrain.walls.has(sq("j4"), terrain::WallSide::West));
        let j4 = g.pos.rules().shape.sq(sq("j4"));
        assert_eq!(g.pos.wall_mask(j4), 1 << 6, "west of j4 is blocked");
    }

    /// 10×8: the king castles f1-i1 with the j1 rook landing on h1, a trapdoor. The rook falls
    /// through; the king stays.
    #[test]
    fn a_castling_rook_falls_through_a_trapdoor() {
        let v = with_obstacles(builtin::CAPABLANCA, "trapdoors = [\"h1\"]");
        let (mut pos, mut terrain) = start(&v, "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 5 9");
        let fired = play(&mut pos, &mut terrain, "f1i1");
        assert!(fired.fell && !fired.exploded);
        assert!(occupied(&pos, "i1"), "the king is on i1");
        assert!(
            !occupied(&pos, "h1") && !occupied(&pos, "j1"),
            "the rook is gone"
        );
        assert!(terrain.hazards.get(sq("h1")).open_trapdoor);
        assert_eq!(fen::write(&pos), "r4k3r/10/10/10/10/10/10/R7K1 b kq - 0 9");
    }

    /// 10×8: the king castles f1-c1 with the a1 rook landing on d1, a mine. The blast takes the
    /// rook and the king beside it, and the pieces on the other neighbours.
    #[test]
    fn a_castling_rook_sets_off_a_mine() {
        let v = with_obstacles(builtin::CAPABLANCA, "mines = [\"d1\"]");
        let (mut pos, mut terrain) = start(&v, "r4k3r/10/10/10/10/10/2PP6/R4K3R w KQkq - 0 12");
        let fired = play(&mut pos, &mut terrain, "f1c1");
        assert!(fired.exploded && !fired.fell);
        for s in ["c1", "d1", "c2", "d2"] {
            assert!(!occupied(&pos, s), "{s} was blasted");
        }
        assert_eq!(pos.royal_count(Color::White), 0);
        assert!(
            terrain.hazards.get(sq("d1")).is_none(),
            "the mine is used up"
        );
        assert_eq!(fen::write(&pos), "r4k3r/10/10/10/10/10/10/9R b kq - 0 12");
    }

    /// 8×8, mines under both of a castling's squares: the king's goes off first and takes the
    /// rook beside it, so the rook never arrives on its square and that mine stays.
    #[test]
    fn a_castling_king_sets_off_its_square_first() {
        let v = with_obstacles(builtin::STANDARD, "mines = [\"g1\", \"f1\"]");
        let (mut pos, mut terrain) = start(&v, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        let fired = play(&mut pos, &mut terrain, "e1g1");
        assert!(fired.exploded);
        assert!(!occupied(&pos, "g1") && !occupied(&pos, "f1"));
        assert!(terrain.hazards.get(sq("g1")).is_none(), "used up");
        assert!(terrain.hazards.get(sq("f1")).mine, "never entered");
    }

    /// A trapdoor and a mine on one square both act: the pawn falls, the mine goes off (the
    /// neighbouring pawns go too) and is used up, the trapdoor stays open. The double step's en
    /// passant square is kept.
    #[test]
    fn a_trapdoor_and_a_mine_on_one_square_both_act() {
        let v = with_obstacles(builtin::STANDARD, "trapdoors = [\"e4\"]\nmines = [\"e4\"]");
        let (mut pos, mut terrain) = start(&v, "4k3/8/8/8/3p1p2/8/4P3/4K3 w - - 3 20");
        let both = terrain.hazards.get(sq("e4"));
        assert!(both.mine && both.open_trapdoor);
        let fired = play(&mut pos, &mut terrain, "e2e4");
        assert!(fired.fell && fired.exploded);
        let after = terrain.hazards.get(sq("e4"));
        assert!(after.open_trapdoor && !after.mine, "{after:?}");
        assert_eq!(fen::write(&pos), "4k3/8/8/8/8/8/8/4K3 b - e3 0 20");
        // Nothing left to fire: the next piece on e4 only falls.
        assert!(terrain.hazards.any());
    }

    /// A double step onto a mine: the pawn is blown up, the en passant square stays (it is
    /// "the last move was a two-square pawn move", and nobody can capture there anyway).
    #[test]
    fn a_double_step_onto_a_mine_keeps_en_passant() {
        let v = with_obstacles(builtin::STANDARD, "mines = [\"e4\"]");
        let (mut pos, mut terrain) = start(&v, &v.start_fen);
        assert!(play(&mut pos, &mut terrain, "e2e4").exploded);
        assert_eq!(
            fen::write(&pos),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
        );
        assert!(!terrain.hazards.any(), "the only mine is used up");
    }
}
