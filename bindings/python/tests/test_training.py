"""Training data against cshogi 1.1.0: HCP/HCPE and PackedSfen(Value) bytes, the two 16-bit
move encodings, dlshogi's planes and labels, records to HCPE, and the pipeline example."""

from __future__ import annotations

import importlib.util
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import cshogi  # the peer: scripts/python-test installs it from PyPI
import cshogi.dlshogi
import koma
import koma.dlshogi
from koma import training

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "dlshogi_pipeline.py"
SET = "P" * 18 + "L" * 4 + "N" * 4 + "S" * 4 + "G" * 4 + "B" * 2 + "R" * 2


def random_play(seed: int, games: int) -> list[tuple[str, int]]:
    """Positions of random games played by cshogi, with the move played from each."""
    rng = random.Random(seed)
    board = cshogi.Board()
    out = []
    for _ in range(games):
        board.reset()
        for _ in range(rng.randint(30, 220)):
            moves = list(board.legal_moves)
            if not moves:
                break
            move = rng.choice(moves)
            out.append((board.sfen(), cshogi.move16(move)))
            board.push(move)
    return out


def scattered(seed: int, count: int) -> list[str]:
    """Positions with the pieces thrown anywhere (board, either hand, the box), either side
    to move: many hand combinations and entering kings; those koma refuses are left out."""
    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < count:
        grid: dict[tuple[int, int], str] = {}
        hands = {"b": "", "w": ""}
        squares = [(f, r) for f in range(1, 10) for r in range(1, 10)]
        rng.shuffle(squares)
        grid[squares.pop()] = "K"
        grid[squares.pop()] = "k"
        for piece in SET:
            where = rng.random()
            color = rng.choice("bw")
            if where < 0.1:
                continue
            if where < 0.4 or not squares:
                hands[color] += piece if color == "b" else piece.lower()
                continue
            f, r = squares.pop()
            rank = r if color == "b" else 10 - r
            promoted = piece not in "GK" and rng.random() < 0.3
            if not promoted and (piece in "PL" and rank == 1 or piece == "N" and rank <= 2):
                promoted = True
            grid[(f, r)] = ("+" if promoted else "") + (piece if color == "b" else piece.lower())
        rows = []
        for r in range(1, 10):
            row, empty = "", 0
            for f in range(9, 0, -1):
                p = grid.get((f, r))
                if p is None:
                    empty += 1
                    continue
                row += (str(empty) if empty else "") + p
                empty = 0
            rows.append(row + (str(empty) if empty else ""))
        hand = "".join(
            f"{n if n > 1 else ''}{p}"
            for text in (hands["b"], hands["w"])
            for p, n in sorted({c: text.count(c) for c in text}.items(), key=lambda x: "RBGSNLPrbgsnlp".index(x[0]))
        )
        sfen = f"{'/'.join(rows)} {rng.choice('bw')} {hand or '-'} 1"
        try:
            koma.Board(sfen)
        except koma.KomaError:
            continue
        out.append(sfen)
    return out


@pytest.fixture(scope="module")
def positions() -> list[tuple[str, int]]:
    return random_play(60, 25)


@pytest.fixture(scope="module")
def thrown() -> list[str]:
    return scattered(61, 400)


def no_ply(sfen: str) -> str:
    return sfen.rsplit(" ", 1)[0]


def test_dtypes_are_cshogis():
    assert koma.HCP_DTYPE == cshogi.HuffmanCodedPos
    assert koma.HCPE_DTYPE == cshogi.HuffmanCodedPosAndEval
    assert koma.PSFEN_DTYPE == cshogi.PackedSfen
    assert koma.PSV_DTYPE == cshogi.PackedSfenValue
    assert [koma.HCP_DTYPE.itemsize, koma.HCPE_DTYPE.itemsize] == [32, 38]
    assert [koma.PSFEN_DTYPE.itemsize, koma.PSV_DTYPE.itemsize] == [32, 40]


