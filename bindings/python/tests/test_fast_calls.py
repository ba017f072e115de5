"""The calls a search or a self-play loop makes at every node: judged as a fresh board
judges, equal to cshogi where cshogi has the same call."""

import random

import cshogi
import numpy as np
import pytest

import koma

SHUFFLE = ["5i4h", "5a4b", "4h5i", "4b5a"]


def fresh_outcome(board):
    """The outcome a new board reaches playing the same moves from the same start."""
    other = koma.Board(board.start_sfen, variant=board.variant)
    for m in board.move_stack:
        other.push(m)
    out = other.outcome()
    return None if out is None else (out.winner, out.reason)


def outcome(board):
    out = board.outcome()
    return None if out is None else (out.winner, out.reason)


def test_game_over_kept_move_by_move_agrees_with_a_fresh_board_through_pushes_and_pops():
    rng = random.Random(7)
    for variant in ("shogi", "minishogi", "tori", "dobutsu"):
        for _ in range(6):
            board = koma.Board(variant=variant)
            for _ in range(160):
                assert board.is_game_over() == (fresh_outcome(board) is not None)
                if board.is_game_over():
                    break
                if len(board) and rng.random() < 0.3:
                    board.pop()
                    assert outcome(board) == fresh_outcome(board)
                board.push(rng.choice(board.legal_moves))
            assert outcome(board) == fresh_outcome(board), variant


def test_repetition_found_again_after_it_was_taken_back():
    board = koma.Board()
    for m in SHUFFLE * 2 + SHUFFLE[:3]:
        board.push(m)
    assert not board.is_game_over()
    board.push(SHUFFLE[3])
    assert outcome(board) == (None, "sennichite")
    board.pop()
    assert not board.is_game_over()
    copy = board.copy()
    board.push(SHUFFLE[3])
    assert board.is_game_over() and not copy.is_game_over()
    # Past the end, the first ending stands, as in a replay of the record.
    board.push("7g7f")
    assert outcome(board) == (None, "sennichite")


def test_perpetual_check_loses_for_the_checker():
    board = koma.Board("8k/R8/9/9/9/9/9/9/4K4 b - 1")
    for _ in range(3):
        assert not board.is_game_over()
        for m in ["9b9a", "1a1b", "9a9b", "1b1a"]:
            board.push(m)
    assert outcome(board) == (koma.WHITE, "perpetual-check")


def sample_boards(count, seed=3):
    rng = random.Random(seed)
    boards = []
    while len(boards) < count:
        board = koma.Board()
        for _ in range(rng.randrange(0, 120)):
            moves = board.legal_moves
            if not moves:
                break
            board.push(rng.choice(moves))
        boards.append(board)
    return boards


def test_integer_moves_are_cshogis_move16():
    for board in sample_boards(60):
        theirs = cshogi.Board(board.sfen())
        ours = board.legal_moves16
        assert sorted(ours) == sorted(cshogi.move16(m) for m in theirs.legal_moves)
        assert [board.usi_of(m) for m in ours] == board.legal_moves
        for m in ours[:5]:
            assert board.move16(board.usi_of(m)) == m
            board.push(m)
            assert board.peek16() == m
            assert cshogi.move16(theirs.move_from_usi(board.peek())) == m
            board.pop()


def test_integer_moves_refused_with_the_reason():
    board = koma.Board()
    with pytest.raises(koma.IllegalMoveError, match="names no move"):
        board.push(0xFFFF)
    # 5i5a (squares (file - 1) * 9 + rank - 1): the king cannot get there.
    with pytest.raises(koma.IllegalMoveError, match="cshogi move16"):
        board.push(36 | 44 << 7)
    with pytest.raises(koma.KomaError, match="standard shogi"):
        koma.Board(variant="minishogi").legal_moves16


def test_features_into_the_callers_buffer():
    boards = sample_boards(20, seed=5)
    batch = np.full((len(boards), koma.FEATURES_NUM, 9, 9), 7, dtype=np.float32)
    for i, board in enumerate(boards):
        assert np.shares_memory(board.features(rotate=True, out=batch[i]), batch[i])
    for i, board in enumerate(boards):
        assert np.array_equal(batch[i], board.features(rotate=True))
    small = np.zeros((koma.FEATURES_NUM, 9, 9), dtype=np.uint8)
    boards[0].features(out=small)
    assert np.array_equal(small, boards[0].features(dtype="uint8"))
    many = np.zeros((len(boards), koma.FEATURES_NUM, 9, 9), dtype=np.uint8)
    koma.features_from_sfens([b.sfen() for b in boards], out=many, dtype="uint8")
    assert np.array_equal(many[3], boards[3].features(dtype="uint8"))
    with pytest.raises(koma.KomaError, match="values where 1 positions"):
        boards[0].features(out=np.zeros((10, 9, 9), dtype=np.float32))
    with pytest.raises(koma.KomaError, match="C-contiguous"):
        boards[0].features(out=np.zeros((koma.FEATURES_NUM, 9, 18), dtype=np.float32)[:, :, ::2])
    with pytest.raises(koma.KomaError, match="float32 or uint8"):
        boards[0].features(out=np.zeros((koma.FEATURES_NUM, 9, 9)))


def tsume_rows(shared):
    lines = (shared / "data" / "tsume.tsv").read_text(encoding="utf-8").splitlines()
    rows = [l.split("\t") for l in lines if l and not l.startswith("#")]
    head = rows[0]
    return [dict(zip(head, r)) for r in rows[1:]]


def test_short_mates_agree_with_the_shared_table_and_with_cshogi(shared):
    seen = {1: 0, 3: 0, "none": 0}
    for row in tsume_rows(shared):
        if "MinLength" not in row["length_basis"]:
            continue
        board = koma.Board(row["sfen"])
        plies = int(row["mate_plies"])
        move = board.mate_move(3)
        theirs = cshogi.Board(row["sfen"])
        if plies in (1, 3):
            assert move is not None, row["id"]
            # The move leaves no way out within the rest of the plies.
            board.push(move)
            if plies == 1:
                assert board.is_check() and board.legal_moves == []
            else:
                assert all(
                    _mated_after(board, reply) for reply in board.legal_moves
                ), row["id"]
            seen[plies] += 1
            assert theirs.mate_move(3) != 0, row["id"]
        else:
            assert move is None, row["id"]
            assert theirs.mate_move(3) == 0, row["id"]
            seen["none"] += 1
    assert all(seen.values()), seen
    with pytest.raises(koma.KomaError, match="at most 7"):
        koma.Board().mate_move(9)


def _mated_after(board, reply):
    board.push(reply)
    try:
        move = board.mate_move(1)
        return move is not None
    finally:
        board.pop()
