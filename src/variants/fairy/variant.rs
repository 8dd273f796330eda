//! Fairy chess as a [`Game`](crate::game::Game): the core's rules with the clock
//! rule, the move-file notation (with the suffix the spec requires) and the board file.

use crate::core::Position;
use crate::game::{MoveRefused, VariantId};
use crate::variants::core_game::{CoreGame, CoreNotation};
use crate::variants::core_table::TableHooks;
use crate::variants::fairy::{computer, play, write, FairyBoard};

/// The `UCI_Variant` name of fairy chess 10×10, as our `uci` command offers it and an
/// external engine must.
pub const UCI_VARIANT: &str = "fairy10x10";

/// Fairy chess's notation: move-file lines, board files.
pub static DIALECT: CoreNotation = CoreNotation {
    id: VariantId::Fairy,
    write_move: |pos, m| computer::move_text(pos, m),
    // The refusal names the text, as a move file's error names its line.
    read_move: |pos, text| {
        play::read_move(pos, text, 1)
            .map_err(|e| MoveRefused::new(format!("{}: {}", text.trim(), e.reason())))
    },
    write_board: write::board_file,
    write_coordinates: crate::notation::coordinate::to_uci,
    table: &TableHooks::side_panel(table_info),
    evaluate: None,
};

/// The side panel: the board file's allocation and status line, and the clock rule once it
/// restricts the moves.
fn table_info(game: &CoreGame) -> Vec<String> {
    let pos = game.position();
    let mut lines = vec![
        format!("allocation: {}", game.header().join(" ")),
        format!("status line: {}", write::status_line(pos)),
    ];
    if pos.halfmove_clock() >= play::HALFMOVE_LIMIT {
        lines.push("halfmove clock at 50: only pawns and soldiers may move".to_string());
    }
    lines
}

/// A game of fairy chess from `pos` (the clock rule included); its board file is written
/// under the usual allocation (see [`game_of_board`] to keep a file's own).
pub fn game(pos: Position) -> CoreGame {
    let mut game = CoreGame::new(pos, &DIALECT);
    game.set_clock_limit(Some(play::HALFMOVE_LIMIT));
    game
}

/// A game from a validated board file, keeping its allocation lines.
pub fn game_of_board(board: &FairyBoard) -> CoreGame {
    let mut game = game(board.position.clone());
    game.set_header(board.allocation_lines.clone());
    game
}
