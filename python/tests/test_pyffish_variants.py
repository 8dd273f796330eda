"""Issue 39: xiangqi, shogi and minishogi, shipped as variant files and opened by name
(`chessrules.Board("xiangqi")`), played along random games beside Fairy-Stockfish (pyffish):
the same legal moves, as Fairy-Stockfish's UCI text (`h2e2`, `a10a9`, `b2h8+`, `P@e5`), at
every ply, and the same board and side to move after every move.

One difference is by design: a pawn drop that mates is not a legal move here (shogi's rule),
while Fairy-Stockfish lists it and scores the position after it as lost for the side that
dropped. Those drops are left out of pyffish's list before comparing."""

import os
import random

import pytest

import chessrules


def _pyffish():
    try:
        import pyffish
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("pyffish is missing (CI is set)")
        pytest.skip("pyffish is missing")
    return pyffish


def _pawn_drop_mates(sf, name, fen, moves, pawn="P"):
    """The pawn drops among `moves` after which the opponent has no legal move."""
    return {
        m
        for m in moves
        if m.startswith(pawn + "@") and sf.gives_check(name, fen, [m]) and not sf.legal_moves(name, fen, [m])
    }


def _play_beside_pyffish(
    sf, name, games, plies_each, leave_out=lambda fen, legal: set(), no_moves_loses=True
):
    """Plays `games` random games of `name` from its start on our board and pyffish's side by
    side: the same legal moves (less `leave_out`'s) at every ply, the same placement and side
    to move after every move; where there is no legal move, our game is over too (and lost by
    the side to move, with `no_moves_loses`). Returns (plies played, games ended without a
    legal move)."""
    rng = random.Random(name)
    plies = ends = 0
    for _ in range(games):
        ours = chessrules.Board(name)
        # The start as pyffish writes a position (its own start string may leave out fields:
        # shogi's `[-] w 0 1`).
        fen = sf.get_fen(name, sf.start_fen(name), [])
        assert ours.fen() == fen
        for _ in range(plies_each):
            legal = sf.legal_moves(name, fen, [])
            legal = sorted(set(legal) - leave_out(fen, legal))
            assert sorted(m.uci() for m in ours.legal_moves) == legal, fen
            if not legal:
                assert ours.is_game_over(), fen
                if no_moves_loses:
                    # No legal move loses, checkmated or not.
                    white_to_move = fen.split()[1] == "w"
                    assert ours.outcome().winner is (not white_to_move)
                ends += 1
                break
            move = rng.choice(legal)
            ours.push_uci(move)
            fen = sf.get_fen(name, fen, [move])
            plies += 1
            # Placement and side to move agree (the clocks follow each program's draw rules).
            assert ours.fen().split()[:2] == fen.split()[:2], move
    return plies, ends


@pytest.mark.parametrize(
    "name, pawn",
    [
        ("xiangqi", "P"),
        ("shogi", "P"),
        ("minishogi", "P"),
        ("euroshogi", "P"),
        ("yarishogi", "P"),
        ("gorogoro", "P"),
        # Tori shogi's swallow is its pawn.
        ("torishogi", "S"),
        ("judkins", "P"),
        ("okisakishogi", "P"),
    ],
)
def test_random_games_agree_with_pyffish(name, pawn):
    sf = _pyffish()
    plies, _ = _play_beside_pyffish(
        sf, name, 12, 150, lambda fen, legal: _pawn_drop_mates(sf, name, fen, legal, pawn)
    )
    assert plies > 1000


