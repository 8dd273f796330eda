//! A variant defined by a variant file (TOML, see docs/variant-files.md): the "board file" is
//! the variant file itself, the game starts from its start position, moves are in coordinate
//! notation (`e2e4`, `a7a8q`) and the game ends by the file's own end rules. The file's walls,
//! trapdoors and mines are public, so every viewer sees them.

use crate::core::{Color, Square};
use crate::game::{Diagnostic, Game, GameEnd, MoveRefused, Score};
use crate::notation::{coordinate, fen};
use crate::variants::core_game::CoreGame;
use crate::variants::custom::computer::best_custom_move;
use crate::variants::custom::field::{Allowance, ObstacleKind};
use crate::variants::custom::outcome::{outcome, VariantFileOutcome};
use crate::variants::custom::{load_variant_file, variant, CustomVariant};
use crate::variants::terrain::announce::{Announce, Pieces};
use crate::variants::terrain::effects::arrivals;
use crate::variants::terrain::{Hazard, WallSide};

use crate::game::seat_view::{
    position_cells, position_drops, position_extras, position_hands, position_targets, Cell,
    GameStatus, Hands, Reveal, SeatView, Target, VariantInfo, WallView,
};

/// What the page shows of variant files.
pub const INFO: VariantInfo = VariantInfo {
    id: crate::game::VariantId::Custom,
    name: "Variant file",
    initial: include_str!("../../../variants/losalamos.toml"),
    format: "a variant file (TOML): board, pieces in Betza notation, start position, rules",
    syntax: "Moves: e2e4, e7e8q (promotion), e1g1 (castling as the king's move), N@f3 (a drop from the hand, where the variant has hands); wall e4-e5, trapdoor a5, mine h4 place an obstacle instead of moving, when the file gives the players some.",
};

/// A variant file's game at the table: its rules, its game so far (the rules type, which
/// plays the trapdoors and mines as the search does) and what each player may still place.
pub struct Custom {
    variant: CustomVariant,
    text: String,
    game: CoreGame,
    allowance: Allowance,
    /// What the last move's trapdoors and mines did.
    events: Vec<(&'static str, String, String)>,
    /// The squares the last move's explosion emptied (`blast` variants).
    exploded: Vec<String>,
}

/// The line `board_file` puts before the variant file: the position to start from.
const POSITION_LINE: &str = "# position: ";

/// Reads a variant file, starting from the position of a first `# position: FEN` line when
/// it has one (the board file this game writes), else from the file's own start.
pub fn load(text: &str) -> Result<Box<dyn SeatView>, Diagnostic> {
    Ok(Box::new(open(text)?))
}

fn open(text: &str) -> Result<Custom, Diagnostic> {
    let variant = load_variant_file(text)?;
    let from_line = text
        .lines()
        .next()
        .and_then(|l| l.strip_prefix(POSITION_LINE));
    let text = match from_line {
        Some(_) => text.split_once('\n').map_or("", |(_, rest)| rest),
        None => text,
    };
    let start = match from_line {
        Some(fen_text) => variant.position_from_fen(fen_text.trim()),
        None => variant.start_position(),
    }
    .map_err(|e| Diagnostic::plain(e.to_string()))?;
    Ok(Custom {
        game: variant::game(&variant, start),
        allowance: Allowance::new(&variant.obstacles),
        text: text.to_string(),
        variant,
        events: Vec::new(),
        exploded: Vec::new(),
    })
}

impl Custom {
    fn over(&self) -> Option<VariantFileOutcome> {
        let mut game = self.game.clone();
        outcome(&self.variant, &mut game)
    }

    /// What lies under `s`.
    fn hazard(&self, s: Square) -> Hazard {
        self.game
            .terrain()
            .map_or(Hazard::NONE, |t| t.hazards.get(s))
    }

    /// The squares with a mine.
    fn mines(&self) -> Vec<Square> {
        let shape = &self.variant.rules.shape;
        shape
            .squares()
            .map(|q| shape.square(q))
            .filter(|&s| self.hazard(s).mine)
            .collect()
    }

