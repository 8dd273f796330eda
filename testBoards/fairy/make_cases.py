#!/usr/bin/env python3
"""Writes the fairy golden cases: NAME.board, NAME.moves (when the case has moves), NAME.out
(expected stdout) and NAME.code (expected exit code).

Expected outputs come from this file's own simple model, not from the program: for an error
case the expected line is written out by hand below; for a valid case the final board is the
input board with each move's pieces moved (no legality checks here: every case was checked by
hand against the spec) and the final status line is written out by hand.

Run from anywhere: python3 testBoards/fairy/make_cases.py
"""
import pathlib

HERE = pathlib.Path(__file__).resolve().parent

# Allocation used by the piece cases: every kind once (two Rooks), five Pawns, five Soldiers.
ALL_KINDS = ["k:1", "r:2", "q:1", "n:1", "b:1", "f:1", "e:1", "a:1", "w:1", "p:5", "d:5"]
# The allocation of a FIDE-like army.
CLASSIC = ["r:2", "k:1", "n:2", "b:2", "q:1", "a:1", "w:1", "p:8", "d:2"]
CLASSIC_ROWS = [
    "rnbqakwbnr",
    "ppppddpppp",
    "..........",
    "..........",
    "..........",
    "..........",
    "..........",
    "..........",
    "PPPPDDPPPP",
    "RNBQAKWBNR",
]
FILES = "abcdefghij"
CASES = []


def grid_from(pieces, corners=True):
    """A 10x10 grid (rank 10 first) with kings on f1/f10, rooks in the corners, plus pieces."""
    g = [["."] * 10 for _ in range(10)]
    if corners:
        for sq, p in {"a1": "R", "j1": "R", "f1": "K", "a10": "r", "j10": "r", "f10": "k"}.items():
            put(g, sq, p)
    for sq, p in pieces.items():
        put(g, sq, p)
    return g


def idx(sq):
    return 10 - int(sq[1:]), FILES.index(sq[0])


def put(g, sq, p):
    r, f = idx(sq)
    g[r][f] = p


def get(g, sq):
    r, f = idx(sq)
    return g[r][f]


def rows_text(g, trailing):
    return "".join(" ".join(row) + (" " if trailing else "") + "\n" for row in g)


def apply(g, side, move):
    """Moves pieces as the move says (the move is known to be legal)."""
    move = move.rstrip("+")
    rank = "1" if side == "w" else "10"
    if move.replace("O", "0") == "0-0":
        put(g, "i" + rank, get(g, "f" + rank)); put(g, "f" + rank, ".")
        put(g, "h" + rank, get(g, "j" + rank)); put(g, "j" + rank, ".")
    elif move.replace("O", "0") == "0-0-0":
        put(g, "b" + rank, get(g, "f" + rank)); put(g, "f" + rank, ".")
        put(g, "c" + rank, get(g, "a" + rank)); put(g, "a" + rank, ".")
    else:
        promo = None
        if "=" in move:
            move, promo = move.split("=")
        src, dst = move.replace("x", "-").split("-")
        piece = get(g, src)
        put(g, src, ".")
        put(g, dst, promo or piece)
    return "b" if side == "w" else "w"


def case(name, *, pieces=None, grid=None, alloc=ALL_KINDS, status="w:----:0:0", moves=None,
         error=None, code=None, final=None, board_text=None, moves_text=None):
    CASES.append(dict(name=name, pieces=pieces, grid=grid, alloc=alloc, status=status,
                      moves=moves, error=error, code=code, final=final,
                      board_text=board_text, moves_text=moves_text))


def write_all():
    for old in HERE.glob("*.board"):
        for ext in (".board", ".moves", ".out", ".code"):
            old.with_suffix(ext).unlink(missing_ok=True)
    for c in CASES:
        g = c["grid"] if c["grid"] is not None else grid_from(c["pieces"] or {})
        g = [list(r) for r in g]  # a copy: cases may share a grid
        board = c["board_text"]
        if board is None:
            board = "\n".join(c["alloc"]) + "\n-----\n" + rows_text(g, False) + "-----\n" + c["status"] + "\n"
        (HERE / f"{c['name']}.board").write_bytes(board.encode())
        moves_text = c["moves_text"]
        if moves_text is None and c["moves"] is not None:
            moves_text = "".join(m + "\n" for m in c["moves"])
        if moves_text is not None:
            (HERE / f"{c['name']}.moves").write_bytes(moves_text.encode())
        if c["error"] is not None:
            out, code = c["error"] + "\n", c["code"]
        else:
            side = c["status"][0]
            for m in c["moves"] or []:
                if not m.startswith("%") and m.strip():
                    side = apply(g, side, m)
            alloc = [a for a in c["alloc"] if not a.startswith("%")]
            out = "\n".join(alloc) + "\n-----\n" + rows_text(g, True) + "-----\n" + c["final"] + "\n"
            code = 0
        (HERE / f"{c['name']}.out").write_text(out)
        (HERE / f"{c['name']}.code").write_text(f"{code}\n")


