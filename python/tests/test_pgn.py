"""`chessrules.pgn.validate` against `chessrules standard validate --json`, game for game."""

import importlib.util
import io
import itertools
import json
import pathlib
import subprocess

import pytest

import chessrules
from chessrules import pgn

_spec = importlib.util.spec_from_file_location(
    "pgn_corpus", pathlib.Path(__file__).with_name("pgn_corpus.py")
)
corpus = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(corpus)


def cli_results(cli, path, *extra):
    done = subprocess.run(
        [str(cli), "standard", "validate", "--json", str(path), *extra],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode in (0, 1), done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def ours(source, **options):
    return [r.to_dict() for r in pgn.validate(source, **options)]


@pytest.fixture(scope="module")
def inputs(cli, repo, tmp_path_factory):
    directory = tmp_path_factory.mktemp("pgn")
    files = corpus.fixtures(repo)
    files.append(corpus.generated(cli, directory, 1500, 26))
    files.append(corpus.awkward(directory))
    return files


def test_validate_matches_the_command(cli, inputs):
    games = 0
    for path in inputs:
        expected = cli_results(cli, path)
        assert ours(str(path)) == expected, path
        games += len(expected)
    assert games > 1500


def test_chess960_default_matches_the_command(cli, inputs):
    for path in inputs[-2:]:
        assert ours(path, variant="chess960") == cli_results(cli, path, "--variant", "chess960")


def test_results_have_the_command_fields_and_json(cli, inputs):
    path = inputs[-1]
    expected = cli_results(cli, path)
    results = list(pgn.validate(path))
    kinds = {(r.legal, r.error is None) for r in results}
    assert kinds == {(True, True), (False, False)}
    for r, e in zip(results, expected):
        assert json.loads(pgn.to_json(r)) == e
        assert list(r.to_dict()) == list(e)
        assert r.game == e["game"] and r.plies == e["plies"]


def test_every_kind_of_source_gives_the_same_results(inputs):
    path = pathlib.Path(inputs[-1])
    expected = ours(path)
    data = path.read_bytes()
    assert ours(data) == expected
    assert ours(io.BytesIO(data)) == expected
    assert ours(io.StringIO(data.decode())) == expected
    with open(path, "rb") as f:
        assert ours(f) == expected


def test_first_line_numbers_a_piece_as_the_whole_file(inputs):
    data = pathlib.Path(inputs[-1]).read_bytes()
    whole = ours(data)
    cut = data.index(b'[Event "syntax error"]')
    piece = ours(data[cut:], first_line=data[:cut].count(b"\n") + 1)
    before = len(ours(data[:cut]))
    assert [dict(r, game=r["game"] + before) for r in piece] == whole[before:]
    assert any("line" in r.get("error", "") for r in piece)


def test_validate_streams():
    class Endless(io.RawIOBase):
        """Games without end: validate must yield before reading everything."""

        def readable(self):
            return True

        def readinto(self, buffer):
            game = b'[Event "x"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n'
            n = min(len(buffer), len(game))
            buffer[:n] = game[:n]
            return n

    first = list(itertools.islice(pgn.validate(Endless()), 3))
    assert [r.game for r in first] == [1, 2, 3]
    assert all(r.legal for r in first)


def test_unreadable_sources_raise_os_errors(tmp_path):
    with pytest.raises(FileNotFoundError):
        pgn.validate(tmp_path / "missing.pgn")
    with pytest.raises(TypeError):
        pgn.validate(12)
    with pytest.raises(ValueError):
        pgn.validate(b"", variant="bughouse")