    /// A player places an obstacle instead of moving (`wall e4-e5`, `trapdoor a5`, `mine h4`).
    fn place(&mut self, kind: ObstacleKind, at: &str) -> Result<(), String> {
        let side = self.game.side_to_move();
        let allowance = &mut self.allowance;
        // The obstacle cannot be taken back: the rules type starts afresh, and earlier
        // positions no longer count for repetition.
        self.game.change_terrain(|pos, terrain| {
            allowance.place(pos, terrain, side, kind, at)?;
            // Placing is the player's move: the other side moves next.
            pos.set_en_passant(None);
            let (half, full) = (pos.halfmove_clock(), pos.fullmove_number());
            pos.set_clocks(half + 1, full + u32::from(side == Color::Black));
            pos.set_side_to_move(side.other());
            Ok(())
        })
    }
}

impl SeatView for Custom {
    fn files(&self) -> u8 {
        self.variant.rules.shape.files()
    }
    fn ranks(&self) -> u8 {
        self.variant.rules.shape.ranks()
    }
    fn side_to_move(&self) -> Color {
        self.game.position().side_to_move()
    }
    fn cells(&self, _reveal: Reveal) -> Vec<Cell> {
        let mut cells = position_cells(self.game.position());
        for cell in &mut cells {
            let Some(s) = Square::parse(&cell.square) else {
                continue;
            };
            let h = self.hazard(s);
            cell.obstacle = match (h.has_trapdoor(), h.mine) {
                (true, true) => Some("trapdoor_mine"),
                (true, false) => Some("open_trapdoor"),
                (false, true) => Some("mine"),
                (false, false) => None,
            };
        }
        cells
    }
    fn walls(&self) -> Vec<WallView> {
        let Some(terrain) = self.game.terrain() else {
            return Vec::new();
        };
        terrain
            .walls
            .edges()
            .map(|(s, side)| WallView {
                square: s.to_string(),
                side: match side {
                    WallSide::West => "west",
                    WallSide::South => "south",
                },
            })
            .collect()
    }
    fn zone_edges(&self) -> Vec<WallView> {
        zone_edges(&self.variant.rules)
    }
    fn targets(&self, from: Square, _asker: Option<Color>) -> Vec<Target> {
        if self.over().is_some() {
            return Vec::new();
        }
        position_targets(self.game.position(), from, coordinate::to_uci)
    }
    fn play(&mut self, text: &str) -> Result<String, MoveRefused> {
        if self.over().is_some() {
            return Err(MoveRefused::new("the game is over"));
        }
        self.events.clear();
        self.exploded.clear();
        let words: Vec<&str> = text.split_whitespace().collect();
        if let [word, at] = words.as_slice() {
            if let Some(kind) = ObstacleKind::parse(word) {
                return self
                    .place(kind, at)
                    .map(|()| format!("{word} {at}"))
                    .map_err(MoveRefused::new);
            }
        }
        let m = self.game.parse_move(text.trim())?;
        let written = self.game.move_text(m);
        let pos = self.game.position().clone();
        let before = Pieces::of(&pos);
        let mines_before = self.mines();
        let blast = self.variant.rules.options.blast && pos.is_capture(m);
        self.game.make(m);
        let fired = self.game.last_fired();
        if blast {
            // Every square emptied by the capture but the one the capturer left: the capture
            // square and its neighbours whose pieces exploded.
            let shape = &self.variant.rules.shape;
            let after = self.game.position();
            self.exploded = shape
                .squares()
                .filter(|&q| {
                    q != m.from && pos.piece_at(q).is_some() && after.piece_at(q).is_none()
                })
                .map(|q| shape.name(q))
                .collect();
        }
        if fired.any() {
            let after = Pieces::of(self.game.position());
            let shape = &self.variant.rules.shape;
            // Castling moves two pieces: the sentences then name the pieces gone, not squares.
            let from_to = (!m.is_castle()).then(|| (shape.square(m.from), shape.square(m.to)));
            let say = Announce {
                before: &before,
                after: &after,
                from_to,
            };
            if fired.fell {
                // Only where a piece arrived with this move (king and rook when castling).
                for s in arrivals(&self.variant.rules, m).into_iter().flatten() {
                    let gone = self.hazard(s).has_trapdoor()
                        && self.game.position().piece_at(shape.sq(s)).is_none();
                    if gone {
                        self.events.push(("trapdoor", s.to_string(), say.fall(s)));
                    }
                }
            }
            let mines_after = self.mines();
            for s in mines_before
                .into_iter()
                .filter(|s| !mines_after.contains(s))
            {
                self.events.push(("mine", s.to_string(), say.blast(s)));
            }
        }
        Ok(written)
    }
    fn events(&self) -> Vec<(&'static str, String, String)> {
        self.events.clone()
    }
    fn exploded(&self) -> Vec<String> {
        self.exploded.clone()
    }
    fn hands(&self, _asker: Option<Color>) -> Option<Hands> {
        // Both hands are public in every variant file: no seat learns anything it may not.
        position_hands(self.game.position())
    }
    fn status(&self) -> GameStatus {
        let mut game = self.game.clone();
        let in_check = game.position().is_check();
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        let end = outcome(&self.variant, &mut game);
        GameStatus {
            check: in_check && self.variant.end.checkmate,
            checkmate: matches!(
                end,
                Some(VariantFileOutcome::Win {
                    reason: "checkmate",
                    ..
                })
            ),
            stalemate: moves.is_empty() && !in_check,
            fifty_moves: false,
            threefold: false,
            over: end.is_some(),
            result: end.map(|o| match o {
                VariantFileOutcome::Win { winner, reason } => GameEnd::VariantRule {
                    score: Score::Win(winner),
                    sentence: format!("{reason}: {} wins", winner.name()),
                },
                VariantFileOutcome::Draw { reason } => GameEnd::VariantRule {
                    score: Score::Draw,
                    sentence: format!("draw by {reason}"),
                },
            }),
        }
    }
    fn board_file(&self) -> String {
        // The variant file as loaded, with the current position as a comment at the top:
        // loading it again starts the variant afresh.
        format!(
            "{POSITION_LINE}{}\n{}",
            fen::write(self.game.position()),
            self.text
        )
    }
    fn info(&self) -> Vec<String> {
        let mut lines = vec![
            format!("{}: {}", self.variant.name, self.variant.description),
            format!("FEN: {}", fen::write(self.game.position())),
        ];
        lines.extend(position_extras(self.game.position()));
        lines
    }