def err_move(n):
    return f"ERROR: Illegal move on line {n}"


def err_capture(n):
    return f"ERROR: Illegal capture on line {n}"


def classic(edits=None, alloc=CLASSIC, status="w:++++:0:0"):
    """The CLASSIC start position with some squares changed."""
    g = [list(r) for r in CLASSIC_ROWS]
    for sq, p in (edits or {}).items():
        put(g, sq, p)
    return g


def board_error(name, text, code, **kw):
    case(name, grid=kw.pop("grid", classic()), alloc=kw.pop("alloc", CLASSIC),
         status=kw.pop("status", "w:++++:0:0"), error=text, code=code, **kw)


def board_valid(name, **kw):
    case(name, grid=kw.pop("grid", classic()), alloc=kw.pop("alloc", CLASSIC),
         status=kw.get("status", "w:++++:0:0"), final=kw.pop("final", kw.pop("status", "w:++++:0:0")), **kw)


ALLOC = "ERROR: Invalid piece allocation on line {}"
DIM = "ERROR: Illegal board dimension"

# ---- Board file: piece allocations (spec 3.2) --------------------------------------------
board_error("board_alloc_pawn_sum_over_ten_reports_its_line", ALLOC.format(9), 1,
            alloc=CLASSIC[:8] + ["d:4"])
board_error("board_alloc_no_pawns_reports_divider_line", ALLOC.format(8), 1, alloc=CLASSIC[:7])
board_error("board_alloc_pawn_sum_under_ten_reports_divider_line", ALLOC.format(9), 1,
            alloc=CLASSIC[:7] + ["p:5"])
board_error("board_alloc_officer_sum_over_ten_reports_its_line", ALLOC.format(4), 1,
            alloc=["r:2", "k:1", "n:4", "b:4", "p:8", "d:2"])
board_error("board_alloc_no_king_reports_divider_line", ALLOC.format(9), 1,
            alloc=["r:3", "n:2", "b:2", "q:1", "a:1", "w:1", "p:8", "d:2"])
board_error("board_alloc_one_rook_reports_divider_line", ALLOC.format(10), 1,
            alloc=["r:1", "k:1", "n:3", "b:2", "q:1", "a:1", "w:1", "p:8", "d:2"])
board_error("board_alloc_two_kings_reports_divider_line", ALLOC.format(10), 1,
            alloc=["r:2", "k:2", "n:1", "b:2", "q:1", "a:1", "w:1", "p:8", "d:2"])
board_error("board_alloc_no_officers_reports_divider_line", ALLOC.format(3), 1, alloc=["p:8", "d:2"])
board_error("board_alloc_unknown_piece_letter", ALLOC.format(3), 1,
            alloc=CLASSIC[:2] + ["x:1"] + CLASSIC[2:])
board_error("board_alloc_uppercase_letter", ALLOC.format(8), 1,
            alloc=CLASSIC[:7] + ["P:8", "d:2"])
board_error("board_alloc_duplicate_letter", ALLOC.format(4), 1,
            alloc=["r:2", "k:1", "n:1", "n:1", "b:2", "q:1", "a:1", "w:1", "p:8", "d:2"])
board_error("board_alloc_blank_line", ALLOC.format(2), 1, alloc=["r:2", ""] + CLASSIC[1:])
board_error("board_alloc_comment_lines_count_in_line_numbers", ALLOC.format(10), 1,
            alloc=["% first comment", "% second comment"] + CLASSIC[:7] + ["p:11", "d:2"])
board_error("board_alloc_spaces_around_colon", ALLOC.format(8), 1,
            alloc=CLASSIC[:7] + ["p : 8", "d:2"])
board_error("board_alloc_signed_count", ALLOC.format(8), 1, alloc=CLASSIC[:7] + ["p:+8", "d:2"])
board_error("board_alloc_short_divider_is_an_allocation_line", ALLOC.format(10), 1,
            board_text="\n".join(CLASSIC) + "\n----\n" + rows_text(classic(), False) + "-----\nw:++++:0:0\n")
board_error("board_empty_file", ALLOC.format(1), 1, board_text="")

# ---- Board file: board configuration (spec 3.3), scanned a10..j10, ..., a1..j1 ---------------
board_error("board_illegal_piece_unknown_letter", "ERROR: Illegal piece at position d5", 2,
            grid=classic({"d5": "x"}))
