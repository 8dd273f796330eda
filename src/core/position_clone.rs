//! Copying a position. `clone_from` copies into the buffers a position already has, so that a
//! reader replaying game after game from one start position reuses one position's vectors
//! instead of allocating five and releasing them per game (a fifth of what a lichess game
//! costs apart from its moves went to those and to the position's drop). Both list every
//! field without `..`: a field added to `Position` does not compile until it is copied here.

use crate::core::position::Position;

impl Clone for Position {
    fn clone(&self) -> Position {
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
        } = self;
        Position {
            rules: rules.clone(),
            board: board.clone(),
            walls: walls.clone(),
            has_walls: *has_walls,
            plist: plist.clone(),
            slot: slot.clone(),
            royal: *royal,
            royal_count: *royal_count,
            side: *side,
            castling: *castling,
            ep: *ep,
            halfmove: *halfmove,
            fullmove: *fullmove,
            checks: *checks,
            blasted: blasted.clone(),
            carried: carried.clone(),
            hand: hand.clone(),
            origin: origin.clone(),
            key: *key,
            bb: bb.clone(),
            occ: *occ,
            narrow: *narrow,
            wall_bb: *wall_bb,
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
    }
}
