"""Feature planes: the documented layout, rotation, and batch conversion of records."""

import numpy as np
import pytest

import koma

KINDS = ["P", "L", "N", "S", "B", "R", "G", "K", "+P", "+L", "+N", "+S", "+B", "+R"]
HAND = [("P", 18), ("L", 4), ("N", 4), ("S", 4), ("G", 4), ("B", 2), ("R", 2)]
FILES = "987654321"


def expected(board, rotate=False):
    """The layout of koma's documentation, computed from piece_at and pieces_in_hand."""
    planes = np.zeros((koma.FEATURES_NUM, 9, 9), np.float32)
    flip = rotate and board.turn == koma.WHITE
    first = koma.WHITE if flip else koma.BLACK
    for file in range(1, 10):
        for rank in range(1, 10):
            piece = board.piece_at(f"{file}{'abcdefghi'[rank - 1]}")
            if piece is None:
                continue
            color = koma.BLACK if piece.upper() == piece else koma.WHITE
            side = 0 if color == first else 1
            plane = side * 14 + KINDS.index(piece.upper())
            f, r = (9 - file, 9 - rank) if flip else (file - 1, rank - 1)
            planes[plane, f, r] = 1
    for side, color in enumerate([first, 1 - first]):
        held = dict(board.pieces_in_hand(color))
        base = 28 + side * 38
        for letter, count in HAND:
            planes[base : base + held.get(letter, 0)] = 1
            base += count
    return planes


POSITIONS = [
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "ln1g3nl/1r1s1kg2/p1ppppsp1/1p4p1p/9/2P2SP2/PPBPPP2P/2G1K2R1/LN3GSNL w Bp 24",
    "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L b Sbgn3p 1",
    "4k4/9/9/9/9/9/9/9/4K4 w 18P4L4N4S4G2B2R 1",
]


@pytest.mark.parametrize("sfen", POSITIONS)
@pytest.mark.parametrize("rotate", [False, True])
def test_planes_follow_the_documented_layout(sfen, rotate):
    board = koma.Board(sfen)
    got = board.features(rotate=rotate)
    assert got.shape == (104, 9, 9) and got.dtype == np.float32
    np.testing.assert_array_equal(got, expected(board, rotate))
    small = board.features(rotate=rotate, dtype="uint8")
    assert small.dtype == np.uint8
    np.testing.assert_array_equal(small, got.astype(np.uint8))


def test_start_position_planes():
    planes = koma.Board().features()
    assert planes[0].sum() == 9  # sente's pawns
    assert planes[0, 6, 6] == 1  # the pawn on 7g
    assert planes[7, 4, 8] == 1  # sente's king on 5i
    assert planes[21, 4, 0] == 1  # gote's king on 5a
    assert planes[28:].sum() == 0  # empty hands


def test_batch_from_sfens_equals_one_by_one():
    batch = koma.features_from_sfens(POSITIONS, rotate=True)
    assert batch.shape == (len(POSITIONS), 104, 9, 9)
    for sfen, planes in zip(POSITIONS, batch):
        np.testing.assert_array_equal(planes, koma.Board(sfen).features(rotate=True))
    with pytest.raises(koma.SfenError, match=r"sfens\[1\]"):
        koma.features_from_sfens([POSITIONS[0], "garbage"])
    with pytest.raises(koma.KomaError, match="standard shogi"):
        koma.Board(variant="tori").features()
    with pytest.raises(koma.KomaError, match="dtype"):
        koma.features_from_sfens(POSITIONS, dtype="float16")


def test_training_data_from_records(shared):
    files = sorted((shared / "corpus" / "kif").glob("*.kif*"))
    files += sorted((shared / "corpus" / "csa").glob("*.csa"))
    data = koma.features_from_records(files, skip_errors=True)
    n = len(data)
    assert n > 500
    assert data.features.shape == (n, 104, 9, 9)
    assert data.moves.shape == data.results.shape == data.games.shape == data.plies.shape == (n,)
    assert set(np.unique(data.results)) <= {-1, 0, 1}
    # Each row is the position before its move: rebuild them from the records.
    read = 0
    for index, path in enumerate(files):
        if index in {i for i, _ in data.skipped}:
            continue
        rows = np.nonzero(data.games == index)[0]
        try:
            rec = koma.read_record(path)
        except koma.RecordError:
            continue
        if rec.variant != "shogi" or not rows.size:
            continue
        board = rec.board(0)
        assert list(data.plies[rows]) == list(range(len(rec.moves)))
        for row, move in zip(rows, rec.moves):
            np.testing.assert_array_equal(data.features[row], board.features(rotate=True))
            board.push_usi(move)
        read += 1
    assert read >= 10


def test_results_are_from_the_side_to_move():
    # Sente mates at move 1: the one position is sente's, a win.
    rec = "position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1 moves G*5b"
    data = koma.features_from_records([rec])
    assert list(data.results) == [1]
    # cshogi's move16 of a drop: 5b = (5 - 1) * 9 + 1 = 37, from 81 + gold (6); YaneuraOu's:
    # the drop flag and the gold (7).
    assert data.moves[0] == 37 | (81 + 6) << 7
    assert data.moves_yaneuraou[0] == 37 | 7 << 7 | 1 << 14


def test_bad_records_raise_or_are_skipped(tmp_path):
    good = "position startpos moves 7g7f 3c3d"
    bad = tmp_path / "bad.kif"
    bad.write_text("手合割：平手\n   1 ９九龍(28)\n", encoding="utf-8")
    with pytest.raises(koma.RecordError, match="bad.kif"):
        koma.features_from_records([good, bad])
    data = koma.features_from_records([good, bad, tmp_path / "missing.csa"], skip_errors=True)
    assert len(data) == 2
    assert [i for i, _ in data.skipped] == [1, 2]
