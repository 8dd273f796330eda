//! A game: a position plus its history, and the status questions that need history
//! (repetition, claims) or the whole move list (checkmate, stalemate).

use crate::core::geometry::Color;
use crate::core::moves::{Move, MoveFlag, Undo};
use crate::core::piece::{code_kind, MatingPower};
use crate::core::position::Position;

/// Facts about the position to move in, as the FIDE rules define them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    pub in_check: bool,
    pub legal_moves: usize,
    pub checkmate: bool,
    pub stalemate: bool,
    /// Fifty moves by each side without capture or pawn move: claimable.
    pub fifty_moves: bool,
    /// The current position has occurred at least three times: claimable.
    pub threefold: bool,
    /// Neither side can ever checkmate.
    pub insufficient_material: bool,
}

#[derive(Clone, Debug)]
pub struct Game {
    position: Position,
    /// Repetition keys of every position so far, the current one last.
    keys: Vec<u64>,
    played: Vec<(Move, Undo)>,
}

impl Game {
    pub fn new(mut position: Position) -> Game {
        let key = repetition_key(&mut position);
        Game {
            position,
            keys: vec![key],
            played: Vec::new(),
        }
    }

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
        let Some(&current) = self.keys.last() else {
            return 0;
        };
        // Positions before the last irreversible move cannot recur.
        let window = (self.position.halfmove_clock() as usize + 1).min(self.keys.len());
        self.keys[self.keys.len() - window..]
            .iter()
            .filter(|&&k| k == current)
            .count()
    }

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

/// No sequence of legal moves can end in checkmate: only royal pieces, or one minor piece,
/// or any number of colour-bound pieces all on squares of one colour.
pub fn insufficient_material(position: &Position) -> bool {
    let rules = position.rules();
    let mut minors = 0;
    let mut parities = [false; 2];
    for color in [Color::White, Color::Black] {
        for &sq in position.pieces(color) {
            let Some(code) = position.board.get(sq as usize) else {
                continue;
            };
            match rules.pieces[code_kind(*code) as usize].mating_power {
                MatingPower::None => {}
                MatingPower::Major => return false,
                MatingPower::Minor => minors += 1,
                MatingPower::ColourBound => {
                    parities[rules.shape.parity(sq) as usize] = true;
                }
            }
        }
    }
    let bound_colours = parities.iter().filter(|&&p| p).count();
    matches!((minors, bound_colours), (0, 0) | (0, 1) | (1, 0))
}
