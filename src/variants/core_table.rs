//! The core game at the table: how its rules end a game in words a player reads, and the
//! variant's own table hooks ([`TableHooks`]: side-panel lines, FIDE's claims and record),
//! for the one seat view ([`GameSeatView`](crate::game::game_seat_view::GameSeatView)) that
//! standard chess, Chess960, fairy chess and FollowChess are played through.

use crate::core::history::{earlier_repetition_keys, occurrences, repetition_key};
use crate::core::{Color, Move, Position, Square};
use crate::game::game_seat_view::{Claims, TableGame};
use crate::game::seat_view::WallView;
use crate::game::{Game, GameEnd, MoveRefused, Score, Terminal};
use crate::variants::core_game::CoreGame;
use crate::variants::repetition;
use crate::variants::terrain::table::{announcements, cell_obstacle, wall_views};

/// Places an obstacle by a text that is not a move (see [`TableGame::place`]).
pub type Placement = fn(&mut CoreGame, &str) -> Option<Result<String, MoveRefused>>;

/// What a variant played by the core's rules adds at the table, beyond its moves and ends.
#[derive(Debug)]
pub struct TableHooks {
    /// The side-panel lines (fairy chess: its allocation and status line; FollowChess: the
    /// pieces each side has captured).
    pub info: fn(&CoreGame) -> Vec<String>,
    /// The game's end in the variant's own words, replacing the generic ones (standard
    /// chess: the course's sentences, and impossible checkmate as an end).
    pub end: Option<fn(&mut CoreGame) -> Option<GameEnd>>,
    /// The draws the side to move may claim now.
    pub claims: fn(&CoreGame) -> Claims,
    /// A draw the rules make automatic (FIDE 9.6).
    pub automatic_draw: fn(&CoreGame) -> Option<&'static str>,
    /// Could this side still win, if the other's flag fell?
    pub could_win: fn(&CoreGame, Color) -> bool,
    /// Obstacles the players place instead of moving (a variant file's `wall e4-e5`).
    pub place: Option<Placement>,
    /// A side not in check that cannot move is stalemated whatever the result (see
    /// [`TableGame::every_stalemate`]).
    pub every_stalemate: bool,
}

impl TableHooks {
    /// No table hooks: no side panel, no claims, no log format of its own.
    pub const PLAIN: TableHooks = TableHooks {
        info: |_| Vec::new(),
        end: None,
        claims: |_| Claims::default(),
        automatic_draw: |_| None,
        could_win: |_, _| true,
        place: None,
        every_stalemate: false,
    };

    /// A side panel of the variant's own, nothing else.
    pub const fn side_panel(info: fn(&CoreGame) -> Vec<String>) -> TableHooks {
        TableHooks {
            info,
            ..TableHooks::PLAIN
        }
    }
}

impl CoreGame {
    /// How often the current position has occurred in this game, counting itself, by FIDE's
    /// "same position" (an en passant right counts only when it can be used).
    pub fn repetitions(&self) -> usize {
        let pos = self.position();
        let current = repetition_key(&mut pos.clone());
        let earlier = earlier_repetition_keys(pos, self.played());
        occurrences(current, earlier, pos.halfmove_clock())
    }

    /// The result for the side to move when the rules' repetition ends the game now (see
    /// [`repetition::judge`]). A position recurs within the plies since the last capture or
    /// clock-resetting move, or anywhere in the game where captured pieces return to play.
    pub fn repetition_end(&self) -> Option<Terminal> {
        let rule = self.ends().repetition?;
        let pos = self.position();
        let options = pos.rules().options;
        let window =
            (!(options.drops && options.captures_to_hand)).then_some(pos.halfmove_clock() as usize);
        repetition::judge(rule, pos, self.played(), window)
    }
}

impl TableGame for CoreGame {
    fn table_position(&self) -> &Position {
        self.position()
    }

    /// A captured royal piece, a variant file's own ends (extinction, a goal), then no legal
    /// move: the rules' ends that [`Game::terminal`] and [`Game::no_moves`] judge for the
    /// search, read here as a game's end. The search's other draws (fifty moves, a repetition
    /// in its line, a dead position) are not: at the table those are a player's claim or
    /// the variant's own rule.
    fn rule_end(&mut self) -> Option<GameEnd> {
        if let Some(end) = self.notation().table.end {
            return end(self);
        }
        let pos = self.position();
        let us = pos.side_to_move();
        let them = us.other();
        if self.ends().royal_capture && pos.royal_count(us) == 0 && pos.royal_count(them) > 0 {
            return Some(GameEnd::VariantRule {
                score: Score::Win(them),
                sentence: format!("king captured: {} wins", them.name()),
            });
        }
        if let Some((result, why)) = self.ends().decided_why(pos) {
            return Some(rule_words(result, us, &why.to_string()));
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if !moves.is_empty() {
            return None;
        }
        let mated = self.ends().checkmate && self.position().is_check();
        Some(match self.no_moves() {
            Terminal::Loss if mated => GameEnd::Checkmate { winner: them },
            other if mated => rule_words(other, us, "checkmated"),
            Terminal::Draw => GameEnd::Stalemate,
            other => rule_words(other, us, "no legal move"),
        })
    }

    fn table_info(&self) -> Vec<String> {
        (self.notation().table.info)(self)
    }

    fn check_matters(&self) -> bool {
        self.ends().checkmate
    }

    fn every_stalemate(&self) -> bool {
        self.notation().table.every_stalemate
    }

    fn obstacle(&self, s: Square) -> Option<&'static str> {
        cell_obstacle(self.terrain()?, s)
    }

