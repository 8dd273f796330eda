//! Playing a game file on an obstacle board: legality (the core's moves plus what trapdoors
//! and mines do), wall placements, the placement phase, and the INFO messages after each move.
//!
//! A piece move is legal when the core generates it (FIDE rules, walls respected, castling
//! fully checked) and, once the move and its trapdoor/mine effects are played, the mover's
//! king is not attacked — or is gone (a king that falls or is blown up ends the game: one
//! king gone is checkmate, both gone is stalemate). A wall is legal when the mover has one
//! left, it lies between two squares, no wall stands there yet, and afterwards the mover's
//! king is not attacked. Checkmate and stalemate count wall placements as moves.
//!
//! Which board "the move and its effects" are played on for that test is the [`Judge`]: the
//! whole board for a game file (its reader sees everything), or the mover's own view in a game
//! between two players, so that no refusal and no list of moves betrays a hidden obstacle the
//! mover cannot know. The move is then played on the real board, where the hidden obstacles act.

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;

use crate::core::{Color, Move, MoveFlag, Square, Undo};
use crate::game::Game;
use crate::variants::standard::{BISHOP, KNIGHT, QUEEN, ROOK};
use crate::variants::terrain;

use super::board::ObstacleBoard;
use super::board_write::write_board;
use super::effects::{self, Fallout};
use super::error::{MoveFault, ObstacleMoveError};
use super::knowledge::{file_trapdoors, view_for, Secret};
use super::notation::{parse_action, Action, Placed};
use super::obstacle_chess::{ObstacleChess, ObstacleMove};
use super::walls::{WallSide, Walls};

/// The standard initial board, the only one from which trapdoors and mines may be placed.
const INITIAL_BOARD: &str = "rnbqkbnr\npppppppp\n........\n........\n........\n........\n\
PPPPPPPP\nRNBQKBNR\nw 3 3 + + + + - 0\n";

/// Lines of placements a game file may start with.
const MAX_PLACEMENT_LINES: u8 = 4;

/// An INFO message (spec §2.1), printed after the move that caused it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Info {
    /// The side to move is in check.
    Check,
    /// The side to move is checkmated, or one king is gone: the game ends.
    Checkmate,
    /// The side to move has no legal action and is not in check, or both kings are gone: the
    /// game ends.
    Stalemate,
    /// A hundred halfmoves without capture, pawn move, wall, fall or blast: the side to move
    /// could claim a draw; play may go on.
    FiftyMoves,
    /// The position has occurred three times: the side to move could claim a draw; play may
    /// go on.
    Threefold,
}

impl fmt::Display for Info {
    /// The spec's text without the `INFO: ` prefix.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Info::Check => "check",
            Info::Checkmate => "checkmate",
            Info::Stalemate => "stalemate",
            Info::FiftyMoves => "draw due to fifty moves",
            Info::Threefold => "draw due to threefold repetition",
        })
    }
}

/// Where the trapdoor-and-mine placement phase stands.
#[derive(Clone, Debug)]
struct Placement {
    /// Still possible: the board was the initial board and no other move has been played.
    open: bool,
    lines: u8,
    /// `[colour][0 = trapdoor, 1 = mine]` already placed.
    placed: [[bool; 2]; 2],
}

/// Whose knowledge decides whether a move is legal (and whether the side to move has one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judge {
    /// The whole board, hidden obstacles included: a game file, whose reader sees everything
    /// (the course's `obstacle IN OUT GAME`).
    Board,
    /// The mover's view: its own secret placements and the public obstacles, never the
    /// opponent's secrets or the board file's hidden trapdoors (a game between two players).
    Mover,
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct ObstacleGame {
    /// The rules type the moves are played on: the whole board, hidden obstacles included.
    rules: ObstacleChess,
    judge: Judge,
    /// The trapdoors and mines placed in secret during the game, with their owners.
    secrets: Vec<Secret>,
    /// The board file's hidden trapdoors: nobody's knowledge.
    file_trapdoors: Vec<Square>,
    /// How often each position since the last irreversible change (clock reset) occurred.
    seen: HashMap<u64, usize>,
    /// Repetition key of the current position.
    current: u64,
    over: bool,
    /// Judged by the mover: the side to move has no legal action, but it may hold secrets the
    /// others do not know, so the others cannot tell (see [`ObstacleGame::pending`]).
    pending: Option<Info>,
    placement: Placement,
}

