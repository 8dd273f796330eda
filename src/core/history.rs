//! A game: a position plus its history, and the status questions that need history
//! (repetition, claims) or the whole move list (checkmate, stalemate).

use crate::core::geometry::Color;
use crate::core::moves::{Move, MoveFlag, Undo};
use crate::core::piece::{code_kind, KindId, MatingPower};
use crate::core::position::Position;

/// Facts about the position to move in, as the FIDE rules define them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    /// The side to move's royal piece is attacked.
    pub in_check: bool,
    /// How many legal moves the side to move has.
    pub legal_moves: usize,
    /// In check with no legal move: the side to move has lost.
    pub checkmate: bool,
    /// Not in check with no legal move: a draw.
    pub stalemate: bool,
    /// Fifty moves by each side without capture or pawn move: claimable.
    pub fifty_moves: bool,
    /// The current position has occurred at least three times: claimable.
    pub threefold: bool,
    /// Neither side can ever checkmate.
    pub insufficient_material: bool,
}

/// A draw FIDE's rules make without a claim (9.6): every front end (the table, the terminal,
/// PGN validation, Python) ends a game of FIDE chess here, as python-chess's `outcome()` does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AutomaticDraw {
    /// 75 moves of each side without a capture or a pawn move (9.6.2).
    SeventyFiveMoves,
    /// The same position a fifth time (9.6.1).
    FivefoldRepetition,
}

impl AutomaticDraw {
    /// The automatic draw in a position that occurred `repetitions` times (counting itself)
    /// after `halfmove_clock` halfmoves without a capture or a pawn move; the caller has found
    /// it is no checkmate or stalemate (those end the game first). The seventy-five-move rule
    /// is asked first, as python-chess asks it.
    pub fn of(repetitions: usize, halfmove_clock: u32) -> Option<AutomaticDraw> {
        if halfmove_clock >= 150 {
            Some(AutomaticDraw::SeventyFiveMoves)
        } else if repetitions >= 5 {
            Some(AutomaticDraw::FivefoldRepetition)
        } else {
            None
        }
    }

    /// The rule, in words: `the seventy-five-move rule`, `fivefold repetition`.
    pub fn rule(self) -> &'static str {
        match self {
            AutomaticDraw::SeventyFiveMoves => "the seventy-five-move rule",
            AutomaticDraw::FivefoldRepetition => "fivefold repetition",
        }
    }
}

/// A position with the moves that led to it and the repetition key of every position on the
/// way: what the questions about repetition and claims need.
#[derive(Clone, Debug)]
pub struct PositionHistory {
    position: Position,
    /// Repetition keys of every position so far, the current one last.
    keys: Vec<u64>,
    played: Vec<(Move, Undo)>,
}

