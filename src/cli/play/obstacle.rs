//! `chessrules play --variant obstacle [BOARD]`: obstacle chess at the terminal, each side a
//! person, our engine or a UCI engine (through the bridge, which never plays an illegal
//! obstacle move). Input lines are the game-file notation: `e2-e4`, `e7-e8=Q`, `0-0`, walls
//! `|e4` / `_e4`, and on the initial board the secret placements `Dc6`, `Md5`, `...`.
//!
//! Secrets: the trapdoors and mines placed during the game are known to their owner only, and
//! every move is judged on its mover's view (`ObstacleGame::between_players`): the opponent's
//! secrets and the board file's hidden trapdoors (whose owner no file names) act only after a
//! move. A computer side searches that same view. The board shown hides the computer's secrets
//! from the person; the whole game file is printed when the game ends.

use std::process::ExitCode;
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::Result;
use chessrules::core::Color;
use chessrules::engine::Rng;
use chessrules::variants::obstacle::game::legal_piece_moves;
use chessrules::variants::obstacle::placement::computer_placement;
use chessrules::variants::obstacle::search::{
    action_text, best_obstacle_move_knowing, ObstacleMove,
};
use chessrules::variants::obstacle::uci_bridge::obstacle_move_knowing;
use chessrules::variants::obstacle::{parse_board, write_board, Info, ObstacleBoard, ObstacleGame};

use super::seat::Seat;
use super::term::{resignation, Terminal, Typed};
use super::{read_text, save_log, GameOptions};

const INITIAL: &str = "rnbqkbnr\npppppppp\n........\n........\n........\n........\nPPPPPPPP\n\
RNBQKBNR\nw 3 3 + + + + - 0\n";

/// Placement lines a game may start with (White, Black, White, Black).
const PLACEMENT_LINES: usize = 4;

const HELP: &str =
    "Moves (game-file notation): e2-e4, e7-e8=Q, 0-0, 0-0-0; walls |e4 (west of e4) \
and _e4 (south of e4).
On the initial board, before the first move: Dc6 (a secret trapdoor, ranks 3-6), Md5 (a secret \
mine, ranks 4-5), ... (no placement).
Commands: moves (the legal piece moves), board, claim (a fifty-move or threefold draw), \
resign, help, quit";

struct Game {
    game: ObstacleGame,
    log: Vec<String>,
    placement_open: bool,
    placement_lines: usize,
    last: Vec<Info>,
}

impl Game {
    /// Whose placement line is due, during the placement phase.
    fn placer(&self) -> Option<Color> {
        (self.placement_open && self.placement_lines < PLACEMENT_LINES).then_some(
            if self.placement_lines.is_multiple_of(2) {
                Color::White
            } else {
                Color::Black
            },
        )
    }

    /// The board as `viewer` knows it (`None`: nobody's secrets, as two people at one
    /// terminal see it).
    fn view(&self, viewer: Option<Color>) -> ObstacleBoard {
        self.game.view(viewer)
    }

    /// Plays one line through the game; returns the INFO messages.
    fn play(&mut self, text: &str) -> Result<Vec<Info>, String> {
        let placing = self.placer().is_some()
            && (text == "..." || matches!(text.as_bytes().first(), Some(b'D' | b'M')));
        let infos = self.game.play(text).map_err(|e| e.to_string())?;
        if placing {
            self.placement_lines += 1;
        } else {
            self.placement_open = false;
        }
        self.log.push(text.to_string());
        self.last = infos.clone();
        Ok(infos)
    }

    /// A fifty-move or threefold draw the side to move may claim.
    fn claimable(&self) -> bool {
        self.last.contains(&Info::FiftyMoves) || self.last.contains(&Info::Threefold)
    }
}