    fn walls(&self) -> Vec<WallView> {
        self.terrain().map(wall_views).unwrap_or_default()
    }

    fn place(&mut self, text: &str) -> Option<Result<String, MoveRefused>> {
        self.notation().table.place?(self, text)
    }

    fn move_events(&self, before: &CoreGame, m: Move) -> Vec<(&'static str, String, String)> {
        match (before.terrain(), self.terrain()) {
            (Some(was), Some(is)) => announcements(
                (before.position(), was),
                (self.position(), is),
                m,
                self.last_fired(),
            ),
            _ => Vec::new(),
        }
    }

    fn claims(&self) -> Claims {
        (self.notation().table.claims)(self)
    }

    fn automatic_draw(&self) -> Option<&'static str> {
        (self.notation().table.automatic_draw)(self)
    }

    fn could_win(&self, color: Color) -> bool {
        (self.notation().table.could_win)(self, color)
    }
}

/// Where a game's moves begin: the move number of the first and whether Black makes it.
#[derive(Clone, Copy, Debug)]
pub struct FirstMove {
    /// The full move number of the first move.
    pub number: u32,
    /// Black moves first.
    pub black: bool,
}

impl FirstMove {
    /// Where the moves from `start` begin.
    pub fn of(start: &Position) -> FirstMove {
        FirstMove {
            number: start.fullmove_number(),
            black: start.side_to_move() == Color::Black,
        }
    }
}

/// Any game as a PGN record, the one export every front end's PGN comes from (standard play,
/// the table's log, the page): the front end's tags, the `Variant` tag where not FIDE chess,
/// `FEN` when it did not start at the variant's own start (`start_fen` the FEN written), the
/// moves already in SAN, and how the game ended (`end`: the sentence, the result, a
/// Termination of `time forfeit` for a flag fall, `normal` for any other end, `unterminated`
/// while it goes on).
pub fn pgn_record(
    header: &[(String, String)],
    variant: Option<String>,
    first: FirstMove,
    start_fen: Option<String>,
    moves: Vec<String>,
    end: Option<&GameEnd>,
) -> String {
    let score = end.map_or(Score::NoResult, GameEnd::score);
    let termination = match end {
        Some(GameEnd::OutOfTime { .. }) => "time forfeit",
        _ if score == Score::NoResult => "unterminated",
        _ => "normal",
    };
    crate::notation::pgn::Record {
        header: header.to_vec(),
        variant,
        start_fen,
        first_move_number: first.number,
        black_starts: first.black,
        moves,
        end: end.map(GameEnd::to_string),
        termination,
        result: score.pgn_token().to_string(),
    }
    .pgn()
}

/// A result from the side to move's view, as a variant rule's end: `goal reached: white wins`.
fn rule_words(result: Terminal, us: Color, why: &str) -> GameEnd {
    let score = match result {
        Terminal::Win => Score::Win(us),
        Terminal::Loss => Score::Win(us.other()),
        Terminal::Draw => Score::Draw,
    };
    let sentence = match score {
        Score::Win(c) => format!("{why}: {} wins", c.name()),
        _ => format!("{why}: draw"),
    };
    GameEnd::VariantRule { score, sentence }
}

#[cfg(test)]
mod tests {
    use crate::core::PositionHistory;
    use crate::game::Game;
    use crate::variants::standard;

    /// The table counts repetitions by taking moves back; the game record keeps a key per
    /// position. Both must count alike, en passant rights included.
    #[test]
    fn repetitions_by_taking_back_count_as_the_game_record_does() {
        let start = standard::from_fen(standard::START_FEN).expect("the start");
        let mut lines: Vec<Vec<usize>> = Vec::new();
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..60 {
            let line = (0..90)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    seed as usize
                })
                .collect();
            lines.push(line);
        }
        // Knights out and back, after a double step whose en passant right cannot be used: the
        // position after 1. e4 counts again once the knights are home.
        let shuffle = [
            "e4", "Nf6", "Nf3", "Ng8", "Ng1", "Nf6", "Nf3", "Ng8", "Ng1", "Nf6",
        ];
        let mut game = standard::variant::game(start.clone());
        let mut record = PositionHistory::new(start.clone());
        for text in shuffle {
            let m = game.parse_move(text).expect("legal");
            game.make(m);
            record.play(m);
            assert_eq!(game.repetitions(), record.repetitions(), "after {text}");
        }
        assert_eq!(game.repetitions(), 3);
        for line in &lines {
            let mut game = standard::variant::game(start.clone());
            let mut record = PositionHistory::new(start.clone());
            for &choice in line {
                let mut moves = Vec::new();
                game.legal_moves(&mut moves);
                let Some(&m) = moves.get(choice % moves.len().max(1)) else {
                    break;
                };
                game.make(m);
                record.play(m);
                assert_eq!(game.repetitions(), record.repetitions());
            }
        }
    }
}