@pytest.mark.parametrize(
    "name",
    [
        "amazon",
        "almost",
        "chancellor",
        "modern",
        "embassy",
        "centaur",
        "grasshopper",
        "nightrider",
        "knightmate",
        "hoppelpoppel",
        "newzealand",
        "kinglet",
        "giveaway",
        "janus",
        "tencubed",
        "perfect",
        "shako",
        "5check",
        "nocastle",
        "raazuvaa",
        "gardner",
        "seirawan",
        "shouse",
        "placement",
        "makruk",
        "asean",
        "ai-wok",
        "sittuyin",
        "pocketknight",
        "pawnsideways",
        "pawnback",
        "chigorin",
        "sortofalmost",
        "coregal",
        "makpong",
        "gustav3",
        "loop",
        "chessgi",
        "grand",
        "opulent",
        "omicron",
        "troitzky",
        "legan",
        "torpedo",
        "spartan",
        "cambodian",
        "shoshogi",
        "wolf",
        "berolina",
        "kyotoshogi",
        "micro",
        # Fairy-Stockfish's built-ins outside its perft tables (issue 71).
        "chaturanga",
        "capahouse",
        "gothic",
        "paradigm",
        "dragon",
        "georgian",
        "minixiangqi",
        "misere",
        # The first check wins: a checking pawn drop ends the game in both, so pyffish's
        # list is compared whole (no pawn drop mates on these seeds' games).
        "checkshogi",
    ],
)
def test_fairy_stockfish_builtins_agree_with_pyffish(name):
    """Fairy-Stockfish's chess-like built-ins, shipped as files: the same legal moves as
    pyffish at every ply of random games, castling and promotions among them."""
    plies, _ = _play_beside_pyffish(_pyffish(), name, 4, 100, no_moves_loses=False)
    assert plies > 200


@pytest.mark.parametrize(
    "name",
    [
        "threekings",
        "codrus",
        "shatranj",
        "courier",
        "losers",
        "nocheckatomic",
        "atomar",
        "extinction",
        "dobutsu",
        # Not chess: a race to the far rank, and a game lost by having no move.
        "breakthrough",
        "clobber",
        # A knight must hold the centre through the other side's move.
        "jesonmor",
        # Kings that may be taken, dropped first when held.
        "koedem",
        # The first check wins.
        "karouk",
        # A bare king draws; mates by knights alone lose, mates without a shak draw.
        "shatar",
        # Stones that turn over, passes when stuck, the stones counted at the end.
        "ataxx",
        "flipersi",
        "flipello",
        "flipello10",
        # Walls left behind or put anywhere; a goal of White's only; a stalemate that
        # counts the pieces the other way.
        "snailtrail",
        "joust",
        "isolation",
        "isolation7x7",
        "fox-and-hounds",
        "suicide",
    ],
)
def test_extinction_ends_agree_with_pyffish(name):
    """Issue 71's extinction rules (counts, every piece counted together, the bare king's
    reply, extinction and mate that win): along random games that capture whenever they can,
    the same legal moves as pyffish at every ply, and the game over exactly where pyffish says
    it is, with the same winner."""
    sf = _pyffish()
    rng = random.Random(name + "-ends")
    ended = 0
    for _ in range(20):
        ours = chessrules.Board(name)
        fen = sf.get_fen(name, sf.start_fen(name), [])
        for _ in range(300):
            legal = sf.legal_moves(name, fen, [])
            assert sorted(m.uci() for m in ours.legal_moves) == sorted(legal), fen
            over, value = sf.is_immediate_game_end(name, fen, [])
            if not over and not legal:
                over, value = True, sf.game_result(name, fen, [])
            assert ours.is_game_over() == over, fen
            if over:
                white_to_move = fen.split()[1] == "w"
                winner = None if value == 0 else (value > 0) == white_to_move
                assert ours.outcome().winner is winner, (fen, value)
                ended += 1
                break
            captures = [m for m in legal if ours.is_capture(ours.parse_uci(m))]
            move = rng.choice(captures or legal)
            ours.push_uci(move)
            fen = sf.get_fen(name, fen, [move])
    assert ended >= 10, ended


def _walk_beside_pyffish(sf, name, games, plies, choose):
    """Random games of `name` on our board and pyffish's side by side. At every ply,
    `choose(ours, fen, legal)` picks the move (and may look at the position); its SAN is
    Fairy-Stockfish's and reads back as the move, and after it the FEN agrees up to the
    castling field. Returns the moves played, as UCI texts with their SAN."""
    played = []
    for _ in range(games):
        ours = chessrules.Board(name)
        fen = sf.get_fen(name, sf.start_fen(name), [])
        for _ in range(plies):
            legal = sf.legal_moves(name, fen, [])
            if not legal:
                break
            move = choose(ours, fen, legal)
            m = ours.parse_uci(move)
            san = ours.san(m)
            assert san == sf.get_san(name, fen, move), (fen, move)
            assert ours.parse_san(san) == m, (fen, san)
            ours.push(m)
            fen = sf.get_fen(name, fen, [move])
            assert ours.fen().split()[:3] == fen.split()[:3], move
            played.append((move, san, fen))
    return played


