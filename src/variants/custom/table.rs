//! A variant file's game at the table: its ends in the file's words, the obstacles its
//! players place instead of moving (`wall e4-e5`, `trapdoor a5`, `mine h4`), and the board
//! file it saves (the variant file with the position to start from). The rest is the one seat
//! view's ([`crate::game::game_seat_view::GameSeatView`]).

use crate::core::Color;
use crate::game::{Game, GameEnd, MoveRefused};
use crate::notation::fen;
use crate::variants::core_game::CoreGame;
use crate::variants::core_table::TableHooks;
use crate::variants::custom::field::{self, ObstacleKind};
use crate::variants::custom::outcome::outcome as end;

/// The line a saved board file puts before the variant file: the position to start from.
pub const POSITION_LINE: &str = "# position: ";

/// The table hooks of variant files.
pub static HOOKS: TableHooks = TableHooks {
    info,
    end: Some(end),
    place: Some(place),
    every_stalemate: true,
    ..TableHooks::PLAIN
};

/// The side panel: the FEN, and while a player may still place a trapdoor or a mine, that
/// they are placed in sight (only obstacle chess keeps them secret: network players and
/// spectators see every placement at once).
fn info(game: &CoreGame) -> Vec<String> {
    let mut lines = vec![format!("FEN: {}", fen::write(game.position()))];
    let hidden_kinds_left = game
        .allowance()
        .is_some_and(|a| a.left.iter().any(|side| side[1] + side[2] > 0));
    if hidden_kinds_left {
        lines.push(
            "Trapdoors and mines placed in this game are seen by both players and spectators (only obstacle chess hides them)."
                .to_string(),
        );
    }
    lines
}

/// The board file: the FEN of the position, or, for a game opened from a variant file's text
/// (its header), that text after a position line, so that loading it again starts the
/// variant afresh from there.
pub fn board_file(header: &[String], pos: &crate::core::Position) -> String {
    match header {
        [] => fen::write(pos),
        text => format!("{POSITION_LINE}{}\n{}", fen::write(pos), text.concat()),
    }
}

/// A player places an obstacle instead of moving (`wall e4-e5`, `trapdoor a5`, `mine h4`):
/// the other side moves next, and the game goes on from the new board (the placement cannot
/// be taken back, and earlier positions no longer count for repetition).
fn place(game: &mut CoreGame, text: &str) -> Option<Result<String, MoveRefused>> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let [word, at] = words.as_slice() else {
        return None;
    };
    let kind = ObstacleKind::parse(word)?;
    let side = game.side_to_move();
    let placed = game.change_terrain(|pos, terrain, allowance| -> Result<(), String> {
        field::place(pos, terrain, allowance, side, kind, at)?;
        pos.set_en_passant(None);
        let (half, full) = (pos.halfmove_clock(), pos.fullmove_number());
        pos.set_clocks(half + 1, full + u32::from(side == Color::Black));
        pos.set_side_to_move(side.other());
        Ok(())
    });
    Some(
        placed
            .map(|()| format!("{word} {at}"))
            .map_err(MoveRefused::new),
    )
}

/// The game as PGN, its moves in SAN (or the file's notation for players) and its `Variant`
/// tag the file's PGN name (`standard validate` reads it back); `None` for a game that placed
/// obstacles (no move text of PGN writes a placement) or whose board does not read.
pub fn pgn_log(
    initial: &str,
    moves: &[String],
    end: Option<&GameEnd>,
    header: &[(String, String)],
) -> Option<String> {
    let (variant, start, _) = super::seat_view::start_of(initial).ok()?;
    let mut play = super::variant::game(&variant, start.clone());
    let mut sans = Vec::with_capacity(moves.len());
    for text in moves {
        let m = play.parse_move(text).ok()?;
        sans.push(crate::notation::san::to_san(
            &mut play.position().clone(),
            m,
        ));
        play.make(m);
    }
    let own_start = fen::write(&variant.start_position().ok()?);
    let start_fen = Some(fen::write(&start)).filter(|f| *f != own_start);
    Some(crate::variants::core_table::pgn_record(
        header,
        Some(variant.pgn_name()),
        crate::variants::core_table::FirstMove::of(&start),
        start_fen,
        sans,
        end,
    ))
}

#[cfg(test)]
mod tests {
    use crate::game::zone_edges::zone_edges;
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