impl ObstacleGame {
    /// Starts a game on a validated board, judged on the whole board (a game file). Nothing is
    /// reported about the board itself.
    pub fn new(board: ObstacleBoard) -> ObstacleGame {
        ObstacleGame::judged_by(board, Judge::Board)
    }

    /// Starts a game between two players: each move is judged on its mover's view.
    pub fn between_players(board: ObstacleBoard) -> ObstacleGame {
        ObstacleGame::judged_by(board, Judge::Mover)
    }

    fn judged_by(board: ObstacleBoard, judge: Judge) -> ObstacleGame {
        let open = write_board(&board) == INITIAL_BOARD;
        let current = repetition_key(&board, &board);
        ObstacleGame {
            file_trapdoors: file_trapdoors(&board),
            secrets: Vec::new(),
            judge,
            rules: ObstacleChess::new(board),
            seen: HashMap::from([(current, 1)]),
            current,
            over: false,
            pending: None,
            placement: Placement {
                open,
                lines: 0,
                placed: [[false; 2]; 2],
            },
        }
    }

    /// The whole board, hidden obstacles included.
    pub fn board(&self) -> &ObstacleBoard {
        self.rules.board()
    }

    /// The secret placements made so far, with their owners.
    pub fn secrets(&self) -> &[Secret] {
        &self.secrets
    }

    /// The board as `viewer` knows it (`None`: the public board, nobody's secrets).
    pub fn view(&self, viewer: Option<Color>) -> ObstacleBoard {
        view_for(
            self.rules.board(),
            &self.secrets,
            &self.file_trapdoors,
            viewer,
        )
    }

