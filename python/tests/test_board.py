"""The board API over every variant: push/pop round trips, copies, moves, outcomes, errors
with their line and square, and inputs that must raise, never crash."""

import random

import pytest

import chessrules

BUILT_IN = [v for v in chessrules.variants() if v != "custom"]


def random_walk(board, rng, plies):
    """Pushes up to `plies` random legal moves; returns the FENs before each move."""
    seen = []
    for _ in range(plies):
        moves = board.legal_moves
        if not moves:
            break
        seen.append(board.fen())
        board.push(rng.choice(moves))
    return seen


def test_variants_are_the_registry_names():
    names = chessrules.variants()
    for expected in ["standard", "chess960", "fairy", "obstacle", "follow", "pawnrace", "custom"]:
        assert expected in names


@pytest.mark.parametrize("variant", chessrules.variants())
def test_push_pop_round_trips(variant):
    rng = random.Random(variant)
    for _ in range(5):
        board = chessrules.Board(variant)
        start = board.fen()
        fens = random_walk(board, rng, 60)
        assert len(board.move_stack) == len(fens)
        for fen in reversed(fens):
            board.pop()
            assert board.fen() == fen
        assert board.fen() == start
        with pytest.raises(IndexError):
            board.pop()


@pytest.mark.parametrize("variant", chessrules.variants())
def test_moves_replay_by_notation_and_by_coordinates(variant):
    rng = random.Random(1 + len(variant))
    board = chessrules.Board(variant)
    by_text, by_uci = board.copy(), board.copy()
    for _ in range(40):
        moves = board.legal_moves
        if not moves:
            break
        m = rng.choice(moves)
        assert board.is_legal(m)
        board.push(m)
        assert by_text.push_san(str(m)) == m
        assert by_uci.push_uci(m.uci()).uci() == m.uci()
        assert by_text.fen() == board.fen() == by_uci.fen()
        assert by_text.turn == board.turn


@pytest.mark.parametrize("variant", BUILT_IN)
def test_board_file_reads_back(variant):
    rng = random.Random(3)
    board = chessrules.Board(variant)
    random_walk(board, rng, 20)
    again = chessrules.Board.from_board_file(variant, board.board_file())
    assert again.fen() == board.fen()
    assert sorted(m.uci() for m in again.legal_moves) == sorted(m.uci() for m in board.legal_moves)


def test_copy_is_independent():
    board = chessrules.Board()
    board.push_san("e4")
    copy = board.copy()
    copy.push_san("e5")
    assert len(board.move_stack) == 1 and len(copy.move_stack) == 2
    assert board.fen() != copy.fen()
    assert copy.pop() == copy.parse_san("e5")


def test_checkmate_outcome_and_check():
    board = chessrules.Board()
    for san in ["f3", "e5", "g4"]:
        board.push_san(san)
    assert board.outcome() is None
    mate = board.push_san("Qh4#")
    assert str(mate) == "Qh4#" and mate.uci() == "d8h4"
    assert board.is_check() and board.is_checkmate() and board.is_game_over()
    outcome = board.outcome()
    assert outcome.termination == chessrules.Termination.CHECKMATE
    assert outcome.winner is chessrules.BLACK
    assert outcome.result() == "0-1"
    assert board.legal_moves == []


def test_perft_of_the_initial_positions_is_positive_and_grows():
    for variant in chessrules.variants():
        board = chessrules.Board(variant)
        one = chessrules.perft(board, 1)
        assert one == len(board.legal_moves) > 0
        assert chessrules.perft(board, 2) > one


def test_illegal_moves_raise_with_the_library_message():
    board = chessrules.Board()
    with pytest.raises(chessrules.IllegalMoveError) as caught:
        board.push_san("e5")
    assert caught.value.move == "e5"
    assert caught.value.message == str(caught.value) and caught.value.message
    with pytest.raises(chessrules.IllegalMoveError):
        board.push_uci("e2e5")
    with pytest.raises(chessrules.IllegalMoveError):
        board.push(chessrules.Move.from_uci("a1a8"))
    assert board.push(chessrules.Move.from_uci("g1f3")).uci() == "g1f3"
    assert isinstance(caught.value, ValueError)


