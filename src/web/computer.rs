//! The computer as one side of a game on the page: our engine in standard, fairy and obstacle
//! chess (and pawn race), or the server's external UCI engine (`serve --engine PATH`) in
//! standard and obstacle chess (through the bridge, which never plays an illegal obstacle
//! move).
//!
//! The server takes a [`Task`] from the session under its lock (the game's board file and
//! moves up to the cursor), searches without the lock ([`Task::run`]), and plays the answer
//! with [`apply`] only if the game has not changed meanwhile. In obstacle chess the computer
//! searches the board as it knows it: its own secret placements, not the person's.

use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use serde::Deserialize;

use crate::core::{Color, Game};
use crate::engine::uci_client::UciClient;
use crate::engine::{Engine, Limits, Rng};
use crate::notation::coordinate;
use crate::notation::coordinate::to_uci;
use crate::variants::custom::computer::best_custom_move;
use crate::variants::custom::field::Field;
use crate::variants::custom::load_variant_file;
use crate::variants::obstacle::knowledge::Secret;
use crate::variants::obstacle::placement::computer_placement;
use crate::variants::obstacle::search::{action_text, best_obstacle_move_knowing, ObstacleMove};
use crate::variants::obstacle::uci_bridge::obstacle_move_knowing;
use crate::variants::obstacle::{parse_board, write_board, ObstacleGame};
use crate::variants::registry::{self, Visit};
use crate::variants::standard;
use crate::variants::{Variant, VariantId};

use super::session::{Refusal, Session};

/// What the page asks for when it creates a game: `{ "color": "white" | "black",
/// "engine": "ours" | "uci", "movetime": ms }`.
#[derive(Clone, Debug, Deserialize)]
pub struct ComputerRequest {
    pub color: String,
    pub engine: Option<String>,
    pub movetime: Option<u64>,
}

/// The computer's seat in one game.
#[derive(Clone, Debug)]
pub struct Computer {
    pub color: Color,
    /// The server's external UCI engine instead of ours.
    pub external: bool,
    pub movetime: u64,
}

/// Longest thinking time the page may ask for.
const MAX_MOVETIME: u64 = 10_000;

impl Computer {
    /// The seat `req` asks for in `variant`; `external_engine` is whether the server was
    /// started with `--engine PATH`.
    pub fn from_request(
        req: &ComputerRequest,
        variant: VariantId,
        external_engine: bool,
    ) -> Result<Computer, Refusal> {
        let color = match req.color.as_str() {
            "white" => Color::White,
            "black" => Color::Black,
            other => return Err(Refusal::bad(format!("computer colour '{other}'?"))),
        };
        let external = match req.engine.as_deref() {
            None | Some("ours") => false,
            Some("uci") => true,
            Some(other) => return Err(Refusal::bad(format!("engine '{other}'?"))),
        };
        if variant == VariantId::Follow {
            return Err(Refusal::bad(format!(
                "the computer does not play {variant} (it plays every other variant)"
            )));
        }
        if external && !external_engine {
            return Err(Refusal::bad(
                "no external engine: start the server with --engine PATH",
            ));
        }
        if external && !matches!(variant, VariantId::Standard | VariantId::Obstacle) {
            return Err(Refusal::bad(
                "an external UCI engine plays standard and obstacle chess only",
            ));
        }
        Ok(Computer {
            color,
            external,
            movetime: req.movetime.unwrap_or(500).clamp(1, MAX_MOVETIME),
        })
    }
}

/// A search to run for the computer, with what it needs from the session.
pub struct Task {
    computer: Computer,
    variant: VariantId,
    initial: String,
    moves: Vec<String>,
}

/// The task when the computer is to move in the session (at the end of its line, game not
/// over); `None` otherwise.
pub fn task(s: &Session) -> Option<Task> {
    let computer = s.computer.clone()?;
    if s.is_over() || s.mover() != computer.color || s.cursor() != s.length() {
        return None;
    }
    let (moves, _) = s.line();
    Some(Task {
        computer,
        variant: s.variant,
        initial: s.initial().to_string(),
        moves: moves.to_vec(),
    })
}

/// Is a move from the page refused because it is the computer's turn at the end of the line?
pub fn refuse_person(s: &Session) -> Result<(), Refusal> {
    match &s.computer {
        Some(c) if s.mover() == c.color && s.cursor() == s.length() && !s.is_over() => Err(
            Refusal::conflict(format!("the computer plays {}", c.color.name())),
        ),
        _ => Ok(()),
    }
}

/// Plays the computer's answer, unless the game changed while it searched.
pub fn apply(s: &mut Session, task: &Task, text: &str) -> Result<(), Refusal> {
    let (moves, _) = s.line();
    if s.length() != task.moves.len() || moves != task.moves.as_slice() {
        return Ok(());
    }
    s.play(text, false)
}

