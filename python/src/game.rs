//! One binding over the library's one trait: a game of any variant is the registry's
//! [`AnyGame`], which implements [`Game`] with [`AnyMove`] as its move; only perft hands the
//! game inside to a generic count ([`Visit`]), where each variant's own move type is faster.

use chessrules::core::history::AutomaticDraw;
use chessrules::core::Notation;
use chessrules::core::{Color, Position};
use chessrules::engine::perft::Perft;
use chessrules::game::{Game, MoveRefused, Searchable, Terminal};
use chessrules::notation::san;
pub use chessrules::variants::registry::{AnyGame, AnyMove, Visit};

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
    /// A draw without a claim (FIDE 9.6: seventy-five moves, fivefold repetition).
    Automatic(AutomaticDraw),
}

/// Why the game is over, if it is. `claim`: count the draws a player may claim too.
fn end(g: &mut AnyGame, dead: bool, fifty: bool, claim: bool) -> Option<End> {
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

/// Leaves a subtree may have, estimated as (moves here)^(plies), to be counted in one call
/// between two questions to `interrupted`: about a million, a few milliseconds counted in
/// bulk. Deciding by depth alone (the last three plies) let a position of 64,303 moves count
/// 10^14 leaves without a question.
const COUNTED_WHOLE: f64 = (1u64 << 20) as f64;

/// The library's perft, split wherever a subtree's estimated leaves pass
/// [`COUNTED_WHOLE`], so that `interrupted` is asked before every subtree counted whole (by
/// work done, not by depth); its error stops the count.
fn perft<G: Searchable, E>(
    g: &mut G,
    depth: u32,
    counter: &mut Perft<G::Move>,
    interrupted: &mut impl FnMut() -> Result<(), E>,
) -> Result<u64, E> {
    if depth <= 1 {
        return Ok(counter.count(g, depth));
    }
    // As `Perft::count`: a decided position has no moves.
    if counter.end_rules && g.is_decided() {
        return Ok(0);
    }
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    if (moves.len() as f64).powi(depth as i32) <= COUNTED_WHOLE {
        return Ok(counter.count(g, depth));
    }
    let mut nodes = 0;
    for m in moves {
        // Before each subtree: one of 64,303 one-ply counts is a move generation of its own.
        interrupted()?;
        g.make(m);
        let below = perft(g, depth - 1, counter, interrupted);
        g.unmake();
        nodes += below?;
    }
    Ok(nodes)
}

pub fn legal_moves(game: &mut AnyGame) -> Vec<AnyMove> {
    let mut moves = Vec::new();
    if !game.is_decided() {
        game.legal_moves(&mut moves);
    }
    moves
}

/// A variant file's game: its moves are written in SAN for players (the file's own
/// notation is coordinates), as python-chess writes its variants' moves.
fn writes_san(game: &AnyGame) -> bool {
    matches!(game, AnyGame::Core(g) if g.id() == chessrules::game::VariantId::Custom)
}

/// A legal move's text: the variant's notation (SAN for FIDE chess), SAN for a variant file
/// (shogi's notation where the file says so), with python-chess's `#` on a move that wins or
/// loses by a rule of the variant (a king on the hill, an explosion).
pub fn move_text(game: &mut AnyGame, m: AnyMove) -> String {
    let (true, AnyGame::Core(g), AnyMove::Core(core)) = (writes_san(game), &mut *game, m) else {
        return game.move_text(m);
    };
    let mut text = san::to_san(&mut g.position().clone(), core);
    if g.position().rules().options.notation == Notation::Algebraic {
        g.make(core);
        // Won or lost by a rule of the variant, or by having no move (antichess), as
        // python-chess's `is_variant_win`/`loss` count: `#`.
        let end = if g.is_decided() {
            g.terminal()
        } else {
            (g.count_legal_moves(&mut Vec::new()) == 0).then(|| g.no_moves())
        };
        let decisive = end.is_some_and(|t| t != Terminal::Draw);
        g.unmake();
        if decisive {
            text.truncate(text.trim_end_matches(['+', '#']).len());
            text.push('#');
        }
    }
    text
}

/// The legal move a text names: SAN (and coordinates) for a variant file, else the
/// variant's notation.
pub fn parse_text(game: &mut AnyGame, text: &str) -> Result<AnyMove, MoveRefused> {
    if let (true, AnyGame::Core(g)) = (writes_san(game), &mut *game) {
        if let Ok(m) = san::parse(&mut g.position().clone(), text) {
            return Ok(AnyMove::Core(m));
        }
    }
    game.parse_move(text)
}

/// The legal moves with their texts. Castling also answers to the king's own move in
/// coordinates (`e1g1`) where UCI writes it otherwise (Chess960: the king takes its rook).
pub fn listed_moves(game: &mut AnyGame) -> Vec<Listed> {
    let mut moves: Vec<Listed> = legal_moves(game)
        .into_iter()
        .map(|m| Listed {
            raw: m,
            text: move_text(game, m),
            uci: game.coordinate_text(m),
            alt: None,
        })
        .collect();
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

/// The texts of a legal move (variant notation, UCI).
pub fn move_texts(game: &mut AnyGame, m: AnyMove) -> Option<(String, String)> {
    Some((move_text(game, m), game.coordinate_text(m)))
}

/// Plays `m`, which the caller has checked is legal here.
pub fn make_move(game: &mut AnyGame, m: AnyMove) -> bool {
    game.make(m);
    true
}

pub fn unmake_move(game: &mut AnyGame) {
    game.unmake()
}

pub fn board_file(game: &mut AnyGame) -> String {
    game.board_file()
}

pub fn side_to_move(game: &mut AnyGame) -> Color {
    game.side_to_move()
}

pub fn key(game: &mut AnyGame) -> u64 {
    game.key()
}

/// Perft as work for the game inside an [`AnyGame`].
struct Count<'a, F> {
    depth: u32,
    interrupted: &'a mut F,
}

impl<E, F: FnMut() -> Result<(), E>> Visit for Count<'_, F> {
    type Output = Result<u64, E>;
    fn visit<G: Searchable>(self, mut game: G) -> Self::Output {
        perft(
            &mut game,
            self.depth,
            &mut Perft::new(true),
            self.interrupted,
        )
    }
}

