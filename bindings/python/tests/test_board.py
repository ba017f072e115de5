"""koma.Board: moves, legality, check, game end, copies, notation, variants."""

import copy

import pytest

import koma

START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"


def test_start_position():
    board = koma.Board()
    assert board.sfen() == START
    assert board.turn == koma.BLACK
    assert board.move_number == 1
    assert len(board.legal_moves) == 30
    assert "7g7f" in board.legal_moves
    assert board.variant == "shogi"
    assert not board.is_check()
    assert not board.is_game_over()
    assert board.outcome() is None


def test_push_and_pop_restore_the_position():
    board = koma.Board()
    assert board.push_usi("7g7f") == "7g7f"
    board.push_usi("3c3d")
    board.push_usi("8h2b+")
    assert board.move_stack == ["7g7f", "3c3d", "8h2b+"]
    assert board.peek() == "8h2b+"
    assert board.pieces_in_hand(koma.BLACK) == [("B", 1)]
    assert board.piece_at("2b") == "+B"
    assert len(board) == 3
    assert board.pop() == "8h2b+"
    assert board.pop() == "3c3d"
    assert board.pop() == "7g7f"
    assert board.sfen() == START
    with pytest.raises(IndexError):
        board.pop()


def test_illegal_moves_are_refused_with_the_rule():
    board = koma.Board("4k4/9/9/9/9/9/4P4/9/4K4 b P 1")
    with pytest.raises(koma.IllegalMoveError, match="(?i)pawn"):
        board.push_usi("P*5e")  # two pawns on a file (nifu)
    with pytest.raises(koma.IllegalMoveError):
        board.push_usi("5g5e")  # a pawn steps one square
    with pytest.raises(koma.IllegalMoveError):
        board.push_usi("nonsense")
    assert isinstance(koma.IllegalMoveError("x"), ValueError)
    assert board.move_stack == []
    assert not board.is_legal("P*5e")
    assert board.is_legal("P*4e")


def test_mate_problems_may_lack_a_king():
    board = koma.Board("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1")
    board.push_usi("G*5b")
    assert board.is_game_over()


def test_bad_sfen_names_the_problem():
    with pytest.raises(koma.SfenError, match="column"):
        koma.Board("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1")
    with pytest.raises(koma.KomaError, match="unknown variant"):
        koma.Board(variant="chess")


