"""PGN inputs for the validation tests: the repository's own fixtures, games written by
`chessrules standard gen-pgn`, and awkward text (comments, variations, null moves, syntax
errors, Chess960 tags) whose verdicts the command gives at test time."""

import pathlib
import subprocess

AWKWARD = """[Event "comment with a bracket line"]

1. e4 {a comment
[that starts a line with a bracket]
} e5 2. Nf3 (2. f4 exf4) Nc6 *

[Event "null move"]

1. e4 -- 2. d4 Z0 3. c4 *

[Event "syntax error"]

1. e4 @@ e5 *

[Event "chess960"]
[Variant "Chess960"]
[FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"]

1. g4 g5 2. Nf3 Nf6 3. Ng3 Ng6 4. O-O O-O *

[Event "bad FEN tag"]
[FEN "not a fen"]

1. e4 *

[Event "check"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

[Event "quote \\" in a tag"]

1. d4 d5 2. c4 dxc4 3. e4 b5 4. a4 c6 5. axb5 cxb5 6. Qf3 *
"""


def fixtures(repo: pathlib.Path) -> list:
    return sorted((repo / "testBoards" / "standard").glob("*/*.pgn"))


def generated(cli, directory: pathlib.Path, games: int, seed: int) -> pathlib.Path:
    out = directory / f"generated-{games}-{seed}.pgn"
    if not out.exists():
        subprocess.run(
            [str(cli), "standard", "gen-pgn", str(out), "--games", str(games), "--seed", str(seed)],
            check=True,
            capture_output=True,
            timeout=300,
        )
    return out


def awkward(directory: pathlib.Path) -> pathlib.Path:
    out = directory / "awkward.pgn"
    out.write_text(AWKWARD)
    return out


# Games whose comments hold blank lines and tag lines, and braces where they open nothing (a
# `;` comment, an escape line, a tag value): a splitter that looks for "a blank line, then a
# tag line" cuts them in two. The games inside the comments have illegal moves, so a cut
# inside a comment shows as an illegal game the command does not see.
TRICKY = [
    """[Event "comment with games inside"]

1. e4 {a comment

[Event "fake 1"]

1. e4 e5 2. Ke3 *

} e5 2. Nf3 Nc6 *

""",
    """[Event "semicolon"]

1. d4 d5 ; a { here opens no comment

[Event "real, after a blank line"]

1. c4 e5 2. Nc3 *

""",
    """%{ an escape line opens no comment either
[Event "escape"]

1. Nf3 d5 {
[Event "fake 2"]

1. h4 h5 2. Rh3 Rh6 3. Rxh6 *
} 2. g3 *

""",
    """[Event "a brace { in a tag value"]
[Site "}"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 {

[Event "fake 3"]
[Site "inside"]

1. f4 e5 2. Kf2 *

} 4. Qxf7# 1-0

""",
    """[Event "illegal, outside any comment"]

1. e4 e5 2. Ke3 *

""",
]


def tricky(cli, directory: pathlib.Path, games: int, seed: int) -> pathlib.Path:
    """Generated games with the TRICKY ones between them, all through the file."""
    out = directory / f"tricky-{games}-{seed}.pgn"
    text = generated(cli, directory, games, seed).read_text()
    parts = text.split("\n\n[Event ")
    pieces = [parts[0]] + ["[Event " + p for p in parts[1:]]
    with open(out, "w") as f:
        for i, piece in enumerate(pieces):
            f.write(piece.rstrip("\n") + "\n\n")
            f.write(TRICKY[i % len(TRICKY)])
    return out


def not_pgn_after_games(cli, directory: pathlib.Path) -> pathlib.Path:
    """Games, then 12 MiB of zero bytes (no game starts in them: the rest is not PGN, and the
    reading ends there with an error), then games again."""
    out = directory / "not-pgn-after-games.pgn"
    games = generated(cli, directory, 400, 41).read_bytes()
    out.write_bytes(games + b"\0" * (12 << 20) + games)
    return out


def guess_in_a_long_comment(cli, directory: pathlib.Path) -> tuple:
    """Games, then a game whose comment holds a blank line, a tag line and then 9 MB of bytes
    that are not PGN (no line in them starts with `[`), then games again: the whole file reads
    well, but a piece started at the tag line in the comment finds its rest not PGN. Also the
    piece size (bytes) at which the first guessed cut is that tag line."""
    out = directory / "guess-in-a-long-comment.pgn"
    games = generated(cli, directory, 400, 42).read_bytes()
    body = b"\x00\x01\x02 binary-ish \x00 payload \x7f\n" * 300_000
    game = b'[Event "long"]\n\n1. e4 { note\n\n[Event "inside"]\n' + body + b"} e5 *\n\n"
    out.write_bytes(games + game + games)
    return out, len(games) + 5
