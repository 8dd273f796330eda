//! One game on the page: the board it started from, the moves played (as the variant's move
//! texts), a cursor for stepping through them, and the outcomes the rules do not decide
//! (resignation, draw by agreement or claim). The variant game is rebuilt by replaying the
//! moves up to the cursor, so stepping and branching need nothing from the variants.

use serde::Serialize;

use crate::core::{Color, Square};
use crate::game::seat_view::{
    BoardStyle, Cell, GameStatus, Hands, Hazard, SeatView, SecretPlacement, Target, Verdict,
    WallView,
};
use crate::game::{GameEnd, VariantId};
use crate::play::typed::{self, Candidate, Reading};
use crate::variants::registry;

/// An error for the page: the HTTP status and a sentence (with the square it names, if any).
#[derive(Debug)]
pub struct Refusal {
    /// HTTP status: 400 for a request that cannot be done, 409 for one the game's state forbids.
    pub status: u16,
    /// What is wrong, as a sentence for the page.
    pub message: String,
    /// The square the refusal is about, when the variant's own error names one.
    pub square: Option<String>,
}

impl Refusal {
    /// A request that cannot be done as asked (HTTP 400).
    pub fn bad(message: impl Into<String>) -> Refusal {
        Refusal {
            status: 400,
            message: message.into(),
            square: None,
        }
    }
    /// A board file the variant refused: its message and the square it names.
    pub fn board(d: crate::game::Diagnostic) -> Refusal {
        Refusal {
            status: 400,
            message: d.full(),
            square: d.square,
        }
    }
    /// A request the game's state forbids: the game is over, or a branch is not confirmed
    /// (HTTP 409).
    pub fn conflict(message: impl Into<String>) -> Refusal {
        Refusal {
            status: 409,
            message: message.into(),
            square: None,
        }
    }
}

/// Who looks at the board: hidden trapdoors and mines are shown only to their owner, or to
/// everybody once the game is over (or with `All`, for setting up a board).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Viewer {
    /// A spectator: hidden obstacles stay hidden until the game is over.
    Nobody,
    /// One seat: its own hidden obstacles are shown.
    Player(Color),
    /// Everything, hidden obstacles included.
    All,
}

impl Viewer {
    /// `white`, `black` or `all`; anything else, or nothing, is `Nobody`.
    pub fn parse(text: Option<&str>) -> Viewer {
        match text {
            Some("white") => Viewer::Player(Color::White),
            Some("black") => Viewer::Player(Color::Black),
            Some("all") => Viewer::All,
            _ => Viewer::Nobody,
        }
    }
}

/// One move of the record as a viewer may read it.
#[derive(Serialize)]
pub struct LogEntry {
    /// 1-based number of the move in the record (placements and walls count).
    pub ply: usize,
    /// Who played it: `white` or `black`.
    pub color: &'static str,
    /// The move text in the variant's notation, or `(secret placement)` when the viewer may not
    /// know it.
    pub text: String,
    /// A placement before the game (obstacle chess's secret trapdoors and mines, or a skip):
    /// not a move, so the page does not number it as one.
    pub placement: bool,
}

