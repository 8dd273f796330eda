//! One binding over the library's one trait: a game of any variant is the registry's
//! [`AnyGame`], dispatched once (the `on_game!` macro) to functions generic over [`Game`].
//! Moves cross the boundary as [`AnyMove`], which [`Played`] converts to and from each
//! game's own move type.

use chessrules::core::{Color, Position};
use chessrules::engine::perft::Perft;
use chessrules::variants::core_game::CoreGame;
use chessrules::variants::obstacle::search::ObstacleSearch;
use chessrules::variants::pawnrace::search::PawnRaceSearch;
use chessrules::variants::registry::AnyGame;
use chessrules::game::{MoveRefused, Terminal, Game};

/// A move of any game the registry builds.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum AnyMove {
    Core(<CoreGame as Game>::Move),
    Obstacle(<ObstacleSearch as Game>::Move),
    PawnRace(<PawnRaceSearch as Game>::Move),
}

/// A game whose moves travel as [`AnyMove`].
pub trait Played: Game {
    fn wrap(m: Self::Move) -> AnyMove;
    fn unwrap(m: AnyMove) -> Option<Self::Move>;
}

impl Played for CoreGame {
    fn wrap(m: Self::Move) -> AnyMove {
        AnyMove::Core(m)
    }
    fn unwrap(m: AnyMove) -> Option<Self::Move> {
        match m {
            AnyMove::Core(m) => Some(m),
            _ => None,
        }
    }
}

impl Played for ObstacleSearch {
    fn wrap(m: Self::Move) -> AnyMove {
        AnyMove::Obstacle(m)
    }
    fn unwrap(m: AnyMove) -> Option<Self::Move> {
        match m {
            AnyMove::Obstacle(m) => Some(m),
            _ => None,
        }
    }
}

impl Played for PawnRaceSearch {
    fn wrap(m: Self::Move) -> AnyMove {
        AnyMove::PawnRace(m)
    }
    fn unwrap(m: AnyMove) -> Option<Self::Move> {
        match m {
            AnyMove::PawnRace(m) => Some(m),
            _ => None,
        }
    }
}

/// Runs `$body` with `$g` bound to the game inside `$game` (a `&mut AnyGame`), whichever
/// variant it is: the one place that names the registry's kinds of game.
macro_rules! on_game {
    ($game:expr, $g:ident => $body:expr) => {
        match $game {
            AnyGame::Core($g) => $body,
            AnyGame::Obstacle(boxed) => {
                let $g = &mut **boxed;
                $body
            }
            AnyGame::PawnRace($g) => $body,
        }
    };
}

/// A legal move with its two texts.
#[derive(Clone, Debug)]
pub struct Listed {
    pub raw: AnyMove,
    /// The variant's notation.
    pub text: String,
    /// Coordinates (UCI; Chess960 castling as the king taking its rook).
    pub uci: String,
    /// Castling as the king's own move, when that differs from `uci` (Chess960).
    pub alt: Option<String>,
}

/// How a game over stands, from the side to move's view, and why.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// One of the variant's rules decided the game (a royal piece lost, a goal reached, …).
    Decided(Terminal),
    /// No legal move: checkmate (in check) or the variant's stalemate result.
    NoMoves { result: Terminal, check: bool },
    /// Nobody can win any more (the core's dead positions).
    DeadPosition,
    /// The fifty-move rule (a draw the rules give once claimed).
    FiftyMoves,
    /// A position repeated (a draw the rules give once claimed).
    Repetition,
}

fn legal<V: Played>(g: &mut V) -> Vec<AnyMove> {
    if g.is_decided() {
        return Vec::new();
    }
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    moves.into_iter().map(V::wrap).collect()
}

fn listed<V: Played>(g: &mut V) -> Vec<Listed> {
    if g.is_decided() {
        return Vec::new();
    }
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|m| Listed {
            raw: V::wrap(m),
            text: g.move_text(m),
            uci: g.coordinate_text(m),
            alt: None,
        })
        .collect()
}

fn texts<V: Played>(g: &mut V, m: AnyMove) -> Option<(String, String)> {
    let m = V::unwrap(m)?;
    Some((g.move_text(m), g.coordinate_text(m)))
}

fn make<V: Played>(g: &mut V, m: AnyMove) -> bool {
    match V::unwrap(m) {
        Some(m) => {
            g.make(m);
            true
        }
        None => false,
    }
}

fn parse<V: Played>(g: &mut V, text: &str) -> Result<AnyMove, MoveRefused> {
    g.parse_move(text).map(V::wrap)
}

/// Why the game is over, if it is. `claim`: count the draws a player may claim too.
fn end<V: Played>(g: &mut V, dead: bool, fifty: bool, claim: bool) -> Option<End> {
    if g.is_decided() {
        return g.terminal().map(End::Decided);
    }
    let mut scratch = Vec::new();
    if g.count_legal_moves(&mut scratch) == 0 {
        return Some(End::NoMoves {
            result: g.no_moves(),
            check: false,
        });
    }
    match g.terminal() {
        Some(Terminal::Draw) if dead => Some(End::DeadPosition),
        Some(Terminal::Draw) if claim && fifty => Some(End::FiftyMoves),
        Some(Terminal::Draw) if claim => Some(End::Repetition),
        Some(t @ (Terminal::Win | Terminal::Loss)) => Some(End::Decided(t)),
        _ => None,
    }
}

