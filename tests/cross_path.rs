//! One rule set, three paths: for every variant in the registry, random games played through
//! the seat view (what the page, the network game and the terminal use), through the rules
//! type (`Game`, what the search, perft and the Python package use) and, for standard chess,
//! through the spec command (`standard validate` on the game as PGN) must agree on the legal
//! moves, their texts, the board and the end of the game.

use std::collections::BTreeSet;

use assert_cmd::Command;
use chessrules::core::Color;
use chessrules::game::seat_view::SeatView;
use chessrules::game::Terminal;
use chessrules::registry;
use chessrules::{AnyGame, Game, VariantId};

/// A small deterministic generator (xorshift), so a failure replays.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Every move the seat view offers the side to move, as texts: each piece's moves and each
/// kind's drops from the hand, asked for one by one as the page asks; they are the moves the
/// seat view lists at once (`SeatView::moves`).
fn seat_texts(seat: &dyn SeatView) -> BTreeSet<String> {
    let mover = seat.side_to_move();
    let hand = seat.hands(Some(mover)).map(|h| match mover {
        Color::White => h.white,
        Color::Black => h.black,
    });
    let mut texts: BTreeSet<String> = hand
        .into_iter()
        .flatten()
        .flat_map(|held| seat.drop_targets(held.piece.letter, Some(mover)))
        .map(|t| t.text)
        .collect();
    for file in 0..seat.files() {
        for rank in 0..seat.ranks() {
            let from = chessrules::core::Square::new(file, rank);
            for t in seat.targets(from, Some(mover)) {
                texts.insert(t.text);
            }
        }
    }
    let listed: BTreeSet<String> = seat.moves().into_iter().map(|(_, t)| t.text).collect();
    assert_eq!(
        listed, texts,
        "the moves listed at once are the ones asked for one by one"
    );
    texts
}

/// Every legal move of the rules type, as texts.
fn game_texts(game: &mut AnyGame) -> BTreeSet<String> {
    let mut moves = Vec::new();
    if !game.is_decided() {
        game.legal_moves(&mut moves);
    }
    moves.into_iter().map(|m| game.move_text(m)).collect()
}

/// Plays one random game of `id` from its initial board on both paths; returns the texts
/// played.
fn play_both(id: VariantId, seed: u64, plies: usize) -> Vec<String> {
    let record = registry::record(id);
    let seat = (record.seat_view)(record.text.initial).expect("its own initial board");
    let game = (record.open)(record.text.initial).expect("its own initial board");
    play_pair(
        id.name(),
        id == VariantId::Obstacle,
        seat,
        game,
        seed,
        plies,
    )
}

/// Random games of one variant through its seat view and its rules type; `obstacle`: the seat
/// view's placements and walls are not the rules type's moves.
fn play_pair(
    id: &str,
    obstacle: bool,
    mut seat: Box<dyn SeatView>,
    mut game: AnyGame,
    seed: u64,
    plies: usize,
) -> Vec<String> {
    let mut rng = Rng(seed | 1);
    let mut played = Vec::new();
    for ply in 0..plies {
        let context = format!("{id} seed {seed} ply {ply} after {played:?}");
        // Obstacle chess opens with secret placements the rules type does not model: the
        // seat view's piece moves are compared once that phase is skipped by a piece move.
        let on_board = seat_texts(seat.as_ref());
        let legal = game_texts(&mut game);
        let over = seat.status().over;
        if legal.is_empty() || game.is_decided() {
            assert!(
                over,
                "{context}: the rules type ended the game, the seat view did not"
            );
            break;
        }
        if over {
            // A variant file's table ends a game on a repeated position, fifty moves or a
            // dead position at once; the rules type scores those as draws for the search.
            assert_eq!(
                game.terminal(),
                Some(Terminal::Draw),
                "{context}: the seat view ended the game, the rules type did not"
            );
            break;
        }
        if obstacle {
            // Walls are moves of the rules type that no square's targets list.
            assert!(
                on_board.is_subset(&legal),
                "{context}: {on_board:?} ⊄ {legal:?}"
            );
        } else {
            assert_eq!(on_board, legal, "{context}");
        }
        assert_eq!(seat.side_to_move(), game.side_to_move(), "{context}");
        let choices: Vec<&String> = on_board.iter().collect();
        if choices.is_empty() {
            break;
        }
        let text = choices[rng.below(choices.len())].clone();
        let kept = seat
            .play(&text)
            .unwrap_or_else(|e| panic!("{context}: {text}: {e}"));
        assert_eq!(kept.text, text, "{context}: the log keeps another text");
        let m = game
            .parse_move(&text)
            .unwrap_or_else(|e| panic!("{context}: {text}: {e}"));
        game.make(m);
        if !obstacle {
            // A variant file's seat view keeps its file after a `# position: FEN` line.
            let board = seat.board_file();
            let seat_board = board
                .strip_prefix("# position: ")
                .and_then(|rest| rest.lines().next())
                .unwrap_or(&board);
            assert_eq!(
                seat_board.trim_end(),
                game.board_file().trim_end(),
                "{context}: {text}"
            );
        }
        played.push(text);
    }
    played
}

