//! The built-in variants' records, in the page's menu order, and each shipped file's record,
//! made from its header. Adding a built-in variant is a row here; a shipped variant is its
//! file (`custom::builtin::ALL`).

use std::borrow::Cow;

use crate::game::{BoardFormat, Capabilities, Diagnostic, VariantId};
use crate::notation::fen;
use crate::variants::custom::builtin::ShippedFile;
use crate::variants::obstacle::search::engine_view;
use crate::variants::obstacle::ObstacleChess;
use crate::variants::{chess960, custom, fairy, follow, obstacle, pawnrace, standard};

use super::record::{ComputerPlay, UciEngine, VariantRecord};
use super::AnyGame;

/// What a variant cannot do unless its row says so.
const NOTHING: Capabilities = Capabilities {
    fen: false,
    san: false,
    fide_claims: false,
    hidden_information: false,
    drops: false,
    placements: false,
};

/// FIDE chess's capabilities: FEN, SAN and FIDE's draws.
const FIDE: Capabilities = Capabilities {
    fen: true,
    san: true,
    fide_claims: true,
    ..NOTHING
};

/// Every built-in variant, in the page's menu order ([`VariantId::ALL`]'s).
pub static BUILTINS: [VariantRecord; 7] = [
    VariantRecord {
        id: VariantId::Standard,
        name: "standard",
        aliases: Cow::Borrowed(&["chess", "fide", "classical", "normal"]),
        title: "Standard chess",
        description: "Standard chess",
        board: BoardFormat::Fen,
        capabilities: FIDE,
        text: standard::seat_view::INFO,
        open: open_standard,
        open_for_mover: None,
        open_fen: Some(open_standard),
        seat_view: standard::seat_view::load,
        core_game: Some(standard::variant::game),
        computer: ComputerPlay::Search,
        uci_engine: Some(UciEngine::Chess),
        uci_rules: Some(VariantId::Standard),
        finder: true,
        programs: &[],
        file: None,
        game_log: Some(|start, moves, end, tags| {
            standard::table::pgn_log(false, start, moves, end, tags)
        }),
    },
    VariantRecord {
        id: VariantId::Chess960,
        name: "chess960",
        aliases: Cow::Borrowed(&["fischerandom", "fischer-random", "960"]),
        title: "Chess960",
        description: "Chess960",
        board: BoardFormat::Fen,
        capabilities: FIDE,
        text: chess960::seat_view::INFO,
        open: open_chess960,
        open_for_mover: None,
        open_fen: Some(open_chess960),
        seat_view: chess960::seat_view::load,
        core_game: Some(chess960::game),
        computer: ComputerPlay::Search,
        uci_engine: Some(UciEngine::Chess960),
        uci_rules: Some(VariantId::Standard),
        finder: true,
        programs: &[],
        file: None,
        game_log: Some(|start, moves, end, tags| {
            standard::table::pgn_log(true, start, moves, end, tags)
        }),
    },
    VariantRecord {
        id: VariantId::Fairy,
        name: "fairy",
        aliases: Cow::Borrowed(&["fairychess", "fairy10x10"]),
        title: "Fairy chess 10×10",
        description: "Fairy chess 10×10",
        board: BoardFormat::FairyBoard,
        capabilities: NOTHING,
        text: fairy::seat_view::INFO,
        open: open_fairy,
        open_for_mover: None,
        open_fen: None,
        seat_view: fairy::seat_view::load,
        core_game: Some(fairy::variant::game),
        computer: ComputerPlay::Search,
        uci_engine: Some(UciEngine::Variant(fairy::variant::UCI_VARIANT)),
        uci_rules: Some(VariantId::Fairy),
        finder: true,
        programs: &["fairychess"],
        file: None,
        game_log: None,
    },
    VariantRecord {
        id: VariantId::Obstacle,
        name: "obstacle",
        aliases: Cow::Borrowed(&["obstaclechess"]),
        title: "Obstacle chess",
        description: "Obstacle chess",
        board: BoardFormat::ObstacleBoard,
        capabilities: Capabilities {
            hidden_information: true,
            placements: true,
            ..NOTHING
        },
        text: obstacle::seat_view::INFO,
        open: open_obstacle,
        open_for_mover: Some(open_obstacle_for_mover),
        open_fen: None,
        seat_view: obstacle::seat_view::load,
        core_game: None,
        computer: ComputerPlay::Own(obstacle::seat_view::computer_move),
        uci_engine: Some(UciEngine::Chess),
        uci_rules: Some(VariantId::Standard),
        finder: true,
        programs: &["obstacle", "obstacleChess"],
        file: None,
        game_log: None,
    },
    VariantRecord {
        id: VariantId::Follow,
        name: "follow",
        aliases: Cow::Borrowed(&["followchess"]),
        title: "FollowChess (any rectangle)",
        description: "FollowChess",
        board: BoardFormat::FollowBoard,
        capabilities: NOTHING,
        text: follow::seat_view::INFO,
        open: open_follow,
        open_for_mover: None,
        open_fen: None,
        seat_view: follow::seat_view::load,
        core_game: Some(follow::variant::game),
        computer: ComputerPlay::No,
        uci_engine: None,
        uci_rules: None,
        finder: true,
        programs: &["followchess"],
        file: None,
        game_log: None,
    },
    VariantRecord {
        id: VariantId::PawnRace,
        name: "pawnrace",
        aliases: Cow::Borrowed(&["pawn-race", "pawn_race"]),
        title: "Pawn race",
        description: "Pawn race",
        board: BoardFormat::PawnRaceBoard,
        capabilities: Capabilities {
            fen: true,
            san: true,
            ..NOTHING
        },
        text: pawnrace::seat_view::INFO,
        open: open_pawnrace,
        open_for_mover: None,
        open_fen: Some(open_pawnrace_fen),
        seat_view: pawnrace::seat_view::load,
        core_game: None,
        computer: ComputerPlay::Search,
        uci_engine: None,
        uci_rules: None,
        finder: false,
        programs: &["pawnrace"],
        file: None,
        game_log: None,
    },
    VariantRecord {
        id: VariantId::Custom,
        name: "custom",
        aliases: Cow::Borrowed(&["variant-file", "variant_file"]),
        title: "Variant file",
        description: "Variant file",
        board: BoardFormat::VariantFile,
        capabilities: Capabilities {
            fen: true,
            san: true,
            ..NOTHING
        },
        text: custom::seat_view::INFO,
        open: open_file,
        open_for_mover: None,
        open_fen: None,
        seat_view: custom::seat_view::load,
        core_game: None,
        computer: ComputerPlay::Own(custom::seat_view::computer_move),
        uci_engine: None,
        uci_rules: None,
        finder: false,
        programs: &[],
        file: None,
        game_log: Some(custom::table::pgn_log),
    },
];

