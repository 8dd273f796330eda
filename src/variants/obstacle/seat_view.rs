//! Obstacle chess: FIDE chess on 8×8 with walls, trapdoors and mines, played through
//! `ObstacleGame` (the variant's own legality, effects and INFO messages). Moves are the game
//! file's texts: `e2-e4`, `e7-e8=Q`, `0-0`, walls `|e4` / `_e4`, placements `De4`, `Me4`, `...`.
//!
//! Two players each know only their own secret placements: every move is judged on its mover's
//! view (`Judge::Mover`), and the moves a square offers are computed on what both the mover and
//! the asker know, so neither a refusal nor a list of targets betrays a hidden obstacle.

use std::time::{SystemTime, UNIX_EPOCH};

use crate::core::{Color, MoveFlag, Square};
use crate::engine::Rng;
use crate::game::{Diagnostic, GameEnd, MoveRefused};
use crate::notation::coordinate;
use crate::variants::obstacle::knowledge::Secret;
use crate::variants::obstacle::obstacle_chess::{action_text, ObstacleMove};
use crate::variants::obstacle::placement::computer_placement;
use crate::variants::obstacle::search::best_obstacle_move_knowing;
use crate::variants::obstacle::uci_bridge::obstacle_move_knowing;
use crate::variants::obstacle::{
    game::legal_piece_moves, parse_board, write_board, Info, Obstacle, ObstacleGame,
};
use crate::variants::terrain::announce::{Announce, Pieces};

use crate::game::seat_view::{
    position_cells, Cell, GameStatus, Hazard, Played, Reveal, SeatView, SecretPlacement, Target,
    Verdict,
};
use crate::variants::obstacle::knowledge::view_without;

/// What the page shows of obstacle chess.
pub const INFO: crate::variants::registry::BoardText = crate::variants::registry::BoardText {
    initial: "rnbqkbnr\npppppppp\n........\n........\n........\n........\nPPPPPPPP\nRNBQKBNR\n\
w 3 3 + + + + - 0\n",
    format: "eight rank lines (8 first) with walls | _ and obstacles M D O X, then the status line",
    syntax: "Moves (game-file notation): e2-e4, e7-e8=Q, 0-0, 0-0-0; walls |e4 (west of e4) and _e4 (south of e4). On the initial board, before the first move: Dc6 (a secret trapdoor, ranks 3-6), Md5 (a secret mine, ranks 4-5), ... (no placement).",
};

/// Lines of placements a game may start with (White, Black, White, Black).
const PLACEMENT_LINES: usize = 4;

/// An obstacle chess game at the table: the game with its secrets, the placement phase,
/// and what the last move set off.
pub struct ObstacleSeatView {
    game: ObstacleGame,
    /// Only the standard initial board allows placements.
    placement_open: bool,
    placements: usize,
    last: Vec<Info>,
    events: Vec<(&'static str, String, String)>,
}

/// An obstacle chess board file at the table.
pub fn load(text: &str) -> Result<Box<dyn SeatView>, Diagnostic> {
    let board = parse_board(text.as_bytes())?;
    let placement_open = write_board(&board) == INFO.initial;
    Ok(Box::new(ObstacleSeatView {
        game: ObstacleGame::between_players(board),
        placement_open,
        placements: 0,
        last: Vec::new(),
        events: Vec::new(),
    }))
}

fn obstacle_name(o: Obstacle, revealed: bool) -> Option<&'static str> {
    if o.open_trapdoor {
        return Some("open_trapdoor");
    }
    if !revealed {
        return None;
    }
    match (o.hidden_trapdoor, o.mine) {
        (true, true) => Some("trapdoor_mine"),
        (true, false) => Some("trapdoor"),
        (false, true) => Some("mine"),
        (false, false) => None,
    }
}

impl ObstacleSeatView {
    fn obstacles(&self) -> Vec<(Square, Obstacle)> {
        squares()
            .map(|s| (s, self.game.board().obstacle(s)))
            .collect()
    }

    fn pieces(&self) -> Pieces {
        Pieces::of(self.game.board().position())
    }
}

/// The 64 squares, a1 first, rank by rank.
fn squares() -> impl Iterator<Item = Square> {
    (0..8u8).flat_map(|r| (0..8u8).map(move |f| Square::new(f, r)))
}

/// A game-file move's from and to squares (`e2-e4`, `e7-e8=Q`; not castling or walls).
fn from_to(text: &str) -> Option<(Square, Square)> {
    let from = Square::parse(text.get(0..2)?)?;
    let to = Square::parse(text.get(3..5)?)?;
    Some((from, to))
}

