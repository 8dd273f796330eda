"""PGN validation: every main-line move of every game replayed, as the file is read.

``validate(source)`` yields one ``GameResult`` per game, in file order, with the fields
``chessrules standard validate --json`` prints (``result.to_dict()`` gives them as the
command's JSON line reads back)::

    >>> for result in chessrules.pgn.validate("games.pgn"):  # doctest: +SKIP
    ...     if not result.legal:
    ...         print(result.game, result.ply, result.move, result.error)

``validate_batch(source)`` validates a whole file, or a piece of it that ``pieces`` planned,
in one call and gives a ``Batch``: the results as JSON lines (bytes) and counts, with no
Python object per game (what Spark's tasks run)::

    >>> batch = chessrules.pgn.validate_batch(b'1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0')
    >>> batch.games, batch.legal, batch.moves
    (1, 1, 7)
    >>> print(batch.lines.decode(), end="")
    {"game":1,"legal":true,"plies":7,"fen":"r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4","status":"checkmate"}
"""

from __future__ import annotations

import json
import os
from typing import IO, Iterator, Union

from chessrules._chessrules import (
    Batch,
    GameResult,
    Pieces,
    Validator,
    pieces,
    quick_cuts,
    renumber_games,
    split_points,
    validate_batch,
)

Source = Union[str, "os.PathLike[str]", bytes, IO[bytes], IO[str]]

__all__ = [
    "Batch",
    "GameResult",
    "Pieces",
    "Validator",
    "pieces",
    "quick_cuts",
    "renumber_games",
    "split_points",
    "validate",
    "validate_batch",
    "to_json",
]


def validate(
    source: Source, *, variant: str = "standard", first_line: int = 1
) -> Iterator[GameResult]:
    """Replays the games of ``source`` one at a time, yielding a ``GameResult`` each.

    ``source``: a path (str or os.PathLike), the file's bytes, or a file object (binary or
    text). ``variant``: the rules of games without a ``Variant`` tag (``standard`` or
    ``chess960``), like ``--variant``. ``first_line``: the line the text starts at, when it
    is a piece cut out of a larger file (error messages then name the file's lines; see
    ``split_points`` for where a file can be cut).
    Raises ``OSError`` if the source cannot be read; an exception a file object's ``read()``
    raises that is not an ``Exception`` (``KeyboardInterrupt``, ``SystemExit``) or is an
    ``OSError`` comes through unchanged, another becomes the ``OSError``'s ``__cause__``.
    Ctrl-C stops the reading (``KeyboardInterrupt``), also of an endless source.
    """
    return Validator(source, variant=variant, first_line=first_line)


def to_json(result: GameResult) -> str:
    """The result as one JSON line (the command's fields, in its order)."""
    return json.dumps(result.to_dict(), ensure_ascii=False, separators=(",", ":"))
