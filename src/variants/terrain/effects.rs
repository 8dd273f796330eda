//! What trapdoors and mines do to a piece that has just arrived on their square.
//!
//! Run after the core's `make`, for each square a piece arrived on:
//! - (a) A piece on a trapdoor (hidden or open) falls: it is removed, and the trapdoor is open
//!   from then on.
//! - (b) A mine under the square then goes off as well (a trapdoor and a mine on one square
//!   both act): the piece on it goes, and every piece on the eight neighbours that no wall
//!   shields ([`step_blocked`](super::WallSet::step_blocked), so a diagonal neighbour is
//!   shielded only by two walls round the corner). The mine is used up; walls and trapdoors
//!   stay, neighbouring mines do not go off.
//! - (c) Either event resets the halfmove clock (material was lost, as in a capture).
//! - (d) The en passant square is left as the move set it: "the last move was a two-square
//!   move by a pawn" still holds when the pawn fell or was blown up. The core never generates
//!   the capture, since the square the victim would stand on is empty.
//! - (e) Castling moves two pieces, so both arrival squares are visited, the king's first and
//!   then the rook's (the rook moves onto its square as much as the king does). A square an
//!   earlier effect has already emptied does nothing, so a mine under the rook's square stays
//!   if the king's blast took the rook.
//! - (f) Nothing else changes: castling rights are what the core's `make` left.
//!
//! Every change can be recorded in a [`Fallout`] and taken back, so a legality test or a
//! search plays a move with its effects on one board, looks, and undoes them.

use crate::core::{KindId, Move, MoveFlag, Piece, Position, Rules, Sq, Square, Undo};

use super::{Hazard, Hazards, Terrain};

/// What happened on arrival.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fired {
    /// A piece fell into a trapdoor.
    pub fell: bool,
    /// A mine went off.
    pub exploded: bool,
}

impl Fired {
    /// Did anything happen (a fall or a blast)?
    pub fn any(self) -> bool {
        self.fell || self.exploded
    }

    fn and(self, other: Fired) -> Fired {
        Fired {
            fell: self.fell || other.fell,
            exploded: self.exploded || other.exploded,
        }
    }
}

/// What the effects of one move changed, so that they can be taken back: a legality test plays
/// a move and its effects on one board, looks, and undoes them, instead of copying the board
/// for every candidate move. Its vectors keep their room between uses (no allocation per move).
#[derive(Clone, Default, Debug)]
pub struct Fallout {
    /// Each piece removed, with the kind it was promoted from (drop variants: a promoted
    /// piece goes back to the hand as what it was).
    removed: Vec<(Sq, Piece, Option<KindId>)>,
    hazards: Vec<(Square, Hazard)>,
    clocks: Option<(u32, u32)>,
}

impl Fallout {
    /// Nothing was set off.
    pub fn is_empty(&self) -> bool {
        self.removed.is_empty() && self.hazards.is_empty() && self.clocks.is_none()
    }

    /// Takes back every recorded effect (the core move itself is the caller's to unmake).
    pub fn undo(&mut self, pos: &mut Position, hazards: &mut Hazards) {
        if let Some((halfmove, fullmove)) = self.clocks.take() {
            pos.set_clocks(halfmove, fullmove);
        }
        for (s, h) in self.hazards.drain(..).rev() {
            hazards.set(s, h);
        }
        for (sq, piece, origin) in self.removed.drain(..).rev() {
            pos.put(sq, piece);
            if origin.is_some() {
                pos.set_promoted_from(sq, origin);
            }
        }
    }

    fn remove(&mut self, pos: &mut Position, sq: Sq) {
        let origin = pos.promoted_from(sq);
        if let Some(piece) = pos.remove(sq) {
            self.removed.push((sq, piece, origin));
        }
    }
}

/// The squares pieces arrive on when `m` is played: castling moves two, the king's square
/// first. Read before the move is made.
pub fn arrivals(rules: &Rules, m: Move) -> [Option<Square>; 2] {
    match m.flag {
        MoveFlag::Castle(i) => match rules.castling.get(i as usize) {
            Some(c) => [Some(c.king_to), Some(c.rook_to)],
            None => [None, None],
        },
        _ => [Some(rules.shape.square(m.to)), None],
    }
}

/// Applies the hazard under `s` to the piece that has just arrived there.
pub fn arrive(pos: &mut Position, terrain: &mut Terrain, s: Square) -> Fired {
    arrive_recorded(pos, terrain, s, &mut Fallout::default())
}