board_error("board_illegal_piece_not_allocated", "ERROR: Illegal piece at position d4", 2,
            grid=classic({"d4": "F"}))
board_error("board_illegal_piece_first_in_scan_order", "ERROR: Illegal piece at position j8", 2,
            grid=classic({"j8": "z", "a7": "y"}))
board_error("board_pawn_allocation_exceeded_third_soldier_in_scan_order",
            "ERROR: Pawn allocation exceeded at position f2", 3, grid=classic({"e3": "D"}))
board_error("board_pawn_allocation_exceeded_black_pawn",
            "ERROR: Pawn allocation exceeded at position a6", 3, grid=classic({"a6": "p"}))
board_error("board_officer_allocation_exceeded_black_queen",
            "ERROR: Officer allocation exceeded at position d6", 4, grid=classic({"d6": "q"}))
board_error("board_officer_allocation_exceeded_reported_at_eleventh_officer",
            "ERROR: Officer allocation exceeded at position j1", 4, grid=classic({"d4": "Q"}))
board_valid("board_officer_over_allocation_covered_by_missing_pawn_is_valid",
            grid=classic({"a9": ".", "d6": "q"}))
board_error("board_second_king_exceeds_officer_allocation",
            "ERROR: Officer allocation exceeded at position d6", 4, grid=classic({"a9": ".", "d6": "k"}))
board_error("board_dimension_short_row", DIM, 5,
            board_text="\n".join(CLASSIC) + "\n-----\n" + rows_text(classic(), False).replace(
                ". . . . . . . . . .\n", ". . . . . . . . .\n", 1) + "-----\nw:++++:0:0\n")
board_error("board_dimension_nine_rows", DIM, 5,
            board_text="\n".join(CLASSIC) + "\n-----\n" + rows_text(classic(), False).replace(
                ". . . . . . . . . .\n", "", 1) + "-----\nw:++++:0:0\n")
board_error("board_dimension_eleven_rows", DIM, 5,
            board_text="\n".join(CLASSIC) + "\n-----\n" + rows_text(classic(), False).replace(
                ". . . . . . . . . .\n", ". . . . . . . . . .\n. . . . . . . . . .\n", 1)
            + "-----\nw:++++:0:0\n")
board_error("board_dimension_double_space", DIM, 5,
            board_text="\n".join(CLASSIC) + "\n-----\n" + rows_text(classic(), False).replace(
                ". . . . . . . . . .\n", ".  . . . . . . . . .\n", 1) + "-----\nw:++++:0:0\n")
board_error("board_dimension_row_without_spaces", DIM, 5,
            board_text="\n".join(CLASSIC) + "\n-----\n" + rows_text(classic(), False).replace(
                ". . . . . . . . . .\n", "..........\n", 1) + "-----\nw:++++:0:0\n")
board_error("board_dimension_checked_before_squares", DIM, 5,
            board_text="\n".join(CLASSIC) + "\n-----\n" + rows_text(classic({"c8": "x"}), False).replace(
                ". . . . . . . . . .\n", ". . . .\n", 2).replace(
                ". . x . . . . . . .\n", ". . x . . . . . . .\n") + "-----\nw:++++:0:0\n")
board_error("board_dimension_before_later_illegal_piece", DIM, 5,
            board_text="\n".join(CLASSIC) + "\n-----\n" + rows_text(classic({"c4": "x"}), False).replace(
                ". . . . . . . . . .\n", ". . . .\n", 1) + "-----\nw:++++:0:0\n")
board_error("board_missing_second_divider", DIM, 5,
            board_text="\n".join(CLASSIC) + "\n-----\n" + rows_text(classic(), False) + "w:++++:0:0\n")
board_error("board_white_pawn_on_own_back_rank", "ERROR: Illegal Pawn at position c1", 6,
            grid=classic({"c1": "P", "c2": "."}))
board_error("board_black_soldier_on_own_back_rank", "ERROR: Illegal Pawn at position i10", 6,
            grid=classic({"i10": "d", "e9": "."}))
board_valid("board_white_pawn_on_far_rank_is_valid", grid=classic({"d10": "P", "d2": "."}))
board_error("board_white_elephant_in_black_half", "ERROR: Illegal Elephant at position c6", 7,
            grid=grid_from({"c6": "E"}), alloc=ALL_KINDS, status="w:----:0:0")
board_error("board_black_elephant_in_white_half", "ERROR: Illegal Elephant at position h5", 7,
            grid=grid_from({"h5": "e"}), alloc=ALL_KINDS, status="w:----:0:0")
board_valid("board_elephants_on_their_half_edges_are_valid", grid=grid_from({"c5": "E", "h6": "e"}),
            alloc=ALL_KINDS, status="w:++++:0:0")