impl SeatView for ObstacleSeatView {
    fn files(&self) -> u8 {
        8
    }
    fn ranks(&self) -> u8 {
        8
    }
    fn side_to_move(&self) -> Color {
        self.game.board().position().side_to_move()
    }
    fn cells(&self, reveal: Reveal) -> Vec<Cell> {
        let board = self.game.board();
        let mut cells = position_cells(board.position());
        for (cell, (s, o)) in cells.iter_mut().zip(self.obstacles()) {
            cell.obstacle = obstacle_name(o, reveal(s));
        }
        cells
    }
    fn walls(&self) -> Vec<crate::game::seat_view::WallView> {
        use crate::variants::obstacle::walls::WallSide;
        let walls = self.game.board().walls();
        let mut out = Vec::new();
        for (s, _) in self.obstacles() {
            for (side, name) in [(WallSide::West, "west"), (WallSide::South, "south")] {
                if walls.has(s, side) {
                    out.push(crate::game::seat_view::WallView {
                        square: s.to_string(),
                        side: name,
                    });
                }
            }
        }
        out
    }
    fn targets(&self, from: Square, asker: Option<Color>) -> Vec<Target> {
        if self.game.is_over()
            || self.placement_open && !self.placements.is_multiple_of(2)
            || from.file >= 8
            || from.rank >= 8
        {
            return Vec::new();
        }
        // The mover is told what its own view allows; anyone else what the public board
        // allows (the mover's secrets are not theirs to learn from a missing target).
        let mover = self.side_to_move();
        let board = &self.game.view((asker == Some(mover)).then_some(mover));
        let pos = board.position();
        let rules = pos.rules().clone();
        let from_sq = board.sq(from);
        legal_piece_moves(board)
            .into_iter()
            .filter(|m| m.from == from_sq)
            .map(|m| {
                let text = match coordinate::castle_zeros(pos, m) {
                    Some(zeros) => zeros.to_string(),
                    None => {
                        let mut t = format!("{from}-{}", rules.shape.name(m.to));
                        if let Some(k) = m.promotion {
                            t.push('=');
                            t.push(rules.kind(k).letter);
                        }
                        t
                    }
                };
                Target {
                    to: rules.shape.name(m.to),
                    text,
                    capture: pos.piece_at(m.to).is_some() || m.flag == MoveFlag::EnPassant,
                    promotion: m.promotion.map(|k| rules.kind(k).letter),
                    gate: None,
                    gate_square: None,
                    wall: None,
                }
            })
            .collect()
    }
    fn play(&mut self, text: &str) -> Result<Played, MoveRefused> {
        let text = text.trim();
        let placing = matches!(text.as_bytes().first(), Some(b'D' | b'M')) || text == "...";
        // The squares of a piece move, from the mover's own targets (8x8: a few dozen).
        let squares = self
            .moves()
            .into_iter()
            .find(|(_, t)| t.text == text)
            .map(|(from, t)| [from, t.to]);
        let before = self.obstacles();
        let pieces_before = self.pieces();
        let infos = self
            .game
            .play(text)
            .map_err(|e| MoveRefused::new(format!("{e}: {}", e.fault.explain())))?;
        self.events.clear();
        if placing {
            self.placements += 1;
        } else {
            self.placement_open = false;
            let pieces_after = self.pieces();
            let effects = Announce {
                before: &pieces_before,
                after: &pieces_after,
                from_to: from_to(text),
            };
            for ((s, was), (_, now)) in before.into_iter().zip(self.obstacles()) {
                if now.open_trapdoor && !was.open_trapdoor {
                    self.events
                        .push(("trapdoor", s.to_string(), effects.fall(s)));
                }
                if was.mine && !now.mine {
                    self.events.push(("mine", s.to_string(), effects.blast(s)));
                }
            }
        }
        self.last = infos;
        Ok(Played {
            text: text.to_string(),
            squares,
        })
    }
    fn status(&self) -> GameStatus {
        let has = |i| self.last.contains(&i);
        let over = self.game.is_over();
        let check = !over && self.game.board().position().is_check();
        let pos = self.game.board().position();
        let (w, b) = (pos.royal_count(Color::White), pos.royal_count(Color::Black));
        let result = over.then(|| {
            if has(Info::Checkmate) {
                let winner = if w == 0 {
                    Color::Black
                } else if b == 0 {
                    Color::White
                } else {
                    self.side_to_move().other()
                };
                GameEnd::Checkmate { winner }
            } else {
                GameEnd::Stalemate
            }
        });
        GameStatus {
            check: check || has(Info::Check),
            checkmate: has(Info::Checkmate),
            stalemate: has(Info::Stalemate),
            fifty_moves: has(Info::FiftyMoves),
            threefold: has(Info::Threefold),
            over,
            result,
        }
    }
    fn automatic_draw(&self) -> Option<&'static str> {
        if self.game.is_over() {
            return None;
        }
        crate::game::seat_view::fide_automatic_draw(
            self.game.repetitions(),
            self.game.board().position().halfmove_clock(),
        )
    }
    fn board_file(&self) -> String {
        write_board(self.game.board())
    }
    fn board_file_hiding(&self, owner: Color) -> String {
        let secrets = self.game.secrets();
        // A square where the other side placed the same kind keeps it: that one is theirs.
        let theirs = |square: Square, mine: bool| {
            secrets
                .iter()
                .any(|s| s.owner != owner && s.square == square && s.mine == mine)
        };
        let hidden = |mine: bool| -> Vec<Square> {
            secrets
                .iter()
                .filter(|s| s.owner == owner && s.mine == mine && !theirs(s.square, mine))
                .map(|s| s.square)
                .collect()
        };
        write_board(&view_without(
            self.game.board(),
            &hidden(false),
            &hidden(true),
        ))
    }
    fn private_verdict(&self) -> Option<Verdict> {
        match self.game.pending()? {
            Info::Checkmate => Some(Verdict::Checkmate),
            _ => Some(Verdict::Stalemate),
        }
    }
    fn info(&self) -> Vec<String> {
        let b = self.game.board();
        vec![format!(
            "walls left: White {}, Black {}",
            b.walls_left(Color::White),
            b.walls_left(Color::Black)
        )]
    }
    fn wall_text(&self, square: Square, side: &str) -> Option<String> {
        match side {
            "west" => Some(format!("|{square}")),
            "south" => Some(format!("_{square}")),
            _ => None,
        }
    }
    /// `Dc6` a trapdoor, `Md5` a mine, `...` no placement.
    fn secret(&self, text: &str) -> Option<SecretPlacement> {
        let hazard = match text.as_bytes().first() {
            _ if text == "..." => return Some(SecretPlacement::Skipped),
            Some(b'D') => Hazard::Trapdoor,
            Some(b'M') => Hazard::Mine,
            _ => return None,
        };
        let square = text.get(1..).unwrap_or_default().to_string();
        Some(SecretPlacement::Placed { hazard, square })
    }
    fn placement(&self) -> Option<Color> {
        (self.placement_open && self.placements < PLACEMENT_LINES).then_some(
            if self.placements.is_multiple_of(2) {
                Color::White
            } else {
                Color::Black
            },
        )
    }
    fn events(&self) -> Vec<(&'static str, String, String)> {
        self.events.clone()
    }
}

