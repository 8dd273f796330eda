//! The seat view written once: [`GameSeatView`] puts any rules type whose moves are core moves
//! on a core position ([`TableGame`]) at the table. Legal moves, their texts, playing a text,
//! the end of the game and the board file all come from the rules type itself, so the table
//! cannot disagree with the search, perft or the Python package; a variant adds only what the
//! page shows beyond its moves (side-panel lines, the words of its ends).
//!
//! The one extension is for terrain: a rules type with walls, trapdoors and mines says what
//! lies on each square and between squares, accepts placements that are not moves, and words
//! what a move set off ([`TableGame::obstacle`], [`TableGame::place`], …). Only obstacle
//! chess, whose seats may not see each other's secrets, keeps a seat view of its own.

use crate::core::{Color, Move, MoveFlag, Position, Square};
use crate::game::seat_view::{
    position_cells, position_extras, position_hands, BoardStyle, Cell, GameStatus, Hands, Played,
    Reveal, SeatView, Target, WallView,
};
use crate::game::zone_edges::zone_edges;
use crate::game::{Game, GameEnd, MoveRefused, Score};

/// A rules type as the table shows it: its board is a core position, its moves core moves.
pub trait TableGame: Game<Move = Move> + Send {
    /// The position the page draws.
    fn table_position(&self) -> &Position;
    /// How the variant's rules have ended the game here, in its own words; `None` while it goes
    /// on. Only what the rules decide: the search's own draws (a repetition inside its line)
    /// are not ends of a game at the table.
    fn rule_end(&mut self) -> Option<GameEnd>;
    /// Side-panel lines of the variant's own (the board file's allocation, captured pieces, …).
    fn table_info(&self) -> Vec<String> {
        Vec::new()
    }
    /// Does check matter here (the page lights a checked king up)? Not where the rules have no
    /// checkmate.
    fn check_matters(&self) -> bool {
        true
    }
    /// Is a side that is not in check and cannot move stalemated whatever the result (a
    /// variant file's stalemate may win or lose, as antichess's wins)? Elsewhere only a game
    /// drawn that way is a stalemate.
    fn every_stalemate(&self) -> bool {
        false
    }
    /// What lies under `s`, as the page names it (`open_trapdoor`, `mine`, `trapdoor_mine`).
    fn obstacle(&self, _s: Square) -> Option<&'static str> {
        None
    }
    /// The walls between squares.
    fn walls(&self) -> Vec<WallView> {
        Vec::new()
    }
    /// A text that is not a move but changes the board instead of one (a variant file's
    /// `wall e4-e5`): `None` when `text` is no such thing, else what the log keeps or why
    /// it is refused.
    fn place(&mut self, _text: &str) -> Option<Result<String, MoveRefused>> {
        None
    }
    /// What `m`, played from `before` to `self`, set off under the board, as the page
    /// announces it: `(kind, square, sentence)`.
    fn move_events(&self, _before: &Self, _m: Move) -> Vec<(&'static str, String, String)> {
        Vec::new()
    }
    /// The draws the side to move may claim now (FIDE's threefold repetition and fifty moves,
    /// where the variant has them).
    fn claims(&self) -> Claims {
        Claims::default()
    }
    /// A draw the rules make automatic, not claimed (FIDE 9.6), as the reason's words.
    fn automatic_draw(&self) -> Option<&'static str> {
        None
    }
    /// Could `color` still win with the material on the board (FIDE 6.9, for a flag fall)?
    fn could_win(&self, _color: Color) -> bool {
        true
    }
}

/// The draws the side to move may claim.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Claims {
    /// Fifty moves of each side without a capture or a pawn move (FIDE 9.3).
    pub fifty_moves: bool,
    /// The position has occurred three times (FIDE 9.2).
    pub threefold: bool,
}

/// Any [`TableGame`] at the table: one implementation of [`SeatView`] for every variant whose
/// seat sees the whole board.
pub struct GameSeatView<G> {
    game: G,
    /// Side-panel lines above the game's own (a variant file's name and description).
    heading: Vec<String>,
    /// What the last move set off under the board (see [`TableGame::move_events`]).
    events: Vec<(&'static str, String, String)>,
    /// The squares the last move's explosion emptied (rules with `blast`).
    exploded: Vec<String>,
    /// How the board is drawn.
    style: BoardStyle,
    /// The position has a FEN line apart from its board file (`SeatView::fen`).
    fen_line: bool,
}

impl<G: TableGame> GameSeatView<G> {
    /// The game, from its current position.
    pub fn new(game: G) -> GameSeatView<G> {
        GameSeatView {
            game,
            heading: Vec::new(),
            events: Vec::new(),
            exploded: Vec::new(),
            style: BoardStyle::Chess,
            fen_line: false,
        }
    }

