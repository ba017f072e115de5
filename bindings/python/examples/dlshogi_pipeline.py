"""A dlshogi-style training pipeline on koma, each stage checked against cshogi.

    python dlshogi_pipeline.py [CSA_DIR] [--out DIR] [--batch N]

1. CSA records -> HCPE records (``koma.records_to_hcpe``): every position of each main
   line, the move played, the game's result, the Floodgate evaluation; against the same
   records built with cshogi's CSA parser, ``Board.to_hcp`` and ``move16`` (dlshogi's
   ``csa_to_hcpe``), written to a file and read back memory-mapped.
2. HCPE file -> batches of dlshogi's planes, move labels and results
   (``koma.dlshogi.make_input_features_batch`` into preallocated buffers,
   ``make_move_labels``, ``koma.training.results``), against cshogi's
   ``make_input_features`` and ``make_move_label`` position by position.
3. A tiny network (a hidden layer of 32, NumPy only): the policy loss of each batch, from
   koma's batches and from cshogi's.
4. An HCPE file and a PackedSfenValue file (YaneuraOu's format) written by cshogi, read
   back by koma to the same positions (SFEN) and moves.

Each check prints ``equal: True`` or ``False``; the exit status is 1 if any is False.
The corpus default is the project's shared folder (../shared/corpus/csa from the clone).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import List, Tuple

import numpy as np

import cshogi
import cshogi.dlshogi
import koma
import koma.dlshogi
from koma import training
from cshogi import CSA

CORPUS = Path(__file__).resolve().parents[3].parent / "shared" / "corpus" / "csa"

failures: List[str] = []


def check(what: str, equal: bool) -> None:
    """Prints a check's outcome and remembers a failure."""
    print(f"  {what}: equal: {equal}")
    if not equal:
        failures.append(what)


def cshogi_hcpe(path: Path) -> np.ndarray:
    """The HCPE records of one CSA file (every game of it) as dlshogi's csa_to_hcpe makes
    them with cshogi."""
    try:
        kifs = CSA.Parser.parse_file(str(path))
    except UnicodeDecodeError:
        kifs = CSA.Parser.parse_file(str(path), encoding="cp932")
    games = []
    for kif in kifs:
        board = cshogi.Board(kif.sfen)
        out = np.zeros(len(kif.moves), cshogi.HuffmanCodedPosAndEval)
        for i, (move, score) in enumerate(zip(kif.moves, kif.scores)):
            board.to_hcp(out[i : i + 1]["hcp"])
            score = min(32767, max(score, -32767))
            out[i]["eval"] = score if board.turn == cshogi.BLACK else -score
            out[i]["bestMove16"] = cshogi.move16(move)
            out[i]["gameResult"] = kif.win
            board.push(move)
        games.append(out)
    return np.concatenate(games)


def stage_records(files: List[Path], out: Path) -> np.ndarray:
    """Stage 1: records to an HCPE file, koma's and cshogi's."""
    print("1. CSA records -> HCPE")
    usable, theirs = [], []
    for path in files:
        try:
            ours = koma.records_to_hcpe([path])
            mine = cshogi_hcpe(path)
        except (koma.KomaError, RuntimeError, ValueError, IndexError) as e:
            print(f"  {path.name}: left out ({e})")
            continue
        usable.append(path)
        theirs.append(mine)
    hcpe = koma.records_to_hcpe(usable)
    expected = np.concatenate(theirs)
    print(f"  {len(usable)} records, {len(hcpe)} positions")
    check("koma's HCPE records against cshogi's", np.array_equal(hcpe, expected))
    koma.write_training_data(out / "games.hcpe", hcpe)
    back = koma.read_hcpe(out / "games.hcpe")
    check(
        "the file read back (memory-mapped) against cshogi's np.fromfile",
        np.array_equal(back, np.fromfile(out / "games.hcpe", cshogi.HuffmanCodedPosAndEval)),
    )
    return back


