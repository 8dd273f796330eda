//! Bad-input catalogue, first slice (issue 12): every file-reading command answers a missing
//! file, a directory, an empty file, binary junk, invalid UTF-8 with a BOM, and NUL bytes with
//! an error or a result, never a panic (exit 101) and never a Rust panic message.
//! Exact codes and messages per case are still to be pinned (see docs/decisions.md, "Hardening").
use std::path::{Path, PathBuf};
use std::process::Command;

fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bad-input-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The bad inputs: (label, path). Content is generated here, nothing huge is committed.
fn cases(dir: &Path) -> Vec<(&'static str, PathBuf)> {
    let mut out = Vec::new();
    let mut file = |label: &'static str, bytes: &[u8]| {
        let p = dir.join(label);
        std::fs::write(&p, bytes).unwrap();
        out.push((label, p));
    };
    file("empty", b"");
    file(
        "binary",
        &(0u8..=255).cycle().take(4096).collect::<Vec<u8>>(),
    );
    file("nul", b"\0\0\0\n\0");
    file(
        "bom-invalid-utf8",
        b"\xEF\xBB\xBF\xff\xfe\xc3\x28\r\nx\ry\t\n",
    );
    out.push(("missing", dir.join("no-such-file")));
    out.push(("directory", dir.to_path_buf()));
    out
}

fn assert_no_panic(args: &[&Path], label: &str) {
    let output = Command::new(env!("CARGO_BIN_EXE_chessrules"))
        .args(args)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_ne!(
        output.status.code(),
        Some(101),
        "{label}: {args:?} panicked: {stderr}"
    );
    assert!(
        output.status.code().is_some(),
        "{label}: killed by a signal"
    );
    assert!(!stderr.contains("panicked"), "{label}: {stderr}");
}

#[test]
fn file_reading_commands_never_panic_on_bad_files() {
    let dir = scratch();
    let good_out = dir.join("out-file");
    for (label, path) in cases(&dir) {
        for cmd in ["fairy", "follow", "obstacle"] {
            let c = Path::new(cmd);
            assert_no_panic(&[c, &path, &path], label);
        }
        assert_no_panic(&[Path::new("fairy"), &path], label);
        assert_no_panic(&[Path::new("obstacle"), &path, &good_out], label);
        assert_no_panic(
            &[Path::new("standard"), Path::new("validate"), &path],
            label,
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