/// Everything the page draws.
#[derive(Serialize)]
pub struct View {
    /// The game's id: for the page's own games, 128 random bits in hex (the id is the key to
    /// the game); for network games, the number their links carry.
    pub id: String,
    /// The variant being played.
    pub variant: VariantId,
    /// Number of files.
    pub files: u8,
    /// Number of ranks.
    pub ranks: u8,
    /// Every square, rank 1 first, with what the viewer may see.
    pub cells: Vec<Cell>,
    /// The walls on the board (obstacle chess; empty otherwise).
    pub walls: Vec<WallView>,
    /// The edges of the regions pieces are confined to (xiangqi's palace and river), drawn
    /// as lines; left out where there are none, so other variants' views are unchanged.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub zone_edges: Vec<WallView>,
    /// Who moves next, `white` or `black` (the placer during placements).
    pub to_move: &'static str,
    /// Check, mate and claimable draws in the position shown.
    pub status: GameStatus,
    /// The result sentence when the game is over, by the rules or by the players.
    pub result: Option<String>,
    /// The score when the game is over: the PGN result token (`1-0`, `0-1`, `1/2-1/2`, or `*`
    /// for an end without a result).
    pub score: Option<&'static str>,
    /// The game is over at the cursor.
    pub over: bool,
    /// The side whose draw offer stands, `white` or `black`.
    pub draw_offer: Option<&'static str>,
    /// Whose secret placement is due (obstacle chess's placement phase), `white` or `black`.
    pub placement: Option<&'static str>,
    /// Extra lines for the side panel (status line, allocation, walls left, …).
    pub info: Vec<String>,
    /// What the last move set off: (`trapdoor` or `mine`, square, a sentence), for animations
    /// and notices.
    pub events: Vec<(&'static str, String, String)>,
    /// The position as one FEN line, where the board file is something else (a variant
    /// file's text): what the page's setup box shows and a link may carry.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// How the board is drawn (`xiangqi`, `shogi`); left out for chess's.
    #[serde(skip_serializing_if = "BoardStyle::is_chess")]
    pub style: BoardStyle,
    /// The whole record, moves past the cursor included, as the viewer may read it.
    pub log: Vec<LogEntry>,
    /// How many moves of the record the board shows (0: the initial board).
    pub cursor: usize,
    /// How many moves the record holds.
    pub length: usize,
    /// The from and to squares of the move that led here (a piece move; not a wall or a
    /// placement), for marking on the board.
    pub last_move: Option<[String; 2]>,
    /// For the side to move only, when it has no legal move but only its own hidden obstacles
    /// say so (`checkmated` or `stalemated`): the game ends so when that side acts next (any
    /// move, any action, `acknowledge`) or its time runs out. Everybody else sees the position
    /// as it looks to them (`status.check`, that side to move) until then.
    pub verdict: Option<&'static str>,
    /// Both sides' pieces in hand, where the variant has hands (absent otherwise). The
    /// squares a kind may be dropped on are asked for as a piece's targets are (`targets`
    /// from `N@`), so that a view's size never grows with the hand times the empty squares.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hands: Option<Hands>,
    /// The squares the last move's explosion emptied, for the page to mark (absent when the
    /// last move exploded nothing).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub exploded: Vec<String>,
}

/// Where the moves a client asks for start: the piece on a square (`e2`), or a kind in the
/// hand of the side to move (`N@`, the letter as a drop's text writes it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The piece on this square.
    Square(Square),
    /// The kind with this (upper-case) letter, in hand.
    Hand(char),
}

impl Origin {
    /// `e2` or `N@` (`n@` too); `None` for anything else.
    pub fn parse(text: &str) -> Option<Origin> {
        let Some(letter) = text.strip_suffix('@') else {
            return Square::parse(text).map(Origin::Square);
        };
        let mut chars = letter.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() => {
                Some(Origin::Hand(c.to_ascii_uppercase()))
            }
            _ => None,
        }
    }
}

/// The actions a player may take (`Session::action_as`).
const ACTIONS: [&str; 6] = [
    "resign",
    "offer_draw",
    "accept_draw",
    "decline_draw",
    "claim_draw",
    "acknowledge",
];

/// Moves (plies) after which a game ends as a draw, in every variant: over the longest game the
/// fifty- and seventy-five-move rules allow (about 17,700 plies).
const MAX_PLIES: usize = 20_000;

/// One game between seats: the board it started from, the record of moves, a cursor into it,
/// and the variant game rebuilt at the cursor.
pub struct Session {
    /// The game's id (see `View::id`).
    pub id: String,
    /// The variant being played.
    pub variant: VariantId,
    initial: String,
    moves: Vec<String>,
    /// Who played each move (walls and placements included).
    movers: Vec<Color>,
    /// The from and to squares of each move, where it moved a piece.
    squares: Vec<Option<[String; 2]>>,
    cursor: usize,
    game: Box<dyn SeatView>,
    /// A resignation, an agreed/claimed draw or an end a front end gave (`end_with`), and the
    /// cursor (position) it happened at: stepping elsewhere shows the game as it was there, and
    /// a new move from there branches.
    ended: Option<(usize, GameEnd)>,
    draw_offer: Option<Color>,
    /// The computer's seat, when the page asked for one (`play::Computer`). Its secrets are
    /// shown to no viewer until play reveals them or the game ends.
    pub computer: Option<super::Computer>,
    /// A verdict only the side to move can know (`SeatView::private_verdict`) waits for that side
    /// (network games, games against the computer), instead of ending the game at once (two
    /// people at one screen, the terminal).
    pub private_verdicts: bool,
}

impl Session {
    /// A game of `variant` from the board file `board`, no move played; refused when the
    /// variant cannot read the board.
    pub fn new(id: String, variant: VariantId, board: &str) -> Result<Session, Refusal> {
        let game = registry::seat_view(variant, board).map_err(Refusal::board)?;
        Ok(Session {
            id,
            variant,
            initial: board.to_string(),
            moves: Vec::new(),
            movers: Vec::new(),
            squares: Vec::new(),
            cursor: 0,
            game,
            ended: None,
            draw_offer: None,
            computer: None,
            private_verdicts: false,
        })
    }

    fn over(&self) -> bool {
        self.ended_here().is_some()
            || self.game.status().over
            || self.ended_by_rule().is_some()
            || (!self.private_verdicts && self.game.private_verdict().is_some())
    }

