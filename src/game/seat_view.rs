//! The seat's side of the [`Game`](crate::game::Game) family: a game at the table,
//! driven by move texts and seen from one seat. [`SeatView`] gives what a player (or a
//! spectator) may know — the board with only the secrets that seat owns, a square's legal
//! moves as that seat may be told them, the status, what the last move set off — and plays
//! the variant's own move texts with its own legality. The web page, the network game and the
//! terminal reach it through the registry (`registry::seat_view`), so none of them knows a
//! variant's rules; each variant implements it in its own folder (`<variant>/seat_view.rs`).

use serde::Serialize;

use crate::core::{Color, Piece, Position, Square};
use crate::game::{GameEnd, MoveRefused, VariantId};

/// A piece as the page draws it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct PieceView {
    /// `white` or `black`.
    pub color: &'static str,
    /// The piece table's name (`king`, `drunken soldier`, …).
    pub kind: String,
    /// The canonical upper-case letter.
    pub letter: char,
    /// A promoted kind written `+X` (shogi's `+P`); left out of the JSON when false.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub plus: bool,
}

/// One square of the board.
#[derive(Clone, Debug, Serialize)]
pub struct Cell {
    /// The square's name (`e4`).
    pub square: String,
    /// The piece on it, if any.
    pub piece: Option<PieceView>,
    /// `open_trapdoor`, `trapdoor`, `mine` or `trapdoor_mine` (hidden ones only when revealed);
    /// `duck`, `arrow` or `wall` for a blocker (`RuleOptions::walling`).
    pub obstacle: Option<&'static str>,
}

/// A wall on the west or south edge of a square.
#[derive(Clone, Debug, Serialize)]
pub struct WallView {
    /// The square whose edge the wall is on.
    pub square: String,
    /// `west` or `south`.
    pub side: &'static str,
}

/// A legal move of one piece, with the text the variant's notation writes for it.
#[derive(Clone, Debug, Serialize)]
pub struct Target {
    /// The square the piece moves to.
    pub to: String,
    /// The move in the variant's notation.
    pub text: String,
    /// Does it take a piece?
    pub capture: bool,
    /// The promotion piece's letter, when this move promotes.
    pub promotion: Option<char>,
    /// The letter of the piece this move gates in from the hand (`RuleOptions::gating`), left
    /// out of the JSON for moves that gate nothing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gate: Option<char>,
    /// The square that piece enters on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gate_square: Option<String>,
    /// The square this move puts its blocker on (`RuleOptions::walling`: the duck, an arrow).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wall: Option<String>,
}

/// How a board is drawn: chess's checkered squares, xiangqi's intersections with the river and
/// the palaces' diagonals, shogi's plain grid with five-sided tiles. Data of a variant file
/// (`[board] style`), not of the rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum BoardStyle {
    /// Checkered squares, pieces as figurines or letters.
    #[default]
    Chess,
    /// Pieces on the intersections, Red and Black, Chinese characters.
    Xiangqi,
    /// Five-sided tiles with kanji, the opponent's turned towards the player.
    Shogi,
}

impl BoardStyle {
    /// Every style, in the order a variant file's error lists them.
    pub const ALL: [BoardStyle; 3] = [BoardStyle::Chess, BoardStyle::Xiangqi, BoardStyle::Shogi];

    /// The name a variant file writes.
    pub fn name(self) -> &'static str {
        match self {
            BoardStyle::Chess => "chess",
            BoardStyle::Xiangqi => "xiangqi",
            BoardStyle::Shogi => "shogi",
        }
    }

    /// The style a variant file names.
    pub fn from_name(name: &str) -> Option<BoardStyle> {
        BoardStyle::ALL.into_iter().find(|s| s.name() == name)
    }

    /// Is this the default (left out of a view's JSON)?
    pub fn is_chess(&self) -> bool {
        *self == BoardStyle::Chess
    }
}

/// A move played at the table ([`SeatView::play`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The text the log keeps (the variant's canonical notation).
    pub text: String,
    /// The squares to mark as the last move: from and to of a piece move (`@` and the square
    /// of a drop); `None` for a wall or a placement.
    pub squares: Option<[String; 2]>,
}