    /// The board the side to move's actions are judged on.
    pub fn judged_board(&self) -> Cow<'_, ObstacleBoard> {
        match self.judge {
            Judge::Board => Cow::Borrowed(self.rules.board()),
            Judge::Mover => Cow::Owned(self.view(Some(self.rules.board().pos.side_to_move()))),
        }
    }

    /// Has the game ended by checkmate or stalemate?
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// A checkmate or stalemate (`Info::Checkmate` / `Info::Stalemate`) that the rules see but
    /// the others may not be told yet: in a game judged by the mover, the side to move has no
    /// legal action on its own view, and it made placement lines (whether it holds a secret,
    /// and where, is unknown to the others, so they cannot know it has no move). The INFO
    /// messages after the move said what the others may know (`check`); the game is not over
    /// until the front end ends it (the mover acknowledges, or its time runs out).
    pub fn pending(&self) -> Option<Info> {
        self.pending
    }

    /// May `color` hold a secret as far as its opponent knows? It made a placement line
    /// (White makes the first and third, Black the second and fourth).
    fn may_hide(&self, color: Color) -> bool {
        usize::from(self.placement.lines) > color.index()
    }

    /// Plays one game-file line (trimmed, not a comment) and returns the INFO messages.
    pub fn play(&mut self, text: &str) -> Result<Vec<Info>, ObstacleMoveError> {
        let fail = |fault| ObstacleMoveError {
            text: text.to_string(),
            fault,
        };
        let action = parse_action(text.as_bytes()).ok_or(fail(MoveFault::Malformed))?;
        if self.over {
            return Err(fail(MoveFault::GameOver));
        }
        match action {
            Action::Place { square, what } => self.place(Some((square, what))).map_err(fail)?,
            Action::SkipPlacement => self.place(None).map_err(fail)?,
            _ => {
                if self.placement.open && self.placement.lines % 2 == 1 {
                    return Err(fail(MoveFault::PlacementUnpaired));
                }
                self.placement.open = false;
                self.act(action).map_err(fail)?;
                return Ok(self.after_move());
            }
        }
        Ok(Vec::new())
    }

    /// One placement line: White's, Black's, White's, Black's.
    fn place(&mut self, placed: Option<(Square, Placed)>) -> Result<(), MoveFault> {
        let p = &mut self.placement;
        if !p.open || p.lines >= MAX_PLACEMENT_LINES {
            return Err(MoveFault::PlacementNotAllowed);
        }
        let color = if p.lines.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        };
        if let Some((square, what)) = placed {
            let (slot, ranks) = match what {
                Placed::Trapdoor => (0, 2..=5),
                Placed::Mine => (1, 3..=4),
            };
            let done = &mut p.placed[color.index()][slot];
            if *done || !ranks.contains(&square.rank) || self.rules.board().piece(square).is_some()
            {
                return Err(MoveFault::BadPlacement);
            }
            let board = self
                .rules
                .board_before_moves()
                .ok_or(MoveFault::PlacementNotAllowed)?;
            *done = true;
            self.secrets.push(Secret {
                owner: color,
                square,
                mine: what == Placed::Mine,
            });
            let mut o = board.obstacle(square);
            match what {
                Placed::Trapdoor => o.hidden_trapdoor = true,
                Placed::Mine => o.mine = true,
            }
            board.set_obstacle(square, o);
        }
        p.lines += 1;
        self.current = repetition_key(self.rules.board(), &self.judged_board());
        self.seen = HashMap::from([(self.current, 1)]);
        Ok(())
    }

    /// A piece move, castling or a wall: chosen and judged on the judged board, played on the
    /// real one.
    fn act(&mut self, action: Action) -> Result<(), MoveFault> {
        let side = self.rules.board().pos.side_to_move();
        // Chosen on the judged board (a borrow of the real one for a game file), played after.
        let judged = self.judged_board();
        let m = match action {
            Action::Castle { king_side } => {
                let rules = self.rules.board().pos.rules().clone();
                let castles = legal_piece_moves_where(&judged, |m| match m.flag {
                    MoveFlag::Castle(i) => rules
                        .castling
                        .get(i as usize)
                        .is_some_and(|c| c.king_side == king_side),
                    _ => false,
                });
                *castles.first().ok_or(MoveFault::NotLegal)?
            }
            Action::Piece {
                from,
                to,
                promotion,
            } => {
                let (from, to) = (self.rules.board().sq(from), self.rules.board().sq(to));
                let candidates = legal_piece_moves_where(&judged, |m| {
                    m.from == from && m.to == to && !m.is_castle()
                });
                let first = *candidates.first().ok_or(MoveFault::NotLegal)?;
                match (first.promotion.is_some(), promotion) {
                    (false, None) => first,
                    (true, Some(letter)) => {
                        let kind = promotion_kind(letter, side).ok_or(MoveFault::BadPromotion)?;
                        *candidates
                            .iter()
                            .find(|m| m.promotion == Some(kind))
                            .ok_or(MoveFault::BadPromotion)?
                    }
                    _ => return Err(MoveFault::BadPromotion),
                }
            }
            Action::Wall { square, side } => {
                wall_check(&judged, square, side)?;
                drop(judged);
                self.rules.make(ObstacleMove::Wall(square, side));
                return Ok(());
            }
            Action::Place { .. } | Action::SkipPlacement => return Err(MoveFault::NotLegal),
        };
        drop(judged);
        self.rules.make(ObstacleMove::Piece(m));
        Ok(())
    }

    /// Records the new position and works out the INFO messages.
    fn after_move(&mut self) -> Vec<Info> {
        let kings_left = |pos: &crate::core::Position| {
            pos.royal_count(Color::White) > 0 && pos.royal_count(Color::Black) > 0
        };
        self.pending = None;
        // What the judged board (a borrow for a game file) decides, read before `self` changes.
        let (key, can_act) = {
            let judged = self.judged_board();
            let key = repetition_key(self.rules.board(), &judged);
            // Between players every action is tried: how long this takes must not tell the
            // others whether (or where) the mover's own secret gives it a move.
            let can_act = match self.judge {
                Judge::Board => has_legal_action(&judged),
                Judge::Mover => has_legal_action_evenly(&judged),
            };
            (key, kings_left(&self.rules.board().pos) && can_act)
        };
        self.current = key;
        // Positions before a capture, pawn move, wall, fall or blast can never recur.
        if self.rules.board().pos.halfmove_clock() == 0 {
            self.seen.clear();
        }
        *self.seen.entry(self.current).or_insert(0) += 1;
        let pos = &self.rules.board().pos;
        let kings = (pos.royal_count(Color::White), pos.royal_count(Color::Black));
        if kings.0 == 0 || kings.1 == 0 {
            self.over = true;
            return vec![if kings == (0, 0) {
                Info::Stalemate
            } else {
                Info::Checkmate
            }];
        }
        let in_check = pos.is_check();
        if !can_act {
            let end = if in_check {
                Info::Checkmate
            } else {
                Info::Stalemate
            };
            if self.judge == Judge::Mover && self.may_hide(pos.side_to_move()) {
                self.pending = Some(end);
            } else {
                self.over = true;
                return vec![end];
            }
        }
        let mut infos = Vec::new();
        if in_check {
            infos.push(Info::Check);
        }
        if self.rules.board().pos.halfmove_clock() >= 100 {
            infos.push(Info::FiftyMoves);
        }
        if self.repetitions() >= 3 {
            infos.push(Info::Threefold);
        }
        infos
    }

    /// How often the current position has occurred, counting itself.
    pub fn repetitions(&self) -> usize {
        self.seen.get(&self.current).copied().unwrap_or(0)
    }
}

