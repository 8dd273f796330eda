//! Terrain in a game that makes and takes back its moves (the search, and a table that plays
//! the rules type): what lies under the squares pieces arrive on acts after each move, and is
//! taken back with it.

use crate::core::{Move, Position, Undo};

use super::{play_recorded, Fallout, Fired, Hazards, Terrain};

/// What each player may still place during a game: per colour, walls, trapdoors and mines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Allowance {
    /// `[colour][0 = walls, 1 = trapdoors, 2 = mines]` still to place.
    pub left: [[u32; 3]; 2],
}

/// A board's terrain during a game, with what each move made so far set off.
#[derive(Clone, Debug)]
pub struct TerrainInPlay {
    terrain: Terrain,
    /// What each player may still place (the computer never places: the search ignores it).
    allowance: Allowance,
    /// What the move at each depth set off (kept between moves for their room).
    fallouts: Vec<Fallout>,
    /// What the last move made set off (for the table's announcements).
    last_fired: Fired,
    /// A hash of what lies under the squares (see [`TerrainInPlay::digest`]).
    digest: u64,
}

impl TerrainInPlay {
    /// `terrain` at the start of the game, and what each player may place; its walls must be
    /// in the position's masks already.
    pub fn new(terrain: Terrain, allowance: Allowance) -> TerrainInPlay {
        TerrainInPlay {
            digest: hazard_digest(&terrain.hazards),
            terrain,
            allowance,
            fallouts: Vec::new(),
            last_fired: Fired::default(),
        }
    }

    /// The walls and hazards now.
    pub fn terrain(&self) -> &Terrain {
        &self.terrain
    }

    /// What each player may still place.
    pub fn allowance(&self) -> &Allowance {
        &self.allowance
    }

    /// What the last move made set off.
    pub fn last_fired(&self) -> Fired {
        self.last_fired
    }

    /// A hash of what lies under the squares, for the position's key: the same pieces over a
    /// mine that is still there and over one that went off are different positions.
    pub fn digest(&self) -> u64 {
        self.digest
    }

    /// Can anything under a square still act? (Without, the core's own walk is the game's.)
    pub fn has_hazards(&self) -> bool {
        self.terrain.hazards.any()
    }

    /// Makes `m`, the move at `depth` (the number of moves made before it), and then what lies
    /// under the squares its pieces arrive on.
    pub fn make(&mut self, pos: &mut Position, m: Move, depth: usize) -> Undo {
        if self.fallouts.len() <= depth {
            self.fallouts.resize_with(depth + 1, Fallout::default);
        }
        let (undo, fired) = play_recorded(pos, &mut self.terrain, m, &mut self.fallouts[depth]);
        self.last_fired = fired;
        if fired.any() {
            self.digest = hazard_digest(&self.terrain.hazards);
        }
        undo
    }

    /// Takes back what the move at `depth` set off (the move itself is the caller's to unmake).
    pub fn take_back_effects(&mut self, pos: &mut Position, depth: usize) {
        self.last_fired = Fired::default();
        if let Some(fallout) = self.fallouts.get_mut(depth) {
            if !fallout.is_empty() {
                fallout.undo(pos, &mut self.terrain.hazards);
                self.digest = hazard_digest(&self.terrain.hazards);
            }
        }
    }

    /// Lends the position, the terrain and the allowance to `change`, a change outside the
    /// moves (a player places an obstacle), which leaves them as they were when it fails. Once
    /// it succeeds, what earlier moves set off is forgotten: they cannot be taken back.
    pub fn change<E>(
        &mut self,
        pos: &mut Position,
        change: impl FnOnce(&mut Position, &mut Terrain, &mut Allowance) -> Result<(), E>,
    ) -> Result<(), E> {
        change(pos, &mut self.terrain, &mut self.allowance)?;
        self.fallouts.clear();
        self.last_fired = Fired::default();
        self.digest = hazard_digest(&self.terrain.hazards);
        Ok(())
    }

    /// Forgets what the moves made so far set off: they will not be taken back (a game
    /// rooted at its current position).
    pub fn forget_moves(&mut self) {
        self.fallouts.clear();
    }
}

/// A hash of the hazards: each square's contents mixed with its index (splitmix64), so that
/// it changes whenever a mine goes off, a trapdoor opens or an obstacle is placed.
fn hazard_digest(hazards: &Hazards) -> u64 {
    let mix = |mut z: u64| {
        z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    hazards
        .cells()
        .iter()
        .enumerate()
        .filter(|(_, h)| !h.is_none())
        .fold(0, |acc, (i, h)| {
            let what = u64::from(h.mine)
                | u64::from(h.open_trapdoor) << 1
                | u64::from(h.hidden_trapdoor) << 2;
            acc ^ mix((i as u64) << 3 | what)
        })
}
