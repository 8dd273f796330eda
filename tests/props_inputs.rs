//! Property twins of the fuzz targets (issue 12): every input path gets arbitrary bytes and
//! mutated copies of our own golden inputs (testBoards/, fuzz/seeds/), and the same checks
//! the fuzzers run (`fuzz/checks/`): never a panic, written boards/FEN/PGN read back the
//! same, produced SAN is accepted SAN, list length = legal move count. Every unmutated seed
//! is also checked once, so the round trips run over all our golden boards.
#[path = "../fuzz/checks/mod.rs"]
mod checks;

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use proptest::prelude::*;

type Check = fn(&[u8]);
/// A target: its name, its check and its seed inputs.
type Target = (&'static str, Check, Vec<Vec<u8>>);

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> Vec<u8> {
    fs::read(path).unwrap_or_default()
}

/// Files under `dir` (recursively) whose name ends with `suffix`, sorted.
fn files(dir: &Path, suffix: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = entry.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.to_string_lossy().ends_with(suffix) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

fn joined(a: &Path, b: &Path) -> Vec<u8> {
    [read(a), vec![0], read(b)].concat()
}

/// The seed inputs of a target: the same sources as `scripts/fuzz-seed`, minus peer data.
fn seeds(target: &str) -> Vec<Vec<u8>> {
    let tb = root().join("testBoards");
    let mut out: Vec<Vec<u8>> = files(&root().join("fuzz/seeds").join(target), "")
        .iter()
        .map(|p| read(p))
        .collect();
    match target {
        "fairy_board" => out.extend(files(&tb.join("fairy"), ".board").iter().map(|p| read(p))),
        "fairy_moves" => {
            for b in files(&tb.join("fairy"), ".board") {
                let m = b.with_extension("moves");
                if m.exists() {
                    out.push(joined(&b, &m));
                }
            }
        }
        "obstacle_board" => out.extend(
            files(&tb.join("obstacle"), "initial.board")
                .iter()
                .map(|p| read(p)),
        ),
        "obstacle_game" => {
            for g in files(&tb.join("obstacle"), "moves.game") {
                out.push(joined(&g.with_file_name("initial.board"), &g));
            }
        }
        "follow" => {
            for b in files(&tb.join("follow"), "board.txt") {
                out.push(joined(&b, &b.with_file_name("moves.txt")));
            }
        }
        "pgn" => out.extend(files(&tb.join("standard"), ".pgn").iter().map(|p| read(p))),
        "pawnrace_lines" => out.extend(
            files(&tb.join("pawnrace"), ".in")
                .iter()
                .map(|p| [vec![7, 0], read(p)].concat()),
        ),
        "variant_file" => out.extend(
            files(&root().join("variants"), ".toml")
                .iter()
                .map(|p| read(p)),
        ),
        _ => {}
    }
    out
}

const TARGETS: [(&str, Check); 11] = [
    ("fairy_board", checks::fairy_board::run),
    ("fairy_moves", checks::fairy_moves::run),
    ("obstacle_board", checks::obstacle_board::run),
    ("obstacle_game", checks::obstacle_game::run),
    ("follow", checks::follow::run),
    ("fen", checks::fen::run),
    ("san", checks::san::run),
    ("pgn", checks::pgn::run),
    ("pawnrace_lines", checks::pawnrace_lines::run),
    ("variant_file", checks::variant_file::run),
    ("web_api", checks::web_api::run),
];

fn all_seeds() -> &'static Vec<Target> {
    static SEEDS: OnceLock<Vec<Target>> = OnceLock::new();
    SEEDS.get_or_init(|| {
        TARGETS
            .iter()
            .map(|&(name, check)| (name, check, seeds(name)))
            .collect()
    })
}

/// One edit of a seed: at a position (a fraction of its length), delete a few bytes, insert
/// one, replace one, or duplicate a stretch (repeats lines, grows inputs).
#[derive(Clone, Debug)]
enum Edit {
    Delete(u16, u8),
    Insert(u16, u8),
    Replace(u16, u8),
    Duplicate(u16, u8),
}

fn edit() -> impl Strategy<Value = Edit> {
    let byte = prop_oneof![
        any::<u8>(),
        Just(b'\n'),
        Just(b'\r'),
        Just(0u8),
        Just(b' '),
        Just(b'-'),
        Just(b'%'),
        Just(b'\t'),
        (b'a'..=b'j'),
        (b'0'..=b'9'),
        prop::sample::select(b"KQRBNPkqrbnpACEDSMXO|_=x#+/".to_vec()),
    ];
    prop_oneof![
        (any::<u16>(), 1u8..8).prop_map(|(at, n)| Edit::Delete(at, n)),
        (any::<u16>(), byte.clone()).prop_map(|(at, b)| Edit::Insert(at, b)),
        (any::<u16>(), byte).prop_map(|(at, b)| Edit::Replace(at, b)),
        (any::<u16>(), 1u8..64).prop_map(|(at, n)| Edit::Duplicate(at, n)),
    ]
}

fn apply(seed: &[u8], edits: &[Edit]) -> Vec<u8> {
    let mut v = seed.to_vec();
    for e in edits {
        let at = |a: u16, len: usize| (a as usize * (len + 1)) >> 16;
        match *e {
            Edit::Delete(a, n) => {
                let i = at(a, v.len());
                let end = (i + n as usize).min(v.len());
                v.drain(i..end);
            }
            Edit::Insert(a, b) => {
                let i = at(a, v.len());
                v.insert(i, b);
            }
            Edit::Replace(a, b) => {
                if !v.is_empty() {
                    let i = at(a, v.len() - 1);
                    v[i] = b;
                }
            }
            Edit::Duplicate(a, n) => {
                let i = at(a, v.len());
                let end = (i + n as usize).min(v.len());
                let copy = v[i..end].to_vec();
                v.splice(i..i, copy);
            }
        }
    }
    v
}

fn target(name: &str) -> (Check, &'static [Vec<u8>]) {
    let (_, check, seeds) = all_seeds()
        .iter()
        .find(|(n, _, _)| *n == name)
        .expect("a known target");
    (*check, seeds)
}

/// A seed of the target (by index, wrapping) with a few edits; arbitrary bytes when the
/// target has no seeds.
fn mutated(name: &str, pick: usize, edits: &[Edit]) -> Vec<u8> {
    let (_, seeds) = target(name);
    match seeds.len() {
        0 => Vec::new(),
        n => apply(&seeds[pick % n], edits),
    }
}

#[test]
fn every_target_has_seeds_and_every_seed_passes_its_check() {
    for (name, check, seeds) in all_seeds() {
        assert!(!seeds.is_empty(), "{name} has no seeds");
        for seed in seeds {
            check(seed);
        }
    }
}

macro_rules! twin {
    ($bytes:ident, $mutated:ident, $name:literal, $cases:expr) => {
        proptest! {
            #![proptest_config(ProptestConfig::with_cases($cases))]
            #[test]
            fn $bytes(data in prop::collection::vec(any::<u8>(), 0..600)) {
                (target($name).0)(&data);
            }
            #[test]
            fn $mutated(pick in any::<usize>(), edits in prop::collection::vec(edit(), 0..6)) {
                (target($name).0)(&mutated($name, pick, &edits));
            }
        }
    };
}

twin!(fairy_board_bytes, fairy_board_mutated, "fairy_board", 64);
twin!(fairy_moves_bytes, fairy_moves_mutated, "fairy_moves", 64);
twin!(
    obstacle_board_bytes,
    obstacle_board_mutated,
    "obstacle_board",
    64
);
twin!(
    obstacle_game_bytes,
    obstacle_game_mutated,
    "obstacle_game",
    64
);
twin!(follow_bytes, follow_mutated, "follow", 64);
twin!(fen_bytes, fen_mutated, "fen", 128);
twin!(san_bytes, san_mutated, "san", 128);
twin!(pgn_bytes, pgn_mutated, "pgn", 64);
twin!(
    pawnrace_lines_bytes,
    pawnrace_lines_mutated,
    "pawnrace_lines",
    64
);
twin!(variant_file_bytes, variant_file_mutated, "variant_file", 64);
twin!(web_api_bytes, web_api_mutated, "web_api", 32);