/// [`arrive`], recording what changed in `fallout` so that it can be undone.
pub fn arrive_recorded(
    pos: &mut Position,
    terrain: &mut Terrain,
    s: Square,
    fallout: &mut Fallout,
) -> Fired {
    let mut h = terrain.hazards.get(s);
    let mut fired = Fired::default();
    if h.is_none() {
        return fired;
    }
    let rules = pos.rules().clone();
    let shape = &rules.shape;
    if !shape.contains(s) || pos.piece_at(shape.sq(s)).is_none() {
        return fired;
    }
    fallout.hazards.push((s, h));
    let sq = shape.sq(s);
    if h.has_trapdoor() {
        fallout.remove(pos, sq);
        h.hidden_trapdoor = false;
        h.open_trapdoor = true;
        fired.fell = true;
    }
    if h.mine {
        fallout.remove(pos, sq);
        h.mine = false;
        fired.exploded = true;
        for dy in -1..=1i32 {
            for dx in -1..=1i32 {
                if (dx, dy) == (0, 0) || terrain.walls.step_blocked(s, dx, dy) {
                    continue;
                }
                // step_blocked treats off-board steps as blocked, so this is on the board.
                if let Some(n) = shape.try_sq(s.file as i32 + dx, s.rank as i32 + dy) {
                    fallout.remove(pos, n);
                }
            }
        }
    }
    terrain.hazards.set(s, h);
    if fired.any() {
        let full = pos.fullmove_number();
        if fallout.clocks.is_none() {
            fallout.clocks = Some((pos.halfmove_clock(), full));
        }
        pos.set_clocks(0, full);
    }
    fired
}

/// Applies the hazards under each of a move's arrival squares in turn (see [`arrivals`]).
pub fn arrive_all(
    pos: &mut Position,
    terrain: &mut Terrain,
    squares: [Option<Square>; 2],
    fallout: &mut Fallout,
) -> Fired {
    squares
        .into_iter()
        .flatten()
        .fold(Fired::default(), |fired, s| {
            fired.and(arrive_recorded(pos, terrain, s, fallout))
        })
}

/// Plays a core move and then the hazards under the squares pieces arrived on, recording the
/// effects in `fallout`; the core move's undo is returned. `fallout.undo(pos, hazards)` then
/// `pos.unmake(m, undo)` take it all back.
pub fn play_recorded(
    pos: &mut Position,
    terrain: &mut Terrain,
    m: Move,
    fallout: &mut Fallout,
) -> (Undo, Fired) {
    let squares = arrivals(pos.rules(), m);
    let undo = pos.make(m);
    let fired = arrive_all(pos, terrain, squares, fallout);
    (undo, fired)
}

/// [`play_recorded`] for good.
pub fn play(pos: &mut Position, terrain: &mut Terrain, m: Move) -> Fired {
    play_recorded(pos, terrain, m, &mut Fallout::default()).1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen;
    use crate::variants::custom::builtin;
    use crate::variants::terrain::WallSide;

    /// 10×8, a knight onto a mine on the last file behind a wall: the blast stops at the board's
    /// edge (nothing on the a-file goes, no wrapping round) and at the wall, and every change is
    /// taken back exactly.
    #[test]
    fn a_blast_on_the_edge_of_a_wide_board_is_taken_back() {
        let v = builtin::load("capablanca").unwrap().unwrap();
        let text = "4k5/10/P7pp/P7p1/P7pp/8N1/10/4K5 w - - 7 30";
        let mut pos = fen::parse(v.rules.clone(), text).unwrap();
        let mut terrain = Terrain::for_shape(&v.rules.shape);
        let j5 = Square::new(9, 4);
        terrain.hazards.set(
            j5,
            Hazard {
                mine: true,
                ..Hazard::NONE
            },
        );
        // A wall west of j5 shields i5 (one wall: the diagonal neighbours i4 and i6 are not).
        terrain.walls.add(Square::new(9, 4), WallSide::West);
        terrain.walls.install(&mut pos);
        let before = (fen::write(&pos), terrain.clone(), pos.key());
        let m = crate::notation::coordinate::parse(&mut pos.clone(), "i3j5").unwrap();
        let mut fallout = Fallout::default();
        let (undo, fired) = play_recorded(&mut pos, &mut terrain, m, &mut fallout);
        assert!(fired.exploded && !fired.fell);
        // The knight on j5, j4, j6, i4 and i6 go; i5 stays, and so does the a-file.
        assert_eq!(fen::write(&pos), "4k5/10/P9/P7p1/P9/10/10/4K5 b - - 0 30");
        assert!(terrain.hazards.get(j5).is_none());
        fallout.undo(&mut pos, &mut terrain.hazards);
        pos.unmake(m, undo);
        assert_eq!((fen::write(&pos), terrain, pos.key()), before);
    }
}
