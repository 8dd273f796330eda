//! An external UCI engine (Stockfish) as an obstacle-chess player: [`obstacle_move`] gives
//! the engine the board without obstacles, checks its move against the obstacle rules, asks
//! again with `searchmoves` restricted to our legal moves when it is illegal, and falls back
//! to our own engine if it still is (so the bridge never plays an illegal obstacle move).

use crate::core::Position;
use crate::engine::uci_client::{UciClient, UciError};
use crate::notation::coordinate::to_uci;
use crate::variants::obstacle::game::legal_piece_moves;
use crate::variants::obstacle::obstacle_chess::{action_text, ObstacleMove};
use crate::variants::obstacle::search::{best_obstacle_move_knowing, engine_view};
use crate::variants::obstacle::ObstacleBoard;

/// How the bridge's obstacle move was obtained.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BridgeSource {
    /// The engine's first suggestion was legal.
    Engine,
    /// The first was illegal; the `searchmoves` retry was legal.
    Retry,
    /// Our own engine (no legal piece move, or the retry was illegal too).
    Fallback,
}

/// An obstacle-chess action from an external engine: always legal under the obstacle rules.
pub fn obstacle_move(
    client: &mut UciClient,
    board: &ObstacleBoard,
    movetime_ms: u64,
) -> Result<Option<(ObstacleMove, String, BridgeSource)>, UciError> {
    bridge(client, board, &engine_view(board), movetime_ms, &[])
}

/// The same for a player in a game with secret placements: `view` is the board as that player
/// knows it (legality is judged on it, as the player would judge it), and `exclude` lists
/// actions the real game has refused. The game may still refuse the answer when a secret of
/// the opponent makes it illegal; the caller then asks again with it excluded.
pub fn obstacle_move_knowing(
    client: &mut UciClient,
    view: &ObstacleBoard,
    movetime_ms: u64,
    exclude: &[ObstacleMove],
) -> Result<Option<(ObstacleMove, String, BridgeSource)>, UciError> {
    bridge(client, view, view, movetime_ms, exclude)
}

/// Can a chess engine be given this position without obstacles? A wall may shield a king
/// that plain chess sees attacked by the side to move, and a mine or trapdoor may have removed
/// a king: such positions are illegal in chess, and engines (Stockfish) may crash on them.
fn plain_chess_position(pos: &Position) -> bool {
    use crate::core::Color;
    let mut plain = pos.clone();
    let squares: Vec<_> = plain.rules().shape.squares().collect();
    for sq in squares {
        plain.set_wall_mask(sq, 0);
    }
    let them = plain.side_to_move().other();
    plain.royal_count(Color::White) == 1
        && plain.royal_count(Color::Black) == 1
        && !plain.in_check(them)
}

/// Asks the engine on `board`'s plain-chess position; legality from `board`, our own engine
/// (searching `search_view`) as the last resort.
fn bridge(
    client: &mut UciClient,
    board: &ObstacleBoard,
    search_view: &ObstacleBoard,
    movetime_ms: u64,
    exclude: &[ObstacleMove],
) -> Result<Option<(ObstacleMove, String, BridgeSource)>, UciError> {
    let pos = board.position();
    let legal: Vec<(String, ObstacleMove)> = legal_piece_moves(board)
        .into_iter()
        .map(|m| (to_uci(pos, m), ObstacleMove::Piece(m)))
        .filter(|(_, m)| !exclude.contains(m))
        .collect();
    let find = |text: &Option<String>| {
        let t = text.as_deref()?;
        legal.iter().find(|(u, _)| u == t).map(|(_, m)| *m)
    };
    if !legal.is_empty() && plain_chess_position(pos) {
        let first = client.best_move(pos, movetime_ms, &[])?;
        if let Some(m) = find(&first) {
            return Ok(Some((m, action_text(board, m), BridgeSource::Engine)));
        }
        let texts: Vec<String> = legal.iter().map(|(u, _)| u.clone()).collect();
        let second = client.best_move(pos, movetime_ms, &texts)?;
        if let Some(m) = find(&second) {
            return Ok(Some((m, action_text(board, m), BridgeSource::Retry)));
        }
    }
    Ok(
        best_obstacle_move_knowing(search_view, movetime_ms, exclude)
            .map(|(m, t, _)| (m, t, BridgeSource::Fallback)),
    )
}
