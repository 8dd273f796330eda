//! Fairy chess 10×10 for the engine: the shared [`CoreGame`] with the variant's clock rule
//! (from halfmove clock 50 only pawns, soldiers and captures move), its start board, and the
//! engine's move written in the move-file notation with the suffix the spec requires.

use crate::core::{Move, Position};
use crate::engine::{Engine, Limits, SearchResult};
use crate::variants::fairy::{self, notation, play};

use crate::variants::core_game::CoreGame;

/// The course's usual start board (the spec's Figure 1 arrangement).
pub const START_BOARD: &str = "k:1\nr:2\nq:1\nn:1\nb:1\nf:1\ne:1\na:1\nw:1\np:5\nd:5\n-----\n\
r n b e q k a w f r \nd p d p d p d p d p \n. . . . . . . . . . \n. . . . . . . . . . \n\
. . . . . . . . . . \n. . . . . . . . . . \n. . . . . . . . . . \n. . . . . . . . . . \n\
D P D P D P D P D P \nR N B E Q K A W F R \n-----\nw:++++:0:1\n";

/// The start position (from [`START_BOARD`]).
pub fn start() -> Position {
    match fairy::parse_board(START_BOARD) {
        Ok(b) => b.position,
        // Fixed text checked by the tests below; never reached.
        Err(_) => Position::empty(fairy::rules::rules(&[1, 2, 1, 1, 1, 5, 5, 1, 1, 1, 1])),
    }
}

/// A fairy position as a searched game (the clock rule included).
pub fn search(pos: &Position) -> CoreGame {
    super::variant::game(pos.clone())
}

/// The move-file text of a legal move: `c4xd5`, `0-0`, `h9-h10=Q`, with `+` / `++` when it
/// checks / mates.
pub fn move_text(pos: &Position, m: Move) -> String {
    let mut text = notation::write(pos, m);
    let mut after = pos.clone();
    after.make(m);
    if after.is_check() {
        text.push_str(if play::legal_moves(&mut after).is_empty() {
            "++"
        } else {
            "+"
        });
    }
    text
}

/// The engine's move in `pos` within `movetime_ms` (`best` is `None` when no move is
/// allowed). `history` holds the keys of earlier positions of the game; `exclude` lists moves
/// not to play (none: every move the rules allow).
pub fn best_fairy_move(
    pos: &Position,
    history: &[u64],
    movetime_ms: u64,
    exclude: &[Move],
) -> SearchResult<Move> {
    let mut game = search(pos);
    game.set_history(history);
    if !exclude.is_empty() {
        let mut p = pos.clone();
        let allowed: Vec<Move> = play::legal_moves(&mut p)
            .into_iter()
            .filter(|m| !exclude.contains(m))
            .collect();
        if allowed.is_empty() {
            return SearchResult {
                best: None,
                value: 0,
                depth: 0,
                nodes: 0,
                elapsed: std::time::Duration::ZERO,
                pv: Vec::new(),
            };
        }
        game.restrict_root(&allowed);
    }
    let mut engine = Engine::new(18);
    engine.search(&mut game, &Limits::movetime(movetime_ms))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn start_board_is_valid_and_soldiers_reset_the_clock() {
        let board = fairy::parse_board(START_BOARD).unwrap();
        let rules = board.position.rules();
        assert!(rules.kind(fairy::rules::SOLDIER).resets_clock);
        assert!(rules.kind(fairy::rules::PAWN).resets_clock);
        assert!(!rules.kind(fairy::rules::AMAZON).resets_clock);
        assert_eq!(start().piece_count(crate::core::Color::White), 20);
    }

    #[test]
    fn at_clock_fifty_the_search_offers_only_what_the_spec_allows() {
        let text = START_BOARD.replace("w:++++:0:1", "w:++++:50:30");
        let mut pos = fairy::parse_board(&text).unwrap().position;
        let mut game = search(&pos);
        let mut ours = Vec::new();
        game.legal_moves(&mut ours);
        let mut spec = play::legal_moves(&mut pos);
        ours.sort_by_key(|m| (m.from, m.to));
        spec.sort_by_key(|m| (m.from, m.to));
        assert_eq!(ours, spec);
        assert!(!ours.is_empty());
        let r = best_fairy_move(&pos, &[], 50, &[]);
        assert!(spec.contains(&r.best.unwrap()));
    }

    #[test]
    fn the_engine_move_text_is_accepted_by_the_move_checker() {
        let pos = start();
        let r = best_fairy_move(&pos, &[], 50, &[]);
        let m = r.best.unwrap();
        let mut after = crate::variants::fairy::variant::game(pos.clone());
        play::play_line(&mut after, &move_text(&pos, m), 1).unwrap();
        let again = best_fairy_move(&pos, &[], 50, &[m]);
        assert_ne!(again.best, Some(m));
    }
}