# ---- Board file: status line (spec 3.4); the status line is line 22 of a CLASSIC file --------
board_error("board_next_player_marker_invalid", "ERROR: Illegal next player marker on line 22", 7,
            status="x:++++:0:0")
board_error("board_next_player_marker_uppercase", "ERROR: Illegal next player marker on line 22", 7,
            status="W:++++:0:0")
board_error("board_status_line_missing", "ERROR: Illegal next player marker on line 22", 7,
            board_text="\n".join(CLASSIC) + "\n-----\n" + rows_text(classic(), False) + "-----\n")
board_error("board_castling_flag_without_its_rook", "ERROR: Illegal castling opportunity at index 2 on line 22", 8,
            grid=classic({"a1": "."}))
board_error("board_castling_flag_without_its_king", "ERROR: Illegal castling opportunity at index 0 on line 22", 8,
            grid=classic({"f10": "a", "e10": "k"}))
board_error("board_castling_flag_bad_character", "ERROR: Illegal castling opportunity at index 1 on line 22", 8,
            status="w:+x++:0:0")
board_error("board_castling_flags_too_short", "ERROR: Illegal castling opportunity at index 2 on line 22", 8,
            status="w:++:0:0")
board_error("board_castling_flags_too_long", "ERROR: Illegal castling opportunity at index 4 on line 22", 8,
            status="w:+++++:0:0")
board_error("board_halfmove_clock_51", "ERROR: Illegal halfmove clock on line 22", 9, status="w:++++:51:0")
board_error("board_halfmove_clock_negative", "ERROR: Illegal halfmove clock on line 22", 9, status="w:++++:-25:0")
board_error("board_halfmove_clock_foobar", "ERROR: Illegal halfmove clock on line 22", 9, status="w:++++:foobar:0")
board_valid("board_halfmove_clock_50_is_valid", status="b:++++:50:7")
board_error("board_move_counter_negative", "ERROR: Illegal move counter on line 22", 10, status="w:++++:0:-25")
board_error("board_move_counter_foobar", "ERROR: Illegal move counter on line 22", 10, status="w:++++:0:foobar")
board_error("board_move_counter_missing", "ERROR: Illegal move counter on line 22", 10, status="w:++++:0")
board_error("board_status_extra_field", "ERROR: Illegal move counter on line 22", 10, status="w:++++:0:0:0")
board_valid("board_move_counter_99_is_valid", status="w:++++:0:99")
board_valid("board_move_counter_java_int_max_is_valid", status="w:++++:0:2147483647")
board_error("board_move_counter_beyond_java_int", "ERROR: Illegal move counter on line 22", 10,
            status="w:++++:0:2147483648")
case("board_leading_zeros_are_accepted_and_dropped", grid=classic(), alloc=CLASSIC, status="w:++++:007:010",
     final="w:++++:7:10")
case("move_counter_at_java_int_max_keeps_counting", pieces={"c7": "p"}, status="b:----:0:2147483647",
     moves=["c7-c6"], final="w:----:0:2147483648")
board_valid("board_valid_prints_board_in_output_format")
case("board_crlf_line_endings_are_valid", grid=classic(), alloc=CLASSIC, final="w:++++:0:0",
     board_text=("\n".join(CLASSIC) + "\n-----\n" + rows_text(classic(), False) + "-----\nw:++++:0:0\n").replace("\n", "\r\n"))
case("board_trailing_spaces_are_valid", grid=classic(), alloc=CLASSIC, final="w:++++:0:0",
     board_text="\n".join(CLASSIC) + "\n-----\n" + rows_text(classic(), True) + "-----\nw:++++:0:0\n")
case("board_comment_lines_are_not_echoed", grid=classic(), alloc=CLASSIC, final="w:++++:0:0",
     board_text="% allocations\n" + "\n".join(CLASSIC) + "\n-----\n% board\n" + rows_text(classic(), False)
     + "-----\n% status\nw:++++:0:0\n")

# ---- Moves: every piece kind, both colours, moves and captures ------------------------------
case("king_moves_and_captures_both_colours", pieces={"g3": "p", "d3": "n", "h8": "N"},
     moves=["f1-e2", "f10-g9", "e2xd3", "g9xh8"], final="w:----:0:2")
case("king_move_into_check_is_illegal", pieces={"e3": "Q"}, status="b:----:0:0",
     moves=["f10-e9"], error=err_move(1), code=11)
case("king_two_squares_is_illegal", moves=["f1-f3"], error=err_move(1), code=11)
case("rook_moves_and_captures_both_colours", pieces={"d3": "n", "c5": "N"},
     moves=["a1-a3", "j10-j5", "a3xd3", "j5xc5"], final="w:----:0:2")