def test_packed_positions_are_cshogis_bytes(positions, thrown):
    sfens = [s for s, _ in positions] + thrown
    hcp = np.zeros(len(sfens), cshogi.HuffmanCodedPos)
    psfen = np.zeros(len(sfens), cshogi.PackedSfen)
    board = koma.Board()
    for i, sfen in enumerate(sfens):
        theirs = cshogi.Board(sfen)
        theirs.to_hcp(hcp[i : i + 1])
        theirs.to_psfen(psfen[i : i + 1])
        ours = koma.Board(sfen)
        assert ours.to_hcp().tobytes() == hcp[i].tobytes(), sfen
        assert ours.to_psfen().tobytes() == psfen[i].tobytes(), sfen
        board.set_hcp(hcp[i]["hcp"])
        assert no_ply(board.sfen()) == no_ply(sfen)
        board.set_psfen(psfen[i].tobytes())
        assert no_ply(board.sfen()) == no_ply(sfen)
    assert [no_ply(s) for s in training.training_sfens(hcp)] == [no_ply(s) for s in sfens]
    assert [no_ply(s) for s in training.training_sfens(psfen)] == [no_ply(s) for s in sfens]
    # Both kinds of record differ; read as the other, they are refused or another position.
    assert sum(hcp[i].tobytes() != psfen[i].tobytes() for i in range(len(sfens))) > len(sfens) // 2
    with pytest.raises(koma.KomaError, match="32 bytes"):
        board.set_hcp(b"\x00" * 31)
    with pytest.raises(koma.KomaError, match="HuffmanCodedPos"):
        board.set_hcp(b"\xff" * 32)


def test_move16_both_encodings_against_cshogi(positions):
    promotions = drops = 0
    for sfen, move16 in positions:
        theirs = cshogi.Board(sfen)
        usi = cshogi.move_to_usi(theirs.move_from_move16(move16))
        board = koma.Board(sfen)
        psv = cshogi.move16_to_psv(move16)
        assert board.move16(usi) == move16, usi
        assert board.move16_yaneuraou(usi) == psv, usi
        assert board.usi_of(move16) == usi
        assert board.usi_of_yaneuraou(psv) == usi
        assert koma.move16_to_psv(move16) == psv
        assert koma.move16_from_psv(psv) == cshogi.move16_from_psv(psv) == move16
        promotions += usi.endswith("+")
        drops += "*" in usi
        if "*" in usi or usi.endswith("+"):
            assert psv != move16
    assert promotions > 50 and drops > 200
    with pytest.raises(koma.IllegalMoveError):
        koma.Board().usi_of_yaneuraou(koma.move16_to_psv(koma.Board("4k4/9/9/9/9/9/9/9/4K4 b P 1").move16("P*5e")))


