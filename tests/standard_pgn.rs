//! PGN: games written by the game layer are read back and replayed to the same final FEN;
//! the export format follows the standard (roster, tags, line length, result); the reader
//! copes with import-format details and never panics.

use std::io::Read;

use chessrules::notation::coordinate;
use chessrules::notation::pgn::{PgnReader, RawGame};
use chessrules::variants::standard::game::StandardGame;
use chessrules::variants::standard::replay::{replay, Verdict};
use proptest::prelude::*;
use shakmaty::{fen::Fen, san::SanPlus, CastlingMode, Chess, Position as _};

struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n.max(1) as u64) as usize
    }
}

fn random_game(start: Option<&str>, rng: &mut Rng, plies: usize) -> StandardGame {
    let mut g = match start {
        Some(f) => StandardGame::from_fen(f).unwrap(),
        None => StandardGame::new(),
    };
    for _ in 0..plies {
        if g.outcome().is_some() {
            break;
        }
        let mut pos = g.position().clone();
        let moves = pos.legal_move_list();
        let m = moves[rng.below(moves.len())];
        g.play_text(&coordinate::to_uci(&pos, m)).unwrap();
    }
    g
}

fn read_all(text: &str) -> Vec<RawGame> {
    PgnReader::new(text.as_bytes())
        .map(|g| g.expect("readable"))
        .collect()
}

fn final_fen(game: &RawGame) -> String {
    match replay(game).verdict {
        Verdict::Legal { fen, .. } => fen,
        v => panic!("{v:?}"),
    }
}

const STARTS: [Option<&str>; 3] = [
    None,
    Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 3 17"),
    Some("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 40"),
];

#[test]
fn written_games_read_back_to_the_same_final_position() {
    let mut rng = Rng(7);
    let mut file = String::new();
    let mut fens = Vec::new();
    for i in 0..150 {
        let g = random_game(STARTS[i % 3], &mut rng, 40 + i);
        file.push_str(&g.pgn(&[]));
        fens.push(g.fen());
    }
    let games = read_all(&file);
    assert_eq!(games.len(), fens.len());
    for (game, fen) in games.iter().zip(&fens) {
        assert_eq!(&final_fen(game), fen);
    }
}

#[test]
fn written_movetext_is_strict_san_for_another_reader() {
    // shakmaty (an independent implementation) must accept every move token exactly as written.
    let mut rng = Rng(11);
    for i in 0..60 {
        let g = random_game(STARTS[i % 3], &mut rng, 120);
        let raw = &read_all(&g.pgn(&[]))[0];
        let mut chess: Chess = Fen::from_ascii(g.start_fen().as_bytes())
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        for text in &raw.moves {
            let sp = SanPlus::from_ascii(text.as_bytes()).expect("strict SAN");
            let m = sp.san.to_move(&chess).expect("legal for shakmaty");
            assert_eq!(SanPlus::from_move(chess.clone(), m).to_string(), *text);
            chess.play_unchecked(m);
        }
        let theirs = Fen::from_position(&chess, shakmaty::EnPassantMode::Legal).to_string();
        let ours = g.fen();
        // Placement, side, castling agree (en passant: we always write it after a double step).
        let head = |f: &str| f.split(' ').take(3).collect::<Vec<_>>().join(" ");
        assert_eq!(head(&theirs), head(&ours));
    }
}

