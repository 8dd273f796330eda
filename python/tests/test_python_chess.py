"""Issue 36, for a python-chess user: `Board(fen)`, `san`, `lan`, `piece_at`, the clocks,
`result()`, `is_insufficient_material`, `set_fen` and `print(board)`, each compared with
python-chess along random games."""

import os
import random

import pytest

import chessrules


def _chess():
    try:
        import chess as module
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("python-chess is missing (CI is set)")
        pytest.skip("python-chess is missing")
    return module


def random_pairs(chess, games, seed, max_plies=160):
    """(ours, theirs, move) before each move of random games, then the final positions
    (move None); a third of the games start from a FEN reached by random play."""
    rng = random.Random(seed)
    for game in range(games):
        theirs = chess.Board()
        if game % 3 == 2:
            for _ in range(rng.randrange(10, 60)):
                moves = list(theirs.legal_moves)
                if not moves:
                    break
                theirs.push(rng.choice(moves))
            theirs = chess.Board(theirs.fen(en_passant="fen"))
        ours = chessrules.Board(theirs.fen(en_passant="fen"))
        for _ in range(max_plies):
            moves = list(theirs.legal_moves)
            if not moves:
                break
            m = rng.choice(moves)
            yield ours, theirs, m
            ours.push_uci(m.uci())
            theirs.push(m)
        yield ours, theirs, None


def test_board_takes_a_fen_as_python_chess_does():
    chess = _chess()
    fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    board = chessrules.Board(fen)
    assert board.variant == "standard" and board.fen() == chess.Board(fen).fen()
    assert chessrules.Board(fen=fen).fen() == board.fen()
    assert chessrules.Board("chess960").variant == "chess960"  # names still name variants
    with pytest.raises(chessrules.BoardFileError):
        chessrules.Board("rnbqkbnr/pppppppp/8/8 w - - 0 1")
    with pytest.raises(chessrules.UnknownVariantError):
        chessrules.Board("bughouse")


def test_san_lan_and_the_position_match_python_chess():
    chess = _chess()
    compared = 0
    for ours, theirs, m in random_pairs(chess, 60, seed=36):
        where = theirs.fen()
        if m is not None:
            move = ours.parse_uci(m.uci())
            assert ours.san(move) == theirs.san(m), where
            assert ours.lan(move) == theirs.lan(m), where
            assert ours.san(chessrules.Move.from_uci(m.uci())) == theirs.san(m), where
        assert ours.halfmove_clock == theirs.halfmove_clock, where
        assert ours.fullmove_number == theirs.fullmove_number, where
        assert ours.result() == theirs.result(), where
        assert ours.is_insufficient_material() == theirs.is_insufficient_material(), where
        assert str(ours) == str(theirs), where
        for sq in chess.SQUARES:
            mine, its = ours.piece_at(sq), theirs.piece_at(sq)
            assert (mine and mine.symbol()) == (its and its.symbol()), (where, sq)
        name = chess.square_name(compared % 64)
        assert ours.piece_at(name) == ours.piece_at(compared % 64)
        compared += 1
    assert compared > 5_000


def test_set_fen_replaces_the_position_and_empties_the_stack():
    chess = _chess()
    board = chessrules.Board()
    board.push_san("e4")
    fen = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
    board.set_fen(fen)
    assert board.fen() == chess.Board(fen).fen() and board.move_stack == []
    with pytest.raises(chessrules.BoardFileError):
        board.set_fen("not a fen")
    assert board.fen() == chess.Board(fen).fen()  # unchanged by a refused FEN
    board960 = chessrules.Board.from_chess960_pos(0)
    board960.set_fen("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1")
    assert board960.variant == "chess960"


def test_outcome_results_and_insufficient_material_at_game_ends():
    chess = _chess()
    ends = 0
    for ours, theirs, m in random_pairs(chess, 150, seed=7, max_plies=400):
        if m is None:
            # FIDE's automatic draws (fivefold, seventy-five moves) end the game too.
            assert ours.result() == theirs.result(), theirs.fen()
            ends += ours.result() != "*"
    assert ends > 50


def test_errors_of_the_new_methods():
    board = chessrules.Board()
    with pytest.raises(chessrules.IllegalMoveError):
        board.san(chessrules.Move.from_uci("e2e5"))
    with pytest.raises(IndexError):
        board.piece_at(64)
    with pytest.raises(IndexError):
        board.piece_at("i9")
    with pytest.raises(TypeError):
        board.piece_at(1.5)
    with pytest.raises(ValueError):
        chessrules.Board("fairy").lan(chessrules.Board("fairy").legal_moves[0])
    assert chessrules.Board("fairy").piece_at("a1") is not None
    assert str(chessrules.Board("obstacle")) == chessrules.Board("obstacle").board_file()