@pytest.mark.parametrize("nyugyoku", [False, True])
def test_dlshogi_features_and_labels_equal_cshogis(positions, thrown, nyugyoku):
    cshogi.dlshogi.use_nyugyoku_features(nyugyoku)
    koma.dlshogi.use_nyugyoku_features(nyugyoku)
    try:
        n2 = cshogi.dlshogi.FEATURES2_NUM
        assert (koma.dlshogi.FEATURES1_NUM, koma.dlshogi.FEATURES2_NUM) == (62, n2)
        sfens = [s for s, _ in positions] + thrown
        f1 = np.zeros((len(sfens), 62, 9, 9), np.float32)
        f2 = np.zeros((len(sfens), n2, 9, 9), np.float32)
        hcpe = np.zeros(len(sfens), cshogi.HuffmanCodedPosAndEval)
        mine1 = np.full((62, 9, 9), 5, np.float32)
        mine2 = np.full((n2, 9, 9), 5, np.float32)
        for i, sfen in enumerate(sfens):
            theirs = cshogi.Board(sfen)
            cshogi.dlshogi.make_input_features(theirs, f1[i], f2[i])
            theirs.to_hcp(hcpe[i : i + 1]["hcp"])
            koma.dlshogi.make_input_features(koma.Board(sfen), mine1, mine2)
            assert np.array_equal(mine1, f1[i]) and np.array_equal(mine2, f2[i]), sfen
        # The planes vary: both colours, checks, entering kings.
        assert f2[:, 56].any() and (f2[:, 56] == 0).any()
        if nyugyoku:
            assert f2[:, 57:].reshape(len(sfens), -1).any(axis=1).mean() > 0.3
        for data in (hcpe, hcpe[["hcp"]].astype(cshogi.HuffmanCodedPos)):
            g1, g2 = koma.dlshogi.make_input_features_batch(data)
            assert np.array_equal(g1, f1) and np.array_equal(g2, f2)
        u1 = np.full((len(sfens), 62, 9, 9), 9, np.uint8)
        u2 = np.full((len(sfens), n2, 9, 9), 9, np.uint8)
        koma.dlshogi.make_input_features_batch(hcpe, u1, u2)
        assert np.array_equal(u1, f1) and np.array_equal(u2, f2)
        e1, e2 = koma.dlshogi.make_input_features_batch(hcpe[:0])
        assert e1.shape == (0, 62, 9, 9) and e2.shape == (0, n2, 9, 9)
        with pytest.raises(koma.KomaError, match="holds"):
            koma.dlshogi.make_input_features_batch(hcpe, u1[:-1], u2)
        with pytest.raises(koma.KomaError, match="same dtype"):
            koma.dlshogi.make_input_features_batch(hcpe, u1, f2)
    finally:
        cshogi.dlshogi.use_nyugyoku_features(False)
        koma.dlshogi.use_nyugyoku_features(False)
    # Labels: one by one, and a batch from HCPE (cshogi's moves) and PSV (YaneuraOu's).
    psv = np.zeros(len(positions), cshogi.PackedSfenValue)
    hcpe = np.zeros(len(positions), cshogi.HuffmanCodedPosAndEval)
    expected = []
    for i, (sfen, move16) in enumerate(positions):
        theirs = cshogi.Board(sfen)
        expected.append(cshogi.dlshogi.make_move_label(move16, theirs.turn))
        assert koma.dlshogi.make_move_label(move16, theirs.turn) == expected[-1]
        theirs.to_hcp(hcpe[i : i + 1]["hcp"])
        theirs.to_psfen(psv[i : i + 1]["sfen"])
        hcpe[i]["bestMove16"] = np.int16(np.uint16(move16))
        psv[i]["move"] = cshogi.move16_to_psv(move16)
    assert len(set(expected)) > 500
    assert list(koma.dlshogi.make_move_labels(hcpe)) == expected
    assert list(koma.dlshogi.make_move_labels(psv)) == expected