pub fn run(o: &GameOptions) -> Result<ExitCode> {
    let text = match &o.board {
        Some(path) => read_text(path)?,
        None => INITIAL.to_string(),
    };
    let start = match parse_board(text.as_bytes()) {
        Ok(b) => b,
        Err(e) => {
            errln!("{e}");
            return Ok(ExitCode::from(1));
        }
    };
    let mut seats = [Seat::start(&o.white)?, Seat::start(&o.black)?];
    for seat in &mut seats {
        if let Seat::External(client) = seat {
            client.new_game()?;
        }
    }
    let mut g = Game {
        placement_open: write_board(&start) == INITIAL,
        game: ObstacleGame::between_players(start),
        log: Vec::new(),
        placement_lines: 0,
        last: Vec::new(),
    };
    // The person's view: one person sees their own secrets; two see nobody's; two engines
    // are watched with everything shown.
    let viewer = match (seats[0].is_human(), seats[1].is_human()) {
        (true, false) => Some(Some(Color::White)),
        (false, true) => Some(Some(Color::Black)),
        (true, true) => Some(None),
        (false, false) => None,
    };
    let show = |g: &Game| match viewer {
        Some(v) => write_board(&g.view(v)),
        None => write_board(g.game.board()),
    };
    let seed = o.seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(1)
    });
    let mut rng = Rng::new(seed);
    let mut t = Terminal::new();
    t.say(&format!(
        "Obstacle chess. White: {}. Black: {}. Type a move or help.",
        seats[0].label(o.movetime),
        seats[1].label(o.movetime)
    ))?;
    t.show(&show(&g))?;
    let result = loop {
        if g.game.is_over() {
            break Some(over_sentence(&g));
        }
        let placer = g.placer();
        let side = placer.unwrap_or_else(|| g.game.board().position().side_to_move());
        let text = match &mut seats[side.index()] {
            Seat::Human => {
                let ask = match placer {
                    Some(_) => {
                        "place a trapdoor (Dc6) or mine (Md5) in secret, ... to skip, or move"
                    }
                    None => "to move",
                };
                match t.ask(&format!("{} {ask}: ", side.title()))? {
                    Typed::Stop => break None,
                    Typed::Help => {
                        t.say(HELP)?;
                        continue;
                    }
                    Typed::Board => {
                        t.show(&show(&g))?;
                        continue;
                    }
                    Typed::Moves => {
                        // As the mover knows the board: an opponent's secret must not show
                        // by a move missing from the list.
                        let view = g.view(Some(side));
                        let b = &view;
                        let texts: Vec<String> = legal_piece_moves(b)
                            .into_iter()
                            .map(|m| action_text(b, ObstacleMove::Piece(m)))
                            .collect();
                        t.say(&format!(
                            "{} (walls left: {})",
                            texts.join(" "),
                            b.walls_left(side)
                        ))?;
                        continue;
                    }
                    Typed::Resign => break Some(resignation(side)),
                    Typed::Text(word) if word == "claim" => {
                        if g.claimable() {
                            break Some(claim_sentence(&g, side));
                        }
                        t.refuse("No draw to claim: the rules offer none after the last move.");
                        continue;
                    }
                    Typed::Text(line) => line,
                }
            }
            seat => {
                if let Some(text) = placer.and_then(|c| {
                    computer_placement(&g.view(Some(c)), g.game.secrets(), c, &mut rng)
                }) {
                    g.play(&text).map_err(anyhow::Error::msg)?;
                    t.say(&format!("{} places its secret obstacle.", side.title()))?;
                    continue;
                }
                let view = g.view(Some(side));
                match computer_action(seat, &mut g, &view, o.movetime, &mut t)? {
                    Action::Played(text) => {
                        t.say(&format!("{} plays {text}", side.title()))?;
                        report(&mut t, &g)?;
                        t.show(&show(&g))?;
                        continue;
                    }
                    Action::Claim => break Some(claim_sentence(&g, side)),
                    Action::None => break Some("The computer found no move.".to_string()),
                }
            }
        };
        match g.play(&text) {
            Ok(_) => {
                report(&mut t, &g)?;
                t.show(&show(&g))?;
            }
            Err(e) => t.refuse(&format!(
                "{e} (type moves for the legal moves, help for more)"
            )),
        }
    };
    t.say(
        result
            .as_deref()
            .unwrap_or("Game stopped without a result."),
    )?;
    // The placements are secret until the game is over; now the whole game file is shown.
    save_log(&mut t, o.save.as_deref(), &g.log)?;
    Ok(ExitCode::SUCCESS)
}

/// What a computer side did.
enum Action {
    Played(String),
    Claim,
    None,
}

/// A computer side's move: searched on its own view (the view the game judges it on), played
/// on the real game; a move the game still refuses is left out and the side chooses again. It
/// claims an offered draw when its search does not see it ahead.
fn computer_action(
    seat: &mut Seat,
    g: &mut Game,
    view: &ObstacleBoard,
    movetime: u64,
    t: &mut Terminal,
) -> Result<Action> {
    let mut refused: Vec<ObstacleMove> = Vec::new();
    loop {
        let choice = match seat {
            Seat::External(client) => {
                obstacle_move_knowing(client, view, movetime, &refused)?.map(|(m, text, _)| {
                    // An external engine's score is not known: it claims any draw offered.
                    (m, text, 0)
                })
            }
            _ => best_obstacle_move_knowing(view, movetime, &refused),
        };
        let Some((m, text, value)) = choice else {
            // Nothing the search would play: any legal piece move the game accepts.
            let b = g.game.judged_board().into_owned();
            let Some(m) = legal_piece_moves(&b).into_iter().next() else {
                return Ok(Action::None);
            };
            let text = action_text(&b, ObstacleMove::Piece(m));
            g.play(&text).map_err(anyhow::Error::msg)?;
            return Ok(Action::Played(text));
        };
        if g.claimable() && value <= 0 {
            return Ok(Action::Claim);
        }
        match g.play(&text) {
            Ok(_) => return Ok(Action::Played(text)),
            Err(e) => {
                t.say(&format!("({text} refused: {e}; choosing again)"))?;
                refused.push(m);
            }
        }
    }
}

/// Prints the INFO messages of the last move, in the spec's form.
fn report(t: &mut Terminal, g: &Game) -> Result<()> {
    for info in &g.last {
        t.say(&format!("INFO: {info}"))?;
    }
    Ok(())
}

fn over_sentence(g: &Game) -> String {
    let pos = g.game.board().position();
    let (w, b) = (pos.royal_count(Color::White), pos.royal_count(Color::Black));
    if g.last.contains(&Info::Checkmate) {
        let winner = match (w, b) {
            (0, _) => Color::Black,
            (_, 0) => Color::White,
            _ => pos.side_to_move().other(),
        };
        format!("Checkmate: {} wins.", winner.title())
    } else {
        "Stalemate: draw.".to_string()
    }
}

fn claim_sentence(g: &Game, side: Color) -> String {
    let why = if g.last.contains(&Info::Threefold) {
        "threefold repetition"
    } else {
        "the fifty-move rule"
    };
    format!("{} claims a draw by {why}: draw.", side.title())
}
