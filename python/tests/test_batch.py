"""`chessrules.pgn.validate_batch` and `pieces` (issue 40: Spark's tasks validate a piece in
one native call): the lines are the command's results, game for game; each line is what
`validate` and `json.dumps` wrote before, byte for byte; the pieces `pieces` plans give the
whole file's lines and counts, and so do pieces at `quick_cuts`' guesses read `until` the
next guess and renumbered (`renumber_games`); bad arguments raise, bad bytes never panic."""

import gzip
import importlib.util
import io
import json
import pathlib
import random
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
        capture_output=True, text=True, timeout=300,
    )
    assert done.returncode in (0, 1), done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def python_lines(source, file=None, **options):
    """What spark-validate wrote per game before issue 40: `json.dumps` of `to_dict()`."""
    out = []
    for r in pgn.validate(source, **options):
        d = r.to_dict()
        if file is not None:
            d = {"file": file, **d}
        out.append(json.dumps(d, ensure_ascii=False, separators=(",", ":")) + "\n")
    return "".join(out).encode()


@pytest.fixture(scope="module")
def inputs(cli, repo, tmp_path_factory):
    directory = tmp_path_factory.mktemp("batch")
    files = corpus.fixtures(repo)
    files.append(corpus.generated(cli, directory, 1500, 40))
    files.append(corpus.awkward(directory))
    files.append(corpus.tricky(cli, directory, 300, 40))
    odd = directory / "odd characters.pgn"
    # Control characters, quotes, backslashes and non-ASCII text in what the results quote.
    odd.write_bytes(
        '[Event "odd"]\n\n1. e4 e5 2. Nf3 N\\"c6 *\n\n[Event "é"]\n\n1. d4 \x0cd5 2. c4 Ä *\n\n'
        '[Event "bs"]\n\n1. e4 e\b5 *\n'.encode()
    )
    files.append(odd)
    return files


def test_lines_equal_the_command_and_the_old_python_lines(cli, inputs):
    games = 0
    for path in inputs:
        expected = cli_results(cli, path)
        batch = pgn.validate_batch(path)
        got = [json.loads(line) for line in batch.lines.decode().splitlines()]
        assert got == expected, path
        assert batch.lines == python_lines(path), path
        # The file's name is escaped as json.dumps escapes it, whatever it holds.
        name = f'{path}\x00\x01\x08\x0c\t\n\r"\\\x1f\x7fé€😀'
        named = pgn.validate_batch(str(path), file=name)
        assert named.lines == python_lines(path, file=name), path
        assert batch.games == len(expected)
        assert batch.legal == sum(1 for e in expected if e["legal"])
        assert batch.illegal == batch.games - batch.legal
        assert batch.moves == sum(e["plies"] for e in expected if e["legal"])
        games += batch.games
    assert games > 1800


def test_chess960_default_equals_the_command(cli, inputs):
    path = inputs[-3]
    got = pgn.validate_batch(path, variant="chess960").lines.decode().splitlines()
    assert [json.loads(line) for line in got] == cli_results(cli, path, "--variant", "chess960")


def test_pieces_give_the_whole_files_lines(inputs):
    for path in inputs:
        whole = pgn.validate_batch(path, file="f")
        for piece_bytes in (1, 500, 20_000):
            planned = list(pgn.pieces(path, piece_bytes))
            if path.stat().st_size == 0:
                assert planned == [] and whole.games == 0
                continue
            # The pieces tile the file; their starts are split_points' cuts.
            assert planned[0][0] == 0 and planned[-1][1] == path.stat().st_size
            assert all(a[1] == b[0] for a, b in zip(planned, planned[1:]))
            assert [(p[0], p[2]) for p in planned[1:]] == pgn.split_points(path, piece_bytes)
            lines, games = b"", 0
            for start, end, line, first_game, count in planned:
                assert first_game == games + 1
                batch = pgn.validate_batch(path, start=start, end=end, first_line=line,
                                           first_game=first_game, file="f")
                assert batch.games == count
                lines += batch.lines
                games += batch.games
            assert lines == whole.lines, (path, piece_bytes)
            assert games == whole.games