/// The pieces one side holds in hand (variants with drops), one entry per kind held.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct HandView {
    /// The piece, as the board draws it.
    pub piece: PieceView,
    /// How many of it the side holds (at least 1).
    pub count: u16,
    /// The hand never runs out of it (`RuleOptions::free_drops`: ataxx's clones); `count` is
    /// then 1. Sent only when true.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub unlimited: bool,
}

/// Both sides' hands, as the page draws them beside the board.
#[derive(Clone, Debug, Default, Serialize, PartialEq, Eq)]
pub struct Hands {
    /// White's pieces in hand, in the piece table's order.
    pub white: Vec<HandView>,
    /// Black's pieces in hand, in the piece table's order.
    pub black: Vec<HandView>,
}

/// What the page shows about the position to move in.
#[derive(Clone, Debug, Default, Serialize)]
pub struct GameStatus {
    /// The side to move is in check.
    pub check: bool,
    /// The side to move is checkmated.
    pub checkmate: bool,
    /// The side to move is stalemated.
    pub stalemate: bool,
    /// A draw the side to move may claim (fifty moves, threefold).
    pub fifty_moves: bool,
    /// The position has occurred three times: a draw the side to move may claim.
    pub threefold: bool,
    /// The rules ended the game (checkmate, stalemate, a pawn race won, …).
    pub over: bool,
    /// How the rules ended the game (serialized as its sentence, for the status bar).
    pub result: Option<GameEnd>,
}

/// A checkmate or stalemate that only the side to move can know of, because its own hidden
/// obstacles decide it (obstacle chess): it has no legal move, but what the others know of the
/// board cannot tell whether it has one. `Session` keeps it private until that side acts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The side to move has no legal move and is in check.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
}

impl Verdict {
    /// How the game ends when `mover` (the side without a move) is the one concerned.
    pub fn end(self, mover: Color) -> GameEnd {
        match self {
            Verdict::Checkmate => GameEnd::Checkmate {
                winner: mover.other(),
            },
            Verdict::Stalemate => GameEnd::Stalemate,
        }
    }

    /// What the side concerned is told (`View::verdict`).
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Checkmate => "checkmated",
            Verdict::Stalemate => "stalemated",
        }
    }
}

/// Which hidden obstacles the viewer may see.
pub type Reveal<'a> = &'a dyn Fn(Square) -> bool;