    /// The verdict waiting for the side to move (see `View::verdict`), while the game goes on.
    pub fn pending_verdict(&self) -> Option<Verdict> {
        if self.over() {
            return None;
        }
        self.game.private_verdict()
    }

    /// What `viewer` is allowed to be shown. Against the computer the person at the screen is
    /// the only one there: whatever viewer is asked for, they see what their own seat may see
    /// (`Nobody` stays `Nobody`), never the computer's secrets.
    fn seen_as(&self, viewer: Viewer) -> Viewer {
        match (&self.computer, viewer) {
            (Some(c), Viewer::Player(_) | Viewer::All) => Viewer::Player(c.color.other()),
            _ => viewer,
        }
    }

    /// The status and how the game ended: once the game is over, a verdict that waited ends it
    /// as the rules had it (whatever ended it: the mover acting, a flag, an automatic draw).
    fn status_and_result(&self, over: bool) -> (GameStatus, Option<GameEnd>) {
        let mut status = self.game.status();
        let verdict = self.game.private_verdict().filter(|_| over);
        if let Some(v) = verdict {
            let result = v.end(self.game.side_to_move());
            // As a game that ended at once shows it (`check` belongs to a game going on).
            status.check = false;
            status.checkmate = v == Verdict::Checkmate;
            status.stalemate = v == Verdict::Stalemate;
            status.over = true;
            status.result = Some(result.clone());
            return (status, Some(result));
        }
        let result = self
            .ended_here()
            .cloned()
            .or_else(|| status.result.clone())
            .or_else(|| self.ended_by_rule());
        (status, result)
    }

    /// A draw no one has to claim: FIDE 9.6 where the variant keeps it, and for every variant
    /// a length no real game reaches, so that no game grows without bound on the server.
    fn ended_by_rule(&self) -> Option<GameEnd> {
        if let Some(rule) = self.game.automatic_draw() {
            return Some(GameEnd::AutomaticDraw { rule });
        }
        (self.cursor >= MAX_PLIES).then_some(GameEnd::MoveLimit { plies: MAX_PLIES })
    }

    fn ended_here(&self) -> Option<&GameEnd> {
        self.ended
            .as_ref()
            .filter(|(at, _)| *at == self.cursor)
            .map(|(_, r)| r)
    }

    /// The mover of the next move: the placer during placements, else the side to move.
    pub fn mover(&self) -> Color {
        self.game
            .placement()
            .unwrap_or_else(|| self.game.side_to_move())
    }

    /// The legal moves of the piece on `from`, as the mover may know them (the hot-seat page
    /// asks for the side at the board).
    pub fn targets(&self, from: Square) -> Vec<Target> {
        self.targets_for(Origin::Square(from), Viewer::Player(self.mover()))
    }

    /// The legal moves from `from` (the piece on a square, or a kind in the hand of the side
    /// to move) as `viewer` may be told them: hidden obstacles the viewer does not know never
    /// change the answer.
    pub fn targets_for(&self, from: Origin, viewer: Viewer) -> Vec<Target> {
        if self.over() {
            return Vec::new();
        }
        let asker = match self.seen_as(viewer) {
            Viewer::Player(c) => Some(c),
            Viewer::Nobody | Viewer::All => None,
        };
        match from {
            Origin::Square(from) => self.game.targets(from, asker),
            Origin::Hand(letter) => self.game.drop_targets(letter, asker),
        }
    }

    /// Plays a move text at the cursor. Later moves are deleted only when `branch` confirms it.
    pub fn play(&mut self, text: &str, branch: bool) -> Result<(), Refusal> {
        if self.over() {
            return Err(Refusal::conflict("the game is over"));
        }
        let later = self.moves.len() - self.cursor;
        if later > 0 && !branch {
            return Err(Refusal::conflict(format!(
                "playing here deletes the {later} later move(s): confirm to branch"
            )));
        }
        let mover = self.mover();
        let played = self.game.play(text).map_err(|e| Refusal::bad(e.message))?;
        let (logged, squares) = (played.text, played.squares);
        self.moves.truncate(self.cursor);
        self.movers.truncate(self.cursor);
        self.squares.truncate(self.cursor);
        self.moves.push(logged);
        self.movers.push(mover);
        self.squares.push(squares);
        self.cursor += 1;
        self.ended = None;
        self.draw_offer = None;
        Ok(())
    }

