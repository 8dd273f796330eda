"""PGN databases as they are published: ``pgn.validate`` reads gzip and bzip2 sources (paths,
bytes and file objects) as the plain text, and ``split_points`` leaves a compressed file whole
(it cannot be cut at byte offsets). zstd goes through the same library code and is tested on
the command (``tests/compressed_input.rs``): Python's standard library writes no zstd before
3.14."""

import bz2
import gzip
import io

from chessrules import pgn

GAMES = (
    '[Event "a"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n'
    '[Event "b"]\n\n1. e4 e5 2. Ke3 *\n\n'
    '[Event "c"]\n[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n\n1. e4 Kd7 *\n'
).encode()


def verdicts(source):
    return [pgn.to_json(r) for r in pgn.validate(source)]


def test_gzip_and_bzip2_read_as_the_plain_text(tmp_path):
    expected = verdicts(GAMES)
    assert len(expected) == 3 and '"legal":false' in expected[1]
    for name, packed in [("games.pgn.gz", gzip.compress(GAMES)), ("games.pgn.bz2", bz2.compress(GAMES))]:
        path = tmp_path / name
        path.write_bytes(packed)
        assert verdicts(str(path)) == expected, name
        assert verdicts(packed) == expected, name
        assert verdicts(io.BytesIO(packed)) == expected, name


def test_a_compressed_file_is_one_piece_for_spark(tmp_path):
    path = tmp_path / "many.pgn.gz"
    path.write_bytes(gzip.compress(GAMES * 200))
    assert pgn.split_points(str(path), 100) == []
    plain = tmp_path / "many.pgn"
    plain.write_bytes(GAMES * 200)
    assert len(pgn.split_points(str(plain), 100)) > 10