#[test]
fn export_format_roster_setup_lines_and_result() {
    let mut g = StandardGame::from_fen(STARTS[1].unwrap()).unwrap();
    for m in ["exd5", "Nxd5", "Kd8"] {
        g.play_text(m).unwrap();
    }
    g.resign().unwrap();
    let tags = [
        ("White".to_string(), "Ann".to_string()),
        ("Event".to_string(), "Test".to_string()),
    ];
    let text = g.pgn(&tags);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[..10],
        [
            "[Event \"Test\"]",
            "[Site \"?\"]",
            "[Date \"????.??.??\"]",
            "[Round \"?\"]",
            "[White \"Ann\"]",
            "[Black \"?\"]",
            "[Result \"0-1\"]",
            "[FEN \"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 3 17\"]",
            "[SetUp \"1\"]",
            "[Termination \"normal\"]",
        ]
    );
    assert_eq!(lines[10], "");
    // The final comment is the end's sentence as every front end's PGN writes it (the page's,
    // a variant's log): one export, one end type.
    assert_eq!(
        lines[11],
        "17... exd5 18. Nxd5 Kd8 {white resigns: black wins} 0-1"
    );
    assert!(text.ends_with("0-1\n\n"));
}

#[test]
fn long_games_wrap_below_eighty_columns() {
    let mut rng = Rng(3);
    let g = random_game(None, &mut rng, 300);
    let text = g.pgn(&[]);
    assert!(text.lines().all(|l| l.chars().count() < 80));
    assert!(text.lines().filter(|l| !l.starts_with('[')).count() > 5);
}

#[test]
fn reads_import_format_details() {
    let text = "\u{feff}% an escape line\r\n[Event \"a\"]\r\n[Site \"b\"]\r\n\r\n\
        1.e4 {a comment} e5 $1 2. Nf3!? (2. f4 exf4 (2... d5) 3. Nf3) 2... Nc6 ; rest\r\n\
        3. Bb5 a6 1/2-1/2\r\n\r\n\
        [Event \"two\"]\n1. d4 d5 *\n";
    let games = read_all(text);
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].moves, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
    assert_eq!(games[0].result.as_deref(), Some("1/2-1/2"));
    assert_eq!(games[0].tag("Site"), Some("b"));
    assert_eq!(
        final_fen(&games[0]),
        "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4"
    );
    assert_eq!(games[1].moves, ["d4", "d5"]);
}

#[test]
fn first_illegal_move_is_reported_with_its_ply_and_position() {
    let games =
        read_all("1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. O-O Bc5 5. Re1 O-O 6. Rf1 Kh8 7. Qe3 *");
    match replay(&games[0]).verdict {
        Verdict::Illegal {
            ply,
            text,
            fen_before,
            ..
        } => {
            assert_eq!((ply, text.as_str()), (13, "Qe3"));
            assert_eq!(
                fen_before,
                "r1bq1r1k/pppp1ppp/2n2n2/1Bb1p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 w - - 10 7"
            );
        }
        v => panic!("{v:?}"),
    }
}

/// A reader of `n` bytes of one repeated byte between a prefix and a suffix.
struct Endless {
    prefix: Vec<u8>,
    fill: u8,
    left: u64,
    suffix: Vec<u8>,
}

impl Read for Endless {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if !self.prefix.is_empty() {
            let n = self.prefix.len().min(buf.len());
            buf[..n].copy_from_slice(&self.prefix[..n]);
            self.prefix.drain(..n);
            return Ok(n);
        }
        if self.left > 0 {
            let n = (self.left as usize).min(buf.len());
            buf[..n].fill(self.fill);
            self.left -= n as u64;
            return Ok(n);
        }
        let n = self.suffix.len().min(buf.len());
        buf[..n].copy_from_slice(&self.suffix[..n]);
        self.suffix.drain(..n);
        Ok(n)
    }
}

#[test]
fn a_huge_comment_on_one_line_is_streamed_not_buffered() {
    let input = Endless {
        prefix: b"[Event \"x\"]\n1. e4 {".to_vec(),
        fill: b'a',
        left: 64 << 20,
        suffix: b"} e5 *\n".to_vec(),
    };
    let games: Vec<RawGame> = PgnReader::new(input).map(|g| g.unwrap()).collect();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].moves, ["e4", "e5"]);
}