/// A shipped file's record: its names and description from its header, played as a variant
/// file is (its board is the file, or a FEN of its rules).
pub(super) fn shipped_record(id: VariantId, file: &'static ShippedFile) -> VariantRecord {
    let custom = &BUILTINS[VariantId::ALL.len() - 1];
    VariantRecord {
        id,
        name: &file.name,
        aliases: Cow::Owned(file.aliases.iter().map(String::as_str).collect()),
        title: file.title(),
        description: &file.description,
        capabilities: Capabilities {
            drops: file.drops,
            placements: file.placements,
            ..custom.capabilities
        },
        text: super::record::BoardText {
            initial: file.text,
            ..custom.text
        },
        uci_rules: Some(id),
        file: Some(file),
        ..custom.clone()
    }
}

fn open_standard(text: &str) -> Result<AnyGame, Diagnostic> {
    standard::setup::position_from_fen(text)
        .map(|pos| AnyGame::Core(standard::variant::game(pos)))
        .map_err(Diagnostic::from)
}

fn open_chess960(text: &str) -> Result<AnyGame, Diagnostic> {
    standard::setup::chess960_position_from_fen(text)
        .map(|pos| AnyGame::Core(chess960::game(pos)))
        .map_err(Diagnostic::from)
}

fn open_fairy(text: &str) -> Result<AnyGame, Diagnostic> {
    fairy::parse_board(text)
        .map(|b| AnyGame::Core(fairy::variant::game_of_board(&b)))
        .map_err(Diagnostic::from)
}

fn open_obstacle(text: &str) -> Result<AnyGame, Diagnostic> {
    obstacle::parse_board(text.as_bytes())
        .map(|b| AnyGame::Obstacle(Box::new(ObstacleChess::new(b))))
        .map_err(Diagnostic::from)
}

fn open_obstacle_for_mover(text: &str) -> Result<AnyGame, Diagnostic> {
    obstacle::parse_board(text.as_bytes())
        .map(|b| AnyGame::Obstacle(Box::new(ObstacleChess::new(engine_view(&b)))))
        .map_err(Diagnostic::from)
}

fn open_follow(text: &str) -> Result<AnyGame, Diagnostic> {
    let mut game = follow::FollowChess::new();
    game.load_board(std::io::Cursor::new(text.as_bytes()))?;
    let pos = game
        .position()
        .cloned()
        .ok_or_else(|| Diagnostic::plain("no board"))?;
    Ok(AnyGame::Core(follow::variant::game(pos)))
}

fn open_pawnrace(text: &str) -> Result<AnyGame, Diagnostic> {
    pawnrace::seat_view::parse(text)
        .map(|pos| AnyGame::Core(pawnrace::game(pos)))
        .map_err(Diagnostic::plain)
}

fn open_pawnrace_fen(text: &str) -> Result<AnyGame, Diagnostic> {
    fen::parse(pawnrace::rules(), text.trim())
        .map(|pos| AnyGame::Core(pawnrace::game(pos)))
        .map_err(|e| Diagnostic::plain(e.to_string()))
}

/// A variant file (a user's or a shipped one) into a game, from the position of a first
/// `# position: FEN` line when it has one, else from the file's own start.
pub(super) fn open_file(text: &str) -> Result<AnyGame, Diagnostic> {
    let (variant, start, rest) = custom::seat_view::start_of(text)?;
    let mut game = custom::variant::game(&variant, start);
    game.set_header(vec![rest.to_string()]);
    Ok(AnyGame::Core(game))
}