def cshogi_batch(hcpe: np.ndarray) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The planes, labels and results of a batch by cshogi, one position at a time."""
    n = len(hcpe)
    f1 = np.zeros((n, cshogi.dlshogi.FEATURES1_NUM, 9, 9), np.float32)
    f2 = np.zeros((n, cshogi.dlshogi.FEATURES2_NUM, 9, 9), np.float32)
    labels = np.zeros(n, np.int64)
    results = np.zeros(n, np.int8)
    board = cshogi.Board()
    for i, record in enumerate(hcpe):
        board.set_hcp(np.asarray(record["hcp"]))
        cshogi.dlshogi.make_input_features(board, f1[i], f2[i])
        labels[i] = cshogi.dlshogi.make_move_label(int(record["bestMove16"]) & 0xFFFF, board.turn)
        won = cshogi.BLACK_WIN if board.turn == cshogi.BLACK else cshogi.WHITE_WIN
        draw = record["gameResult"] == cshogi.DRAW
        results[i] = 0 if draw else (1 if record["gameResult"] == won else -1)
    return f1, f2, labels, results


def stage_batches(hcpe: np.ndarray, batch: int) -> None:
    """Stages 2 and 3: batches of planes and labels, and a tiny network's loss on them."""
    print(f"2. HCPE -> batches of {batch} (planes, labels, results)")
    f1 = np.empty((batch, koma.dlshogi.FEATURES1_NUM, 9, 9), np.float32)
    f2 = np.empty((batch, koma.dlshogi.FEATURES2_NUM, 9, 9), np.float32)
    rng = np.random.default_rng(60)
    inputs = f1[0].size + f2[0].size
    w1 = (rng.standard_normal((inputs, 32)) * 0.05).astype(np.float32)
    w2 = (rng.standard_normal((32, koma.dlshogi.MOVE_LABELS)) * 0.05).astype(np.float32)
    same = {"planes": True, "labels": True, "results": True, "loss": True}
    losses = []
    for start in range(0, len(hcpe), batch):
        part = hcpe[start : start + batch]
        n = len(part)
        koma.dlshogi.make_input_features_batch(part, f1[:n], f2[:n])
        labels = koma.dlshogi.make_move_labels(part)
        results = training.results(part)
        c1, c2, c_labels, c_results = cshogi_batch(part)
        same["planes"] &= np.array_equal(f1[:n], c1) and np.array_equal(f2[:n], c2)
        same["labels"] &= np.array_equal(labels, c_labels)
        same["results"] &= np.array_equal(results, c_results)
        ours, theirs = (
            policy_loss(forward(a, b, w1, w2), y)
            for a, b, y in ((f1[:n], f2[:n], labels), (c1, c2, c_labels))
        )
        same["loss"] &= bool(ours == theirs)
        losses.append(ours)
    print(f"  {len(losses)} batches")
    for what, equal in same.items():
        check(f"{what} against cshogi's", equal)
    print(f"3. a tiny policy network: mean loss {np.mean(losses):.4f} (koma's and cshogi's batches)")


def forward(f1: np.ndarray, f2: np.ndarray, w1: np.ndarray, w2: np.ndarray) -> np.ndarray:
    """A tiny policy network: the planes, a hidden layer of 32 (ReLU), the move logits."""
    x = np.concatenate([f1.reshape(len(f1), -1), f2.reshape(len(f2), -1)], axis=1)
    logits: np.ndarray = np.maximum(x @ w1, 0) @ w2
    return logits


def policy_loss(logits: np.ndarray, labels: np.ndarray) -> float:
    """The mean cross-entropy of `logits` for `labels`."""
    logits = logits - logits.max(axis=1, keepdims=True)
    log_p = logits - np.log(np.exp(logits).sum(axis=1, keepdims=True))
    return float(-log_p[np.arange(len(labels)), labels].mean())


def stage_cshogi_files(hcpe: np.ndarray, out: Path) -> None:
    """Stage 4: files written by cshogi (HCPE, and PackedSfenValue: YaneuraOu's format) read
    back by koma."""
    print("4. files written by cshogi, read by koma")
    board = cshogi.Board()
    written = np.zeros(len(hcpe), cshogi.HuffmanCodedPosAndEval)
    psv = np.zeros(len(hcpe), cshogi.PackedSfenValue)
    sfens, usi = [], []
    for i, record in enumerate(hcpe):
        board.set_hcp(np.asarray(record["hcp"]))
        sfens.append(board.sfen().rsplit(" ", 1)[0])
        usi.append(cshogi.move_to_usi(board.move_from_move16(int(record["bestMove16"]) & 0xFFFF)))
        board.to_hcp(written[i : i + 1]["hcp"])
        board.to_psfen(psv[i : i + 1]["sfen"])
        move16 = int(record["bestMove16"]) & 0xFFFF
        written[i]["bestMove16"] = record["bestMove16"]
        psv[i]["move"] = cshogi.move16_to_psv(move16)
        psv[i]["score"] = record["eval"]
        psv[i]["gamePly"] = i + 1
    written.tofile(out / "cshogi.hcpe")
    psv.tofile(out / "cshogi.psv")
    for name, data in (
        ("HCPE", koma.read_hcpe(out / "cshogi.hcpe")),
        ("PackedSfenValue", koma.read_psv(out / "cshogi.psv")),
    ):
        ours = [s.rsplit(" ", 1)[0] for s in training.training_sfens(data)]
        check(f"cshogi's {name} file: koma's positions against cshogi's SFEN", ours == sfens)
        if name == "PackedSfenValue":
            ours = [koma.Board(s).usi_of_yaneuraou(int(m)) for s, m in zip(sfens, data["move"])]
        else:
            ours = [koma.Board(s).usi_of(int(m) & 0xFFFF) for s, m in zip(sfens, data["bestMove16"])]
        check(f"cshogi's {name} file: the moves", ours == usi)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("corpus", nargs="?", type=Path, default=CORPUS)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--batch", type=int, default=64)
    args = parser.parse_args()
    files = sorted(args.corpus.glob("*.csa"))
    if not files:
        print(f"no .csa files in {args.corpus}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as scratch:
        out = args.out or Path(scratch)
        out.mkdir(parents=True, exist_ok=True)
        hcpe = stage_records(files, out)
        stage_batches(hcpe, args.batch)
        stage_cshogi_files(hcpe, out)
    print("all equal" if not failures else f"NOT equal: {', '.join(failures)}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