def shuffling_pairs(chess, games, seed, max_plies=60, clocks=(90, 100)):
    """(ours, theirs) after each move of games that repeat positions and run the fifty-move
    clock up: random FENs with a clock of 90-99 (or `clocks`), then mostly quiet moves, each
    side often taking its last move back (a knight shuffle), so claims come and go."""
    rng = random.Random(seed)
    for _ in range(games):
        theirs = chess.Board()
        for _ in range(rng.randrange(6, 40)):
            moves = list(theirs.legal_moves)
            if not moves:
                break
            theirs.push(rng.choice(moves))
        if theirs.is_game_over():
            continue
        fields = theirs.fen(en_passant="fen").split()
        fields[4] = str(rng.randrange(*clocks))
        theirs = chess.Board(" ".join(fields))
        ours = chessrules.Board(theirs.fen(en_passant="fen"))
        last = {chess.WHITE: None, chess.BLACK: None}
        for _ in range(max_plies):
            moves = list(theirs.legal_moves)
            if not moves:
                break
            back = last[theirs.turn]
            back = back and chess.Move(back.to_square, back.from_square)
            quiet = [m for m in moves if not theirs.is_zeroing(m)] or moves
            m = back if back in moves and rng.random() < 0.7 else rng.choice(quiet)
            last[theirs.turn] = m
            ours.push_uci(m.uci())
            theirs.push(m)
            yield ours, theirs


def test_draw_claims_match_python_chess():
    chess = _chess()
    seen = {"fifty": 0, "threefold": 0}
    for ours, theirs in shuffling_pairs(chess, 40, seed=3636):
        where = (theirs.fen(), [m.uci() for m in theirs.move_stack])
        fifty = theirs.can_claim_fifty_moves()
        threefold = theirs.can_claim_threefold_repetition()
        seen["fifty"] += fifty
        seen["threefold"] += threefold
        assert ours.can_claim_fifty_moves() == fifty, where
        assert ours.can_claim_threefold_repetition() == threefold, where
        assert ours.can_claim_draw() == theirs.can_claim_draw(), where
        if theirs.outcome(claim_draw=True) is not None and not theirs.is_fivefold_repetition() \
                and not theirs.is_seventyfive_moves():
            assert ours.result(claim_draw=True) == theirs.result(claim_draw=True), where
    # The games did reach both claims, many times.
    assert seen["fifty"] > 50 and seen["threefold"] > 50, seen


def test_automatic_draws_end_the_game_as_python_chess_says(cli):
    """Issue 67: fivefold repetition and the seventy-five-move rule end the game without a
    claim (FIDE 9.6), in `outcome()`, `result()` and `is_game_over()` as python-chess's, and in
    `standard validate` (its final status) for the same games written as PGN, which goes on
    reading moves played past the draw with a warning naming its ply."""
    chess = _chess()
    seen = {"fivefold": 0, "seventyfive": 0}
    games = {}
    for ours, theirs in shuffling_pairs(chess, 40, seed=6767, max_plies=40, clocks=(120, 150)):
        where = (theirs.fen(), [m.uci() for m in theirs.move_stack])
        fivefold = theirs.is_fivefold_repetition()
        seventyfive = theirs.is_seventyfive_moves()
        seen["fivefold"] += fivefold
        seen["seventyfive"] += seventyfive
        assert ours.is_fivefold_repetition() == fivefold, where
        assert ours.is_seventyfive_moves() == seventyfive, where
        expected = theirs.outcome()
        got = ours.outcome()
        assert (got and got.termination.name) == (expected and expected.termination.name), where
        assert ours.result() == theirs.result(), where
        assert ours.is_game_over() == theirs.is_game_over(), where
        games[theirs.root().fen()] = theirs.copy()
    assert seen["fivefold"] > 5 and seen["seventyfive"] > 5, seen
    # The same games as PGN: the final status is python-chess's outcome of the last position;
    # a game that went on past a draw says where it was drawn.
    import chess.pgn
    import json
    import subprocess
    import tempfile
    words = {"SEVENTYFIVE_MOVES": "seventy-five-move rule",
             "FIVEFOLD_REPETITION": "fivefold repetition",
             "CHECKMATE": "checkmate", "STALEMATE": "stalemate",
             "INSUFFICIENT_MATERIAL": "insufficient material"}
    boards = list(games.values())
    text = "".join(str(chess.pgn.Game.from_board(b)) + "\n\n" for b in boards)
    with tempfile.NamedTemporaryFile("w", suffix=".pgn", delete=False) as f:
        f.write(text)
    out = subprocess.run([str(cli), "standard", "validate", "--json", f.name],
                         capture_output=True, text=True, timeout=120)
    os.unlink(f.name)
    results = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(results) == len(boards)
    went_past = 0
    for board, r in zip(boards, results):
        outcome = board.outcome()
        expected = words[outcome.termination.name] if outcome else (
            "check" if board.is_check() else "ongoing")
        assert r["status"] == expected, (r, board.fen())
        replay = board.root()
        drawn_at = None
        for ply, m in enumerate(board.move_stack, 1):
            replay.push(m)
            if drawn_at is None and (replay.is_fivefold_repetition()
                                     or replay.is_seventyfive_moves()):
                drawn_at = ply
        warned = [w for w in r.get("warnings", []) if "automatic, FIDE 9.6" in w]
        if drawn_at is not None and drawn_at < len(board.move_stack):
            went_past += 1
            assert warned and warned[0].startswith(f"ply {drawn_at}: "), (r, drawn_at)
        else:
            assert not warned, r
    assert went_past > 3