    /// Reads what a person typed in any notation the board understands (the variant's own,
    /// coordinates, SAN; see `play::typed`), against the mover's legal moves as the mover
    /// knows them.
    pub fn read_typed(&self, text: &str) -> Reading {
        if self.over() {
            return Reading::NotLegal("the game is over".into());
        }
        let letters: Vec<(String, char)> = self
            .game
            .cells(&|_| false)
            .into_iter()
            .filter_map(|c| Some((c.square, c.piece?.letter)))
            .collect();
        let candidates: Vec<Candidate> = self
            .game
            .moves()
            .into_iter()
            .filter_map(|(from, t)| {
                let letter = match from.as_str() {
                    "@" => t.text.chars().next()?,
                    _ => letters.iter().find(|(sq, _)| *sq == from)?.1,
                };
                Some(Candidate {
                    from,
                    to: t.to,
                    letter,
                    promotion: t.promotion.map(|c| c.to_ascii_uppercase()),
                    text: t.text,
                })
            })
            .collect();
        typed::read(text, &candidates, true)
    }

    /// Every legal move text of the mover, as the mover may know them (walls not included).
    pub fn move_texts(&self) -> Vec<String> {
        if self.over() {
            return Vec::new();
        }
        self.game.moves().into_iter().map(|(_, t)| t.text).collect()
    }

    /// Has a player placed a secret (a hidden trapdoor or mine, not a skipped placement) in
    /// the line up to the cursor?
    pub fn has_secrets(&self) -> bool {
        [Color::White, Color::Black]
            .into_iter()
            .any(|c| !self.placed_by(c).is_empty())
    }

    /// Is this logged move text a secret (an obstacle chess placement)?
    pub fn is_secret(&self, text: &str) -> bool {
        self.game.is_secret(text)
    }

    /// The move text for a click from `from` to `to` (with a promotion letter), or why not.
    pub fn text_for(
        &self,
        from: Square,
        to: Square,
        promotion: Option<char>,
    ) -> Result<String, Refusal> {
        let targets = self.targets(from);
        let to_name = to.to_string();
        let mut hits = targets.iter().filter(|t| t.to == to_name);
        let Some(first) = hits.next() else {
            return Err(Refusal::bad(self.why_not(from, to)));
        };
        match promotion {
            None => Ok(first.text.clone()),
            Some(p) => std::iter::once(first)
                .chain(hits)
                .find(|t| t.promotion.is_some_and(|q| q.eq_ignore_ascii_case(&p)))
                .map(|t| t.text.clone())
                .ok_or_else(|| Refusal::bad(format!("{from}-{to}: cannot promote to {p}"))),
        }
    }

    fn why_not(&self, from: Square, to: Square) -> String {
        if self.over() {
            return "the game is over".to_string();
        }
        let cells = self.game.cells(&|_| false);
        let piece = cells
            .iter()
            .find(|c| c.square == from.to_string())
            .and_then(|c| c.piece.clone());
        let turn = self.mover().name();
        match piece {
            None => format!("there is no piece on {from}"),
            Some(p) if p.color != turn => format!(
                "it is {turn}'s turn; the {} on {from} is {}",
                p.kind, p.color
            ),
            Some(p) => {
                let mut s = format!("the {} on {from} cannot move to {to}", p.kind);
                if self.game.status().check {
                    s.push_str(" (your king is in check)");
                } else if self.game.placement().is_some() && self.targets(from).is_empty() {
                    s.push_str(" (trapdoors and mines are being placed)");
                }
                s
            }
        }
    }

    /// The move text of a wall on the `side` edge (`west` or `south`) of `square`; refused
    /// where the variant has no such wall.
    pub fn wall_text(&self, square: Square, side: &str) -> Result<String, Refusal> {
        self.game
            .wall_text(square, side)
            .ok_or_else(|| Refusal::bad(format!("no walls in {} (side '{side}')", self.variant)))
    }

    /// Moves the cursor to `to` (0 = the initial board) and rebuilds the game there.
    pub fn step(&mut self, to: usize) -> Result<(), Refusal> {
        if to > self.moves.len() {
            return Err(Refusal::bad(format!(
                "there are only {} moves",
                self.moves.len()
            )));
        }
        let mut game = registry::seat_view(self.variant, &self.initial).map_err(Refusal::board)?;
        for text in &self.moves[..to] {
            game.play(text).map_err(|e| Refusal::bad(e.message))?;
        }
        self.game = game;
        self.cursor = to;
        Ok(())
    }

    /// Takes back every move from `to` on: the game goes back there and the moves after it
    /// are gone from the record (a terminal's `undo`), unlike `step`, which keeps them to step
    /// forward again (the page's browsing).
    pub fn take_back(&mut self, to: usize) -> Result<(), Refusal> {
        self.step(to)?;
        self.moves.truncate(to);
        self.movers.truncate(to);
        self.squares.truncate(to);
        if self.ended.as_ref().is_some_and(|(at, _)| *at > to) {
            self.ended = None;
        }
        self.draw_offer = None;
        Ok(())
    }

    /// resign, offer_draw, accept_draw, decline_draw, claim_draw, by the side to move.
    pub fn action(&mut self, action: &str) -> Result<(), Refusal> {
        self.action_as(self.game.side_to_move(), action)
    }