    /// Drawn in this style, its position also written as a FEN line (a variant file's game,
    /// whose board file is the file's text).
    pub fn with_look(mut self, style: BoardStyle, fen_line: bool) -> GameSeatView<G> {
        self.style = style;
        self.fen_line = fen_line;
        self
    }

    /// With these side-panel lines first.
    pub fn with_heading(mut self, heading: Vec<String>) -> GameSeatView<G> {
        self.heading = heading;
        self
    }

    /// The rules type being played.
    pub fn game(&self) -> &G {
        &self.game
    }

    fn position(&self) -> &Position {
        self.game.table_position()
    }

    fn end(&self) -> Option<GameEnd> {
        self.game.clone().rule_end()
    }

    /// The legal moves, none once the rules have ended the game.
    fn legal_moves(&self) -> (G, Vec<Move>) {
        let mut game = self.game.clone();
        let mut moves = Vec::new();
        if game.rule_end().is_none() {
            game.legal_moves(&mut moves);
        }
        (game, moves)
    }
}

impl<G: TableGame> GameSeatView<G> {
    /// The legal moves `keep` keeps, as the page's targets.
    fn targets_where(&self, keep: impl Fn(&Move) -> bool) -> Vec<Target> {
        let (mut game, moves) = self.legal_moves();
        moves
            .into_iter()
            .filter(keep)
            .map(|m| target(&mut game, m))
            .collect()
    }
}

/// `m` as the page's target: where it goes, its text, whether it takes, what it promotes to.
fn target<G: TableGame>(game: &mut G, m: Move) -> Target {
    let pos = game.table_position();
    let rules = pos.rules();
    let to = rules.shape.name(m.to);
    let capture = m.dropped().is_none() && takes(pos, m);
    let promotion = m.promotion.map(|k| rules.kind(k).letter);
    let gate = pos.gate_of(m);
    Target {
        to,
        capture,
        promotion,
        gate: gate.map(|(k, _)| rules.kind(k).letter),
        gate_square: gate.map(|(_, sq)| rules.shape.name(sq)),
        wall: m.wall().map(|sq| rules.shape.name(sq)),
        text: game.move_text(m),
    }
}

/// Does `m` take a piece? (Castling never does, whatever square it names.)
fn takes(pos: &Position, m: Move) -> bool {
    !m.is_castle() && (m.flag == MoveFlag::EnPassant || pos.piece_at(m.to).is_some())
}

/// The squares a capture's explosion emptied, where the rules have one (`blast`): every
/// square emptied by `m` but the one the capturer left.
fn exploded(before: &Position, after: &Position, m: Move) -> Vec<String> {
    let shape = &before.rules().shape;
    if !before.rules().options.blast || !before.is_capture(m) {
        return Vec::new();
    }
    shape
        .squares()
        .filter(|&q| q != m.from && before.piece_at(q).is_some() && after.piece_at(q).is_none())
        .map(|q| shape.name(q))
        .collect()
}

impl<G: TableGame> SeatView for GameSeatView<G> {
    fn files(&self) -> u8 {
        self.position().rules().shape.files()
    }

    fn ranks(&self) -> u8 {
        self.position().rules().shape.ranks()
    }

    fn side_to_move(&self) -> Color {
        self.game.side_to_move()
    }

    fn cells(&self, _reveal: Reveal) -> Vec<Cell> {
        let mut cells = position_cells(self.position());
        for cell in &mut cells {
            // The terrain's hazards; a blocker (the duck) the position drew already.
            if let Some(hazard) = Square::parse(&cell.square).and_then(|s| self.game.obstacle(s)) {
                cell.obstacle = Some(hazard);
            }
        }
        cells
    }

    fn walls(&self) -> Vec<WallView> {
        self.game.walls()
    }

    fn zone_edges(&self) -> Vec<WallView> {
        zone_edges(self.position().rules())
    }

    fn targets(&self, from: Square, _asker: Option<Color>) -> Vec<Target> {
        if !self.position().rules().shape.contains(from) {
            return Vec::new();
        }
        let from = self.position().rules().shape.sq(from);
        self.targets_where(|m| m.from == from && m.dropped().is_none())
    }

