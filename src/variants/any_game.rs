//! A game of any variant the registry opens, as one type: [`AnyGame`] implements [`Game`]
//! with [`AnyMove`] as its move, so a front end that serves every variant alike (the Python
//! binding, a script over the library) holds one value and calls the trait on it, by
//! reference. Code that wants each variant's own move type (the search, perft, where the
//! enum's dispatch would cost) hands a generic [`Visit`] to [`AnyGame::visit`] instead.

#![warn(missing_docs)]

use crate::core::{Color, Move, Position};
use crate::engine::perft::Perft;
use crate::game::{Game, MoveRefused, Searchable, Terminal, VariantId};
use crate::variants::core_game::CoreGame;
use crate::variants::obstacle::ObstacleChess;

/// A game of any variant the registry builds.
// The core game is the common case and the one searched: boxing it to even out the arms
// would add an indirection to every game for obstacle chess, the one variant with rules of its
// own, which is boxed instead.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum AnyGame {
    /// The core's rules alone, with the variant's notation and ends (standard, Chess960,
    /// fairy, FollowChess, pawn race, variant files).
    Core(CoreGame),
    /// Obstacle chess on the board as given (hidden trapdoors included).
    Obstacle(Box<ObstacleChess>),
}

/// A move of an [`AnyGame`]: the move of the game inside.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum AnyMove {
    /// A move of a core game.
    Core(Move),
    /// A move of obstacle chess (moves, walls, placements).
    Obstacle(<ObstacleChess as Game>::Move),
}

/// Work to do on a game of any variant, with that variant's own types.
pub trait Visit {
    /// What the work gives back.
    type Output;
    /// Does the work on one variant's game.
    fn visit<G: Searchable>(self, game: G) -> Self::Output;
}

impl AnyGame {
    /// Runs `work` on the game, whichever variant it is.
    pub fn visit<T: Visit>(self, work: T) -> T::Output {
        match self {
            AnyGame::Core(g) => work.visit(g),
            AnyGame::Obstacle(g) => work.visit(*g),
        }
    }

    /// Perft: how many move sequences of `depth` plies lead on from here, the game's own end
    /// rules honoured (a decided game has no moves); `bulk` counts the last ply's moves
    /// without making them. Each variant's own move type runs underneath (through `visit`).
    pub fn perft(self, depth: u32, bulk: bool) -> u64 {
        struct Count {
            depth: u32,
            bulk: bool,
        }
        impl Visit for Count {
            type Output = u64;
            fn visit<G: Searchable>(self, mut game: G) -> u64 {
                Perft::<G::Move>::new(self.bulk).count(&mut game, self.depth)
            }
        }
        self.visit(Count { depth, bulk })
    }

    /// The position of the pieces (obstacle chess's without its walls and traps).
    pub fn position(&self) -> &Position {
        match self {
            AnyGame::Core(g) => g.position(),
            AnyGame::Obstacle(g) => g.board().position(),
        }
    }
}

/// Runs `$body` with `$g` bound to the game inside `$game` (by reference).
macro_rules! each {
    ($game:expr, $g:ident => $body:expr) => {
        match $game {
            AnyGame::Core($g) => $body,
            AnyGame::Obstacle($g) => $body,
        }
    };
}

/// Runs `$body` with `$g` the game and `$m` the move, when the move is of that game's kind;
/// `$other` otherwise (a move of another game: a caller's mistake, never a panic).
macro_rules! with_move {
    ($game:expr, $mv:expr, $g:ident, $m:ident => $body:expr, $other:expr) => {
        match ($game, $mv) {
            (AnyGame::Core($g), AnyMove::Core($m)) => $body,
            (AnyGame::Obstacle($g), AnyMove::Obstacle($m)) => $body,
            _ => $other,
        }
    };
}

/// Appends `game`'s moves, found by `list`, to `out` as [`AnyMove`]s.
fn wrapped<G: Searchable>(
    game: &mut G,
    out: &mut Vec<AnyMove>,
    wrap: fn(G::Move) -> AnyMove,
    list: fn(&mut G, &mut Vec<G::Move>),
) {
    let mut own = Vec::new();
    list(game, &mut own);
    out.extend(own.into_iter().map(wrap));
}

impl Game for AnyGame {
    type Move = AnyMove;

    fn id(&self) -> VariantId {
        each!(self, g => g.id())
    }