    /// An action by the player `me` (a network game knows who sent it; the hot-seat page
    /// acts for the side to move).
    pub fn action_as(&mut self, me: Color, action: &str) -> Result<(), Refusal> {
        if self.over() {
            return Err(Refusal::conflict("the game is over"));
        }
        if let Some(verdict) = self.pending_verdict() {
            // The rules ended the game at the last move: the side without a move ends it so by
            // whatever it does; its opponent's resignation comes after that end. Anything else
            // the opponent does is answered as it would be without the verdict.
            let mover = self.mover();
            if (me == mover && ACTIONS.contains(&action)) || action == "resign" {
                self.ended = Some((self.cursor, verdict.end(mover)));
                self.draw_offer = None;
                return Ok(());
            }
        }
        match action {
            "acknowledge" => {
                return Err(Refusal::conflict("there is nothing to acknowledge"));
            }
            "resign" => {
                self.ended = Some((self.cursor, GameEnd::Resignation { by: me }));
            }
            // Stored once: a repeated offer would only grow the game's record.
            "offer_draw" if self.draw_offer == Some(me) => {
                return Err(Refusal::conflict("your draw offer is already on the table"));
            }
            "offer_draw" => self.draw_offer = Some(me),
            "accept_draw" | "decline_draw" => {
                if self.draw_offer.is_none() {
                    return Err(Refusal::conflict("no draw has been offered"));
                }
                if action == "accept_draw" {
                    self.ended = Some((self.cursor, GameEnd::Agreement));
                }
                self.draw_offer = None;
            }
            "claim_draw" => {
                let s = self.game.status();
                let rule = if s.threefold {
                    "threefold repetition"
                } else if s.fifty_moves {
                    "the fifty-move rule"
                } else {
                    return Err(Refusal::conflict(
                        "no draw can be claimed: the position has not occurred three times and \
                         fifty moves have not passed without a capture or a pawn move",
                    ));
                };
                self.ended = Some((self.cursor, GameEnd::DrawClaimed { by: me, rule }));
            }
            other => return Err(Refusal::bad(format!("unknown action '{other}'"))),
        }
        Ok(())
    }

    /// Whether the game is over at the cursor: by the rules, by a player, or by length.
    pub fn is_over(&self) -> bool {
        self.over()
    }

    /// Could `color` still win with the material on the board (see `SeatView::could_win`)?
    pub fn could_win(&self, color: Color) -> bool {
        self.game.could_win(color)
    }

    /// Ends the game here as `end` says (a network game's clock ran out, a terminal game was
    /// stopped).
    pub fn end_with(&mut self, end: GameEnd) {
        self.ended = Some((self.cursor, end));
        self.draw_offer = None;
    }

    /// The last move text the log keeps (the variant's canonical notation).
    pub fn last_move(&self) -> Option<String> {
        self.moves.get(self.cursor.checked_sub(1)?).cloned()
    }

    /// The side whose draw offer stands, if any.
    pub fn draw_offer(&self) -> Option<Color> {
        self.draw_offer
    }

    /// The hidden obstacles a colour placed, as the seat view reads its placement texts.
    fn placed_by(&self, color: Color) -> Vec<(String, Hazard)> {
        self.moves[..self.cursor]
            .iter()
            .zip(&self.movers)
            .filter(|(_, c)| **c == color)
            .filter_map(|(t, _)| match self.game.secret(t)? {
                SecretPlacement::Placed { hazard, square } => Some((square, hazard)),
                SecretPlacement::Skipped => None,
            })
            .collect()
    }

    /// The whole view for `viewer`: board, status, log and what the page marks. Against the
    /// computer the viewer sees what the person's seat may see.
    pub fn view(&self, viewer: Viewer) -> View {
        let viewer = self.seen_as(viewer);
        let over = self.over();
        let own = match viewer {
            Viewer::Player(c) => self.placed_by(c),
            _ => Vec::new(),
        };
        let all = over || viewer == Viewer::All;
        let reveal = |s: Square| all || own.iter().any(|(o, _)| *o == s.to_string());
        let mut cells = self.game.cells(&reveal);
        if !all {
            hide_opponents_share(&mut cells, &own);
        }
        let (status, result) = self.status_and_result(over);
        let verdict = self
            .pending_verdict()
            .filter(|_| viewer == Viewer::Player(self.mover()))
            .map(Verdict::word);
        let asker = match viewer {
            Viewer::Player(c) => Some(c),
            Viewer::Nobody | Viewer::All => None,
        };
        View {
            fen: self.game.fen(),
            style: self.game.board_style(),
            hands: self.game.hands(asker),
            exploded: self.game.exploded(),
            score: result.as_ref().map(|e| e.score().pgn_token()),
            id: self.id.clone(),
            variant: self.variant,
            files: self.game.files(),
            ranks: self.game.ranks(),
            cells,
            walls: self.game.walls(),
            zone_edges: self.game.zone_edges(),
            to_move: self.mover().name(),
            result: result.map(|e| e.to_string()),
            status,
            over,
            draw_offer: self.draw_offer.map(Color::name),
            placement: self.game.placement().map(Color::name),
            info: self.game.info(),
            events: self.game.events(),
            log: self.log(viewer, over),
            cursor: self.cursor,
            length: self.moves.len(),
            last_move: self
                .cursor
                .checked_sub(1)
                .and_then(|i| self.squares.get(i).cloned().flatten()),
            verdict,
        }
    }