@pytest.mark.parametrize("name", ["seirawan", "shouse"])
def test_gating_fen_and_san_agree_with_pyffish(name):
    """Issue 70's gating: along random games, the FEN's castling field (the gates, `KQBCDFGkqbcdfg`)
    and every move's SAN (`Nf3/H`, `O-O/Eh1`) are Fairy-Stockfish's, and the SAN reads back."""
    rng = random.Random(name + "-san")

    def choose(ours, fen, legal):
        # Gated moves (from a first rank, with a letter; a promotion comes from the
        # seventh) are rarer than the rest: preferred half the time.
        gating = [m for m in legal if len(m) == 5 and m[4] in "eh" and m[1] in "18"]
        return rng.choice(gating if gating and rng.random() < 0.5 else legal)

    played = _walk_beside_pyffish(_pyffish(), name, 6, 60, choose)
    assert sum("/" in san for _, san, _ in played) > 10


def test_placement_fen_and_san_agree_with_pyffish():
    """Issue 70's placement setup: along random games, the FEN with its hands and its castling
    field (rights earned by a king and rook dropped on their squares) and every move's SAN
    (`K@e1`) are Fairy-Stockfish's, and the SAN reads back."""
    rng = random.Random("placement-san")

    def choose(ours, fen, legal):
        # Kings and rooks to e1/a1/h1 (and e8/a8/h8) half the time, to earn castlings.
        home = [m for m in legal if m[:2] in ("K@", "R@") and m[2:] in (
            "e1", "a1", "h1", "e8", "a8", "h8")]
        return rng.choice(home if home and rng.random() < 0.5 else legal)

    played = _walk_beside_pyffish(_pyffish(), "placement", 8, 40, choose)
    assert sum(fen.split()[2] != "-" for _, _, fen in played) > 20


@pytest.mark.parametrize("name", ["pawnsideways", "pawnback", "pocketknight", "coregal"])
def test_every_moves_san_agrees_with_pyffish(name):
    """Every legal move's SAN along random games is Fairy-Stockfish's (pawnsideways's pawn,
    a piece of its own making, with its letter: `Pa3`; pocketknight's drop `N@e4`;
    coregal's no check against a queen), and reads back as the move."""
    sf = _pyffish()
    rng = random.Random(name + "-every-san")
    checked = 0

    def choose(ours, fen, legal):
        nonlocal checked
        for move in legal:
            m = ours.parse_uci(move)
            san = ours.san(m)
            assert san == sf.get_san(name, fen, move), (fen, move)
            assert ours.parse_san(san) == m, (fen, san)
            checked += 1
        return rng.choice(legal)

    _walk_beside_pyffish(sf, name, 2, 40, choose)
    assert checked > 1000


def test_sittuyin_promotion_agrees_with_pyffish():
    """Issue 70's sittuyin: along random games that promote whenever they can, the legal moves
    (promotions in place, `g7g7f`, and by a met's step, `g7f6f`), the FEN and every move's
    SAN (`g7=F`, `g7f6=F`) are Fairy-Stockfish's, and the SAN reads back."""
    rng = random.Random("sittuyin-promotion")

    def choose(ours, fen, legal):
        legal = sorted(legal)
        assert sorted(m.uci() for m in ours.legal_moves) == legal, fen
        # Captures half the time, so that mets fall and pawns may promote again.
        promotions = [m for m in legal if len(m) == 5]
        captures = [
            m
            for m in legal
            if "@" not in m
            and m[:2] != m[2:4]
            and ours.piece_at(ord(m[2]) - ord("a") + 8 * (int(m[3]) - 1)) is not None
        ]
        return rng.choice(promotions or (captures if captures and rng.random() < 0.5 else legal))

    played = _walk_beside_pyffish(_pyffish(), "sittuyin", 12, 120, choose)
    in_place = sum(len(m) == 5 and m[:2] == m[2:4] for m, _, _ in played)
    stepped = sum(len(m) == 5 and m[:2] != m[2:4] for m, _, _ in played)
    assert in_place > 5 and stepped > 5, (in_place, stepped)


