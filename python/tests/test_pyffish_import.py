"""Issue 39 item 4: `chessrules variant import` on Fairy-Stockfish's own variants.ini
(../shared/external/fairy-stockfish/variants.ini), compared with pyffish after
`pyffish.load_variant_config` of the same file: for every variant written, perft 3 from the
start (2 where moves have a second part), and the number of legal moves in positions reached by random play, agree."""

import os
import pathlib
import random
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
INI = REPO.parent / "shared" / "external" / "fairy-stockfish" / "variants.ini"


def run_cli(cli, *args):
    return subprocess.run([str(cli), *map(str, args)], capture_output=True, text=True, timeout=300)


def _pyffish():
    try:
        import pyffish
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("pyffish is missing (CI is set)")
        pytest.skip("pyffish is missing")
    return pyffish


def _perft(sf, name, fen, depth):
    moves = sf.legal_moves(name, fen, [])
    if depth == 1:
        return len(moves)
    return sum(_perft(sf, name, sf.get_fen(name, fen, [m]), depth - 1) for m in moves)


@pytest.fixture(scope="module")
def imported(cli, tmp_path_factory):
    if not INI.is_file():
        if os.environ.get("CI"):
            pytest.fail(f"{INI} is missing (CI is set)")
        pytest.skip(f"{INI} is missing")
    sf = _pyffish()
    sf.load_variant_config(INI.read_text())
    out = tmp_path_factory.mktemp("imported")
    run = run_cli(cli, "variant", "import", INI, "--out", out)
    assert run.returncode == 0, run.stderr
    names = sorted(p.stem for p in out.glob("*.toml"))
    assert len(names) >= 120, run.stdout
    assert run.stdout.splitlines()[-1].startswith(f"{len(names)} imported, ")
    return sf, out, names


def _ours(cli, path, depth, fen=None):
    args = ["perft", "--variant-file", path, depth] + (["--fen", fen] if fen else [])
    run = run_cli(cli, *args)
    assert run.returncode == 0, (path, fen, run.stderr)
    return int(run.stdout.split()[-1])


def test_perft_from_the_start_agrees(cli, imported):
    sf, out, names = imported
    differ = []
    for name in names:
        fen = sf.start_fen(name)
        # Depth 3, or 2 where every move has a second part (a duck's or an arrow's square:
        # hundreds of moves a ply, which pyffish's perft here would walk one by one).
        depth = 3 if len(sf.legal_moves(name, fen, [])) <= 60 else 2
        theirs = _perft(sf, name, fen, depth)
        ours = _ours(cli, out / f"{name}.toml", depth)
        if ours != theirs:
            differ.append((name, depth, ours, theirs))
    assert not differ


def test_random_positions_have_the_same_number_of_moves(cli, imported):
    sf, out, names = imported
    rng = random.Random(39)
    checked = 0
    for name in names:
        for _ in range(4):
            # pyffish's start_fen is the ini's text as written (crusade's has no side to move);
            # get_fen writes it whole.
            fen = sf.get_fen(name, sf.start_fen(name), [])
            for _ in range(rng.randrange(4, 24)):
                legal = sf.legal_moves(name, fen, [])
                if not legal:
                    break
                fen = sf.get_fen(name, fen, [rng.choice(legal)])
            theirs = len(sf.legal_moves(name, fen, []))
            assert _ours(cli, out / f"{name}.toml", 1, fen) == theirs, (name, fen)
            checked += 1
    assert checked == 4 * len(names)


def test_passing_when_stalemated_agrees(cli, imported):
    """Issue 70's passing: the ini's antichess and giveaway with `passOnStalemate`. A side
    whose pawns are blocked passes (`a2a2`, Fairy-Stockfish's text: its first piece's square
    twice); a side with a move does not."""
    sf, out, names = imported
    positions = [
        "8/8/8/8/8/p7/P7/8 w - - 0 1",
        "8/8/8/8/8/p7/P7/8 b - - 0 1",
        "8/8/8/8/1p6/p7/P7/8 w - - 0 1",
        "8/8/8/8/8/p6p/P6P/8 w - - 0 1",
        "k7/8/8/8/8/p7/P7/7K w - - 0 1",
    ]
    passes = 0
    for name in ("andersanti", "andersgiveaway"):
        assert name in names
        for fen in positions:
            run = run_cli(cli, "perft", "--variant-file", out / f"{name}.toml", "--fen", fen, 1, "--divide")
            assert run.returncode == 0, run.stderr
            ours = sorted(l.split()[0].rstrip(":") for l in run.stdout.strip().split("\n")[:-2] if l.strip())
            theirs = sorted(sf.legal_moves(name, fen, []))
            assert ours == theirs, (name, fen)
            passes += sum(m[:2] == m[2:4] for m in theirs)
    assert passes == 8