    /// The moves in the variant's notation; placements stay secret until the game is over.
    /// The moves as `viewer` may read them: a secret placement shows as such to everybody but
    /// its owner until the game is over.
    fn log(&self, viewer: Viewer, over: bool) -> Vec<LogEntry> {
        self.moves
            .iter()
            .zip(&self.movers)
            .enumerate()
            .map(|(i, (t, c))| {
                let known = over || viewer == Viewer::All || viewer == Viewer::Player(*c);
                LogEntry {
                    ply: i + 1,
                    color: c.name(),
                    placement: self.game.is_secret(t),
                    text: if !known && self.game.is_secret(t) {
                        "(secret placement)".to_string()
                    } else {
                        t.clone()
                    },
                }
            })
            .collect()
    }

    /// The game log as a text file: one move per line, as the variant's game files write them.
    pub fn log_text(&self) -> String {
        self.log_text_with(&[])
    }

    /// The game log as `viewer` may read it (a player's own placements are theirs to see),
    /// with the front end's header where the log is PGN.
    pub fn log_text_for(&self, viewer: Viewer, tags: &[(String, String)]) -> String {
        self.log_text_as(viewer, tags)
    }

    /// As [`Session::log_text`], with the front end's own header where the variant's log
    /// format has one (PGN tags: players, date).
    pub fn log_text_with(&self, tags: &[(String, String)]) -> String {
        self.log_text_as(Viewer::Nobody, tags)
    }

    /// The file for a game over at the cursor holds the game that ended: the moves up to the
    /// cursor, not the later moves a player stepped back from before resigning or agreeing a
    /// draw (those are a line the game left). A game going on gives the whole record.
    fn log_text_as(&self, viewer: Viewer, tags: &[(String, String)]) -> String {
        let over = self.over();
        let (end, played) = if over {
            (self.status_and_result(over).1, self.cursor)
        } else {
            (None, self.moves.len())
        };
        let game_log = registry::record(self.variant).game_log;
        if let Some(text) = game_log
            .and_then(|export| export(&self.initial, &self.moves[..played], end.as_ref(), tags))
        {
            return text;
        }
        let mut out = String::new();
        for e in self.log(viewer, over).into_iter().take(played) {
            out.push_str(&e.text);
            out.push('\n');
        }
        out
    }

    /// The position at the cursor as one FEN line, where the board file is something else
    /// (a variant file's text); `None` where the board file says the position.
    pub fn fen(&self) -> Option<String> {
        self.game.fen()
    }

    /// The current board file; against the computer, without the computer's secrets until the
    /// game is over.
    pub fn board_file(&self) -> String {
        match &self.computer {
            Some(c) if !self.over() => self.game.board_file_hiding(c.color),
            _ => self.game.board_file(),
        }
    }

    /// Were trapdoor and mine placement lines played (whatever they placed) in the line up to
    /// the cursor? Everybody may know this: the log shows each as "(secret placement)".
    pub fn had_placements(&self) -> bool {
        self.moves[..self.cursor]
            .iter()
            .any(|t| self.game.is_secret(t))
    }
}

/// A square holding the viewer's hidden trapdoor and the opponent's mine (or the other way
/// round) is revealed for the viewer's own placement only: the opponent's part stays secret.
fn hide_opponents_share(cells: &mut [Cell], own: &[(String, Hazard)]) {
    for cell in cells.iter_mut() {
        if cell.obstacle != Some("trapdoor_mine") {
            continue;
        }
        let placed = |hazard| own.iter().any(|(s, h)| *s == cell.square && *h == hazard);
        cell.obstacle = match (placed(Hazard::Trapdoor), placed(Hazard::Mine)) {
            (true, true) => Some("trapdoor_mine"),
            (true, false) => Some("trapdoor"),
            (false, true) => Some("mine"),
            (false, false) => None,
        };
    }
}