/// `Q R B N` for either side; `q r b n` (the spec's black letters) for Black.
fn promotion_kind(letter: u8, side: Color) -> Option<u8> {
    if letter.is_ascii_lowercase() && side != Color::Black {
        return None;
    }
    match letter.to_ascii_uppercase() {
        b'Q' => Some(QUEEN),
        b'R' => Some(ROOK),
        b'B' => Some(BISHOP),
        b'N' => Some(KNIGHT),
        _ => None,
    }
}

/// Plays a core move and then the trapdoors and mines under the squares pieces arrived on.
pub fn play_piece_move(board: &mut ObstacleBoard, m: Move) {
    play_piece_move_recorded(board, m, &mut Fallout::default());
}

/// [`play_piece_move`], recording the effects in `fallout`; the core move's undo is returned.
/// `effects::undo(board, fallout)` then `board.position_mut().unmake(m, undo)` take it all back.
pub fn play_piece_move_recorded(board: &mut ObstacleBoard, m: Move, fallout: &mut Fallout) -> Undo {
    terrain::play_recorded(&mut board.pos, &mut board.terrain, m, fallout).0
}

/// Is this pseudo-legal move of the side to move legal once its effects are played? Played and
/// taken back on `scratch`, a copy of the board the move is generated on.
fn is_legal_on(scratch: &mut ObstacleBoard, fallout: &mut Fallout, m: Move) -> bool {
    let mover = scratch.pos.side_to_move();
    // Kings are never captured: a king left attacked on the input board stays on it.
    let captures_king = scratch
        .pos
        .piece_at(m.to)
        .is_some_and(|p| scratch.pos.rules().is_royal(p.kind));
    if captures_king {
        return false;
    }
    let undo = play_piece_move_recorded(scratch, m, fallout);
    let legal = !scratch.pos.in_check(mover);
    effects::undo(scratch, fallout);
    scratch.pos.unmake(m, undo);
    legal
}

/// The legal piece moves of the side to move, appended to `out` in generation order: each is
/// tried on `board` itself and taken back, so `board` is as it was afterwards (a search that
/// owns its board needs no copy per node).
pub fn legal_piece_moves_into(
    board: &mut ObstacleBoard,
    fallout: &mut Fallout,
    out: &mut Vec<Move>,
) {
    let start = out.len();
    board.pos.pseudo_legal_moves(out);
    let mut kept = start;
    for i in start..out.len() {
        let m = out[i];
        if is_legal_on(board, fallout, m) {
            out[kept] = m;
            kept += 1;
        }
    }
    out.truncate(kept);
}

/// The pseudo-legal moves `keep` selects that are legal, tested on one copy of the board.
fn retain_legal(board: &ObstacleBoard, moves: &mut Vec<Move>, keep: impl Fn(&Move) -> bool) {
    let mut scratch = board.clone();
    let mut fallout = Fallout::default();
    moves.retain(|m| keep(m) && is_legal_on(&mut scratch, &mut fallout, *m));
}

fn pseudo_legal(board: &ObstacleBoard) -> Vec<Move> {
    let mut moves = Vec::with_capacity(64);
    board.pos.pseudo_legal_moves(&mut moves);
    moves
}

/// The legal piece moves (castling included) of the side to move.
pub fn legal_piece_moves(board: &ObstacleBoard) -> Vec<Move> {
    legal_piece_moves_where(board, |_| true)
}

/// The legal piece moves among those `keep` selects (cheaper than all of them).
fn legal_piece_moves_where(board: &ObstacleBoard, keep: impl Fn(&Move) -> bool) -> Vec<Move> {
    let mut moves = pseudo_legal(board);
    retain_legal(board, &mut moves, keep);
    moves
}

/// Why the side to move may not place this wall, if it may not.
pub fn wall_check(board: &ObstacleBoard, square: Square, side: WallSide) -> Result<(), MoveFault> {
    let mover = board.pos.side_to_move();
    if board.walls_left(mover) == 0
        || Walls::on_edge(square, side)
        || board.walls().has(square, side)
    {
        return Err(MoveFault::BadWall);
    }
    let mut after = board.clone();
    after.add_wall(square, side);
    if after.pos.in_check(mover) {
        return Err(MoveFault::NotLegal);
    }
    Ok(())
}

