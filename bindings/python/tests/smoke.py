"""A few calls of every part of an installed koma, run by `scripts/python-wheel --check`
in a fresh virtual environment."""

import platform

import numpy as np

import koma


def test_an_installed_koma_works():
    board = koma.Board()
    assert len(board.legal_moves) == 30
    board.push_usi("7g7f")
    assert board.move_number == 2 and not board.is_game_over()
    record = koma.read_record("\n".join(["V2.2", "PI", "+", "+7776FU", "-3334FU", "%TORYO", ""]))
    assert record.moves == ["7g7f", "3c3d"]
    assert record.board().features().shape == (koma.FEATURES_NUM, 9, 9)
    mate = koma.Board("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1")
    assert mate.mate_move(1) == "G*5b"
    assert koma.solve_mate(mate, nodes=10_000).moves == ["G*5b"]
    assert np.asarray(board.legal_moves16).dtype.kind == "i"


if __name__ == "__main__":
    test_an_installed_koma_works()
    print(f"koma {koma.__version__} works on Python {platform.python_version()}")
