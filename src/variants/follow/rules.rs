//! FollowChess rules as data: the six FIDE pieces on a board of the loaded size, with no
//! castling, no promotion, no en passant, no double step, and no king safety (moving into
//! check is allowed and a king can be captured).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use crate::core::{KindId, Rules, RulesConfig, RulesError};
use crate::variants::pieces::{self, PawnRules};

/// Kind indices of the FollowChess piece table (the same order as standard chess).
pub const KING: KindId = 0;
/// Kind index of the queen.
pub const QUEEN: KindId = 1;
/// Kind index of the rook.
pub const ROOK: KindId = 2;
/// Kind index of the bishop.
pub const BISHOP: KindId = 3;
/// Kind index of the knight.
pub const KNIGHT: KindId = 4;
/// Kind index of the pawn.
pub const PAWN: KindId = 5;

fn build(files: usize, ranks: usize) -> Result<Rules, RulesError> {
    Rules::new(RulesConfig {
        files,
        ranks,
        pieces: pieces::fide_set(PawnRules {
            double_step_from: None,
            en_passant: false,
        }),
        castling: vec![],
        // No promotion kinds: a pawn reaching the last rank stays a pawn (and has no moves).
        promotion_kinds: vec![],
        king_safety: false,
        options: crate::core::rules::RuleOptions::default(),
        drop_start: Vec::new(),
        walling_region: Vec::new(),
    })
}

/// Most shapes kept at once (a 26 × 99 board's tables are a few hundred KB).
const MAX_CACHED_SHAPES: usize = 64;

/// Compiled rules by `(files, ranks)`.
type ShapeCache = Mutex<HashMap<(usize, usize), Arc<Rules>>>;

/// The shared rules for a `files × ranks` board, built once per shape.
pub fn rules_for(files: usize, ranks: usize) -> Result<Arc<Rules>, RulesError> {
    static CACHE: OnceLock<ShapeCache> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    // A poisoned lock only means another thread panicked mid-insert; the map is still sound.
    let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(rules) = map.get(&(files, ranks)) {
        return Ok(rules.clone());
    }
    let rules = Arc::new(build(files, ranks)?);
    // Bounded: a long-running process that meets many shapes starts the cache afresh
    // (positions keep their own `Arc`) instead of holding every shape's tables.
    if map.len() >= MAX_CACHED_SHAPES {
        map.clear();
    }
    map.insert((files, ranks), rules.clone());
    Ok(rules)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_are_cached_per_shape() {
        let a = rules_for(5, 3).unwrap();
        let b = rules_for(5, 3).unwrap();
        let c = rules_for(3, 5).unwrap();
        assert!(Arc::ptr_eq(&a, &b));
        assert!(!Arc::ptr_eq(&a, &c));
        assert!(rules_for(27, 3).is_err());
        assert_eq!(a.kind(PAWN).letter, 'P');
        assert_eq!(a.kind(KNIGHT).letter, 'N');
        assert!(a.promotion_kinds.is_empty() && a.castling.is_empty() && !a.king_safety);
    }
}
