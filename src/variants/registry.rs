//! From a [`VariantId`] and a board file (in the format the page and the network game use) to
//! a game of that variant behind the [`Variant`] trait. Front ends that serve every variant
//! alike hold an [`AnyGame`] and hand a generic [`Visit`] to it, so each of them is written
//! once over the trait.

use crate::variants::core_game::CoreGame;
use crate::variants::obstacle::search::ObstacleSearch;
use crate::variants::pawnrace::search::PawnRaceSearch;
use crate::variants::{fairy, follow, games, obstacle, standard, Diagnostic, Variant, VariantId};

/// A game of any variant the registry builds.
#[derive(Clone, Debug)]
pub enum AnyGame {
    /// The core's rules alone, with the variant's notation and ends (standard, fairy,
    /// FollowChess).
    Core(CoreGame),
    /// Obstacle chess on the board as given (hidden trapdoors included).
    Obstacle(Box<ObstacleSearch>),
    PawnRace(PawnRaceSearch),
}

/// Work to do on a game of any variant.
pub trait Visit {
    type Output;
    fn visit<V: Variant>(self, game: V) -> Self::Output;
}

impl AnyGame {
    /// Runs `work` on the game, whichever variant it is.
    pub fn visit<T: Visit>(self, work: T) -> T::Output {
        match self {
            AnyGame::Core(g) => work.visit(g),
            AnyGame::Obstacle(g) => work.visit(*g),
            AnyGame::PawnRace(g) => work.visit(g),
        }
    }
}

/// Reads a board file of `id` into a game; the error is the variant's own diagnostic
/// (message, line or square, exit code). Variant files (`Custom`) are not here: their rules
/// come from the file, not from the id.
pub fn open(id: VariantId, text: &str) -> Result<AnyGame, Diagnostic> {
    match id {
        VariantId::Standard => standard::setup::position_from_fen(text)
            .map(|pos| AnyGame::Core(standard::variant::game(pos)))
            .map_err(Diagnostic::from),
        VariantId::Chess960 => crate::variants::standard::setup::chess960_position_from_fen(text)
            .map(|pos| AnyGame::Core(crate::variants::chess960::game(pos)))
            .map_err(Diagnostic::from),
        VariantId::Fairy => fairy::parse_board(text)
            .map(|b| AnyGame::Core(fairy::variant::game_of_board(&b)))
            .map_err(Diagnostic::from),
        VariantId::Obstacle => obstacle::parse_board(text.as_bytes())
            .map(|b| AnyGame::Obstacle(Box::new(ObstacleSearch::knowing(b))))
            .map_err(Diagnostic::from),
        VariantId::Follow => {
            let mut game = follow::FollowChess::new();
            game.load_board(std::io::Cursor::new(text.as_bytes()))?;
            let pos = game
                .position()
                .cloned()
                .ok_or_else(|| Diagnostic::plain("no board"))?;
            Ok(AnyGame::Core(follow::variant::game(pos)))
        }
        VariantId::PawnRace => games::pawnrace::parse(text)
            .map(|pos| AnyGame::PawnRace(PawnRaceSearch::new(pos)))
            .map_err(Diagnostic::plain),
        VariantId::Custom => Err(Diagnostic::plain("a variant file brings its own rules")),
    }
}

/// Plays move texts in the variant's notation from where `game` stands.
pub fn replay<V: Variant>(game: &mut V, moves: &[String]) -> Result<(), String> {
    for text in moves {
        let m = game.parse_move(text).map_err(|e| format!("{text}: {e}"))?;
        game.make(m);
    }
    Ok(())
}