def example():
    """The pipeline example as a module (its cshogi side is dlshogi's csa_to_hcpe)."""
    spec = importlib.util.spec_from_file_location("dlshogi_pipeline", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_records_to_hcpe_equals_csa_to_hcpe(shared):
    files = sorted((shared / "corpus" / "csa").glob("*.csa"))
    skipped: list[tuple[int, str]] = []
    ours = koma.records_to_hcpe(files, skip_errors=True, skipped=skipped)
    assert [files[i].name for i, _ in skipped] == ["9fu.csa"]  # no sente king: no HCP
    csa_to_hcpe = example().cshogi_hcpe
    theirs = np.concatenate([csa_to_hcpe(f) for i, f in enumerate(files) if i != skipped[0][0]])
    assert len(ours) == len(theirs) > 400
    for field in ("hcp", "eval", "bestMove16", "gameResult"):
        assert np.array_equal(ours[field], theirs[field]), field
    assert set(ours["gameResult"]) == {0, 1, 2}
    assert (ours["eval"] != 0).sum() > 50  # v2.csa's Floodgate comments
    with pytest.raises(koma.RecordError, match="9fu.csa"):
        koma.records_to_hcpe(files)
    # The arrays of a batch: side to move, evaluation, result for the side to move.
    mover = training.side_to_move(ours)
    assert set(mover) == {0, 1}
    assert np.array_equal(training.evaluations(ours), ours["eval"])
    res = training.results(ours)
    won = np.where(mover == 0, 1, 2)
    assert np.array_equal(res == 1, ours["gameResult"] == won)
    assert np.array_equal(res == 0, ours["gameResult"] == 0)


def test_every_game_of_a_multi_game_csa_file_is_read(shared, tmp_path):
    # Two records of the corpus in one file, separated by a `/` line (CSA 3.0).
    corpus = shared / "corpus" / "csa"
    first, second = corpus / "v2.csa", corpus / "2005_GPS_K-SHOGI.csa"
    texts = [path.read_text(encoding="utf-8").rstrip("\n") for path in (first, second)]
    both = tmp_path / "two.csa"
    both.write_text(texts[0] + "\n/\n" + texts[1] + "\n", encoding="utf-8")
    ours = koma.records_to_hcpe([both])
    apart = np.concatenate([koma.records_to_hcpe([first]), koma.records_to_hcpe([second])])
    assert len(ours) == len(apart) > len(koma.records_to_hcpe([first]))
    assert np.array_equal(ours, apart)
    theirs = example().cshogi_hcpe(both)
    for field in ("hcp", "eval", "bestMove16", "gameResult"):
        assert np.array_equal(ours[field], theirs[field]), field


def test_files_read_write_and_refuse_bad_sizes(tmp_path, positions):
    psv = np.zeros(len(positions), koma.PSV_DTYPE)
    for i, (sfen, move16) in enumerate(positions):
        board = koma.Board(sfen)
        psv[i]["sfen"] = board.to_psfen()
        psv[i]["move"] = koma.move16_to_psv(move16)
        psv[i]["game_result"] = (-1, 0, 1)[i % 3]
        psv[i]["score"] = i - 500
    path = tmp_path / "a.psv"
    koma.write_training_data(path, psv[:100])
    koma.write_training_data(path, psv[100:], append=True)
    mapped = koma.read_psv(path)
    assert isinstance(mapped, np.memmap) and np.array_equal(mapped, psv)
    assert np.array_equal(koma.read_psv(path, mmap=False), psv)
    assert np.array_equal(training.results(mapped), psv["game_result"])
    assert np.array_equal(training.evaluations(mapped), psv["score"])
    assert np.array_equal(koma.dlshogi.make_move_labels(mapped), koma.dlshogi.make_move_labels(
        np.array([(r["sfen"], 0, np.int16(np.uint16(koma.move16_from_psv(int(r["move"])))), 0, 0) for r in psv], koma.HCPE_DTYPE)))
    with open(path, "ab") as f:
        f.write(b"\x00" * 3)
    with pytest.raises(koma.KomaError, match="not a whole number of 40-byte records"):
        koma.read_psv(path)
    (tmp_path / "empty.hcpe").write_bytes(b"")
    assert len(koma.read_hcpe(tmp_path / "empty.hcpe")) == 0
    with pytest.raises(koma.KomaError, match="dtype"):
        koma.write_training_data(path, np.zeros(3, np.int32))


def test_training_data_moves_are_cshogis_with_labels():
    game = random_play(62, 1)
    line = "position startpos moves " + " ".join(
        cshogi.move_to_usi(cshogi.Board(s).move_from_move16(m)) for s, m in game
    )
    data = koma.features_from_records([line])
    assert len(data) == len(game)
    board = cshogi.Board()
    for i, (_, move16) in enumerate(game):
        assert data.moves[i] == move16
        assert data.moves_yaneuraou[i] == cshogi.move16_to_psv(move16)
        assert data.labels[i] == cshogi.dlshogi.make_move_label(move16, board.turn)
        board.push_move16(move16)


def test_the_pipeline_example_agrees_with_cshogi(shared, tmp_path):
    run = subprocess.run(
        [sys.executable, str(EXAMPLE), str(shared / "corpus" / "csa"), "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "equal: False" not in run.stdout
    assert run.stdout.count("equal: True") == 10, run.stdout
    assert (tmp_path / "games.hcpe").stat().st_size % 38 == 0