/// A game of one variant at the table, driven by move texts and seen from a seat.
pub trait SeatView: Send {
    /// How many files the board has.
    fn files(&self) -> u8;
    /// How many ranks the board has.
    fn ranks(&self) -> u8;
    /// Whose turn it is.
    fn side_to_move(&self) -> Color;
    /// Every square of the board, rank 1 first, with what `reveal` lets the viewer see.
    fn cells(&self, reveal: Reveal) -> Vec<Cell>;
    /// The walls on the board (obstacle chess).
    fn walls(&self) -> Vec<WallView> {
        Vec::new()
    }
    /// The edges of the regions some pieces are confined to (xiangqi's palace and river), for
    /// the page to draw as lines; empty where no piece is confined.
    fn zone_edges(&self) -> Vec<WallView> {
        Vec::new()
    }
    /// The legal moves of the piece on `from` (none when it is not the side to move's), as
    /// `asker` may be told them: a variant with hidden information computes them on what both
    /// the mover and the asker know (`None`: a spectator, or anyone not a player).
    fn targets(&self, from: Square, asker: Option<Color>) -> Vec<Target>;
    /// The drops of the kind lettered `letter` (upper case) from the hand of the side to
    /// move (`N@f3`), where the variant has hands, as `asker` may be told them: asked for one
    /// kind at a time, as a piece's targets are, so that a view never lists every kind on
    /// every empty square.
    fn drop_targets(&self, _letter: char, _asker: Option<Color>) -> Vec<Target> {
        Vec::new()
    }
    /// Every move the side to move may make, as it knows the board, each with the square it
    /// leaves (`@` for a drop). By default each piece's targets and each kind's drops in turn;
    /// a variant that lists its moves at once does it in one pass.
    fn moves(&self) -> Vec<(String, Target)> {
        let mover = self.side_to_move();
        let mut moves = Vec::new();
        for cell in self.cells(&|_| false) {
            let own = cell.piece.as_ref().is_some_and(|p| p.color == mover.name());
            if let (true, Some(sq)) = (own, Square::parse(&cell.square)) {
                for t in self.targets(sq, Some(mover)) {
                    moves.push((cell.square.clone(), t));
                }
            }
        }
        let hand = self.hands(Some(mover)).map(|h| match mover {
            Color::White => h.white,
            Color::Black => h.black,
        });
        for held in hand.into_iter().flatten() {
            for t in self.drop_targets(held.piece.letter, Some(mover)) {
                moves.push(("@".to_string(), t));
            }
        }
        moves
    }
    /// Both sides' hands as `asker` may know them, where the variant has hands (`None`: no
    /// hands in this variant, so the page draws none).
    fn hands(&self, _asker: Option<Color>) -> Option<Hands> {
        None
    }
    /// The squares the last move's explosion emptied (variants where captures explode), for
    /// the page to mark.
    fn exploded(&self) -> Vec<String> {
        Vec::new()
    }
    /// Plays one move text with the variant's own legality and returns the text the log keeps
    /// (the variant's canonical notation) with the squares it moved between; the refusal is
    /// the variant's whole sentence.
    fn play(&mut self, text: &str) -> Result<Played, MoveRefused>;
    /// The current board as the variant's board file.
    fn status(&self) -> GameStatus;
    /// The current board as the variant's board file.
    fn board_file(&self) -> String;
    /// The current position as one FEN line, where the variant's board file is something
    /// else (a variant file's text) but a FEN says the position: what a setup box shows and a
    /// link may carry. `None` where the board file is the FEN already, or there is none.
    fn fen(&self) -> Option<String> {
        None
    }
    /// How the board is drawn.
    fn board_style(&self) -> BoardStyle {
        BoardStyle::Chess
    }
    /// The board file without `owner`'s hidden obstacles that play has not revealed (what the
    /// other player may download).
    fn board_file_hiding(&self, _owner: Color) -> String {
        self.board_file()
    }
    /// The side to move has no legal move, but only its own hidden obstacles say so: the game
    /// is not over (`status()` says what everybody may know) until `Session` ends it.
    fn private_verdict(&self) -> Option<Verdict> {
        None
    }
    /// Extra lines for the side panel (status line, allocation, walls left, …).
    fn info(&self) -> Vec<String> {
        Vec::new()
    }
    /// Obstacle chess: the move text of a wall on this edge, if walls exist in the variant.
    fn wall_text(&self, _square: Square, _side: &str) -> Option<String> {
        None
    }
    /// Obstacle chess: what this move text places in secret (hidden in the log), if it is a
    /// secret placement: the variant reads its own notation, the table only the value.
    fn secret(&self, _text: &str) -> Option<SecretPlacement> {
        None
    }
    /// Is this move text a secret placement (hidden in the log)?
    fn is_secret(&self, text: &str) -> bool {
        self.secret(text).is_some()
    }
    /// Obstacle chess: whose secret trapdoor/mine placement is due, during that phase.
    fn placement(&self) -> Option<Color> {
        None
    }
    /// What the last move set off: (`trapdoor` | `mine`, square, a sentence that says what
    /// happened to which piece), for animations and notices.
    fn events(&self) -> Vec<(&'static str, String, String)> {
        Vec::new()
    }
    /// A draw the rules make automatic, not claimed (FIDE 9.6: the same position a fifth time,
    /// 75 moves of each side without capture or pawn move), as the reason's words.
    fn automatic_draw(&self) -> Option<&'static str> {
        None
    }
    /// Could `color` still win with the material on the board? When the other side's clock
    /// runs out, FIDE 6.9 makes the game a draw if not. `true` unless the variant knows
    /// better (obstacle chess: a king may still fall into a trapdoor or onto a mine).
    fn could_win(&self, _color: Color) -> bool {
        true
    }
}

/// FIDE 9.6 for a game that counts repetitions and a halfmove clock, in words.
pub(crate) fn fide_automatic_draw(repetitions: usize, halfmove_clock: u32) -> Option<&'static str> {
    crate::core::history::AutomaticDraw::of(repetitions, halfmove_clock).map(|d| d.rule())
}

