//! Draws a player may claim, counted as python-chess counts them: the fifty-move rule (a
//! hundred halfmoves, or a move that makes them, with a legal move left after) and threefold
//! repetition (the position a third time since the last irreversible move, or a move that
//! makes it so). Positions are the same by FIDE's key: en passant counts only when the capture
//! is legal (`core::history::repetition_key`).

use chessrules::core::history::{repetition_key, AutomaticDraw};
use chessrules::core::MoveFlag;
use chessrules::variants::registry::AnyGame;

use crate::game::{self, AnyMove};

/// The FIDE key of the position on the board.
fn key(game: &AnyGame) -> u64 {
    repetition_key(&mut game::position(game).clone())
}

/// Can the side to move take en passant (legally)?
fn legal_en_passant(game: &AnyGame) -> bool {
    let mut pos = game::position(game).clone();
    pos.en_passant().is_some()
        && pos
            .legal_move_list()
            .iter()
            .any(|m| m.flag == MoveFlag::EnPassant)
}

/// The keys of the positions since the last irreversible move of `stack` (the moves that
/// led to the board, oldest first), the current one first. Irreversible as python-chess
/// says: a capture or pawn move, a loss of castling rights, or a legal en passant capture
/// in the position before the move.
fn keys_since_irreversible(game: &mut AnyGame, stack: &[AnyMove]) -> Vec<u64> {
    let mut keys = vec![key(game)];
    let mut undone = Vec::new();
    for &m in stack.iter().rev() {
        let (clock, rights) = {
            let after = game::position(game);
            (after.halfmove_clock(), after.castling_rights())
        };
        game::unmake_move(game);
        undone.push(m);
        let before = game::position(game);
        if clock == 0 || rights != before.castling_rights() || legal_en_passant(game) {
            break;
        }
        keys.push(key(game));
    }
    for m in undone.into_iter().rev() {
        game::make_move(game, m);
    }
    keys
}

fn has_legal_moves(game: &mut AnyGame) -> bool {
    !game::legal_moves(game).is_empty()
}

/// python-chess's `can_claim_fifty_moves`.
pub fn fifty_moves(game: &mut AnyGame) -> bool {
    let clock = game::position(game).halfmove_clock();
    if clock >= 100 && has_legal_moves(game) {
        return true;
    }
    if clock < 99 {
        return false;
    }
    game::legal_moves(game).into_iter().any(|m| {
        game::make_move(game, m);
        let after = game::position(game).halfmove_clock();
        let claim = after >= 100 && has_legal_moves(game);
        game::unmake_move(game);
        claim
    })
}

/// python-chess's `can_claim_threefold_repetition`.
pub fn threefold(game: &mut AnyGame, stack: &[AnyMove]) -> bool {
    let keys = keys_since_irreversible(game, stack);
    let seen = |k: u64| keys.iter().filter(|&&x| x == k).count();
    if seen(keys[0]) >= 3 {
        return true;
    }
    game::legal_moves(game).into_iter().any(|m| {
        game::make_move(game, m);
        let k = key(game);
        game::unmake_move(game);
        seen(k) >= 2
    })
}

/// How often the position has occurred since the last irreversible move (counting itself),
/// as python-chess's `is_repetition` counts; at most what the clock allows.
fn repetitions(game: &mut AnyGame, stack: &[AnyMove]) -> usize {
    // A fifth occurrence needs four returns of at least four plies, all counted by the clock.
    if game::position(game).halfmove_clock() < 16 {
        return 1;
    }
    let keys = keys_since_irreversible(game, stack);
    keys.iter().filter(|&&k| k == keys[0]).count()
}

/// python-chess's `is_fivefold_repetition`: the position a fifth time.
pub fn fivefold(game: &mut AnyGame, stack: &[AnyMove]) -> bool {
    repetitions(game, stack) >= 5
}

/// python-chess's `is_seventyfive_moves`: 150 halfmoves, with a legal move left.
pub fn seventyfive(game: &mut AnyGame) -> bool {
    game::position(game).halfmove_clock() >= 150 && has_legal_moves(game)
}

/// The draw FIDE's rules make without a claim (9.6) in a position that is no checkmate or
/// stalemate, as python-chess's `outcome()` finds it: seventy-five moves, then fivefold.
pub fn automatic_draw(game: &mut AnyGame, stack: &[AnyMove]) -> Option<AutomaticDraw> {
    let clock = game::position(game).halfmove_clock();
    AutomaticDraw::of(repetitions(game, stack), clock).filter(|_| has_legal_moves(game))
}