impl PositionHistory {
    /// A history starting at `position`, no moves played.
    pub fn new(mut position: Position) -> PositionHistory {
        let key = repetition_key(&mut position);
        PositionHistory {
            position,
            keys: vec![key],
            played: Vec::new(),
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Mutable access for variant hooks that change the position outside of moves.
    /// The caller must call `refresh_key` afterwards.
    pub fn position_mut(&mut self) -> &mut Position {
        &mut self.position
    }

    /// Recomputes the repetition key of the current position after an outside change.
    pub fn refresh_key(&mut self) {
        let key = repetition_key(&mut self.position);
        if let Some(last) = self.keys.last_mut() {
            *last = key;
        }
    }

    /// The moves played since the start, oldest first.
    pub fn moves(&self) -> impl Iterator<Item = &Move> {
        self.played.iter().map(|(m, _)| m)
    }

    /// Plays a legal move (the caller has checked legality).
    pub fn play(&mut self, m: Move) {
        let undo = self.position.make(m);
        self.played.push((m, undo));
        let key = repetition_key(&mut self.position);
        self.keys.push(key);
    }

    /// Zobrist keys (`Position::key`, as a search computes them) of the positions before the
    /// current one, oldest first: what an engine needs to see the game's repetitions.
    pub fn earlier_keys(&self) -> Vec<u64> {
        let mut pos = self.position.clone();
        let mut keys: Vec<u64> = self
            .played
            .iter()
            .rev()
            .map(|&(m, undo)| {
                pos.unmake(m, undo);
                pos.key()
            })
            .collect();
        keys.reverse();
        keys
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> Option<Move> {
        let (m, undo) = self.played.pop()?;
        self.position.unmake(m, undo);
        self.keys.pop();
        Some(m)
    }

    /// How often the current position has occurred (counting itself).
    pub fn repetitions(&self) -> usize {
        let Some((&current, earlier)) = self.keys.split_last() else {
            return 0;
        };
        let halfmove = self.position.halfmove_clock();
        occurrences(current, earlier.iter().rev().copied(), halfmove)
    }

    /// The status of the current position (`&mut`: generating its legal moves makes and unmakes
    /// them).
    pub fn status(&mut self) -> Status {
        let in_check = self.position.is_check();
        let legal_moves = self.position.legal_move_list().len();
        Status {
            in_check,
            legal_moves,
            checkmate: in_check && legal_moves == 0,
            stalemate: !in_check && legal_moves == 0,
            fifty_moves: self.position.halfmove_clock() >= 100,
            threefold: self.repetitions() >= 3,
            insufficient_material: insufficient_material(&self.position),
        }
    }
}

/// How often a position has occurred, counting itself: its repetition key `current` among the
/// keys of the positions before it (`earlier`, newest first), as far back as the last capture
/// or pawn move (`halfmove` plies): no position before that can recur.
pub fn occurrences(current: u64, earlier: impl Iterator<Item = u64>, halfmove: u32) -> usize {
    1 + earlier
        .take(halfmove as usize)
        .filter(|&k| k == current)
        .count()
}

/// The repetition keys of the positions before `position`, newest first, found as they are
/// needed by taking back `played` (oldest first) one move at a time.
pub fn earlier_repetition_keys<'a>(
    position: &Position,
    played: &'a [(Move, Undo)],
) -> impl Iterator<Item = u64> + 'a {
    let mut pos = position.clone();
    played.iter().rev().map(move |&(m, undo)| {
        pos.unmake(m, undo);
        repetition_key(&mut pos)
    })
}

/// The Zobrist key with the en passant square counted only when an en passant capture is
/// legal: FIDE's "same position" ignores a right that cannot be used.
pub fn repetition_key(position: &mut Position) -> u64 {
    let key = position.key();
    let Some(ep) = position.en_passant() else {
        return key;
    };
    let usable = position
        .legal_move_list()
        .iter()
        .any(|m| m.flag == MoveFlag::EnPassant);
    if usable {
        key
    } else {
        key ^ position.ep_key(ep)
    }
}

/// One side's pieces by what they contribute to mating (royal pieces count for nothing).
#[derive(Default)]
struct Material {
    major: usize,
    minor: usize,
    bound: usize,
    /// Square colours (parities) the colour-bound pieces stand on.
    bound_on: [bool; 2],
}

impl Material {
    fn of(position: &Position, color: Color) -> Material {
        let rules = position.rules();
        let mut m = Material::default();
        position.pieces(color).for_each(|sq| {
            let Some(code) = position.board.get(sq as usize) else {
                return;
            };
            match rules.pieces[code_kind(*code) as usize].mating_power {
                MatingPower::None => {}
                MatingPower::Major => m.major += 1,
                MatingPower::Minor => m.minor += 1,
                MatingPower::ColourBound => {
                    m.bound += 1;
                    m.bound_on[rules.shape.parity(sq) as usize] = true;
                }
            }
        });
        m
    }

    fn pieces(&self) -> usize {
        self.major + self.minor + self.bound
    }

    /// The bitboards show a major piece of `color` (so `of(..).major > 0`): a kind's word each
    /// instead of every piece's kind (the search asks at every node, and most positions end
    /// the question here). Always false without bitboards, where counting decides.
    fn bitboards_show_major(position: &Position, color: Color) -> bool {
        position
            .rules()
            .pieces
            .iter()
            .enumerate()
            .any(|(kind, piece)| {
                piece.mating_power == MatingPower::Major
                    && position
                        .kind_squares(color, kind as KindId)
                        .is_some_and(|squares| !squares.is_empty())
            })
    }
}

/// `color` could never checkmate, whatever either side plays: the test FIDE 6.9 asks when the
/// other side's flag falls (then the game is drawn, not lost). Only royal pieces; one minor
/// piece against only royal pieces (a lone knight mates only against a king hemmed in by its
/// own pieces); or colour-bound pieces all on one square colour against an opponent with no
/// major or minor piece and no colour-bound piece on the other colour. Any other material
/// counts as able to mate: when in doubt the flag fall loses, as it did before this test.
pub fn cannot_mate(position: &Position, color: Color) -> bool {
    if Material::bitboards_show_major(position, color) {
        return false;
    }
    let us = Material::of(position, color);
    let them = Material::of(position, color.other());
    if us.major > 0 {
        return false;
    }
    if us.minor > 0 {
        return us.minor == 1 && us.bound == 0 && them.pieces() == 0;
    }
    if us.bound > 0 {
        let one_colour = us.bound_on != [true, true];
        let blockers_on_the_other_colour = them.major > 0
            || them.minor > 0
            || (them.bound_on[0] && !us.bound_on[0])
            || (them.bound_on[1] && !us.bound_on[1]);
        return one_colour && !blockers_on_the_other_colour;
    }
    true
}

/// No sequence of legal moves can end in checkmate: only royal pieces, or one minor piece,
/// or any number of colour-bound pieces all on squares of one colour.
pub fn insufficient_material(position: &Position) -> bool {
    if Color::BOTH
        .iter()
        .any(|&c| Material::bitboards_show_major(position, c))
    {
        return false;
    }
    let white = Material::of(position, Color::White);
    let black = Material::of(position, Color::Black);
    if white.major + black.major > 0 {
        return false;
    }
    let minors = white.minor + black.minor;
    let bound_colours = (0..2)
        .filter(|&p| white.bound_on[p] || black.bound_on[p])
        .count();
    matches!((minors, bound_colours), (0, 0) | (0, 1) | (1, 0))
}
