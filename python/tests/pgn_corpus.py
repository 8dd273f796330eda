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
