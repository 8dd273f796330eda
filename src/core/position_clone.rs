//! Copying a position. `clone_from` copies into the buffers a position already has, so that a
//! reader replaying game after game from one start position reuses one position's vectors
//! instead of allocating five and releasing them per game (a fifth of what a lichess game
//! costs apart from its moves went to those and to the position's drop). Both name every
//! field, with no `..`: a field added to `Position` does not compile until it is copied here.

use crate::core::position::Position;

impl Clone for Position {
    fn clone(&self) -> Position {
        // A struct literal names every field by itself.
        Position {
            rules: self.rules.clone(),
            board: self.board.clone(),
            walls: self.walls.clone(),
            has_walls: self.has_walls,
            plist: self.plist.clone(),
            slot: self.slot.clone(),
            royal: self.royal,
            royal_count: self.royal_count,
            side: self.side,
            castling: self.castling,
            ep: self.ep,
            ep_victim: self.ep_victim,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            checks: self.checks,
            blasted: self.blasted.clone(),
            carried: self.carried.clone(),
            hand: self.hand.clone(),
            origin: self.origin.clone(),
            key: self.key,
            bb: self.bb.clone(),
            occ: self.occ,
            narrow: self.narrow,
            wall_bb: self.wall_bb,
            gates: self.gates,
            gate_history: self.gate_history.clone(),
            duck: self.duck,
            duck_history: self.duck_history.clone(),
            flipped: self.flipped.clone(),
        }
    }

    fn clone_from(&mut self, source: &Position) {
        let Position {
            rules,
            board,
            walls,
            has_walls,
            plist,
            slot,
            royal,
            royal_count,
            side,
            castling,
            ep,
            ep_victim,
            halfmove,
            fullmove,
            checks,
            blasted,
            carried,
            hand,
            origin,
            key,
            bb,
            occ,
            narrow,
            wall_bb,
            gates,
            gate_history,
            duck,
            duck_history,
            flipped,
        } = self;
        if !std::sync::Arc::ptr_eq(rules, &source.rules) {
            *rules = source.rules.clone();
        }
        board.clone_from(&source.board);
        walls.clone_from(&source.walls);
        *has_walls = source.has_walls;
        for (mine, theirs) in plist.iter_mut().zip(&source.plist) {
            mine.clone_from(theirs);
        }
        slot.clone_from(&source.slot);
        *royal = source.royal;
        *royal_count = source.royal_count;
        *side = source.side;
        *castling = source.castling;
        *ep = source.ep;
        *ep_victim = source.ep_victim;
        *halfmove = source.halfmove;
        *fullmove = source.fullmove;
        *checks = source.checks;
        blasted.clone_from(&source.blasted);
        carried.clone_from(&source.carried);
        hand.clone_from(&source.hand);
        origin.clone_from(&source.origin);
        *key = source.key;
        bb.clone_from(&source.bb);
        *occ = source.occ;
        *narrow = source.narrow;
        *wall_bb = source.wall_bb;
        *gates = source.gates;
        gate_history.clone_from(&source.gate_history);
        *duck = source.duck;
        duck_history.clone_from(&source.duck_history);
        flipped.clone_from(&source.flipped);
    }
}