/// The computer's move as `me` after `moves` (game-file lines) from the board file `initial`.
/// It knows its own secret placements and not the other side's: on the initial board it
/// places its own secrets first (seeded from the clock, so they cannot be predicted), then
/// searches the board as it knows it, with our engine or the UCI engine behind the bridge.
pub fn computer_move(
    initial: &str,
    moves: &[String],
    me: Color,
    think: crate::variants::seat::Think,
) -> Result<String, String> {
    let start = parse_board(initial.as_bytes()).map_err(|e| e.to_string())?;
    let initial_board = write_board(&start) == INFO.initial;
    let mut game = ObstacleGame::between_players(start);
    let mut placing = true;
    for text in moves {
        game.play(text).map_err(|e| e.to_string())?;
        if !(text == "..." || Secret::from_line(Color::White, text).is_some()) {
            placing = false;
        }
    }
    let lines = moves.len();
    if placing && initial_board && lines < PLACEMENT_LINES {
        let seed = think.seed.map_or_else(
            || {
                SystemTime::now()
                    .duration_since(UNIX_EPOCH)
                    .map(|d| d.as_nanos() as u64)
                    .unwrap_or(lines as u64)
            },
            // Each placement line its own draw from the seed.
            |seed| seed.wrapping_add(lines as u64),
        );
        let mut rng = Rng::new(seed);
        // Chosen on its own view: the other side's secret squares look empty to it.
        let view = game.view(Some(me));
        if let Some(line) = computer_placement(&view, game.secrets(), me, &mut rng) {
            return Ok(line);
        }
    }
    let view = game.view(Some(me));
    let crate::variants::seat::Think {
        movetime, mut uci, ..
    } = think;
    // A move the game refuses is left out and the search asked again (the game judges on the
    // computer's own view, so this is a safeguard).
    let mut refused: Vec<ObstacleMove> = Vec::new();
    loop {
        let choice = match uci.as_deref_mut() {
            Some(c) => obstacle_move_knowing(c, &view, movetime, &refused)
                .map_err(|e| e.to_string())?
                .map(|(m, t, _)| (m, t)),
            None => best_obstacle_move_knowing(&view, movetime, &refused).map(|(m, t, _)| (m, t)),
        };
        let Some((m, text)) = choice else {
            // Nothing the search would play: any move legal as the computer knows the board.
            let b = game.judged_board().into_owned();
            let m = legal_piece_moves(&b)
                .into_iter()
                .next()
                .ok_or_else(|| "no legal move".to_string())?;
            return Ok(action_text(&b, ObstacleMove::Piece(m)));
        };
        if game.clone().play(&text).is_ok() {
            return Ok(text);
        }
        refused.push(m);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table reads placements as values: which hazard, where, or a skip; no other move
    /// text is secret.
    #[test]
    fn placement_texts_read_as_typed_secrets() {
        let seat = load(INFO.initial).expect("the initial board");
        let placed = |hazard, square: &str| {
            Some(SecretPlacement::Placed {
                hazard,
                square: square.to_string(),
            })
        };
        assert_eq!(seat.secret("Dc6"), placed(Hazard::Trapdoor, "c6"));
        assert_eq!(seat.secret("Md5"), placed(Hazard::Mine, "d5"));
        assert_eq!(seat.secret("..."), Some(SecretPlacement::Skipped));
        for text in ["e2-e4", "0-0", "|e4", "_e4"] {
            assert_eq!(seat.secret(text), None, "{text}");
            assert!(!seat.is_secret(text));
        }
    }
}