case("rook_blocked_is_illegal", pieces={"a2": "P"}, moves=["a1-a4"], error=err_move(1), code=11)
case("rook_diagonal_is_illegal", moves=["a1-b2"], error=err_move(1), code=11)
case("queen_moves_and_captures_both_colours", pieces={"b2": "Q", "b9": "q", "e5": "n", "b3": "N"},
     moves=["b2xe5", "b9xb3", "e5-h5", "b3-b8"], final="w:----:2:2")
case("queen_blocked_capture_is_illegal", pieces={"b2": "Q", "c3": "P"}, moves=["b2xj10"],
     error=err_capture(1), code=12)
case("knight_moves_and_captures_both_colours", pieces={"c3": "N", "h8": "n", "d5": "p", "g6": "P"},
     moves=["c3xd5", "h8xg6", "d5-e7", "g6xe7"], final="w:----:0:2")
case("knight_jumps_over_pieces", grid=classic(), alloc=CLASSIC, status="w:++++:0:0",
     moves=["b1-c3", "i10-h8"], final="w:++++:2:1")
case("knight_non_l_move_is_illegal", pieces={"c3": "N"}, moves=["c3-c5"], error=err_move(1), code=11)
case("bishop_moves_and_captures_both_colours", pieces={"d2": "B", "d9": "b", "h6": "n", "c2": "N"},
     moves=["d2xh6", "d9-g6", "h6-g7", "g6xc2"], final="w:----:0:2")
case("bishop_blocked_is_illegal", pieces={"d2": "B", "e3": "P"}, moves=["d2-g5"], error=err_move(1), code=11)
case("pawn_black_double_step_and_capture", pieces={"c9": "p", "e4": "P", "d5": "p", "a2": "P"},
     status="b:----:0:0", moves=["c9-c7", "a2-a4", "d5xe4"], final="w:----:0:2")
case("pawn_double_step_blocked_is_illegal", pieces={"c2": "P", "c3": "n"}, moves=["c2-c4"],
     error=err_move(1), code=11)
case("pawn_double_step_not_from_start_rank_is_illegal", pieces={"c3": "P"}, moves=["c3-c5"],
     error=err_move(1), code=11)
case("pawn_no_en_passant", pieces={"d2": "P", "e4": "p"}, moves=["d2-d4", "e4xd3"],
     error=err_capture(2), code=12)
case("soldier_moves_and_captures_both_colours", pieces={"c2": "D", "h9": "d", "e4": "p", "f7": "P"},
     moves=["c2-c3", "h9-g9", "c3-d3", "g9-g8", "d3xe4", "g8xf7"], final="w:----:0:3")
case("soldier_backward_is_illegal", pieces={"c3": "D"}, moves=["c3-c2"], error=err_move(1), code=11)
case("soldier_double_step_is_illegal", pieces={"c2": "D"}, moves=["c2-c4"], error=err_move(1), code=11)
case("soldier_diagonal_move_is_illegal", pieces={"c3": "D"}, moves=["c3-d4"], error=err_move(1), code=11)
case("soldier_forward_capture_is_illegal", pieces={"c3": "D", "c4": "n"}, moves=["c3xc4"],
     error=err_capture(1), code=12)
case("soldier_sideways_onto_piece_is_illegal", pieces={"c3": "D", "d3": "n"}, moves=["c3-d3"],
     error=err_move(1), code=11)
case("soldier_black_sideways_and_forward", pieces={"e8": "d"}, status="b:----:7:3",
     moves=["e8-d8", "a1-a2", "d8-d7"], final="w:----:0:5")
case("dragon_moves_and_captures_both_colours", pieces={"d3": "F", "g8": "f", "h7": "P"},
     moves=["d3-f5", "g8xh7", "f5xh7"], final="b:----:0:1")
case("dragon_black_moves_two_squares", pieces={"g8": "f"}, status="b:----:0:0",
     moves=["g8-e6"], final="w:----:1:1")
case("dragon_three_squares_is_illegal", pieces={"d3": "F"}, moves=["d3-g6"], error=err_move(1), code=11)
case("dragon_blocked_is_illegal", pieces={"d3": "F", "e4": "P"}, moves=["d3-f5"], error=err_move(1), code=11)
case("dragon_orthogonal_is_illegal", pieces={"d3": "F"}, moves=["d3-d4"], error=err_move(1), code=11)
case("elephant_moves_and_captures_both_colours", pieces={"c3": "E", "h8": "e", "g5": "n", "c6": "N"},
     moves=["c3-c5", "h8-h6", "c5xg5", "h6xc6"], final="w:----:0:2")