/// Perft of `game` to `depth`, asking `interrupted` every few milliseconds whether to stop.
pub fn count<E>(
    game: &mut AnyGame,
    depth: u32,
    interrupted: &mut impl FnMut() -> Result<(), E>,
) -> Result<u64, E> {
    game.clone().visit(Count { depth, interrupted })
}

/// The position on the board (obstacle chess's without its walls and traps).
pub fn position(game: &AnyGame) -> &Position {
    game.position()
}

/// Does `m` take a piece (en passant included)? An obstacle chess action that is not a
/// move takes nothing.
pub fn is_capture(game: &AnyGame, m: AnyMove) -> bool {
    match m {
        AnyMove::Core(m)
        | AnyMove::Obstacle(chessrules::variants::obstacle::ObstacleMove::Piece(m)) => {
            game.position().is_capture(m)
        }
        AnyMove::Obstacle(_) => false,
    }
}

/// Is the side to move in check?
pub fn is_check(game: &AnyGame) -> bool {
    match game {
        AnyGame::Core(g) => g.position().is_check(),
        AnyGame::Obstacle(g) => g.board().position().is_check(),
    }
}

/// Why the game is over, if it is (see [`End`]).
pub fn game_end(game: &mut AnyGame, claim: bool) -> Option<End> {
    let check = is_check(game);
    let (dead, fifty) = match &*game {
        AnyGame::Core(g) => (
            g.ends().dead_position.is_dead(g.position()),
            g.position().halfmove_clock() >= 100,
        ),
        _ => (false, false),
    };
    let end = end(game, dead, fifty, claim);
    match end {
        Some(End::NoMoves { result, .. }) => Some(End::NoMoves { result, check }),
        other => other,
    }
}