def test_check_mate_and_outcome():
    # Gold drop on 5b supported by the pawn on 5c: mate.
    board = koma.Board("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
    board.push_usi("G*5b")
    assert board.is_check()
    assert board.legal_moves == []
    assert board.is_game_over()
    outcome = board.outcome()
    assert outcome.winner == koma.BLACK
    assert "mate" in outcome.reason
    board.pop()
    assert not board.is_game_over()


def test_uchifuzume_is_not_a_legal_move():
    # King 9a: the knight on 7c covers 8a, the gold on 8c covers 8b and 9b. A pawn dropped
    # on 9b would mate (forbidden); a gold dropped there mates.
    board = koma.Board("k8/9/1GN6/9/9/9/9/9/4K4 b PG 1")
    assert not board.is_legal("P*9b")
    with pytest.raises(koma.IllegalMoveError):
        board.push_usi("P*9b")
    board.push_usi("G*9b")
    assert board.legal_moves == []
    assert board.outcome().winner == koma.BLACK


def test_fourfold_repetition_ends_the_game():
    board = koma.Board()
    for _ in range(3):
        for m in ("5i5h", "5a5b", "5h5i", "5b5a"):
            assert not board.is_game_over()
            board.push_usi(m)
    outcome = board.outcome()
    assert outcome is not None
    assert outcome.winner is None
    assert outcome.reason == "sennichite"


def test_copy_is_independent():
    board = koma.Board()
    board.push_usi("2g2f")
    other = board.copy()
    other.push_usi("8c8d")
    assert board.move_stack == ["2g2f"]
    assert other.move_stack == ["2g2f", "8c8d"]
    assert copy.deepcopy(board).sfen() == board.sfen()
    assert copy.copy(other).move_stack == other.move_stack


def test_move_text_in_three_notations():
    board = koma.Board()
    assert board.move_text("7g7f") == "☗７六歩"
    assert board.move_text("7g7f", notation="western") == "P-7f"
    board.push_usi("7g7f")
    board.push_usi("3c3d")
    board.push_usi("8h2b+")
    assert board.move_text("3a2b") == "☖同　銀"
    assert board.move_stack_text("western") == ["P-7f", "P-3d", "Bx2b+"]
    # Moves may be pushed in any notation the readers take.
    assert board.push_usi("同銀") == "3a2b"
    with pytest.raises(koma.KomaError, match="notation"):
        board.move_text("B*4e", notation="klingon")


def test_str_and_repr():
    board = koma.Board()
    text = str(board)
    assert "香" in text and "先手の持駒" in text
    assert repr(board) == f"koma.Board('{START}', variant='shogi')"


def test_set_position_reads_a_usi_command():
    board = koma.Board()
    board.set_position("position startpos moves 7g7f 3c3d")
    assert board.move_stack == ["7g7f", "3c3d"]
    assert board.start_sfen == START
    with pytest.raises(koma.KomaError, match="no piece"):
        board.set_position("startpos moves 7g7f 7g7f")
    assert board.move_stack == ["7g7f", "3c3d"]


@pytest.mark.parametrize(
    "variant, moves",
    [("shogi", 30), ("tori", None), ("minishogi", 14), ("kyotoshogi", None), ("dobutsu", 4)],
)
def test_variants_start_and_match_perft_depth_one(variant, moves):
    board = koma.Board(variant=variant)
    assert board.variant in koma.VARIANTS
    count = len(board.legal_moves)
    assert count == koma.perft(depth=1, variant=variant) == board.perft(1)
    if moves is not None:
        assert count == moves
    board.push_usi(board.legal_moves[0])
    assert board.pop() is not None


def test_dobutsu_king_reaching_the_far_rank_ends_the_game():
    # Dobutsu: a lion that reaches the last rank safely wins (the try).
    board = koma.Board(variant="dobutsu")
    assert not board.is_game_over()
    seen = set()
    # Play random-ish legal moves; the game must end without errors or reach a verdict.
    for _ in range(200):
        if board.is_game_over():
            break
        moves = sorted(board.legal_moves)
        board.push_usi(moves[len(board) * 7 % len(moves)])
        seen.add(board.sfen())
    assert seen


def test_legal_moves_agree_with_perft_after_random_moves():
    board = koma.Board()
    for i in range(60):
        moves = board.legal_moves
        if not moves:
            break
        board.push_usi(moves[(i * 13) % len(moves)])
    assert board.perft(2) == sum(_after(board, m).perft(1) for m in board.legal_moves)


def _after(board, move):
    other = board.copy()
    other.push_usi(move)
    return other


def test_every_question_after_push_sees_the_new_position():
    # push leaves the new position's checks to be worked out when first needed: each
    # question asked right after it must still see them, as a board read from the SFEN does.
    board = koma.Board()
    checks_seen = 0
    for i in range(80):
        moves = board.legal_moves
        if not moves:
            break
        # Prefer checks, so the positions after push are often in check.
        checks = [m for m in moves if koma.Board(_after(board, m).sfen()).is_check()]
        move = (checks or moves)[(i * 7) % len(checks or moves)]
        for ask in ("is_check", "legal_moves", "perft", "copy", "push_pop", "push_usi"):
            asked = board.copy()
            asked.push(move)
            fresh = koma.Board(asked.sfen())
            if ask == "is_check":
                assert asked.is_check() == fresh.is_check(), asked.sfen()
            elif ask == "legal_moves":
                assert sorted(asked.legal_moves) == sorted(fresh.legal_moves), asked.sfen()
            elif ask == "perft":
                assert asked.perft(2) == fresh.perft(2), asked.sfen()
            elif ask == "copy":
                assert asked.copy().is_check() == fresh.is_check(), asked.sfen()
            elif ask == "push_pop" and fresh.legal_moves:
                asked.push(fresh.legal_moves[0])
                asked.pop()
                assert asked.is_check() == fresh.is_check(), asked.sfen()
            elif ask == "push_usi":
                for m in sorted(fresh.legal_moves):
                    assert asked.is_legal(m), (asked.sfen(), m)
        checks_seen += fresh.is_check()
        board.push(move)
    assert checks_seen > 5