case("elephant_white_cannot_enter_black_half", pieces={"c5": "E"}, moves=["c5-c6"],
     error=err_move(1), code=11)
case("elephant_black_cannot_enter_white_half", pieces={"h6": "e"}, status="b:----:0:0",
     moves=["h6-h5"], error=err_move(1), code=11)
case("elephant_cannot_capture_in_enemy_half", pieces={"c5": "E", "c7": "n"}, moves=["c5xc7"],
     error=err_capture(1), code=12)
case("amazon_moves_and_captures_both_colours", pieces={"c3": "A", "h7": "a", "f6": "N"},
     moves=["c3-c6", "h7xf6+", "c6xf6+"], final="b:----:0:1")
case("amazon_blocked_is_illegal", pieces={"c3": "A", "c5": "P"}, moves=["c3-c8"], error=err_move(1), code=11)
case("princess_moves_and_captures_both_colours", pieces={"c3": "W", "h7": "w", "e4": "n"},
     moves=["c3xe4", "h7xe4"], final="w:----:0:1")
case("princess_rook_move_is_illegal", pieces={"c3": "W"}, moves=["c3-c5"], error=err_move(1), code=11)

case("king_onto_own_piece_is_illegal", pieces={"e2": "P"}, moves=["f1-e2"], error=err_move(1), code=11)
case("king_capture_of_own_piece_is_illegal", pieces={"e2": "P"}, moves=["f1xe2"], error=err_capture(1), code=12)
case("knight_onto_own_piece_is_illegal", pieces={"c8": "n", "d6": "p"}, status="b:----:0:0",
     moves=["c8xd6"], error=err_capture(1), code=12)
case("queen_black_blocked_is_illegal", pieces={"d8": "q", "d6": "p"}, status="b:----:0:0",
     moves=["d8-d4"], error=err_move(1), code=11)
case("bishop_black_blocked_is_illegal", pieces={"d8": "b", "e7": "n"}, status="b:----:0:0",
     moves=["d8-g5"], error=err_move(1), code=11)
case("rook_black_blocked_capture_is_illegal", pieces={"a5": "P", "a7": "p"}, status="b:----:0:0",
     moves=["a10xa5"], error=err_capture(1), code=12)
case("elephant_black_blocked_by_own_piece_is_illegal", pieces={"h8": "e", "h7": "p"}, status="b:----:0:0",
     moves=["h8-h6"], error=err_move(1), code=11)
case("princess_black_diagonal_blocked_is_illegal", pieces={"h7": "w", "g6": "p"}, status="b:----:0:0",
     moves=["h7-e4"], error=err_move(1), code=11)
case("princess_black_knight_jump_over_pieces", pieces={"h7": "w", "g7": "p", "h6": "p", "g6": "p"},
     status="b:----:0:0", moves=["h7-g5"], final="w:----:1:1")
case("amazon_black_knight_jump_and_rook_move", pieces={"h7": "a", "g7": "p", "h6": "p", "g6": "p"},
     status="b:----:0:0", moves=["h7-g5", "a1-a2", "g5-g4"], final="w:----:3:2")
case("dragon_black_blocked_by_own_piece_is_illegal", pieces={"g8": "f", "f7": "p"}, status="b:----:0:0",
     moves=["g8-e6"], error=err_move(1), code=11)
case("soldier_black_blocked_forward_is_illegal", pieces={"e8": "d", "e7": "N"}, status="b:----:0:0",
     moves=["e8-e7"], error=err_move(1), code=11)
case("pawn_white_captures_both_diagonals", pieces={"d4": "P", "e5": "p", "c6": "n", "j8": "p"},
     moves=["d4xe5", "j8-j7", "e5-e6", "j7-j6", "e6-e7", "j6-j5"], final="w:----:0:3")

# ---- Promotion (Rev2 4.2.3, 5.5) -------------------------------------------------------------
for letter, kind in [("R", "rook"), ("Q", "queen"), ("N", "knight"), ("B", "bishop"),
                     ("F", "dragon"), ("A", "amazon"), ("W", "princess")]:
    case(f"promotion_white_pawn_to_{kind}", pieces={"b9": "P", "c10": "n"},
         moves=[f"b9-b10={letter}"], final="b:----:0:0")
case("promotion_black_pawn_to_princess", pieces={"c2": "p"}, status="b:----:3:4",
     moves=["c2-c1=w"], final="w:----:0:5")
case("promotion_black_soldier_to_knight", pieces={"h2": "d"}, status="b:----:0:0",
     moves=["h2-h1=n"], final="w:----:0:1")
