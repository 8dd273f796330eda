//! `chessrules variant check FILE`: read and check a variant file, print a summary;
//! `variant list`: the names `--variant` takes; `variant import FILE.ini --out DIR`:
//! Fairy-Stockfish's `variants.ini` written as variant files.

use std::ops::ControlFlow;
use std::path::PathBuf;

use chessrules::io::input::{read_limited, MAX_INPUT_BYTES};
use std::process::ExitCode;

use anyhow::Result;
use chessrules::io::atomic::write_atomic;
use chessrules::notation::fen;
use chessrules::variants::custom::{ini, load_variant_file, CustomVariant};
use clap::{Args, Subcommand};

#[derive(Args)]
pub struct VariantArgs {
    #[command(subcommand)]
    action: VariantAction,
}

#[derive(Subcommand)]
enum VariantAction {
    /// Check a variant file: prints a summary, or `FILE:LINE:COL: error: …` and exits 1.
    Check { file: PathBuf },
    /// List every variant name `--variant` takes: the built-in variants, then the variant
    /// files shipped in the binary (with their aliases and description).
    List,
    /// Import Fairy-Stockfish's variants.ini: DIR/NAME.toml for each variant whose keys all map
    ///
    /// A section's parent (`[name:parent]`) is an earlier section or one of our shipped files
    /// (`chess` is `standard`). Prints one line per variant, `NAME: wrote PATH` or why it was
    /// skipped (`NAME: unsupported keys: KEY, KEY (why), …`, `NAME: parent P is not one of our
    /// variants`), then `N imported, M skipped`; exit 0. Files are written whole or not at all.
    /// A malformed line is `FILE:LINE:COL: error: …` on stderr, exit 1, nothing written.
    Import {
        /// The ini file.
        file: PathBuf,
        /// The folder the variant files go to (created when missing).
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
    },
}

/// Reads a variant file; on failure prints `FILE:LINE:COL: error: …` to stderr.
pub fn load(path: &std::path::Path) -> Result<Result<CustomVariant, ExitCode>> {
    let bytes = read_limited(path, MAX_INPUT_BYTES)
        .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
    let Ok(text) = String::from_utf8(bytes) else {
        errln!("{}:1:1: error: the file is not UTF-8 text", path.display());
        return Ok(Err(ExitCode::from(1)));
    };
    match load_variant_file(&text) {
        Ok(v) => Ok(Ok(v)),
        Err(e) => {
            errln!("{}:{e}", path.display());
            Ok(Err(ExitCode::from(1)))
        }
    }
}

pub fn run(args: VariantArgs) -> Result<ExitCode> {
    let file = match args.action {
        VariantAction::Check { file } => file,
        VariantAction::List => {
            list();
            return Ok(ExitCode::SUCCESS);
        }
        VariantAction::Import { file, out } => return import(&file, &out),
    };
    let variant = match load(&file)? {
        Ok(v) => v,
        Err(code) => return Ok(code),
    };
    out!("{}", summary(&variant));
    Ok(ExitCode::SUCCESS)
}

