//! Embeds every variant file in `variants/` (see `src/variants/custom/builtin.rs`), so that a
//! new pure-data variant costs its file and nothing else.

use std::path::PathBuf;
use std::{env, fs};

/// The built-in variants' own definitions come first, in this order; the rest follow by name.
const FIRST: [&str; 3] = ["standard", "fairy", "pawnrace"];

fn main() {
    let manifest = env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let dir = PathBuf::from(manifest).join("variants");
    // A file added or removed changes the folder; a file's edits are followed by include_str!.
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut names: Vec<String> = fs::read_dir(&dir)
        .expect("the variants folder ships with the crate")
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            (path.extension()? == "toml").then_some(())?;
            Some(path.file_stem()?.to_str()?.to_string())
        })
        .collect();
    names.sort_by_key(|name| {
        let first = FIRST.iter().position(|f| f == name);
        (first.unwrap_or(FIRST.len()), name.clone())
    });
    let mut out = String::from(
        "/// Every embedded file by its file name (without `.toml`): the built-in variants' \
         definitions\n/// first, then the variants reached by name, by name (made by \
         `build.rs` from the files\n/// in `variants/`).\n\
         pub const ALL: &[(&str, &str)] = &[\n",
    );
    for name in &names {
        let path = dir.join(format!("{name}.toml"));
        out.push_str(&format!(
            "    ({name:?}, include_str!({:?})),\n",
            path.display().to_string()
        ));
    }
    out.push_str("];\n");
    let target = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    fs::write(target.join("shipped_variants.rs"), out).expect("OUT_DIR is writable");
}