case("promotion_by_capture_with_check", pieces={"b9": "P", "c10": "n"}, moves=["b9xc10=Q+"],
     final="b:----:0:0")
case("promotion_to_unallocated_kind_is_illegal", pieces={"b9": "P", "c10": "n"},
     alloc=["k:1", "r:2", "q:1", "n:2", "b:2", "a:1", "w:1", "p:5", "d:5"], moves=["b9-b10=F"],
     error="ERROR: Illegal promotion on line 1", code=14)
case("promotion_to_elephant_is_illegal", pieces={"b9": "P", "c10": "n"}, moves=["b9-b10=E"],
     error="ERROR: Illegal promotion on line 1", code=14)
case("promotion_to_king_is_illegal", pieces={"b9": "P", "c10": "n"}, moves=["b9-b10=K"],
     error="ERROR: Illegal promotion on line 1", code=14)
case("promotion_to_pawn_is_illegal", pieces={"b9": "P", "c10": "n"}, moves=["b9-b10=D"],
     error="ERROR: Illegal promotion on line 1", code=14)
case("promotion_letter_in_opponents_case_is_illegal", pieces={"b9": "P", "c10": "n"},
     moves=["b9-b10=q"], error="ERROR: Illegal promotion on line 1", code=14)
case("promotion_before_last_rank_is_illegal", pieces={"b8": "P", "c10": "n"}, moves=["b8-b9=Q"],
     error="ERROR: Illegal promotion on line 1", code=14)
case("promotion_of_an_officer_is_illegal", pieces={"d8": "N"}, moves=["d8-e10=Q"],
     error="ERROR: Illegal promotion on line 1", code=14)
case("promotion_without_piece_letter_is_illegal", pieces={"b9": "P", "c10": "n"}, moves=["b9-b10"],
     error="ERROR: Illegal promotion on line 1", code=14)
case("promotion_giving_check_without_suffix_is_illegal", pieces={"b9": "P", "c10": "n"},
     moves=["b9xc10=Q"], error="ERROR: Illegal promotion on line 1", code=14)

# ---- Castling: king f->i with rook j->h, king f->b with rook a->c --------------------------
case("castling_white_kingside", status="w:++++:0:0", moves=["0-0"], final="b:++--:1:0")
case("castling_white_queenside_with_letter_o", status="w:++++:0:0", moves=["O-O-O"], final="b:++--:1:0")
case("castling_black_both_sides", status="b:++++:0:0", moves=["0-0", "0-0-0"], final="b:----:2:1")
case("castling_through_check_is_illegal", pieces={"d5": "q"}, status="w:++++:0:0",
     moves=["0-0-0"], error="ERROR: Illegal castling move on line 1", code=13)
case("castling_out_of_check_is_illegal", pieces={"f5": "q"}, status="w:++++:0:0",
     moves=["0-0"], error="ERROR: Illegal castling move on line 1", code=13)
case("castling_into_check_is_illegal", pieces={"i5": "q"}, status="w:++++:0:0",
     moves=["0-0"], error="ERROR: Illegal castling move on line 1", code=13)
case("castling_blocked_is_illegal", pieces={"b1": "N"}, status="w:++++:0:0",
     moves=["0-0-0"], error="ERROR: Illegal castling move on line 1", code=13)
case("castling_right_off_is_illegal", status="w:++-+:0:0",
     moves=["0-0-0"], error="ERROR: Illegal castling move on line 1", code=13)
case("castling_with_check_suffix", grid=grid_from({"f10": ".", "c8": "k"}), status="w:--++:0:0",
     moves=["0-0-0+"], final="b:----:1:0")
case("castling_giving_check_without_suffix_is_illegal", grid=grid_from({"f10": ".", "c8": "k"}),
     status="w:--++:0:0", moves=["0-0-0"], error="ERROR: Illegal castling move on line 1", code=13)
case("castling_rights_cleared_by_rook_capture_on_corner", status="w:++++:0:0",
     moves=["a1xa10+"], final="b:-+-+:0:0")
case("castling_rights_cleared_by_king_move", status="w:++++:0:0", moves=["f1-f2"], final="b:++--:1:0")

# ---- Halfmove clock 50 (5.2 rule 6, 5.4 rule 3) ----------------------------------------------
case("halfmove_50_officer_move_is_illegal", status="w:----:50:0", moves=["a1-a2"],
     error=err_move(1), code=11)
case("halfmove_50_pawn_move_is_legal", pieces={"c2": "P"}, status="w:----:50:0", moves=["c2-c3"],
     final="b:----:0:0")
case("halfmove_50_soldier_move_is_legal", pieces={"c2": "D"}, status="w:----:50:0", moves=["c2-d2"],
     final="b:----:0:0")