/// Subtrees of this many plies or fewer are counted in one call, between two questions to
/// `interrupted` (a few milliseconds: at most about a million leaves, counted in bulk).
const COUNTED_WHOLE: u32 = 3;

/// The library's perft, split above the last [`COUNTED_WHOLE`] plies so that `interrupted`
/// is asked at every node above them; its error stops the count.
fn perft<V: Played, E>(
    g: &mut V,
    depth: u32,
    counter: &mut Perft<V::Move>,
    interrupted: &mut impl FnMut() -> Result<(), E>,
) -> Result<u64, E> {
    if depth <= COUNTED_WHOLE {
        return Ok(counter.count(g, depth));
    }
    interrupted()?;
    // As `Perft::count`: a decided position has no moves.
    if counter.end_rules && g.is_decided() {
        return Ok(0);
    }
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let mut nodes = 0;
    for m in moves {
        g.make(m);
        let below = perft(g, depth - 1, counter, interrupted);
        g.unmake();
        nodes += below?;
    }
    Ok(nodes)
}

pub fn legal_moves(game: &mut AnyGame) -> Vec<AnyMove> {
    on_game!(game, g => legal(g))
}

/// The legal moves with their texts. Castling also answers to the king's own move in
/// coordinates (`e1g1`) where UCI writes it otherwise (Chess960: the king takes its rook).
pub fn listed_moves(game: &mut AnyGame) -> Vec<Listed> {
    let mut moves = on_game!(game, g => listed(g));
    for l in &mut moves {
        l.alt = king_move_text(game, l.raw).filter(|t| *t != l.uci);
    }
    moves
}

/// A castling move as the king's own move in coordinates.
fn king_move_text(game: &AnyGame, m: AnyMove) -> Option<String> {
    match (game, m) {
        (AnyGame::Core(g), AnyMove::Core(m)) if m.is_castle() => {
            Some(chessrules::notation::coordinate::to_uci(g.position(), m))
        }
        _ => None,
    }
}

/// The texts of a legal move (variant notation, UCI); `None` for another game's move.
pub fn move_texts(game: &mut AnyGame, m: AnyMove) -> Option<(String, String)> {
    on_game!(game, g => texts(g, m))
}

/// Plays `m`, which the caller has checked is legal here.
pub fn make_move(game: &mut AnyGame, m: AnyMove) -> bool {
    on_game!(game, g => make(g, m))
}

pub fn unmake_move(game: &mut AnyGame) {
    on_game!(game, g => g.unmake())
}

pub fn parse_move(game: &mut AnyGame, text: &str) -> Result<AnyMove, MoveRefused> {
    on_game!(game, g => parse(g, text))
}

pub fn board_file(game: &mut AnyGame) -> String {
    on_game!(game, g => g.board_file())
}

pub fn side_to_move(game: &mut AnyGame) -> Color {
    on_game!(game, g => g.side_to_move())
}

pub fn key(game: &mut AnyGame) -> u64 {
    on_game!(game, g => g.key())
}

/// Perft of `game` to `depth`, asking `interrupted` every few milliseconds whether to stop.
pub fn count<E>(
    game: &mut AnyGame,
    depth: u32,
    interrupted: &mut impl FnMut() -> Result<(), E>,
) -> Result<u64, E> {
    on_game!(game, g => perft(g, depth, &mut Perft::new(true), interrupted))
}

/// The position on the board (obstacle chess's without its walls and traps).
pub fn position(game: &AnyGame) -> &Position {
    match game {
        AnyGame::Core(g) => g.position(),
        AnyGame::Obstacle(g) => g.board().position(),
        AnyGame::PawnRace(g) => g.position(),
    }
}

/// Is the side to move in check? (Pawn race has no king: never.)
pub fn is_check(game: &AnyGame) -> bool {
    match game {
        AnyGame::Core(g) => g.position().is_check(),
        AnyGame::Obstacle(g) => g.board().position().is_check(),
        AnyGame::PawnRace(_) => false,
    }
}

/// Why the game is over, if it is (see [`End`]).
pub fn game_end(game: &mut AnyGame, claim: bool) -> Option<End> {
    let check = is_check(game);
    let (dead, fifty) = match &*game {
        AnyGame::Core(g) => (
            chessrules::core::history::insufficient_material(g.position()),
            g.position().halfmove_clock() >= 100,
        ),
        _ => (false, false),
    };
    let end = on_game!(game, g => end(g, dead, fifty, claim));
    match end {
        Some(End::NoMoves { result, .. }) => Some(End::NoMoves { result, check }),
        other => other,
    }
}
