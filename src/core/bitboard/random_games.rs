//! Random games for the backend's tests: every position along them, for comparing a fast
//! path with the general one.

use crate::core::position::Position;

/// Plays `games` games of up to `plies` random legal moves from `start` (a xorshift generator
/// in `rng`, so a failure repeats), calling `at` on every position before its move is chosen.
pub(crate) fn play(
    start: &Position,
    games: usize,
    plies: usize,
    rng: &mut u64,
    mut at: impl FnMut(&mut Position),
) {
    for _game in 0..games {
        let mut pos = start.clone();
        for _ply in 0..plies {
            at(&mut pos);
            let moves = pos.legal_move_list();
            if moves.is_empty() {
                break;
            }
            *rng ^= *rng << 13;
            *rng ^= *rng >> 7;
            *rng ^= *rng << 17;
            pos.make(moves[(*rng % moves.len() as u64) as usize]);
        }
    }
}