@pytest.mark.parametrize("name,games,plies", [("duck", 4, 40), ("amazons", 3, 30)])
def test_walling_agrees_with_pyffish(name, games, plies):
    """Issue 70's blockers: along random games of duck chess and the Amazons, the same legal
    moves as pyffish (`e2e4,e4d5`), the same placement with the duck or the arrows (`*`), and
    every played move's SAN (`e4,d5`, `Qda1,b1`) Fairy-Stockfish's, read back to the move."""
    sf = _pyffish()
    rng = random.Random(name + "-walls")
    played = 0
    for _ in range(games):
        ours = chessrules.Board(name)
        fen = sf.get_fen(name, sf.start_fen(name), [])
        for _ in range(plies):
            if ours.is_game_over():
                break
            legal = sorted(sf.legal_moves(name, fen, []))
            assert sorted(m.uci() for m in ours.legal_moves) == legal, fen
            move = rng.choice(legal)
            m = ours.parse_uci(move)
            san = ours.san(m)
            assert san == sf.get_san(name, fen, move), (fen, move)
            assert ours.parse_san(san) == m
            ours.push(m)
            fen = sf.get_fen(name, fen, [move])
            assert ours.fen().split()[:2] == fen.split()[:2], move
            played += 1
    assert played > games * 10


@pytest.mark.parametrize(
    "name, games, plies, min_ended",
    [
        ("janggi", 16, 300, 8),
        ("janggitraditional", 8, 300, 4),
        ("janggicasual", 8, 300, 4),
        # Random xiangqi-like games rarely end in 150 plies: its moves and SAN are the point.
        ("manchu", 3, 150, 0),
    ],
)
def test_janggi_and_manchu_agree_with_pyffish(name, games, plies, min_ended):
    """Janggi's palace lines, cannons, passes and bikjang, and manchu's banner: along random
    games that pass often, the same legal moves as pyffish at every ply, the game over exactly
    where pyffish says (two passes, a bikjang answered by a pass, no move), with the same
    winner (janggi's counting), and every move's SAN Fairy-Stockfish's, read back. One
    difference is by design: Python marks a move that ends the game won or lost `#`, as
    python-chess marks a variant's win (issue 68), where Fairy-Stockfish writes `#` only for
    a mate."""
    sf = _pyffish()
    rng = random.Random(name + "-janggi")
    ended = 0
    for _ in range(games):
        ours = chessrules.Board(name)
        start = sf.start_fen(name)
        fen = sf.get_fen(name, start, [])
        history = []
        for _ in range(plies):
            legal = sf.legal_moves(name, start, history)
            over, value = sf.is_immediate_game_end(name, start, history)
            if not over and not legal:
                over, value = True, sf.game_result(name, start, history)
            assert ours.is_game_over() == over, (fen, history[-2:])
            if over:
                white_to_move = fen.split()[1] == "w"
                winner = None if value == 0 else (value > 0) == white_to_move
                assert ours.outcome().winner is winner, (fen, value)
                ended += 1
                break
            assert sorted(m.uci() for m in ours.legal_moves) == sorted(legal), fen
            passes = [m for m in legal if m[: len(m) // 2] == m[len(m) // 2 :]]
            move = rng.choice(passes if passes and rng.random() < 0.15 else legal)
            m = ours.parse_uci(move)
            san = ours.san(m)
            theirs = sf.get_san(name, fen, move)
            assert san == theirs or (
                san == theirs + "#" and not sf.gives_check(name, fen, [move])
            ), (fen, move, san, theirs)
            assert ours.parse_san(san) == m, (fen, san)
            ours.push(m)
            history.append(move)
            fen = sf.get_fen(name, start, history)
            assert ours.fen().split()[:2] == fen.split()[:2], move
    assert ended >= min_ended