def read_by_guesses(path, piece_bytes, tmp_path):
    """The file's lines read as spark-validate reads it: pieces at `quick_cuts`' guesses, each
    read `until` the next guess, one that the piece before did not stop at read again from
    where it stopped (or dropped when that is past its bytes), each piece's lines renumbered
    after the games before. The lines, games, and how many guesses were not confirmed."""
    cuts = pgn.quick_cuts(path, piece_bytes)
    lines, games, missed = b"", 0, 0
    expected = (0, 1)
    for k, (start, line) in enumerate(cuts):
        until = cuts[k + 1][0] if k + 1 < len(cuts) else None
        if expected is None or (until is not None and expected[0] >= until):
            missed += 1
            continue
        if expected[0] != start:
            missed += 1
            start, line = expected
        batch = pgn.validate_batch(path, start=start, first_line=line, until=until, file="f")
        part = tmp_path / "part"
        part.write_bytes(batch.lines)
        assert pgn.renumber_games(part, games) == batch.games
        lines += part.read_bytes()
        games += batch.games
        expected = None if batch.next_start is None else (batch.next_start, batch.next_line)
    return lines, games, missed


def test_pieces_at_guessed_cuts_give_the_whole_files_lines(inputs, tmp_path):
    # CRLF line ends and a byte order mark, as some databases are written.
    tricky = next(p for p in inputs if "tricky" in p.name)
    crlf = tmp_path / "tricky-crlf.pgn"
    crlf.write_bytes(tricky.read_bytes().replace(b"\n", b"\r\n"))
    bom = tmp_path / "tricky-bom.pgn"
    bom.write_bytes(b"\xef\xbb\xbf" + tricky.read_bytes())
    missed = 0
    for path in inputs + [crlf, bom]:
        whole = pgn.validate_batch(path, file="f")
        for piece_bytes in (1, 500, 20_000):
            cuts = pgn.quick_cuts(path, piece_bytes)
            if path.stat().st_size == 0:
                assert cuts == [] and whole.games == 0
                continue
            assert cuts[0] == (0, 1)
            data = path.read_bytes()
            for offset, line in cuts[1:]:
                # A line that begins with `[` after a blank line, and its number.
                assert data[offset:offset + 1] == b"["
                assert data[:offset].endswith(b"\n\n") or data[:offset].endswith(b"\n\r\n")
                assert data[:offset].count(b"\n") + 1 == line
            lines, games, m = read_by_guesses(path, piece_bytes, tmp_path)
            assert lines == whole.lines, (path, piece_bytes)
            assert games == whole.games
            missed += m
    # The tricky corpus's comments hold blank lines and tag lines: some guesses are wrong.
    assert missed > 0


def test_a_piece_read_from_a_game_start_that_looks_compressed_is_text(tmp_path):
    """A game without tags may begin with any symbol, `BZh` (bzip2's magic) too: a piece read
    again from there is PGN, not a bzip2 stream. Found by review: it raised."""
    path = tmp_path / "bzh.pgn"
    path.write_bytes(b'[Event "a"]\n\n1. e4 {\n\n[Event "x"]\n} *\n\nBZh *\n\n[Event "b"]\n\n1. d4 *\n')
    whole = pgn.validate_batch(path, file="f")
    assert whole.games == 3
    lines, games, missed = read_by_guesses(path, 1, tmp_path)
    assert (lines, games) == (whole.lines, whole.games)
    assert missed > 0