    fn drop_targets(&self, _asker: Option<Color>) -> Vec<Target> {
        if self.over().is_some() {
            return Vec::new();
        }
        position_drops(self.game.position(), coordinate::to_uci)
    }
}

/// Our engine's move after `moves` (coordinate texts) in the variant file `initial`, the
/// terrain's effects played as the game went. External engines do not play variant files.
pub fn computer_move(
    initial: &str,
    moves: &[String],
    _me: crate::core::Color,
    think: crate::variants::seat::Think,
) -> Result<String, String> {
    if think.uci.is_some() {
        return Err("an external UCI engine does not play variant files".to_string());
    }
    let mut table = open(initial).map_err(|d| d.full())?;
    for text in moves {
        table.play(text).map_err(|e| e.message)?;
    }
    let pos = table.game.position();
    best_custom_move(&table.game, think.movetime)
        .best
        .map(|m| coordinate::to_uci(pos, m))
        .ok_or_else(|| "no legal move".to_string())
}

/// The edges between the squares of each piece's zone (both sides': Black's is White's
/// mirrored) and the squares outside it, inside the board, each edge once as the west or
/// south edge of a square: the palace's outline and, where a zone is a side's own half, the
/// river.
fn zone_edges(rules: &crate::core::Rules) -> Vec<WallView> {
    let (files, ranks) = (rules.shape.files(), rules.shape.ranks());
    let mut zones: Vec<Vec<(u8, u8)>> = Vec::new();
    for kind in &rules.pieces {
        let Some(zone) = &kind.zone else {
            continue;
        };
        let black = zone.iter().map(|&(f, r)| (f, ranks - 1 - r)).collect();
        for z in [zone.clone(), black] {
            if !zones.contains(&z) {
                zones.push(z);
            }
        }
    }
    let mut edges: Vec<(u8, u8, &'static str)> = Vec::new();
    for zone in &zones {
        let inside = |f: u8, r: u8| zone.contains(&(f, r));
        for &(f, r) in zone {
            let mut edge = |e| {
                if !edges.contains(&e) {
                    edges.push(e);
                }
            };
            if f > 0 && !inside(f - 1, r) {
                edge((f, r, "west"));
            }
            if f + 1 < files && !inside(f + 1, r) {
                edge((f + 1, r, "west"));
            }
            if r > 0 && !inside(f, r - 1) {
                edge((f, r, "south"));
            }
            if r + 1 < ranks && !inside(f, r + 1) {
                edge((f, r + 1, "south"));
            }
        }
    }
    edges.sort();
    edges
        .into_iter()
        .map(|(f, r, side)| WallView {
            square: Square::new(f, r).to_string(),
            side,
        })
        .collect()
}

#[cfg(test)]
mod zone_edge_tests {
    use super::*;
    use crate::variants::custom::builtin;

    #[test]
    fn xiangqi_shows_its_river_and_both_palaces() {
        let rules = &builtin::by_name("xiangqi").expect("shipped").variant.rules;
        let edges: Vec<(String, &str)> = zone_edges(rules)
            .into_iter()
            .map(|e| (e.square, e.side))
            .collect();
        let has = |sq: &str, side| edges.contains(&(sq.to_string(), side));
        // The river: the south edge of every square of rank 6, from both sides' halves.
        assert!("abcdefghi".chars().all(|f| has(&format!("{f}6"), "south")));
        // White's palace d1–f3 and Black's d8–f10: three edges on each of three sides.
        for r in 1..=3 {
            assert!(has(&format!("d{r}"), "west") && has(&format!("g{r}"), "west"));
        }
        for r in 8..=10 {
            assert!(has(&format!("d{r}"), "west") && has(&format!("g{r}"), "west"));
        }
        assert!(["d4", "e4", "f4", "d8", "e8", "f8"]
            .iter()
            .all(|s| has(s, "south")));
        assert_eq!(edges.len(), 9 + 9 + 9, "{edges:?}");
        // No zone, no edge.
        let shogi = &builtin::by_name("shogi").expect("shipped").variant.rules;
        assert!(zone_edges(shogi).is_empty());
    }
}