impl Task {
    /// The computer's move text in the variant's notation (the search runs here).
    pub fn run(&self, engine: Option<&Path>) -> Result<String, String> {
        let ms = self.computer.movetime;
        match self.variant {
            VariantId::Standard if self.computer.external => {
                let game = self.standard_game()?;
                // The whole game, so the engine sees which positions would repeat.
                let mut client = spawn(engine)?;
                client
                    .best_move_after(game.start_fen(), &game.uci_moves(), ms)
                    .map_err(|e| e.to_string())?
                    .ok_or_else(|| "the engine has no move".to_string())
            }
            VariantId::Standard | VariantId::Chess960 | VariantId::Fairy | VariantId::PawnRace => {
                self.ours()
            }
            VariantId::Custom => self.custom(),
            VariantId::Obstacle => self.obstacle(engine),
            other @ VariantId::Follow => Err(format!("the computer does not play {other}")),
        }
    }

    /// Our engine's move in a variant the registry opens: the game replayed from the board
    /// file through the variant's own notation, searched, and the answer written back in it.
    fn ours(&self) -> Result<String, String> {
        struct Search<'a> {
            moves: &'a [String],
            movetime: u64,
        }
        impl Visit for Search<'_> {
            type Output = Result<String, String>;
            fn visit<V: Variant>(self, mut game: V) -> Self::Output {
                registry::replay(&mut game, self.moves)?;
                let limits = Limits::movetime(self.movetime);
                let best = Engine::new(18).search(&mut game, &limits).best;
                best.map(|m| game.move_text(m))
                    .ok_or_else(|| "no legal move".to_string())
            }
        }
        let game = registry::open(self.variant, &self.initial).map_err(|d| d.to_string())?;
        game.visit(Search {
            moves: &self.moves,
            movetime: self.computer.movetime,
        })
    }

    /// The standard game the page has played so far.
    fn standard_game(&self) -> Result<standard::game::StandardGame, String> {
        let mut game = standard::game::StandardGame::from_fen(self.initial.trim())
            .map_err(|e| e.to_string())?;
        for text in &self.moves {
            game.play_text(text).map_err(|e| e.to_string())?;
        }
        Ok(game)
    }

    /// A variant file: the session's "board" is the file itself, its moves coordinate text.
    fn custom(&self) -> Result<String, String> {
        let variant = load_variant_file(&self.initial).map_err(|e| e.to_string())?;
        let mut game = Game::new(variant.start_position().map_err(|e| e.to_string())?);
        let mut field = Field::new(&variant.obstacles, &variant.rules.shape);
        for text in &self.moves {
            let mut pos = game.position().clone();
            let m = coordinate::parse(&mut pos, text).map_err(|e| e.to_string())?;
            field.play(&mut game, m);
        }
        let pos = game.position();
        let ms = self.computer.movetime;
        best_custom_move(&variant, pos, &game.earlier_keys(), ms)
            .best
            .map(|m| to_uci(pos, m))
            .ok_or_else(|| "no legal move".to_string())
    }

    fn obstacle(&self, engine: Option<&Path>) -> Result<String, String> {
        let start = parse_board(self.initial.as_bytes()).map_err(|e| e.to_string())?;
        let initial_board = write_board(&start) == super::games::info(VariantId::Obstacle).initial;
        let mut game = ObstacleGame::between_players(start);
        let mut placing = true;
        for text in &self.moves {
            game.play(text).map_err(|e| e.to_string())?;
            if !(text == "..." || Secret::from_line(Color::White, text).is_some()) {
                placing = false;
            }
        }
        let me = self.computer.color;
        let lines = self.moves.len();
        if placing && initial_board && lines < 4 {
            // Secret squares must not be predictable: seeded from the clock.
            let seed = SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map(|d| d.as_nanos() as u64)
                .unwrap_or(lines as u64);
            let mut rng = Rng::new(seed);
            // Chosen on its own view: the person's secret squares look empty to it.
            let view = game.view(Some(me));
            if let Some(line) = computer_placement(&view, game.secrets(), me, &mut rng) {
                return Ok(line);
            }
        }
        let view = game.view(Some(me));
        let mut client = match self.computer.external {
            true => Some(spawn(engine)?),
            false => None,
        };
        // A move the game refuses is left out and the search asked again (the game judges on
        // the computer's own view, so this is a safeguard).
        let mut refused: Vec<ObstacleMove> = Vec::new();
        loop {
            let choice = match client.as_mut() {
                Some(c) => obstacle_move_knowing(c, &view, self.computer.movetime, &refused)
                    .map_err(|e| e.to_string())?
                    .map(|(m, t, _)| (m, t)),
                None => best_obstacle_move_knowing(&view, self.computer.movetime, &refused)
                    .map(|(m, t, _)| (m, t)),
            };
            let Some((m, text)) = choice else {
                // Nothing the search would play: any move legal as the computer knows the board.
                let b = game.judged_board().into_owned();
                let m = crate::variants::obstacle::game::legal_piece_moves(&b)
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
}

fn spawn(engine: Option<&Path>) -> Result<UciClient, String> {
    let path = engine.ok_or_else(|| "no external engine configured".to_string())?;
    UciClient::spawn(path, &[]).map_err(|e| e.to_string())
}