case("halfmove_50_castling_is_illegal", status="w:++++:50:0", moves=["0-0"],
     error="ERROR: Illegal castling move on line 1", code=13)
case("halfmove_50_officer_capture_is_legal", pieces={"a5": "n"}, status="w:----:50:0",
     moves=["a1xa5"], final="b:----:0:0")
case("halfmove_reaches_50_then_officer_move_is_illegal", status="w:----:49:0",
     moves=["a1-a2", "a10-a9"], error=err_move(2), code=11)

SHUFFLE = ["b1-c3", "b10-c8", "c3-b1", "c8-b10"]
case("halfmove_knight_shuffle_reaches_50_then_officer_move_is_illegal", grid=classic(), alloc=CLASSIC,
     status="w:++++:0:0", moves=[SHUFFLE[i % 4] for i in range(52)], error=err_move(51), code=11)
case("halfmove_knight_shuffle_then_pawn_move_is_legal", grid=classic(), alloc=CLASSIC,
     status="w:++++:0:0", moves=[SHUFFLE[i % 4] for i in range(50)] + ["a2-a4"], final="b:++++:0:25")

# ---- Check and checkmate suffixes (5.2 rule 8, 5.6, 5.7) -----------------------------------
MATE = grid_from({"e9": "p", "f9": "p", "g9": "p", "a10": ".", "j10": "."})
case("check_suffix_without_check", moves=["a1-a2+"], error="ERROR: Illegal check suffix on line 1", code=15)
case("checkmate_suffix_on_check_only", moves=["a1xa10++"],
     error="ERROR: Illegal checkmate suffix on line 1", code=16)
case("checkmate_suffix_without_check", moves=["a1-a2++"],
     error="ERROR: Illegal checkmate suffix on line 1", code=16)
case("check_without_suffix_is_illegal_move", pieces={"d3": "Q"}, moves=["d3-d8"], error=err_move(1), code=11)
case("check_without_suffix_is_illegal_capture", moves=["a1xa10"], error=err_capture(1), code=12)
case("checkmate_with_double_plus", grid=MATE, moves=["a1-a10++"], final="b:----:1:0")
case("checkmate_with_single_plus_is_accepted", grid=MATE, moves=["a1-a10+"], final="b:----:1:0")
case("checkmate_without_suffix_is_illegal", grid=MATE, moves=["a1-a10"], error=err_move(1), code=11)
case("checkmated_side_cannot_move", grid=MATE, moves=["a1-a10++", "e9-e8"], error=err_move(2), code=11)

# ---- Other move rules (5.2, 5.3) and the move file itself ---------------------------------
case("move_from_empty_square_is_illegal", moves=["c4-c5"], error=err_move(1), code=11)
case("move_of_opponents_piece_is_illegal", moves=["a10-a9"], error=err_move(1), code=11)
case("move_onto_occupied_square_is_illegal", moves=["a1-a10"], error=err_move(1), code=11)
case("capture_of_own_piece_is_illegal", moves=["j1xf1"], error=err_capture(1), code=12)
case("capture_of_empty_square_is_illegal", moves=["a1xa5"], error=err_capture(1), code=12)
case("capture_of_king_is_illegal", grid=grid_from({"f10": ".", "a10": ".", "a5": "k"}),
     moves=["a1xa5"], error=err_capture(1), code=12)
case("pinned_piece_move_is_illegal", pieces={"f2": "N", "f8": "q"}, moves=["f2-d3"], error=err_move(1), code=11)
case("move_not_answering_check_is_illegal", pieces={"f5": "q"}, moves=["a1-a2"], error=err_move(1), code=11)
case("capture_not_answering_check_is_illegal", pieces={"f5": "q", "a5": "n"}, moves=["a1xa5"],
     error=err_capture(1), code=12)
case("unreadable_move_is_illegal_move", moves=["hello"], error=err_move(1), code=11)
case("move_off_the_board_is_illegal_move", moves=["a1-a11"], error=err_move(1), code=11)
case("move_file_comments_and_blank_lines_count", moves=["% comment", "", "a1-a2", "% again", "b2-b3"],
     error=err_move(5), code=11)
case("move_file_empty_prints_board", moves=[], status="b:-+-+:3:4", final="b:-+-+:3:4")
case("move_file_crlf", pieces={"c2": "P"}, moves_text="c2-c3\r\nf10-e10\r\n", moves=["c2-c3", "f10-e10"],
     final="w:----:1:1")
case("move_error_after_valid_moves_prints_only_the_error", pieces={"c2": "P"},
     moves=["c2-c3", "f10-e10", "c3-c5"], error=err_move(3), code=11)

write_all()
print(f"{len(CASES)} cases written")
