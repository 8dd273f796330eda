"""Type stubs of the extension module (the Rust binding); import from `chessrules`."""

import os
from typing import IO, Iterator, List, Optional, Union, final

class ChessrulesError(ValueError):
    """Base class of every error about the input."""

    message: str

class BoardFileError(ChessrulesError):
    """A board file was refused: the spec's sentence, where it points, the exit code."""

    message: str
    detail: Optional[str]
    line: Optional[int]
    square: Optional[str]
    exit_code: int

class IllegalMoveError(ChessrulesError):
    """A move was refused, with the variant's own message."""

    message: str
    move: str

class VariantFileError(ChessrulesError):
    """A variant file (TOML) was refused."""

    message: str
    line: Optional[int]
    column: Optional[int]

class UnknownVariantError(ChessrulesError):
    """No variant has this name."""

class InternalError(RuntimeError):
    """A bug in chessrules (a Rust panic caught at the boundary)."""

@final
class Move:
    """A move: `str(move)` in the variant's notation, `move.uci()` in coordinates."""

    @classmethod
    def from_uci(cls, uci: str) -> "Move": ...
    def uci(self) -> str: ...
    @property
    def san(self) -> str: ...
    def __str__(self) -> str: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Termination:
    CHECKMATE: "Termination"
    STALEMATE: "Termination"
    INSUFFICIENT_MATERIAL: "Termination"
    FIFTY_MOVES: "Termination"
    REPETITION: "Termination"
    VARIANT_WIN: "Termination"
    VARIANT_LOSS: "Termination"
    VARIANT_DRAW: "Termination"
    @property
    def name(self) -> str: ...

@final
class Outcome:
    """How a game ended: `winner` True (White), False (Black) or None (draw)."""

    termination: Termination
    winner: Optional[bool]
    def result(self) -> str: ...

class Board:
    """A position of any variant, with the moves played on it."""

    def __init__(self, variant: Optional[str] = "standard", fen: Optional[str] = None) -> None: ...
    @classmethod
    def from_board_file(cls, variant: str, text: str) -> "Board": ...
    @classmethod
    def from_chess960_pos(cls, n: int) -> "Board": ...
    @property
    def variant(self) -> str: ...
    @property
    def variant_name(self) -> Optional[str]: ...
    @property
    def turn(self) -> bool: ...
    @property
    def legal_moves(self) -> List[Move]: ...
    @property
    def move_stack(self) -> List[Move]: ...
    def is_legal(self, move: Move) -> bool: ...
    def push(self, move: Move) -> Move: ...
    def parse_san(self, text: str) -> Move: ...
    def push_san(self, text: str) -> Move: ...
    def parse_uci(self, uci: str) -> Move: ...
    def push_uci(self, uci: str) -> Move: ...
    def pop(self) -> Move: ...
    def peek(self) -> Move: ...
    def fen(self) -> str: ...
    def board_file(self) -> str: ...
    def is_check(self) -> bool: ...
    def outcome(self, *, claim_draw: bool = False) -> Optional[Outcome]: ...
    def is_game_over(self, *, claim_draw: bool = False) -> bool: ...
    def is_checkmate(self) -> bool: ...
    def is_stalemate(self) -> bool: ...
    def key(self) -> int: ...
    def copy(self) -> "Board": ...

@final
class Variant:
    """The rules a variant file (TOML) defines."""

    @property
    def name(self) -> str: ...
    @property
    def description(self) -> str: ...
    def board(self, fen: Optional[str] = None) -> Board: ...

@final
class GameResult:
    """One game's verdict: the fields of `chessrules standard validate --json`."""

    game: int
    legal: bool
    plies: int
    fen: Optional[str]
    status: Optional[str]
    ply: Optional[int]
    move: Optional[str]
    error: Optional[str]
    warnings: List[str]
    def to_dict(self) -> dict: ...

@final
class Validator(Iterator[GameResult]):
    def __init__(
        self,
        source: Union[str, "os.PathLike[str]", bytes, IO[bytes], IO[str]],
        *,
        variant: str = "standard",
        first_line: int = 1,
    ) -> None: ...
    def __iter__(self) -> "Validator": ...
    def __next__(self) -> GameResult: ...
    def consumed(self) -> int: ...

def perft(board: Board, depth: int) -> int: ...
def variants() -> List[str]: ...
def initial_board_file(variant: str) -> str: ...
def load_variant(toml_text: str) -> Variant: ...