/// What the computer's seat (`play::Computer`) reads: the game's line up to the cursor.
impl Session {
    /// How many moves of the record the board shows (0: the initial board).
    pub fn cursor(&self) -> usize {
        self.cursor
    }
    /// How many moves the record holds (past the cursor too).
    pub fn length(&self) -> usize {
        self.moves.len()
    }
    /// The board file the game started from.
    pub fn initial(&self) -> &str {
        &self.initial
    }
    /// The move texts and their movers up to the cursor.
    pub fn line(&self) -> (&[String], &[Color]) {
        (&self.moves[..self.cursor], &self.movers[..self.cursor])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn standard(board: &str) -> Session {
        match Session::new("t".into(), VariantId::Standard, board) {
            Ok(s) => s,
            Err(r) => panic!("{}", r.message),
        }
    }

    fn start() -> Session {
        standard(registry::info(VariantId::Standard).initial)
    }

    fn play(s: &mut Session, moves: &[&str]) {
        for m in moves {
            if let Err(r) = s.play(m, false) {
                panic!("{m}: {}", r.message);
            }
        }
    }

    fn act(s: &mut Session, me: Color, action: &str) {
        if let Err(r) = s.action_as(me, action) {
            panic!("{action}: {}", r.message);
        }
    }

    /// The PGN's result tag, its Termination tag, and its movetext with white space made
    /// single spaces (a long final comment wraps).
    fn pgn(s: &Session) -> (String, Option<String>, String) {
        let text = s.log_text();
        let tag = |name: &str| {
            let head = format!("[{name} \"");
            text.lines()
                .find_map(|l| l.strip_prefix(head.as_str()))
                .and_then(|v| v.strip_suffix("\"]"))
                .map(str::to_string)
        };
        let movetext = text
            .lines()
            .filter(|l| !l.starts_with('['))
            .flat_map(str::split_whitespace)
            .collect::<Vec<_>>()
            .join(" ");
        (
            tag("Result").unwrap_or_default(),
            tag("Termination"),
            movetext,
        )
    }

    /// Each way a standard game ends: the sentence the page and the terminal show (as they
    /// were before the end was a value), and the PGN's result token, Termination tag and final
    /// comment, taken from the end, not from the sentence.
    #[test]
    fn each_end_gives_its_sentence_and_pgn_result() {
        let fools_mate = ["f3", "e5", "g4", "Qh4#"];
        let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"];
        let mut cases: Vec<(&str, Session, &str, &str, &str)> = Vec::new();

        let mut s = start();
        play(&mut s, &fools_mate);
        let ends = "1. f3 e5 2. g4 Qh4# {checkmate: black wins} 0-1";
        cases.push(("checkmate", s, "checkmate: black wins", "0-1", ends));

        // Qb6 leaves the a8 king no square and no check.
        let mut s = standard("k7/8/8/2Q5/8/8/8/K7 w - - 0 1");
        play(&mut s, &["Qb6"]);
        let ends = "1. Qb6 {Draw by stalemate.} 1/2-1/2";
        cases.push(("stalemate", s, "Draw by stalemate.", "1/2-1/2", ends));

        let mut s = standard("k7/8/8/8/8/8/1q6/K7 w - - 0 1");
        play(&mut s, &["Kxb2"]);
        let ends = "1. Kxb2 {Draw by insufficient material.} 1/2-1/2";
        cases.push((
            "insufficient material",
            s,
            "Draw by insufficient material.",
            "1/2-1/2",
            ends,
        ));

        let mut s = start();
        play(&mut s, &["e4"]);
        act(&mut s, Color::Black, "resign");
        let ends = "1. e4 {black resigns: white wins} 1-0";
        cases.push(("black resigns", s, "black resigns: white wins", "1-0", ends));

        let mut s = start();
        play(&mut s, &["e4"]);
        act(&mut s, Color::White, "resign");
        let ends = "1. e4 {white resigns: black wins} 0-1";
        cases.push(("white resigns", s, "white resigns: black wins", "0-1", ends));

        let mut s = start();
        play(&mut s, &["e4", "e5"]);
        act(&mut s, Color::White, "offer_draw");
        act(&mut s, Color::Black, "accept_draw");
        let ends = "{draw by agreement} 1/2-1/2";
        cases.push(("agreement", s, "draw by agreement", "1/2-1/2", ends));

        let mut s = start();
        play(&mut s, &shuffle);
        play(&mut s, &shuffle);
        act(&mut s, Color::White, "claim_draw");
        let ends = "{draw claimed by white: threefold repetition} 1/2-1/2";
        let said = "draw claimed by white: threefold repetition";
        cases.push(("threefold claimed", s, said, "1/2-1/2", ends));

        let mut s = standard("k7/8/8/8/8/8/8/K6R b - - 99 80");
        play(&mut s, &["Kb7"]);
        act(&mut s, Color::White, "claim_draw");
        let ends = "{draw claimed by white: the fifty-move rule} 1/2-1/2";
        let said = "draw claimed by white: the fifty-move rule";
        cases.push(("fifty moves claimed", s, said, "1/2-1/2", ends));

        let mut s = start();
        for _ in 0..4 {
            play(&mut s, &shuffle);
        }
        let ends = "{draw by fivefold repetition} 1/2-1/2";
        let said = "draw by fivefold repetition";
        cases.push(("fivefold", s, said, "1/2-1/2", ends));

        let mut s = standard("k7/8/8/8/8/8/8/K6R w - - 149 100");
        play(&mut s, &["Rh2"]);
        let ends = "{draw by the seventy-five-move rule} 1/2-1/2";
        let said = "draw by the seventy-five-move rule";
        cases.push(("seventy-five moves", s, said, "1/2-1/2", ends));

        let mut s = start();
        play(&mut s, &["e4"]);
        s.end_with(GameEnd::OutOfTime {
            loser: Color::Black,
            opponent_could_win: true,
        });
        let ends = "{black ran out of time: white wins} 1-0";
        let said = "black ran out of time: white wins";
        cases.push(("black flagged", s, said, "1-0", ends));

        let mut s = standard("k7/8/8/8/8/8/8/K6R w - - 0 1");
        s.end_with(GameEnd::OutOfTime {
            loser: Color::White,
            opponent_could_win: s.could_win(Color::Black),
        });
        let ends = "{white ran out of time, but black cannot checkmate: draw} 1/2-1/2";
        let said = "white ran out of time, but black cannot checkmate: draw";
        cases.push(("white flagged, black cannot mate", s, said, "1/2-1/2", ends));

        let mut s = start();
        play(&mut s, &["e4"]);
        s.end_with(GameEnd::Stopped);
        let ends = "1. e4 {game stopped without a result} *";
        cases.push(("stopped", s, "game stopped without a result", "*", ends));

        for (name, s, sentence, token, ends) in cases {
            let view = s.view(Viewer::Nobody);
            assert!(view.over, "{name}");
            assert_eq!(view.result.as_deref(), Some(sentence), "{name}");
            assert_eq!(view.score, Some(token), "{name}");
            let (result, termination, movetext) = pgn(&s);
            assert_eq!(result, token, "{name}");
            let expected = match (token, name) {
                ("*", _) => Some("unterminated"),
                (_, "black flagged" | "white flagged, black cannot mate") => Some("time forfeit"),
                _ => Some("normal"),
            };
            assert_eq!(termination.as_deref(), expected, "{name}");
            assert!(movetext.ends_with(ends), "{name}: {movetext}");
        }
    }

    /// Resigning after stepping back ends the game at the position shown: the file holds the
    /// game that ended (the moves up to there), not the later moves it left; stepping forward
    /// shows the record as a game going on, and stepping back there the ended game again.
    #[test]
    fn a_resignation_after_stepping_back_exports_the_moves_up_to_it() {
        let mut s = start();
        play(&mut s, &["e4", "e5", "Nf3", "Nc6"]);
        assert!(s.step(2).is_ok());
        act(&mut s, Color::White, "resign");
        let (result, termination, movetext) = pgn(&s);
        assert_eq!(result, "0-1");
        assert_eq!(termination.as_deref(), Some("normal"));
        assert_eq!(movetext, "1. e4 e5 {white resigns: black wins} 0-1");
        // The page still shows the whole record to step through.
        assert_eq!(s.view(Viewer::Nobody).log.len(), 4);

        assert!(s.step(4).is_ok());
        assert!(!s.is_over());
        let (result, termination, movetext) = pgn(&s);
        assert_eq!(
            (result.as_str(), termination.as_deref()),
            ("*", Some("unterminated"))
        );
        assert_eq!(movetext, "1. e4 e5 2. Nf3 Nc6 *");

        assert!(s.step(2).is_ok());
        assert_eq!(pgn(&s).2, "1. e4 e5 {white resigns: black wins} 0-1");
    }

    /// The same for a variant without a richer log format: its one-move-a-line file stops at
    /// the resignation too.
    #[test]
    fn a_resignation_after_stepping_back_ends_a_plain_log_there() {
        let variant = VariantId::PawnRace;
        let Ok(mut s) = Session::new("t".into(), variant, registry::info(variant).initial) else {
            panic!("the pawn race's initial board");
        };
        for _ in 0..4 {
            let Some(text) = s.move_texts().into_iter().next() else {
                panic!("no legal move");
            };
            play(&mut s, &[text.as_str()]);
        }
        let whole = s.log_text();
        assert_eq!(whole.lines().count(), 4);
        assert!(s.step(2).is_ok());
        act(&mut s, Color::White, "resign");
        let first_two: Vec<&str> = whole.lines().take(2).collect();
        assert_eq!(s.log_text().lines().collect::<Vec<_>>(), first_two);
        assert!(s.step(4).is_ok());
        assert_eq!(s.log_text(), whole);
    }
}
