//! Pawn race as data on the core game: the rules and ends are `variants/pawnrace.toml`'s;
//! what this file adds are the course's thin hooks — its short algebraic notation and error
//! messages, its board diagram, its sentences for the end of a game, and its evaluation of
//! pawn races.

use crate::core::{Color, Position};
use crate::game::{Game, GameEnd, MoveRefused, Score, Terminal, VariantId};
use crate::notation::coordinate;
use crate::variants::core_game::{CoreGame, CoreNotation, DecidedBy};
use crate::variants::core_table::TableHooks;
use crate::variants::pawnrace::{eval, notation, seat_view, variant_file};

/// Pawn race's hooks: the course's notation and diagram, its ends in its words, its search's
/// evaluation.
pub static DIALECT: CoreNotation = CoreNotation {
    id: VariantId::PawnRace,
    write_move: |pos, m| notation::san(pos, m),
    read_move: |pos, text| notation::parse(pos, text).map_err(|e| MoveRefused::new(e.to_string())),
    write_board: |_, pos| seat_view::board_text(pos),
    write_coordinates: coordinate::to_uci,
    table: &TABLE,
    evaluate: Some(eval::evaluate),
};

/// The side panel's one line and the course's end sentences.
static TABLE: TableHooks = TableHooks {
    info: |_| vec!["the first pawn to reach its last rank wins".to_string()],
    end: Some(course_end),
    ..TableHooks::PLAIN
};

/// A pawn race game from `pos`, ending as the file says.
pub fn game(pos: Position) -> CoreGame {
    let mut game = CoreGame::new(pos, &DIALECT);
    game.set_ends(variant_file().end.clone());
    game
}

/// How a pawn race ended, in the course's words: a pawn on its last rank, every enemy pawn
/// captured, or a side that cannot move (a draw). A pawn on its last rank names the end even
/// where the same capture took the last enemy pawn, White's first, as the course's game
/// always said it (only a drawn board can have both).
pub fn course_end(game: &mut CoreGame) -> Option<GameEnd> {
    let mover = game.side_to_move();
    let ends = game.ends();
    if let Some(winner) = Color::BOTH
        .into_iter()
        .find(|&c| ends.reached(game.position(), c))
    {
        return Some(won(winner, "reaching the last rank".to_string()));
    }
    if let Some((result, by)) = game.ends().decided_why(game.position()) {
        let winner = match result {
            Terminal::Win => mover,
            Terminal::Loss => mover.other(),
            // The file's rules decide no race as a draw; a side without moves is below.
            Terminal::Draw => return Some(drawn(mover)),
        };
        let how = match by {
            DecidedBy::Extinction | DecidedBy::NoPiecesLeft => {
                format!("capturing every {} pawn", winner.other().name())
            }
            _ => "reaching the last rank".to_string(),
        };
        return Some(won(winner, how));
    }
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves.is_empty().then(|| drawn(mover))
}

/// The course's win: `White wins by reaching the last rank`.
fn won(winner: Color, how: String) -> GameEnd {
    GameEnd::VariantRule {
        score: Score::Win(winner),
        sentence: format!("{} wins by {how}", winner.title()),
    }
}

/// The course's stalemate: the side to move cannot move.
fn drawn(mover: Color) -> GameEnd {
    GameEnd::VariantRule {
        score: Score::Draw,
        sentence: format!("Draw by stalemate: {} cannot move", mover.title()),
    }
}
