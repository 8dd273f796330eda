//! `chessrules variant check FILE`: read and check a variant file, print a summary.

use std::path::PathBuf;

use chessrules::io::input::{read_limited, MAX_INPUT_BYTES};
use std::process::ExitCode;

use anyhow::Result;
use chessrules::notation::fen;
use chessrules::variants::custom::{load_variant_file, CustomVariant};
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
    };
    let variant = match load(&file)? {
        Ok(v) => v,
        Err(code) => return Ok(code),
    };
    out!("{}", summary(&variant));
    Ok(ExitCode::SUCCESS)
}

/// One line per name: `NAME  TITLE` for the built-in variants, `NAME (ALIASES)  DESCRIPTION`
/// for the shipped files.
fn list() {
    use chessrules::game::VariantId;
    use chessrules::variants::registry;
    let mut rows: Vec<(String, String)> = VariantId::ALL
        .iter()
        .filter(|id| !registry::record(**id).rules_from_file)
        .map(|id| (id.name().to_string(), id.title().to_string()))
        .collect();
    for s in chessrules::variants::custom::builtin::shipped() {
        let name = if s.aliases.is_empty() {
            s.name.clone()
        } else {
            format!("{} ({})", s.name, s.aliases.join(", "))
        };
        rows.push((name, s.variant.description.clone()));
    }
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
        e.extinction.iter().map(|&k| r.kind(k).letter).collect::<String>(),
        e.reach_rank
            .map_or("-".to_string(), |(k, rank)| format!("{} on {}", r.kind(k).letter, rank + 1)),
        format!("{:?}", e.stalemate).to_lowercase(),
        on(e.fifty_move),
        on(e.repetition)
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
