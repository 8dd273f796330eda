//! What a test needs from the machine: a tool (Stockfish, python-chess, prlimit, mknod) or the
//! course data beside the checkout (`../shared`). Outside CI a missing one skips the test with a
//! message; under CI (`CI` set, as `.ci/run` runs) it fails the test, so a green CI run never
//! hides a check that did not run. `.ci/run` installs the tools.

/// Reports that `what` is missing: a skip here, a failure under CI. Call it, then return.
pub fn missing(what: &str) {
    assert!(
        std::env::var_os("CI").is_none(),
        "{what}: required under CI (.ci/run installs the tools; ../shared must be beside the checkout)"
    );
    eprintln!("skipped: {what}");
}