/// Writes each importable section of an ini file as `OUT/NAME.toml` (whole or not at all);
/// the skipped ones are reported by name with their keys.
fn import(file: &std::path::Path, out: &std::path::Path) -> Result<ExitCode> {
    let bytes = read_limited(file, MAX_INPUT_BYTES)
        .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", file.display()))?;
    let Ok(text) = String::from_utf8(bytes) else {
        errln!("{}:1:1: error: the file is not UTF-8 text", file.display());
        return Ok(ExitCode::from(1));
    };
    let (mut written, mut skipped) = (0, 0);
    // Each section is written (or said skipped) as it is translated: memory holds one
    // section's text, not the whole import's. The folder is made once the file has read
    // (a file that does not read leaves nothing behind).
    let outcome = ini::import_each(&text, |v| {
        if written + skipped == 0 {
            if let Err(e) = std::fs::create_dir_all(out) {
                return ControlFlow::Break(format!("cannot create {}: {e}", out.display()));
            }
        }
        match v.result {
            Ok(toml) => {
                // The name is a file name (the reader refuses others): no path leaves `out`.
                let path = out.join(format!("{}.toml", v.name));
                if let Err(e) = write_atomic(&path, toml.as_bytes()) {
                    return ControlFlow::Break(format!("cannot write {}: {e}", path.display()));
                }
                outln!("{}: wrote {}", v.name, path.display());
                written += 1;
            }
            Err(skip) => {
                outln!("{}: {skip}", v.name);
                skipped += 1;
            }
        }
        ControlFlow::Continue(())
    });
    match outcome {
        Err(e) => {
            errln!("{}:{e}", file.display());
            Ok(ExitCode::from(1))
        }
        Ok(Some(e)) => Err(anyhow::anyhow!(e)),
        Ok(None) => {
            outln!("{written} imported, {skipped} skipped");
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// One line per name: `NAME  TITLE` for the built-in variants, `NAME (ALIASES)  DESCRIPTION`
/// for the shipped files.
fn list() {
    use chessrules::game::VariantId;
    use chessrules::variants::registry;
    let rows: Vec<(String, &str)> = registry::all()
        .iter()
        .filter(|r| r.id != VariantId::Custom)
        .map(|r| match (r.file, r.aliases.is_empty()) {
            (Some(_), false) => (
                format!("{} ({})", r.name, r.aliases.join(", ")),
                r.description,
            ),
            _ => (r.name.to_string(), r.description),
        })
        .collect();
    let width = rows.iter().map(|(n, _)| n.len()).max().unwrap_or(0) + 2;
    for (name, what) in rows {
        outln!("{name:<width$}{what}");
    }
}

fn summary(v: &CustomVariant) -> String {
    let r = &v.rules;
    let mut s = format!(
        "{}: {} files x {} ranks, {} piece kinds\n",
        v.name,
        r.shape.files(),
        r.shape.ranks(),
        r.pieces.len()
    );
    for p in &r.pieces {
        let mut flags = Vec::new();
        if p.royal {
            flags.push("royal");
        }
        if p.promotes {
            flags.push("pawn");
        }
        s.push_str(&format!(
            "  {}{} {} ({} movement components){}{}\n",
            if p.plus { "+" } else { "" },
            p.letter,
            p.name,
            p.components.len(),
            if flags.is_empty() { "" } else { " " },
            flags.join(" ")
        ));
    }
    let promo: String = r
        .promotion_kinds
        .iter()
        .map(|&k| r.kind(k).letter)
        .collect();
    s.push_str(&format!(
        "promotion: {}\n",
        if promo.is_empty() { "-" } else { &promo }
    ));
    s.push_str(&format!("castling rules: {}\n", r.castling.len()));
    let o = &v.obstacles;
    s.push_str(&format!(
        "obstacles: {} walls, {} trapdoors, {} mines; per player: {} walls, {} trapdoors, {} mines\n",
        o.walls.len(),
        o.trapdoors.len(),
        o.mines.len(),
        o.walls_per_player,
        o.trapdoors_per_player,
        o.mines_per_player
    ));
    let e = &v.end;
    s.push_str(&format!(
        "end: checkmate {}, extinction [{}], goal rank {}, stalemate {}, fifty-move {}, threefold {}\n",
        on(e.checkmate),
        e.extinction
            .as_ref()
            .map_or(String::new(), |x| x.kinds().iter().map(|&k| r.kind(k).letter).collect()),
        e.reach_rank
            .map_or("-".to_string(), |(k, rank)| {
                let letter = k.map_or('*', |k| r.kind(k).letter);
                format!("{letter} on {}", rank + 1)
            }),
        format!("{:?}", e.stalemate).to_lowercase(),
        on(e.fifty_move),
        on(e.repetition.is_some())
    ));
    if let Ok(pos) = v.start_position() {
        s.push_str(&format!("start: {}\n", fen::write(&pos)));
    }
    s
}

fn on(b: bool) -> &'static str {
    if b {
        "on"
    } else {
        "off"
    }
}