def test_random_files_read_by_guessed_pieces_as_whole(tmp_path):
    """A property test: files made of random fragments (games, tags, comments holding empty
    lines and tag lines, `;` comments, `%` escape lines, stray results, CRLF and bare-CR line
    ends, junk symbols) read by guessed pieces of random sizes give the whole file's lines."""
    rng = random.Random(4040)
    fragments = [
        b'[Event "e"]\n[Site "s"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n',
        b'[Event "x"]\n\n1. d4 { a comment\n\n[Event "in a comment"]\n\nstill } d5 1-0\n\n',
        b"1. c4 ; a rest-of-line comment {\n[Event \"after ;\"]\n\n1. e4 *\n\n",
        b"%escape line [Event\n\n",
        b'[Event "crlf"]\r\n\r\n1. e4 e5 *\r\n\r\n',
        b"\n\n[Event \"unterminated\"\n\n1. e4 *\n\n",
        b"1-0\n\n",
        b"BZh 1. Nf3 *\n\n",
        b'[Event "v"]\n\n1. e4 (1. d4 {\n\n[x "y"]\n} d5) e5 1/2-1/2\n\n',
        b"\r[Event \"cr\"]\r\r1. e4 *\r\r",
        b"garbage tokens !! ?? $ \x01\n\n",
        b'\n[Event "no blank before"]\n1. e4 *\n',
    ]
    for case in range(40):
        data = b"".join(rng.choice(fragments) for _ in range(rng.randint(1, 60)))
        if data.startswith(b"BZh"):
            data = b"\n" + data  # a file that begins so is read as bzip2, by the command too
        path = tmp_path / f"random-{case}.pgn"
        path.write_bytes(data)
        whole = pgn.validate_batch(path, file="f")
        for piece_bytes in (1, rng.randint(2, 200), rng.randint(200, 2000)):
            lines, games, _ = read_by_guesses(path, piece_bytes, tmp_path)
            assert (lines, games) == (whole.lines, whole.games), (case, piece_bytes, data)


def test_until_stops_before_the_first_clean_game_start_at_or_after_it():
    text = b'[Event "a"]\n\n1. e4 *\n\n[Event "b"]\n\n1. d4 { a\n\n[Event "c"] } *\n\n[Event "d"]\n\n1. c4 *\n'
    b_at, c_at, d_at = (text.index(x) for x in (b'[Event "b"]', b'[Event "c"]', b'[Event "d"]'))
    whole = pgn.validate_batch(text)
    assert whole.next_start is None and whole.next_line is None and whole.games == 3
    first = pgn.validate_batch(text, until=b_at)
    assert (first.games, first.next_start, first.next_line) == (1, b_at, 5)
    # A guess inside a comment: the reading goes on to the next game start.
    second = pgn.validate_batch(text, start=b_at, first_line=5, until=c_at)
    assert (second.games, second.next_start, second.next_line) == (1, d_at, 11)
    last = pgn.validate_batch(text, start=d_at, first_line=11, until=len(text))
    assert (last.games, last.next_start) == (1, None)
    assert first.lines + second.lines.replace(b'"game":1', b'"game":2') + \
        last.lines.replace(b'"game":1', b'"game":3') == whole.lines
    with pytest.raises(ValueError):
        pgn.validate_batch(text, until=5, end=10)
    with pytest.raises(ValueError):
        pgn.validate_batch(text, start=10, until=5)
    with pytest.raises(ValueError):
        pgn.validate_batch(gzip.compress(text), until=5)


def test_errors_stop_keeps_the_games_before_a_rest_that_is_not_pgn(cli, tmp_path):
    path = corpus.not_pgn_after_games(cli, tmp_path)
    with pytest.raises(OSError, match="not PGN"):
        pgn.validate_batch(path)
    batch = pgn.validate_batch(path, errors="stop")
    assert "the rest of the input is not PGN" in batch.error
    assert batch.next_start is None
    expected = cli_results(cli, path)
    assert [json.loads(line) for line in batch.lines.decode().splitlines()] == expected
    assert pgn.validate_batch(path, end=1000, errors="stop").error is None
    with pytest.raises(ValueError, match="errors"):
        pgn.validate_batch(path, errors="ignore")


