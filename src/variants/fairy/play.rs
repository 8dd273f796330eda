//! Validating and applying move-file moves (Rev2 §5), using the core's move generation for
//! what a piece can reach and what leaves a King in check, and classifying each failure into
//! the spec's error for that kind of move.

use crate::core::{Color, Move, MoveFlag, Part, Position};
use crate::game::Game;
use crate::variants::core_game::{clock_rule_allows, CoreGame};
use crate::variants::fairy::errors::{FairyMoveError, MoveClass};
use crate::variants::fairy::notation::{self, MoveText, Suffix};
use crate::variants::fairy::rules::{is_pawn_kind, kind_of_letter};
use crate::variants::fairy::text::{is_comment, numbered_lines};

/// At this halfmove clock only Pawns and Soldiers may move (§5.2 rule 6, §5.4 rule 3).
pub const HALFMOVE_LIMIT: u32 = 50;

/// Plays every move of a move file on fairy chess's rules type, stopping at the first illegal
/// one. Blank lines are skipped like comment lines.
pub fn play_file(game: &mut CoreGame, text: &str) -> Result<(), FairyMoveError> {
    for (line, move_text) in numbered_lines(text) {
        let move_text = move_text.trim_start();
        if move_text.is_empty() || is_comment(move_text) {
            continue;
        }
        play_line(game, move_text, line)?;
    }
    Ok(())
}

/// Validates one move written as `text` on line `line` and plays it.
pub fn play_line(game: &mut CoreGame, text: &str, line: usize) -> Result<(), FairyMoveError> {
    let m = read_move(&mut game.position().clone(), text, line)?;
    game.make(m);
    Ok(())
}

/// The legal move one move-file line names (suffix checked), not played: for a game at the
/// board, where `line` is only what an error would name.
pub fn read_move(position: &mut Position, text: &str, line: usize) -> Result<Move, FairyMoveError> {
    let parsed = notation::parse(text).ok_or(FairyMoveError::Move(line))?;
    let (class, m, suffix) =
        resolve(position, parsed).map_err(|c| FairyMoveError::illegal(c, line))?;
    let mut after = position.clone();
    after.make(m);
    check_suffix(&mut after, class, suffix, line)?;
    Ok(m)
}

/// The legal core move a move text stands for, or the class of error it reports.
pub fn resolve(
    position: &mut Position,
    parsed: MoveText,
) -> Result<(MoveClass, Move, Suffix), MoveClass> {
    let us = position.side_to_move();
    let clock_full = position.halfmove_clock() >= HALFMOVE_LIMIT;
    match parsed {
        MoveText::Castle { king_side, suffix } => {
            let class = MoveClass::Castling;
            if clock_full {
                return Err(class);
            }
            let index = castling_index(us, king_side);
            let legal = position.legal_move_list();
            let m = legal
                .into_iter()
                .find(|m| m.flag == MoveFlag::Castle(index))
                .ok_or(class)?;
            Ok((class, m, suffix))
        }
        MoveText::Step {
            from,
            to,
            capture,
            promotion,
            suffix,
        } => {
            let basic = if capture {
                MoveClass::Capture
            } else {
                MoveClass::Move
            };
            let class = if promotion.is_some() {
                MoveClass::Promotion
            } else {
                basic
            };
            let rules = position.rules().clone();
            let (from, to) = (rules.shape.sq(from), rules.shape.sq(to));
            // Rules 1–3 of moves and captures: own piece, destination, movement rules.
            let piece = position
                .piece_at(from)
                .filter(|p| p.color == us)
                .ok_or(basic)?;
            match position.piece_at(to) {
                Some(t) if capture && t.color != us && !rules.is_royal(t.kind) => {}
                None if !capture => {}
                _ => return Err(basic),
            }
            let pawn_like = is_pawn_kind(piece.kind);
            if clock_full && !capture && !pawn_like {
                return Err(basic);
            }
            let mut reachable = Vec::new();
            position.piece_moves(from, &mut reachable);
            let base = reachable
                .iter()
                .find(|m| m.to == to)
                .copied()
                .ok_or(basic)?;
            // §5.5: promotions. A Pawn or Soldier reaching the far rank must name its piece.
            let reaches_far_rank = pawn_like && rules.shape.rank_of(to) == rules.promotion_rank(us);
            let m = match promotion {
                Some(letter) => {
                    let kind = kind_of_letter(letter)
                        .filter(|_| reaches_far_rank && letter_colour(letter) == Some(us))
                        .filter(|k| rules.promotion_kinds.contains(k))
                        .ok_or(MoveClass::Promotion)?;
                    Move {
                        from,
                        to,
                        promotion: Some(kind),
                        flag: MoveFlag::Normal,
                        part: Part::None,
                    }
                }
                None if reaches_far_rank => return Err(MoveClass::Promotion),
                None => base,
            };
            // Rules 4, 5 and 7: the move must not leave the mover's King in check.
            if !position.legal_move_list().contains(&m) {
                return Err(class);
            }
            Ok((class, m, suffix))
        }
    }
}

/// The moves the move file may contain now: the core's legal moves, less those the halfmove
/// clock forbids (at 50 only Pawns and Soldiers may move; captures stay legal, §5.3 lists no
/// clock rule).
pub fn legal_moves(position: &mut Position) -> Vec<Move> {
    let mut moves = position.legal_move_list();
    if position.halfmove_clock() >= HALFMOVE_LIMIT {
        moves.retain(|m| clock_rule_allows(position, m));
    }
    moves
}

/// Castling rule index: the status line's flag order.
fn castling_index(color: Color, king_side: bool) -> u8 {
    match (color, king_side) {
        (Color::Black, false) => 0,
        (Color::Black, true) => 1,
        (Color::White, false) => 2,
        (Color::White, true) => 3,
    }
}

fn letter_colour(c: char) -> Option<Color> {
    if c.is_ascii_uppercase() {
        Some(Color::White)
    } else if c.is_ascii_lowercase() {
        Some(Color::Black)
    } else {
        None
    }
}

/// §5.2 rule 8 and §5.6–5.7: after the move, the suffix must say exactly whether the
/// opponent is in check (`+`) or checkmated (`++`).
fn check_suffix(
    position: &mut Position,
    class: MoveClass,
    suffix: Suffix,
    line: usize,
) -> Result<(), FairyMoveError> {
    let check = position.is_check();
    let mate = check && position.legal_move_list().is_empty();
    // A `+` on a mating move is accepted: the course's reference output for
    // promotion_valid_2 (`h9-h10=Q+`, which mates) does so (docs/decisions.md, "Fairy chess").
    match (suffix, check, mate) {
        (Suffix::Mate, true, true) | (Suffix::Check, true, _) | (Suffix::None, false, _) => Ok(()),
        (Suffix::None, true, _) => Err(FairyMoveError::illegal(class, line)),
        (Suffix::Check, false, _) => Err(FairyMoveError::CheckSuffix(line)),
        (Suffix::Mate, _, _) => Err(FairyMoveError::CheckmateSuffix(line)),
    }
}
