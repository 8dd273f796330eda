"""chessrules: chess variants from their written rules, for Python.

A board of any variant the ``chessrules`` program plays (standard, Chess960, fairy chess
10x10, obstacle chess, FollowChess, pawn race, and variant files written in TOML), driven
the way python-chess drives its board::

    >>> import chessrules
    >>> board = chessrules.Board("standard")
    >>> board.push_san("e4")
    Move('e4', uci='e2e4')
    >>> len(board.legal_moves)
    20
    >>> chessrules.perft(chessrules.Board(), 3)
    8902

Errors about the input are ``ChessrulesError`` (a ``ValueError``): ``BoardFileError``
(with ``message``, ``line``, ``square``, ``exit_code``), ``IllegalMoveError``,
``VariantFileError`` (with ``line`` and ``column``) and ``UnknownVariantError``.
``chessrules.pgn.validate`` replays PGN games as it reads them; ``chessrules.svg.board(board)``
draws a board of any variant (a picture in a notebook).
"""

from chessrules._chessrules import (
    Board,
    BoardFileError,
    ChessrulesError,
    IllegalMoveError,
    InternalError,
    Move,
    Outcome,
    Piece,
    Termination,
    UnknownVariantError,
    Variant,
    VariantFileError,
    initial_board_file,
    load_variant,
    perft,
    variants,
)
from chessrules import pgn, svg

WHITE = True
BLACK = False

__all__ = [
    "BLACK",
    "WHITE",
    "Board",
    "BoardFileError",
    "ChessrulesError",
    "IllegalMoveError",
    "InternalError",
    "Move",
    "Outcome",
    "Piece",
    "Termination",
    "UnknownVariantError",
    "Variant",
    "VariantFileError",
    "initial_board_file",
    "load_variant",
    "perft",
    "pgn",
    "svg",
    "variants",
]
