"""Shared fixtures: the repository, the `chessrules` command to compare with."""

import os
import pathlib
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]


def _command() -> pathlib.Path | None:
    given = os.environ.get("CHESSRULES_BIN")
    if given:
        return pathlib.Path(given)
    for profile in ("release", "debug"):
        path = REPO / "target" / profile / "chessrules"
        if path.exists():
            return path
    return None


def need(what: str, present: bool) -> None:
    """Skips a test without `what`, or fails it under CI (where nothing may be missing)."""
    if present:
        return
    if os.environ.get("CI"):
        pytest.fail(f"{what} is missing (CI is set: nothing may be skipped)")
    pytest.skip(f"{what} is missing")


@pytest.fixture(scope="session")
def repo() -> pathlib.Path:
    return REPO


@pytest.fixture(scope="session")
def cli() -> pathlib.Path:
    path = _command()
    need("the chessrules command (cargo build --release, or CHESSRULES_BIN)", bool(path and path.exists()))
    return path


def run_cli(cli: pathlib.Path, *args, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(cli), *map(str, args)], capture_output=True, text=True, cwd=cwd, timeout=300
    )
