//! Standard chess and Chess960 at the table: the FIDE game record the one generic seat view
//! keeps for them through their rules type's hooks — the course's ends in its own words,
//! threefold and fifty-move claims, fivefold and seventy-five-move draws, a flag fall against
//! material that cannot mate, and the game as PGN.

use crate::core::history::cannot_mate;
use crate::game::game_seat_view::Claims;
use crate::game::seat_view::fide_automatic_draw;
use crate::game::{Game, GameEnd};
use crate::notation::fen;
use crate::variants::core_game::CoreGame;
use crate::variants::core_table::{pgn_record, TableHooks};
use crate::variants::standard::game::{automatic_outcome, claims_for, Claim, Termination};
use crate::variants::{chess960, standard};

/// The table hooks of standard chess and Chess960.
pub static HOOKS: TableHooks = TableHooks {
    info: |game| vec![format!("FEN: {}", game.board_file())],
    end: Some(end),
    claims: |game| {
        let claims = claims_for(game.repetitions(), game.position().halfmove_clock());
        Claims {
            fifty_moves: claims.contains(&Claim::FiftyMoves),
            threefold: claims.contains(&Claim::ThreefoldRepetition),
        }
    },
    automatic_draw: |game| {
        fide_automatic_draw(game.repetitions(), game.position().halfmove_clock())
    },
    could_win: |game, color| !cannot_mate(game.position(), color),
    place: None,
    every_stalemate: false,
};

/// Checkmate, stalemate and impossible checkmate, as the game record words them.
fn end(game: &mut CoreGame) -> Option<GameEnd> {
    let outcome = automatic_outcome(&mut game.position().clone())?;
    Some(match outcome.winner {
        Some(winner) if outcome.termination == Termination::Checkmate => {
            GameEnd::Checkmate { winner }
        }
        _ => GameEnd::VariantRule {
            score: outcome.score(),
            sentence: outcome.sentence(),
        },
    })
}

/// The game as PGN: the front end's tags (or an Event of our own), `Variant` for Chess960,
/// `SetUp` and `FEN` when it did not start from the standard position, a Termination when
/// it has a result, and the end's sentence as the final comment; `None` if the initial board
/// does not read.
pub fn pgn_log(
    chess960: bool,
    initial: &str,
    moves: &[String],
    end: Option<&GameEnd>,
    header: &[(String, String)],
) -> Option<String> {
    let (start, fen_text) = if chess960 {
        let start = chess960::from_fen(initial.trim()).ok()?;
        let text = chess960::to_fen(&start);
        (start, text)
    } else {
        let start = fen::parse(standard::rules(), initial.trim()).ok()?;
        let text = fen::write(&start);
        (start, text)
    };
    let start_fen = (fen_text != standard::START_FEN).then_some(fen_text);
    let variant = chess960.then(|| "Chess960".to_string());
    Some(pgn_record(
        header,
        variant,
        crate::variants::core_table::FirstMove::of(&start),
        start_fen,
        moves.to_vec(),
        end,
    ))
}
