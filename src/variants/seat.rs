//! How a computer seat answers, written once over the [`Game`] trait: our engine searches
//! the game replayed from its board file, or an external UCI engine is shown the start
//! position and the moves in coordinates (so it sees which positions would repeat) and its
//! answer is matched against the legal moves. The registry picks these for every variant
//! whose rules the core holds; a variant with hidden information brings its own
//! (`registry::computer_move`).

use crate::engine::uci_client::UciClient;
use crate::engine::{Engine, Limits};
use crate::game::{Game, Searchable, VariantId};
use crate::notation::fen;
use crate::variants::core_game::CoreGame;
use crate::variants::registry::{self, UciEngine, Visit};

/// How a computer seat thinks: our engine, or an external UCI engine, for `movetime` ms.
pub struct Think<'a> {
    /// Thinking time per move, in milliseconds.
    pub movetime: u64,
    /// The external engine, when it answers instead of ours.
    pub uci: Option<&'a mut UciClient>,
    /// Seed of the seat's secret choices (obstacle chess placements); `None`: the clock, so
    /// that they cannot be predicted.
    pub seed: Option<u64>,
}

impl Think<'_> {
    /// Our engine.
    pub fn ours(movetime: u64) -> Think<'static> {
        Think {
            movetime,
            uci: None,
            seed: None,
        }
    }
}

/// Our engine's move after `moves` (the variant's notation), in the variant's notation.
pub fn search_move<V: Searchable>(
    mut game: V,
    moves: &[String],
    movetime: u64,
) -> Result<String, String> {
    registry::replay(&mut game, moves)?;
    let limits = Limits::movetime(movetime);
    let best = Engine::new(18).search(&mut game, &limits).best;
    best.map(|m| game.move_text(m))
        .ok_or_else(|| "no legal move".to_string())
}

/// The search of [`search_move`] as work for any game the registry opens.
pub struct Search<'a> {
    /// The moves played so far, in the variant's notation.
    pub moves: &'a [String],
    /// Thinking time, in milliseconds.
    pub movetime: u64,
}

impl Visit for Search<'_> {
    type Output = Result<String, String>;
    fn visit<V: Searchable>(self, game: V) -> Self::Output {
        search_move(game, self.moves, self.movetime)
    }
}

/// Does an external UCI engine play `id` (through the coordinates of its moves, or obstacle
/// chess's bridge)?
pub fn uci_plays(id: VariantId) -> bool {
    registry::record(id).uci_engine.is_some()
}

/// Gets an external engine ready for `id`: the `UCI_Variant` it must offer, or Chess960
/// castling. The error says why the engine cannot play the variant.
pub fn prepare_uci(client: &mut UciClient, id: VariantId) -> Result<(), String> {
    let variant = match registry::record(id).uci_engine {
        Some(UciEngine::Chess) => None,
        Some(UciEngine::Chess960) => {
            // Castling is then written king-takes-rook, which our coordinate reader takes.
            client
                .set_option("UCI_Chess960", "true")
                .map_err(|e| e.to_string())?;
            None
        }
        Some(UciEngine::Variant(name)) => Some(name),
        None => return Err(format!("an external UCI engine does not play {id}")),
    };
    if let Some(v) = variant {
        if !client.supports_variant(v) {
            return Err(format!(
                "{} does not offer UCI_Variant {v}, so it cannot play {}",
                client.name,
                id.title()
            ));
        }
        client
            .set_option("UCI_Variant", v)
            .map_err(|e| e.to_string())?;
    }
    client.new_game().map_err(|e| e.to_string())
}

/// An external engine's move after `moves` (the variant's notation) in a core game, in the
/// variant's notation. An answer that is not a legal move is asked again with `searchmoves`
/// naming the legal ones; if that fails too, our engine answers.
pub fn uci_move(
    mut game: CoreGame,
    moves: &[String],
    client: &mut UciClient,
    movetime: u64,
) -> Result<String, String> {
    let start = match registry::record(game.id()).uci_engine {
        Some(UciEngine::Chess960) => crate::variants::chess960::to_fen(game.position()),
        _ => fen::write(game.position()),
    };
    let mut played = Vec::with_capacity(moves.len());
    for text in moves {
        let m = game.parse_move(text).map_err(|e| format!("{text}: {e}"))?;
        played.push(game.coordinate_text(m));
        game.make(m);
    }
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    let texts: Vec<String> = legal.iter().map(|&m| game.coordinate_text(m)).collect();
    let find = |answer: Option<String>| {
        let answer = answer?;
        texts.iter().position(|t| *t == answer).map(|i| legal[i])
    };
    let answer = client
        .best_move_after(&start, &played, movetime, &[])
        .map_err(|e| e.to_string())?;
    let chosen = match find(answer) {
        Some(m) => Some(m),
        None => find(
            client
                .best_move_after(&start, &played, movetime, &texts)
                .map_err(|e| e.to_string())?,
        ),
    };
    match chosen {
        Some(m) => Ok(game.move_text(m)),
        None => {
            let best = Engine::new(18)
                .search(&mut game, &Limits::movetime(movetime))
                .best;
            best.map(|m| game.move_text(m))
                .ok_or_else(|| "no legal move".to_string())
        }
    }
}