#[test]
fn a_huge_symbol_is_an_error_not_a_hang() {
    let input = Endless {
        prefix: b"1. ".to_vec(),
        fill: b'e',
        left: 8 << 20,
        suffix: b" *\n[Event \"next\"]\n1. d4 *\n".to_vec(),
    };
    let results: Vec<_> = PgnReader::new(input).collect();
    assert!(results[0].is_err());
    assert_eq!(results.last().unwrap().as_ref().unwrap().moves, ["d4"]);
}

proptest! {
    #[test]
    fn reader_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        for g in PgnReader::new(&bytes[..]).flatten() {
            let _ = replay(&g);
        }
    }

    #[test]
    fn reader_never_panics_on_pgn_shaped_text(text in "[\\[\\]{}()\"; %$0-9a-hNBRQKOx=+#.\\n*/-]{0,200}") {
        for g in PgnReader::new(text.as_bytes()).flatten() {
            let _ = replay(&g);
        }
    }
}

/// PGN as found in the wild, read as python-chess reads it, each leniency reported: a null
/// move (`--`, `Z0`) is a pass; a quote inside a tag value is part of the value; an escaped
/// quote or backslash is the character. A clean game reports nothing.
#[test]
fn null_moves_and_inner_quotes_are_read_and_reported() {
    let text = "[Event \"LA CC Handicap Tour \"C\"\"]\n[Site \"a \\\"b\\\" \\\\ c\"]\n\n\
1. e4 e5 2. -- Nf6 3. Nf3 Z0 4. Nc3 *\n\n[Event \"clean\"]\n1. d4 *\n";
    let games = read_all(text);
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].tag("Event"), Some("LA CC Handicap Tour \"C\""));
    assert_eq!(games[0].tag("Site"), Some("a \"b\" \\ c"));
    assert_eq!(games[0].warnings.len(), 2, "{:?}", games[0].warnings);
    let r = replay(&games[0]);
    assert!(matches!(r.verdict, Verdict::Legal { .. }), "{r:?}");
    assert_eq!(r.plies, 7);
    let nulls: Vec<&String> = r
        .warnings
        .iter()
        .filter(|w| w.contains("null move"))
        .collect();
    assert_eq!(nulls.len(), 2, "{:?}", r.warnings);
    assert!(nulls[0].starts_with("ply 3:"), "{}", nulls[0]);
    // After 2. -- and 3... Z0, White has played e4, Nf3, Nc3 and Black e5, Nf6.
    match r.verdict {
        Verdict::Legal { fen, .. } => assert_eq!(
            fen,
            "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 5 4"
        ),
        v => panic!("{v:?}"),
    }
    let clean = replay(&games[1]);
    assert!(clean.warnings.is_empty(), "{:?}", clean.warnings);
    // The command reports them on lines of their own, and in --json.
    let dir = std::env::temp_dir().join(format!("pgn-lenient-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("wild.pgn");
    std::fs::write(&path, text).unwrap();
    let run = |json: bool| {
        let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_chessrules"));
        c.args(["standard", "validate"]).arg(&path);
        if json {
            c.arg("--json");
        }
        let out = c.output().unwrap();
        assert_eq!(out.status.code(), Some(0));
        String::from_utf8(out.stdout).unwrap()
    };
    let text_out = run(false);
    assert_eq!(
        text_out.matches("game 1: warning: ").count(),
        4,
        "{text_out}"
    );
    assert!(!text_out.contains("game 2: warning"), "{text_out}");
    let json_out = run(true);
    let first: serde_json::Value = serde_json::from_str(json_out.lines().next().unwrap()).unwrap();
    assert_eq!(
        first["warnings"].as_array().map(Vec::len),
        Some(4),
        "{json_out}"
    );
    let second: serde_json::Value = serde_json::from_str(json_out.lines().nth(1).unwrap()).unwrap();
    assert!(second.get("warnings").is_none(), "{json_out}");
    let _ = std::fs::remove_dir_all(&dir);
}