/// Places a wall for the side to move: uses up one of its walls and a turn, resets the
/// halfmove clock (as a pawn move does) and ends any en passant chance.
pub fn place_wall(board: &mut ObstacleBoard, square: Square, side: WallSide) {
    let mover = board.pos.side_to_move();
    board.add_wall(square, side);
    let left = board.walls_left(mover).saturating_sub(1);
    board.set_walls_left(mover, left);
    let pos = &mut board.pos;
    pos.set_en_passant(None);
    let full = pos.fullmove_number() + u32::from(mover == Color::Black);
    pos.set_clocks(0, full);
    pos.set_side_to_move(mover.other());
}

/// Can the side to move play anything at all (a piece move or a wall)?
pub fn has_legal_action(board: &ObstacleBoard) -> bool {
    let mut scratch = board.clone();
    let mut fallout = Fallout::default();
    if pseudo_legal(board)
        .into_iter()
        .any(|m| is_legal_on(&mut scratch, &mut fallout, m))
    {
        return true;
    }
    (0..8u8).any(|rank| {
        (0..8u8).any(|file| {
            [WallSide::West, WallSide::South]
                .into_iter()
                .any(|side| wall_check(board, Square::new(file, rank), side).is_ok())
        })
    })
}

/// [`has_legal_action`] with a time that does not depend on the mover's hidden obstacles. Walls
/// come first and may stop early: whether a wall may be placed depends on public facts only
/// (walls left, walls standing, pieces). The piece moves, whose legality may depend on the
/// mover's own trapdoors and mines, are all tried, with no early exit.
pub fn has_legal_action_evenly(board: &ObstacleBoard) -> bool {
    let wall = (0..8u8).any(|rank| {
        (0..8u8).any(|file| {
            [WallSide::West, WallSide::South]
                .into_iter()
                .any(|side| wall_check(board, Square::new(file, rank), side).is_ok())
        })
    });
    if wall {
        return true;
    }
    let mut scratch = board.clone();
    let mut fallout = Fallout::default();
    let mut any = false;
    for m in pseudo_legal(board) {
        any |= is_legal_on(&mut scratch, &mut fallout, m);
    }
    any
}

/// The key positions are compared by for repetition: the core key (pieces, side, castling,
/// en passant only when an en passant capture is legal on the `judged` board) and the walls,
/// obstacles and walls left.
pub fn repetition_key(board: &ObstacleBoard, judged: &ObstacleBoard) -> u64 {
    let mut pos = board.pos.clone();
    if pos.en_passant().is_some()
        && legal_piece_moves_where(judged, |m| m.flag == MoveFlag::EnPassant).is_empty()
    {
        pos.set_en_passant(None);
    }
    pos.key() ^ board.extras_digest()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::obstacle::parse_board;

    /// Every pseudo-legal move, played with its effects and taken back, leaves the board as it
    /// was: pieces, obstacles, clocks and key (a mine blast with walls, a trapdoor fall).
    #[test]
    fn effects_are_taken_back_exactly() {
        let boards = [
            ".......k\n........\n........\n..p_pp...\n..PM|r...\n....n...\n..N.....\nK.......\n\
w 0 0 - - - - - 7\n",
            "....k...\n........\n........\n........\n....D...\n...K....\n........\n........\n\
w 0 0 - - - - - 3\n",
            "r...k..r\npppppppp\n........\n...M....\n....D...\n........\nPPPPPPPP\nR...K..R\n\
w 3 3 + + + + - 0\n",
        ];
        for text in boards {
            let mut board = parse_board(text.as_bytes()).unwrap();
            let (file, key, clock) = (
                write_board(&board),
                board.pos.key(),
                board.pos.halfmove_clock(),
            );
            let mut fallout = Fallout::default();
            let mut fired = 0;
            for m in pseudo_legal(&board.clone()) {
                let undo = play_piece_move_recorded(&mut board, m, &mut fallout);
                fired += usize::from(!fallout.is_empty());
                effects::undo(&mut board, &mut fallout);
                board.pos.unmake(m, undo);
                assert_eq!(write_board(&board), file, "{m:?}");
                assert_eq!(board.pos.key(), key, "{m:?}");
                assert_eq!(board.pos.halfmove_clock(), clock, "{m:?}");
            }
            assert!(fired > 0, "no move set anything off in\n{text}");
        }
    }
}