    fn drop_targets(&self, letter: char, _asker: Option<Color>) -> Vec<Target> {
        let rules = self.position().rules();
        let Some(kind) = (0..rules.pieces.len() as crate::core::KindId)
            .find(|&k| rules.kind(k).letter == letter && !rules.kind(k).plus)
        else {
            return Vec::new();
        };
        self.targets_where(|m| m.dropped() == Some(kind))
    }

    /// Every legal move from one generation, not a generation per piece and per kind.
    fn moves(&self) -> Vec<(String, Target)> {
        let shape = self.position().rules().shape.clone();
        let (mut game, moves) = self.legal_moves();
        moves
            .into_iter()
            .map(|m| {
                let from = match m.dropped() {
                    Some(_) => "@".to_string(),
                    None => shape.name(m.from),
                };
                (from, target(&mut game, m))
            })
            .collect()
    }

    fn hands(&self, _asker: Option<Color>) -> Option<Hands> {
        position_hands(self.position())
    }

    /// The log keeps the rules type's own text of the move (the targets' text), whatever
    /// spacing or accepted spelling was typed.
    fn play(&mut self, text: &str) -> Result<Played, MoveRefused> {
        if self.end().is_some() {
            return Err(MoveRefused::new("the game is over"));
        }
        // A text is one move in every variant (FollowChess's library reads move files of many
        // lines; a seat sending two at once must not move for the other side too). A carriage
        // return alone is left to the variant's reader, which refuses it in its own words.
        if text.trim().contains('\n') {
            return Err(MoveRefused::new("one move at a time"));
        }
        self.events.clear();
        self.exploded.clear();
        if let Some(placed) = self.game.place(text.trim()) {
            return placed.map(|text| Played {
                text,
                squares: None,
            });
        }
        let m = self.game.parse_move(text.trim())?;
        let written = self.game.move_text(m);
        let shape = &self.position().rules().shape;
        let from = match m.dropped() {
            Some(_) => "@".to_string(),
            None => shape.name(m.from),
        };
        let squares = Some([from, shape.name(m.to)]);
        let before = self.game.clone();
        self.game.make(m);
        self.events = self.game.move_events(&before, m);
        self.exploded = exploded(before.table_position(), self.position(), m);
        Ok(Played {
            text: written,
            squares,
        })
    }

    fn fen(&self) -> Option<String> {
        self.fen_line
            .then(|| crate::notation::fen::write(self.position()))
    }

    fn board_style(&self) -> BoardStyle {
        self.style
    }

    fn events(&self) -> Vec<(&'static str, String, String)> {
        self.events.clone()
    }

    fn exploded(&self) -> Vec<String> {
        self.exploded.clone()
    }

    fn status(&self) -> GameStatus {
        let end = self.end();
        let pos = self.position();
        let cannot_move = || {
            let mut game = self.game.clone();
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            moves.is_empty()
        };
        let checkmate = matches!(end, Some(GameEnd::Checkmate { .. }));
        // A game drawn because the side to move cannot move is a stalemate, in whichever words
        // the variant says it (pawn race: "Draw by stalemate: …"); where the rules say so, one
        // that wins or loses too (antichess's).
        let stalemate = matches!(end, Some(GameEnd::Stalemate))
            || ((self.game.every_stalemate()
                || end.as_ref().is_some_and(|e| e.score() == Score::Draw))
                && !pos.is_check()
                && cannot_move());
        // The king is in check whatever ended the game (the page lights it up): a side whose
        // royal piece is gone is in no check.
        let check = pos.is_check() && self.game.check_matters();
        let claims = self.game.claims();
        GameStatus {
            check,
            checkmate,
            stalemate,
            fifty_moves: claims.fifty_moves,
            threefold: claims.threefold,
            over: end.is_some(),
            result: end,
        }
    }

    /// The rules type's board file, ending with a line end as a file does.
    fn board_file(&self) -> String {
        let mut text = self.game.board_file();
        if !text.ends_with('\n') {
            text.push('\n');
        }
        text
    }

    fn automatic_draw(&self) -> Option<&'static str> {
        if self.end().is_some() {
            return None;
        }
        self.game.automatic_draw()
    }

    fn could_win(&self, color: Color) -> bool {
        self.game.could_win(color)
    }

    fn info(&self) -> Vec<String> {
        let mut lines = self.heading.clone();
        lines.extend(self.game.table_info());
        lines.extend(position_extras(self.position()));
        lines
    }
}