    fn side_to_move(&self) -> Color {
        each!(self, g => g.side_to_move())
    }

    fn legal_moves(&mut self, out: &mut Vec<AnyMove>) {
        match self {
            AnyGame::Core(g) => wrapped(g, out, AnyMove::Core, Game::legal_moves),
            AnyGame::Obstacle(g) => wrapped(&mut **g, out, AnyMove::Obstacle, Game::legal_moves),
        }
    }

    /// A move of another variant's game is ignored (it cannot be legal here).
    fn make(&mut self, m: AnyMove) {
        with_move!(self, m, g, m => g.make(m), ())
    }

    fn unmake(&mut self) {
        each!(self, g => g.unmake())
    }

    fn key(&self) -> u64 {
        each!(self, g => g.key())
    }

    fn terminal(&self) -> Option<Terminal> {
        each!(self, g => g.terminal())
    }

    fn is_decided(&self) -> bool {
        each!(self, g => g.is_decided())
    }

    fn no_moves(&self) -> Terminal {
        each!(self, g => g.no_moves())
    }

    fn move_text(&mut self, m: AnyMove) -> String {
        with_move!(self, m, g, m => g.move_text(m), String::new())
    }

    fn parse_move(&mut self, text: &str) -> Result<AnyMove, MoveRefused> {
        match self {
            AnyGame::Core(g) => g.parse_move(text).map(AnyMove::Core),
            AnyGame::Obstacle(g) => g.parse_move(text).map(AnyMove::Obstacle),
        }
    }

    fn board_file(&self) -> String {
        each!(self, g => g.board_file())
    }

    fn coordinate_text(&mut self, m: AnyMove) -> String {
        with_move!(self, m, g, m => g.coordinate_text(m), String::new())
    }
}

impl Searchable for AnyGame {
    fn search_moves(&mut self, out: &mut Vec<AnyMove>) {
        match self {
            AnyGame::Core(g) => wrapped(g, out, AnyMove::Core, Searchable::search_moves),
            AnyGame::Obstacle(g) => {
                wrapped(&mut **g, out, AnyMove::Obstacle, Searchable::search_moves)
            }
        }
    }
    fn evaluate(&mut self) -> i32 {
        each!(self, g => g.evaluate())
    }
    fn is_noisy(&self, m: AnyMove) -> bool {
        with_move!(self, m, g, m => g.is_noisy(m), false)
    }
    fn check_decides(&self) -> bool {
        each!(self, g => g.check_decides())
    }
    fn capture_order(&self, m: AnyMove) -> i32 {
        with_move!(self, m, g, m => g.capture_order(m), 0)
    }
    fn history_slots(&self) -> usize {
        each!(self, g => g.history_slots())
    }
    fn history_slot(&self, m: AnyMove) -> usize {
        with_move!(self, m, g, m => g.history_slot(m), 0)
    }
    fn core_walk(&self, depth: u32) -> Option<&Position> {
        each!(self, g => g.core_walk(depth))
    }
    fn core_arrivals(&self) -> Option<crate::core::perft::Arrivals> {
        each!(self, g => g.core_arrivals())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::registry;

    #[test]
    fn every_registry_game_plays_through_the_one_type() {
        for record in registry::all() {
            let mut game = registry::open(record.id, record.text.initial).expect("its own board");
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            assert!(!moves.is_empty(), "{}", record.id);
            let first = moves[0];
            let text = game.move_text(first);
            assert_eq!(game.parse_move(&text), Ok(first), "{}: {text}", record.id);
            let before = game.key();
            game.make(first);
            game.unmake();
            assert_eq!(game.key(), before, "{}", record.id);
        }
    }

    #[test]
    fn a_move_of_another_game_is_refused_without_a_panic() {
        let chess = registry::open(
            VariantId::Standard,
            registry::info(VariantId::Standard).initial,
        );
        let obstacle = registry::open(
            VariantId::Obstacle,
            registry::info(VariantId::Obstacle).initial,
        );
        let (Ok(mut chess), Ok(mut obstacle)) = (chess, obstacle) else {
            panic!("the registry opens its own initial boards");
        };
        let mut moves = Vec::new();
        obstacle.legal_moves(&mut moves);
        let before = chess.key();
        chess.make(moves[0]);
        assert_eq!(chess.key(), before);
        assert_eq!(chess.move_text(moves[0]), "");
    }
}