/// A hidden obstacle a seat places before the game (obstacle chess's trapdoors and mines).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Hazard {
    /// A trapdoor: a piece arriving on it falls.
    Trapdoor,
    /// A mine: it explodes under a piece arriving on it.
    Mine,
}

/// What a secret move text does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SecretPlacement {
    /// It places `hazard` on `square` (the square's name).
    Placed {
        /// What it places.
        hazard: Hazard,
        /// Where.
        square: String,
    },
    /// It places nothing (the side skips its placement).
    Skipped,
}

/// A variant the page offers.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct VariantInfo {
    /// Which variant.
    pub id: VariantId,
    /// Its name on the page.
    pub name: &'static str,
    /// The board file of the quick-setup initial position.
    pub initial: &'static str,
    /// What a board file looks like, for the setup page.
    pub format: &'static str,
    /// How a move is written, for help texts.
    pub syntax: &'static str,
    /// How its board is written, in kind (what the setup box reads).
    pub board: crate::game::BoardFormat,
    /// What it can do.
    pub capabilities: crate::game::Capabilities,
}

pub(crate) fn piece_view(pos: &Position, p: Piece) -> PieceView {
    let kind = pos.rules().kind(p.kind);
    PieceView {
        color: p.color.name(),
        kind: kind.name.clone(),
        letter: kind.letter,
        plus: kind.plus,
    }
}

/// The cells of a core position (no obstacles), rank 1 first.
pub(crate) fn position_cells(pos: &Position) -> Vec<Cell> {
    let shape = &pos.rules().shape;
    shape
        .squares()
        .map(|sq| Cell {
            square: shape.square(sq).to_string(),
            piece: pos.piece_at(sq).map(|p| piece_view(pos, p)),
            obstacle: pos
                .blocker_at(sq)
                .then(|| match pos.rules().options.walling {
                    Some(crate::core::Walling::Arrow) => "arrow",
                    Some(crate::core::Walling::Past | crate::core::Walling::Static) => "wall",
                    _ => "duck",
                }),
        })
        .collect()
}

/// The hands of a core position, where its rules have drops.
pub(crate) fn position_hands(pos: &Position) -> Option<Hands> {
    let rules = pos.rules();
    if !rules.options.hands() {
        return None;
    }
    let unlimited = rules.options.free_drops;
    let held = |color: Color| -> Vec<HandView> {
        (0..rules.pieces.len() as crate::core::KindId)
            .filter_map(|kind| {
                let count = if unlimited {
                    1
                } else {
                    pos.hand_count(color, kind)
                };
                (count > 0).then(|| HandView {
                    piece: piece_view(pos, Piece { color, kind }),
                    count,
                    unlimited,
                })
            })
            .collect()
    };
    Some(Hands {
        white: held(Color::White),
        black: held(Color::Black),
    })
}

/// Side-panel lines for what a core position holds beyond its board: the hands (where the
/// rules have drops) and the checks given (where they are counted).
pub(crate) fn position_extras(pos: &Position) -> Vec<String> {
    let rules = pos.rules();
    let mut lines = Vec::new();
    if rules.options.hands() {
        let held = |color: Color| {
            let letters: String = (0..rules.pieces.len() as crate::core::KindId)
                .flat_map(|k| {
                    let l = rules.kind(k).letter;
                    let l = match color {
                        Color::White => l,
                        Color::Black => l.to_ascii_lowercase(),
                    };
                    std::iter::repeat_n(l, pos.hand_count(color, k) as usize)
                })
                .collect();
            if rules.options.free_drops {
                // Every kind, for ever: the letters once, marked.
                let each: String = rules
                    .pieces
                    .iter()
                    .map(|p| match color {
                        Color::White => p.letter,
                        Color::Black => p.letter.to_ascii_lowercase(),
                    })
                    .collect();
                return format!("{each} (never runs out)");
            }
            if letters.is_empty() {
                "-".to_string()
            } else {
                letters
            }
        };
        lines.push(format!(
            "In hand: White {}, Black {}",
            held(Color::White),
            held(Color::Black)
        ));
    }
    if let Some(limit) = rules.options.check_limit {
        lines.push(format!(
            "Checks given (of {limit}): White {}, Black {}",
            pos.checks_given(Color::White),
            pos.checks_given(Color::Black)
        ));
    }
    lines
}
