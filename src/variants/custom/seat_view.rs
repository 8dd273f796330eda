//! A variant defined by a variant file (TOML, see docs/variant-files.md) at the table: the
//! one seat view over the file's rules type ([`variant::game`], its trapdoors and mines
//! included), with the file's own table hooks ([`super::table`]). The "board file" is the
//! variant file itself, the game starts from its start position, moves are in coordinate
//! notation (`e2e4`, `a7a8q`) and the game ends by the file's own end rules. The file's walls,
//! trapdoors and mines are public, so every viewer sees them.

use crate::core::Position;
use crate::game::game_seat_view::GameSeatView;
use crate::game::{Diagnostic, SeatView};
use crate::notation::coordinate;
use crate::variants::core_game::CoreGame;
use crate::variants::custom::computer::best_custom_move;
use crate::variants::custom::table::POSITION_LINE;
use crate::variants::custom::{load_variant_file, variant, CustomVariant};

/// What the page shows of variant files.
pub const INFO: crate::variants::registry::BoardText = crate::variants::registry::BoardText {
    initial: include_str!("../../../variants/losalamos.toml"),
    format: "a variant file (TOML): board, pieces in Betza notation, start position, rules",
    syntax: "Moves: e2e4, e7e8q (promotion), e1g1 (castling as the king's move), N@f3 (a drop from the hand, where the variant has hands); wall e4-e5, trapdoor a5, mine h4 place an obstacle instead of moving, when the file gives the players some.",
};

/// Reads a variant file, starting from the position of a first `# position: FEN` line when
/// it has one (the board file this game writes), else from the file's own start.
pub fn load(text: &str) -> Result<Box<dyn SeatView>, Diagnostic> {
    Ok(Box::new(open(text)?))
}

/// A board file of a variant file's game: the variant, the position it starts from (a first
/// `# position: FEN` line's, else the file's own start) and the file's text after that line.
pub(crate) fn start_of(text: &str) -> Result<(CustomVariant, Position, &str), Diagnostic> {
    let variant = load_variant_file(text)?;
    let from_line = text
        .lines()
        .next()
        .and_then(|l| l.strip_prefix(POSITION_LINE));
    let text = match from_line {
        Some(_) => text.split_once('\n').map_or("", |(_, rest)| rest),
        None => text,
    };
    let start = match from_line {
        Some(fen_text) => variant.position_from_fen(fen_text.trim()),
        None => variant.start_position(),
    }
    .map_err(|e| Diagnostic::plain(e.to_string()))?;
    Ok((variant, start, text))
}

fn open(text: &str) -> Result<GameSeatView<CoreGame>, Diagnostic> {
    let (variant, start, text) = start_of(text)?;
    let mut game = variant::game(&variant, start);
    // The board file the table saves is this text, after the position line.
    game.set_header(vec![text.to_string()]);
    let heading = vec![format!("{}: {}", variant.name, variant.description)];
    Ok(GameSeatView::new(game)
        .with_heading(heading)
        .with_look(variant.style, true))
}

/// Our engine's move after `moves` (coordinate texts) in the variant file `initial`, the
/// terrain's effects played as the game went. External engines do not play variant files.
pub fn computer_move(
    initial: &str,
    moves: &[String],
    _me: crate::core::Color,
    think: crate::variants::seat::Think,
) -> Result<String, String> {
    if think.uci.is_some() {
        return Err("an external UCI engine does not play variant files".to_string());
    }
    let mut table = open(initial).map_err(|d| d.full())?;
    for text in moves {
        table.play(text).map_err(|e| e.message)?;
    }
    let game = table.game();
    best_custom_move(game, think.movetime)
        .best
        .map(|m| coordinate::to_uci(game.position(), m))
        .ok_or_else(|| "no legal move".to_string())
}
