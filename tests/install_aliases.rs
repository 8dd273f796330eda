//! `scripts/install-aliases` links the aliases to the installed command, so that `cargo clean`
//! in the clone does not break them (issue 36), and never replaces the binary itself.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Command;

fn script() -> String {
    format!("{}/scripts/install-aliases", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_aliases_follow_the_installed_command() {
    let root = std::env::temp_dir().join(format!("chessrules-aliases-{}", std::process::id()));
    let _ = fs::remove_dir_all(&root);
    let cargo_bin = root.join("cargo/bin");
    fs::create_dir_all(&cargo_bin).unwrap();
    let installed = cargo_bin.join("chessrules");
    fs::write(&installed, "#!/bin/sh\necho installed\n").unwrap();
    fs::set_permissions(&installed, fs::Permissions::from_mode(0o755)).unwrap();
    let links = root.join("links");
    let run = |dir: &Path| {
        Command::new("bash")
            .arg(script())
            .arg(dir)
            .env("CARGO_HOME", root.join("cargo"))
            .status()
            .unwrap()
    };
    assert!(run(&links).success());
    for name in [
        "chessrules",
        "fairychess",
        "obstacle",
        "obstacleChess",
        "followchess",
        "pawnrace",
    ] {
        let target = fs::read_link(links.join(name)).unwrap();
        assert_eq!(target, installed, "{name}");
    }
    // Into the folder of the command itself: the binary stays, the aliases are added.
    assert!(run(&cargo_bin).success());
    assert!(!fs::symlink_metadata(&installed)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(
        fs::read_link(cargo_bin.join("pawnrace")).unwrap(),
        installed
    );
    let _ = fs::remove_dir_all(&root);
}

/// Issue 68: `cargo install` puts the command under CARGO_INSTALL_ROOT when it is set: the
/// links follow it there.
#[test]
fn the_aliases_follow_cargo_install_root() {
    let root = std::env::temp_dir().join(format!("chessrules-aliases-root-{}", std::process::id()));
    let _ = fs::remove_dir_all(&root);
    let install_bin = root.join("install/bin");
    fs::create_dir_all(&install_bin).unwrap();
    let installed = install_bin.join("chessrules");
    fs::write(&installed, "#!/bin/sh\necho installed\n").unwrap();
    fs::set_permissions(&installed, fs::Permissions::from_mode(0o755)).unwrap();
    let links = root.join("links");
    let status = Command::new("bash")
        .arg(script())
        .arg(&links)
        .env("CARGO_INSTALL_ROOT", root.join("install"))
        .env("CARGO_HOME", root.join("elsewhere"))
        .status()
        .unwrap();
    assert!(status.success());
    assert_eq!(fs::read_link(links.join("followchess")).unwrap(), installed);
    let _ = fs::remove_dir_all(&root);
}