def test_bad_board_errors_carry_line_and_square():
    with pytest.raises(chessrules.BoardFileError) as caught:
        chessrules.Board("standard", "not a fen")
    assert caught.value.exit_code >= 1
    obstacle = chessrules.initial_board_file("obstacle").replace("PPPPPPPP", "PPPZPPPP", 1)
    with pytest.raises(chessrules.BoardFileError) as caught:
        chessrules.Board("obstacle", obstacle)
    assert caught.value.square == "d2"
    assert "d2" in caught.value.message
    with pytest.raises(chessrules.UnknownVariantError):
        chessrules.Board("bughouse")


def test_variant_files_load_and_play(repo):
    files = sorted((repo / "variants").glob("*.toml"))
    assert files
    for path in files:
        variant = chessrules.load_variant(path.read_text())
        assert variant.name
        board = variant.board()
        assert board.variant == "custom" and board.variant_name == variant.name
        assert chessrules.perft(board, 1) == len(board.legal_moves)
        again = variant.board(board.fen())
        assert again.fen() == board.fen()


def test_variant_file_errors_carry_line_and_column(repo):
    text = (repo / "variants" / "losalamos.toml").read_text()
    broken = text + "\n[[nonsense\n"
    with pytest.raises(chessrules.VariantFileError) as caught:
        chessrules.load_variant(broken)
    assert caught.value.line == len(text.splitlines()) + 2
    assert caught.value.column >= 1


GARBAGE = [
    "",
    "\x00",
    "\n\n\n",
    "8/8/8/8/8/8/8/8 w - - 0 1",
    "k" * 10_000,
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n" * 50,
    "é∂ƒ\uffff",
    "K:1\n" * 30,
    "........\n" * 8 + "w 99999999999999999999 3 + + + + - 0\n",
]


@pytest.mark.parametrize("variant", chessrules.variants())
def test_garbage_boards_raise_never_crash(variant):
    rng = random.Random(variant)
    samples = list(GARBAGE)
    initial = chessrules.initial_board_file(variant)
    for _ in range(200):
        chars = list(initial)
        for _ in range(rng.randrange(1, 4)):
            i = rng.randrange(len(chars))
            chars[i] = rng.choice("kKqQpP.xZ019-+ \n/wb")
        samples.append("".join(chars))
    for text in samples:
        try:
            board = chessrules.Board(variant, text)
        except chessrules.ChessrulesError:
            continue
        # An accepted board plays like any other.
        board.fen()
        board.outcome()
        for m in board.legal_moves[:5]:
            board.push(m)
            board.pop()


@pytest.mark.parametrize("variant", chessrules.variants())
def test_garbage_moves_raise_never_crash(variant):
    board = chessrules.Board(variant)
    for text in ["", " ", "e9e10", "O-O-O-O", "\x00", "Qxx", "a" * 1000, "e2e4e6", "--", "0000"]:
        for push in (board.push_san, board.push_uci):
            try:
                push(text)
            except chessrules.IllegalMoveError:
                continue
            board.pop()


def test_chess960_castling_in_both_coordinate_forms():
    """UCI_Chess960 writes castling as the king taking its rook; the king's own move is read too."""
    board = chessrules.Board("chess960", "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1")
    ucis = [m.uci() for m in board.legal_moves]
    assert "b1h1" in ucis and "b1g1" not in ucis
    takes_rook = board.copy()
    takes_rook.push_uci("b1h1")
    king_move = board.copy()
    king_move.push_uci("b1g1")
    assert takes_rook.fen() == king_move.fen()
    assert takes_rook.fen().startswith("rk5r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b")


def test_chess960_king_step_beats_the_castling_spelled_the_same():
    """`f1g1` is a king step when the king stands on f1 and the rook on h1; a castling to g1
    is written `f1h1`. The step must win whatever order the moves are generated in."""
    board = chessrules.Board("chess960", "6k1/8/8/8/8/8/8/5K1R w H - 0 1")
    ucis = [m.uci() for m in board.legal_moves]
    assert "f1g1" in ucis and "f1h1" in ucis
    step = board.copy()
    step.push_uci("f1g1")
    assert step.fen().startswith("6k1/8/8/8/8/8/8/6KR b")
    castle = board.copy()
    castle.push_uci("f1h1")
    assert castle.fen().startswith("6k1/8/8/8/8/8/8/5RK1 b")
