"""koma.Engine and koma.solve_mate."""

import csv
import threading

import pytest

import koma


def test_go_returns_a_legal_move_and_a_pv():
    board = koma.Board()
    result = koma.Engine(hash_mb=16).go(board, depth=6)
    assert result.bestmove in board.legal_moves
    assert result.depth >= 6
    assert result.nodes > 0
    assert result.pv and result.pv[0] == result.bestmove
    assert result.score_cp is not None and abs(result.score_cp) < 500
    replay = board.copy()
    for m in result.pv:
        replay.push_usi(m)


def test_go_finds_a_mate():
    board = koma.Board("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
    result = koma.Engine(hash_mb=16).go(board, depth=4)
    assert result.bestmove == "G*5b"
    assert result.mate == 1


def test_go_in_other_variants_and_with_the_net():
    for variant in ("tori", "minishogi", "kyotoshogi", "dobutsu"):
        board = koma.Board(variant=variant)
        assert koma.Engine(hash_mb=4).go(board, nodes=5000).bestmove in board.legal_moves
    board = koma.Board()
    net = koma.Engine(hash_mb=4, nnue=True).go(board, depth=5)
    assert net.bestmove in board.legal_moves
    hand = koma.Engine(hash_mb=4, nnue=False).go(board, depth=5)
    # Each choice is kept whatever the default: the two evaluations search other trees.
    assert (net.nodes, net.score_cp) != (hand.nodes, hand.score_cp)
    default = koma.Engine(hash_mb=4).go(board, depth=5)
    trees = ((net.nodes, net.score_cp), (hand.nodes, hand.score_cp))
    assert (default.nodes, default.score_cp) in trees


def test_no_legal_move_gives_no_bestmove():
    board = koma.Board("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
    board.push_usi("G*5b")
    result = koma.Engine(hash_mb=4).go(board, depth=3)
    assert result.bestmove is None


def test_stop_from_another_thread_ends_the_search():
    engine = koma.Engine(hash_mb=16)
    timer = threading.Timer(0.2, engine.stop)
    timer.start()
    result = engine.go(koma.Board(), movetime=60_000)
    timer.join()
    assert result.bestmove in koma.Board().legal_moves


def test_bad_limits():
    with pytest.raises(koma.KomaError):
        koma.Engine(hash_mb=0)
    with pytest.raises(koma.KomaError):
        koma.Engine(hash_mb=1).go(koma.Board(), movetime=-5)


def test_solve_mate_on_the_shared_problems(shared):
    with open(shared / "data" / "tsume.tsv", encoding="utf-8") as f:
        lines = [line for line in f if not line.startswith("#")]
    rows = list(csv.DictReader(lines, delimiter="\t"))
    solved = 0
    for row in rows:
        plies = int(row["mate_plies"])
        if plies > 15:
            continue
        result = koma.solve_mate(row["sfen"], movetime=20_000)
        if plies < 0:
            assert result.status == "nomate", row["id"]
            assert not result
        else:
            assert result.status == "mate", row["id"]
            assert len(result.moves) == plies, row["id"]
            board = koma.Board(row["sfen"]) if _has_kings(row["sfen"]) else None
            if board is not None:
                for m in result.moves:
                    board.push_usi(m)
                assert board.legal_moves == []
        solved += 1
    assert solved >= 20


def _has_kings(sfen):
    placement = sfen.split()[0]
    return "k" in placement and "K" in placement


def test_solve_mate_from_a_board_and_bad_input():
    board = koma.Board("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
    assert koma.solve_mate(board).moves == ["G*5b"]
    with pytest.raises(koma.SfenError):
        koma.solve_mate("nonsense")
    with pytest.raises(koma.KomaError, match="standard shogi"):
        koma.solve_mate(koma.Board(variant="tori"))