#[test]
fn the_seat_view_and_the_rules_type_agree_in_every_variant() {
    for record in registry::all().iter().filter(|r| !r.rules_from_file()) {
        for seed in 1..=12u64 {
            play_both(record.id, seed * 0x9e37_79b9, 120);
        }
    }
}

/// The shipped variant files (King of the Hill, atomic, …): the variant-file seat view and the
/// variant file's game agree on moves, boards and ends (goals, checks, explosions).
#[test]
fn the_seat_view_and_the_rules_type_agree_in_every_shipped_variant() {
    for shipped in chessrules::variants::custom::builtin::shipped() {
        for seed in 1..=12u64 {
            let seat = registry::seat_view(VariantId::Custom, shipped.text).expect("its file");
            let game = registry::open_variant_file(shipped.text, None).expect("its file");
            play_pair(&shipped.name, false, seat, game, seed * 0x9e37_79b9, 160);
        }
    }
}

/// Walls, trapdoors and mines (the `walled` example, and Capablanca chess with trapdoors and
/// mines added): the table and the rules type the registry opens play them alike, so their
/// boards agree once pieces have fallen or been blown up.
#[test]
fn the_seat_view_and_the_rules_type_agree_on_terrain() {
    let capablanca = include_str!("../variants/capablanca.toml");
    let mined = format!(
        "{capablanca}\n[obstacles]\ntrapdoors = [\"e4\", \"f5\"]\nmines = [\"d5\", \"g4\", \"c3\"]\n"
    );
    let walled = include_str!("../variants/walled.toml").to_string();
    for (name, text) in [("walled", walled), ("mined capablanca", mined)] {
        for seed in 1..=12u64 {
            let seat = registry::seat_view(VariantId::Custom, &text).expect("its file");
            let game = registry::open_variant_file(&text, None).expect("its file");
            play_pair(name, false, seat, game, seed * 0x9e37_79b9, 160);
        }
    }
}

#[test]
fn standard_validate_agrees_with_the_rules_type() {
    for seed in 1..=12u64 {
        let moves = play_both(VariantId::Standard, seed * 0x85eb_ca6b, 160);
        let mut game = registry::open(
            VariantId::Standard,
            registry::info(VariantId::Standard).initial,
        )
        .expect("the initial board");
        let mut pgn = String::from("[Event \"cross path\"]\n\n");
        for (i, text) in moves.iter().enumerate() {
            if game.side_to_move() == Color::White {
                pgn.push_str(&format!("{}. ", i / 2 + 1));
            }
            pgn.push_str(text);
            pgn.push(' ');
            let m = game.parse_move(text).expect("legal");
            game.make(m);
        }
        pgn.push_str("*\n");
        let out = Command::cargo_bin("chessrules")
            .expect("built")
            .args(["standard", "validate", "-"])
            .write_stdin(pgn.clone())
            .output()
            .expect("runs");
        let report = String::from_utf8_lossy(&out.stdout);
        let fen = game.board_file();
        assert!(
            report.contains(&format!("legal, {} plies", moves.len()))
                && report.contains(fen.trim()),
            "seed {seed}: {report}\n{pgn}\nexpected {fen}"
        );
    }
}