def test_renumber_games_refuses_a_line_without_a_number_and_leaves_the_file(tmp_path):
    part = tmp_path / "part"
    part.write_bytes(b'{"game":1,"legal":true}\n{"legal":true}\n')
    with pytest.raises(ValueError, match="line 2"):
        pgn.renumber_games(part, 5)
    assert part.read_bytes() == b'{"game":1,"legal":true}\n{"legal":true}\n'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["part"]
    with pytest.raises(FileNotFoundError):
        pgn.renumber_games(tmp_path / "missing", 1)
    with pytest.raises(FileNotFoundError):
        pgn.quick_cuts(tmp_path / "missing", 1)


def test_every_kind_of_source_and_range(inputs):
    path = inputs[-3]
    data = path.read_bytes()
    expected = pgn.validate_batch(path).lines
    assert pgn.validate_batch(data).lines == expected
    assert pgn.validate_batch(io.BytesIO(data)).lines == expected
    assert pgn.validate_batch(io.StringIO(data.decode())).lines == expected
    assert pgn.validate_batch(gzip.compress(data)).lines == expected
    cut = data.index(b'[Event "syntax error"]')
    line = data[:cut].count(b"\n") + 1
    tail = pgn.validate_batch(data[cut:], first_line=line, first_game=3).lines
    for source in (lambda: path, lambda: data, lambda: io.BytesIO(data)):
        assert pgn.validate_batch(source(), start=cut, first_line=line,
                                  first_game=3).lines == tail
        head = pgn.validate_batch(source(), end=cut).lines
        assert head + tail == expected
    # A range past the end holds no game.
    assert pgn.validate_batch(data, start=len(data) + 10).games == 0
    assert pgn.validate_batch(path, start=len(data) + 10).games == 0


def test_compressed_and_empty_files_are_one_piece_or_none(tmp_path, inputs):
    data = inputs[-3].read_bytes()
    packed = tmp_path / "g.pgn.gz"
    packed.write_bytes(gzip.compress(data))
    [(start, end, line, first_game, games)] = list(pgn.pieces(packed, 10))
    assert (start, end, line, first_game, games) == (0, packed.stat().st_size, 1, 1, None)
    assert pgn.validate_batch(packed).lines == pgn.validate_batch(data).lines
    empty = tmp_path / "empty.pgn"
    empty.write_bytes(b"")
    assert list(pgn.pieces(empty, 10)) == []
    assert pgn.validate_batch(empty).games == 0


def test_bad_arguments_raise(tmp_path):
    with pytest.raises(FileNotFoundError):
        pgn.validate_batch(tmp_path / "missing.pgn")
    with pytest.raises(FileNotFoundError):
        pgn.pieces(tmp_path / "missing.pgn", 100)
    with pytest.raises(TypeError):
        pgn.validate_batch(12)
    with pytest.raises(ValueError):
        pgn.validate_batch(b"", variant="bughouse")
    with pytest.raises(ValueError):
        pgn.validate_batch(b"1. e4 *", start=5, end=2)
    with pytest.raises(OverflowError):
        pgn.validate_batch(b"1. e4 *", start=-1)
    with pytest.raises(OSError):
        pgn.validate_batch(tmp_path)  # a directory


def test_random_bytes_never_panic(inputs):
    """Mutated games: a result or an OSError (not PGN), never an InternalError."""
    rng = random.Random(40)
    data = bytearray(inputs[-2].read_bytes())
    for _ in range(60):
        mutated = bytearray(data)
        for _ in range(rng.randrange(1, 40)):
            mutated[rng.randrange(len(mutated))] = rng.randrange(256)
        start = rng.randrange(len(mutated))
        end = rng.randrange(start, len(mutated) + 1)
        try:
            batch = pgn.validate_batch(bytes(mutated), start=start, end=end,
                                       first_line=rng.randrange(1, 10**6),
                                       first_game=rng.randrange(1, 10**6))
        except OSError:
            continue
        assert batch.lines.count(b"\n") == batch.games
        for line in batch.lines.decode().splitlines():
            json.loads(line)
    assert isinstance(chessrules.pgn.Batch, type)
