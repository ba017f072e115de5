"""koma against cshogi and python-shogi, side by side on the same work.

    pip install ./bindings/python cshogi python-shogi
    python bindings/python/bench/compare.py [--shared ../shared] [--repeat 3]

cshogi and python-shogi (both from PyPI) are needed for the comparison only. The work:

- legal moves: every legal move of 1,473 middle-game positions (the shared openings'
  positions), as each library gives them (koma: USI strings; cshogi: move integers;
  python-shogi: Move objects);
- push/pop: every legal move of those positions played and taken back (koma: USI
  strings; cshogi: its move integers), and again with integer moves on both sides (koma:
  `legal_moves16`, cshogi's move16; cshogi: its 32-bit moves);
- one position's planes: a call per position into a buffer the caller keeps (koma:
  `Board.features(out=)`; cshogi: `piece_planes`), and into a new array each call (koma:
  `Board.features()`; cshogi: `np.zeros` and `piece_planes`);
- game over: random self-play, 20,000 plies in each library (each drawing from its own
  legal-move list with one seeded generator), asking whether the game is over before
  every move;
- mate in 3: `mate_move(3)` on the shared mate problems whose shortest mate is known
  (1 and 3 plies, and longer or none) and on the middle-game positions;
- record reading: records of games played on from the shared openings by a fixed
  rule (the same moves for every library), written as UTF-8 CSA and Shift_JIS KIF (the
  encodings cshogi's readers take), each file read by each library's reader;
- dlshogi's pipeline on those CSA records: records to HCPE (koma: records_to_hcpe on all
  cores; cshogi: its parser, to_hcp and move16 per move, as dlshogi's csa_to_hcpe does),
  then HCPE to dlshogi's planes and labels (koma: make_input_features_batch and
  make_move_labels into kept buffers; cshogi: set_hcp, make_input_features and
  make_move_label per position);
- feature planes: the planes of every position of those records (koma:
  features_from_records on all cores; cshogi: its parser, a Board, piece_planes_rotate
  into one array), and of the 1,473 SFENs (koma: features_from_sfens; cshogi: set_sfen
  and piece_planes).

Before timing, the results are compared: the same legal moves as cshogi in every
position, the same moves read from every record, and koma's 28 board planes equal to
cshogi's. The libraries take turns, one run each per round, and the best of --repeat runs
is reported, with each library's throughput and koma's speed relative to it.
"""

import argparse
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

# NumPy's OpenBLAS keeps worker threads that spin after a call; none of the work below
# needs them, and on a 2-core machine they took a core's share from both libraries (9% of
# the samples of a mate-in-3 run under perf). Set before NumPy is imported.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

import koma

try:
    import cshogi
    import cshogi.CSA
    import cshogi.KIF
    import shogi
    import shogi.CSA
    import shogi.KIF
except ImportError as missing:
    sys.exit(f"the comparison needs cshogi and python-shogi (pip install cshogi python-shogi): {missing}")

HERE = Path(__file__).resolve()


def side_by_side(repeat, fns):
    """The shortest of `repeat` runs of each function of `fns` (name: function), in
    seconds, by name. The libraries take turns, one run each per round: on a machine whose
    speed drifts (a shared virtual machine's does, by half within a minute), each meets the
    same drift, where one library's five runs and then the other's met different ones."""
    times = {name: [] for name in fns}
    for _ in range(repeat):
        for name, fn in fns.items():
            start = time.perf_counter()
            fn()
            times[name].append(time.perf_counter() - start)
    return {name: min(t) for name, t in times.items()}


def positions(shared):
    lines = (shared / "data" / "openings-positions.sfen").read_text().splitlines()
    return [line.removeprefix("sfen ").strip() for line in lines if line.strip()]


def games(shared, plies):
    """Games from the shared openings, played on by a fixed rule (a move chosen by the
    ply and the number of legal moves), until `plies` or the game's end."""
    out = []
    for i, line in enumerate((shared / "data" / "openings.sfen").read_text().splitlines()):
        board = koma.Board()
        board.set_position(line)
        while len(board) < plies and not board.is_game_over():
            moves = sorted(board.legal_moves)
            board.push_usi(moves[(len(board) * 7919 + i * 104729) % len(moves)])
        out.append(board)
    return out


def check_legal_moves(sfens):
    for sfen in sfens:
        ours = sorted(koma.Board(sfen).legal_moves)
        theirs = sorted(cshogi.move_to_usi(m) for m in cshogi.Board(sfen).legal_moves)
        assert ours == theirs, sfen


def bench_legal(sfens, repeat):
    kb = [koma.Board(s) for s in sfens]
    cb = [cshogi.Board(s) for s in sfens]
    pb = [shogi.Board(s) for s in sfens]
    moves = sum(len(b.legal_moves) for b in kb)
    rows = side_by_side(
        repeat,
        {
            "koma": lambda: [b.legal_moves for b in kb],
            "cshogi": lambda: [list(b.legal_moves) for b in cb],
            "python-shogi": lambda: [list(b.legal_moves) for b in pb],
        },
    )
    return rows, moves, "moves"


def bench_push_pop(sfens, repeat):
    kb = [koma.Board(s) for s in sfens]
    cb = [cshogi.Board(s) for s in sfens]
    pb = [shogi.Board(s) for s in sfens]
    moves = sum(len(b.legal_moves) for b in kb)

    def run_koma():
        for b in kb:
            for m in b.legal_moves:
                b.push(m)
                b.pop()

    def run_cshogi():
        for b in cb:
            for m in b.legal_moves:
                b.push(m)
                b.pop()

    def run_python_shogi():
        for b in pb:
            for m in list(b.legal_moves):
                b.push(m)
                b.pop()

    rows = side_by_side(
        repeat,
        {
            "koma": run_koma,
            "cshogi": run_cshogi,
            "python-shogi": run_python_shogi,
        },
    )
    return rows, moves, "push+pop"


def bench_push_pop_int(sfens, repeat):
    kb = [koma.Board(s) for s in sfens]
    cb = [cshogi.Board(s) for s in sfens]
    kmoves = [b.legal_moves16 for b in kb]
    cmoves = [list(b.legal_moves) for b in cb]
    for b, ours, theirs in zip(kb, kmoves, cmoves):
        assert sorted(ours) == sorted(cshogi.move16(m) for m in theirs), b.sfen()

    def run_koma():
        for b, moves in zip(kb, kmoves):
            for m in moves:
                b.push(m)
                b.pop()

    def run_cshogi():
        for b, moves in zip(cb, cmoves):
            for m in moves:
                b.push(m)
                b.pop()

    rows = side_by_side(
        repeat,
        {
            "koma": run_koma,
            "cshogi": run_cshogi,
        },
    )
    return rows, sum(map(len, kmoves)), "push+pop"


def bench_features_one(sfens, repeat):
    kb = [koma.Board(s) for s in sfens]
    cb = [cshogi.Board(s) for s in sfens]
    ours = np.zeros((koma.FEATURES_NUM, 9, 9), np.float32)
    theirs = np.zeros((koma.FEATURES_NUM, 9, 9), np.float32)
    for k, c in zip(kb, cb):
        k.features(out=ours)
        theirs[:] = 0
        c.piece_planes(theirs)
        np.testing.assert_array_equal(ours[:28], theirs[:28])

    def run_cshogi():
        for b in cb:
            theirs.fill(0)  # piece_planes sets the ones only: the caller clears
            b.piece_planes(theirs)

    rows = side_by_side(
        repeat,
        {
            "koma": lambda: [b.features(out=ours) for b in kb],
            "cshogi": run_cshogi,
        },
    )
    return rows, len(sfens), "positions"


def bench_features_new(sfens, repeat):
    """One position's planes a call in a new array, dropped at once (kept in a list, every
    array is fresh memory from the system, and its page faults cost more than the planes:
    the same for both libraries)."""
    kb = [koma.Board(s) for s in sfens]
    cb = [cshogi.Board(s) for s in sfens]

    def run_koma():
        for b in kb:
            b.features()

    def run_cshogi():
        for b in cb:
            b.piece_planes(np.zeros((koma.FEATURES_NUM, 9, 9), np.float32))

    rows = side_by_side(
        repeat,
        {
            "koma": run_koma,
            "cshogi": run_cshogi,
        },
    )
    return rows, len(sfens), "positions"


def self_play(new_board, plies, seed, limit=400):
    """Random self-play for `plies` plies in all (a new game when one ends or reaches
    `limit` plies), asking before each move whether the game is over. Each library draws
    from its own legal-move list with the same generator: the games differ, the work per
    ply (list the moves, push one, ask) is the same. Returns the games ended on the
    board (mate or a repetition)."""
    import random

    rng = random.Random(seed)
    ended = 0
    board, played = new_board(), 0
    for _ in range(plies):
        if board.is_game_over() or played == limit:
            ended += played < limit
            board, played = new_board(), 0
        moves = board.legal_moves
        if not isinstance(moves, list):
            moves = list(moves)  # cshogi's LegalMoveList is not indexed
        board.push(moves[rng.randrange(len(moves))])
        played += 1
    return ended


def bench_game_over(repeat, plies=20_000):
    def koma_board():
        return koma.Board()

    def cshogi_board():
        return cshogi.Board()

    ended = self_play(koma_board, plies, 11)
    rows = side_by_side(
        repeat,
        {
            "koma": lambda: self_play(koma_board, plies, 11),
            "cshogi": lambda: self_play(cshogi_board, plies, 11),
        },
    )
    return rows, plies, f"plies ({ended} games ended by the rules)"


def mate_positions(shared, sfens):
    lines = (shared / "data" / "tsume.tsv").read_text(encoding="utf-8").splitlines()
    rows = [line.split("\t") for line in lines if line and not line.startswith("#")][1:]
    return [r[1] for r in rows if "MinLength" in r[5]] + sfens


def bench_mate3(shared, sfens, repeat):
    problems = mate_positions(shared, sfens)
    kb = [koma.Board(s) for s in problems]
    cb = [cshogi.Board(s) for s in problems]
    found = [b.mate_move(3) is not None for b in kb]
    assert found == [b.mate_move(3) != 0 for b in cb]
    rows = side_by_side(
        repeat,
        {
            "koma": lambda: [b.mate_move(3) for b in kb],
            "cshogi": lambda: [b.mate_move(3) for b in cb],
        },
    )
    return rows, len(problems), f"positions ({sum(found)} mates)"


def write_records(boards, folder):
    csa, kif = [], []
    for i, board in enumerate(boards):
        rec = koma.read_record("position startpos moves " + " ".join(board.move_stack))
        # cshogi reads CSA in UTF-8 and KIF in Shift_JIS only (cp932).
        for fmt, files, encoding in (("csa", csa, "utf-8"), ("kif", kif, "cp932")):
            path = folder / f"g{i:04}.{fmt}"
            path.write_text(rec.write(fmt), encoding=encoding)
            files.append(path)
    return csa, kif


def check_records(csa, kif, boards):
    for path, board in zip(csa, boards):
        assert koma.read_record(path).moves == board.move_stack, path
        theirs = cshogi.CSA.Parser.parse_file(str(path))[0].moves
        assert [cshogi.move_to_usi(m) for m in theirs] == board.move_stack, path
        assert shogi.CSA.Parser.parse_file(str(path))[0]["moves"] == board.move_stack, path
    for path, board in zip(kif, boards):
        assert koma.read_record(path).moves == board.move_stack, path
        theirs = cshogi.KIF.Parser.parse_file(str(path)).moves
        assert [cshogi.move_to_usi(m) for m in theirs] == board.move_stack, path
        assert shogi.KIF.Parser.parse_file(str(path))[0]["moves"] == board.move_stack, path


def bench_records(files, fmt, repeat):
    names = [str(p) for p in files]
    if fmt == "csa":
        theirs = {
            "cshogi": lambda: [cshogi.CSA.Parser.parse_file(p) for p in names],
            "python-shogi": lambda: [shogi.CSA.Parser.parse_file(p) for p in names],
        }
    else:
        theirs = {
            "cshogi": lambda: [cshogi.KIF.Parser.parse_file(p) for p in names],
            "python-shogi": lambda: [shogi.KIF.Parser.parse_file(p) for p in names],
        }
    rows = side_by_side(repeat, {"koma": lambda: [koma.read_record(p) for p in names], **theirs})
    return rows, len(names), "records"


def cshogi_record_planes(names):
    parsed = [cshogi.CSA.Parser.parse_file(p)[0] for p in names]
    n = sum(len(p.moves) for p in parsed)
    out = np.zeros((n, koma.FEATURES_NUM, 9, 9), np.float32)
    board = cshogi.Board()
    i = 0
    for p in parsed:
        board.set_sfen(p.sfen)
        for m in p.moves:
            board.piece_planes_rotate(out[i])
            board.push(m)
            i += 1
    return out


def bench_record_planes(csa, repeat):
    names = [str(p) for p in csa]
    ours = koma.features_from_records(names).features
    theirs = cshogi_record_planes(names)
    assert ours.shape == theirs.shape
    np.testing.assert_array_equal(ours[:, :28], theirs[:, :28])
    rows = side_by_side(
        repeat,
        {
            "koma": lambda: koma.features_from_records(names),
            "cshogi": lambda: cshogi_record_planes(names),
        },
    )
    return rows, len(ours), "positions"


def cshogi_hcpe(names):
    """dlshogi's csa_to_hcpe with cshogi: every position of each record, its move."""
    parsed = [cshogi.CSA.Parser.parse_file(p)[0] for p in names]
    out = np.zeros(sum(len(p.moves) for p in parsed), cshogi.HuffmanCodedPosAndEval)
    board = cshogi.Board()
    i = 0
    for p in parsed:
        board.set_sfen(p.sfen)
        result = {cshogi.BLACK_WIN: 1, cshogi.WHITE_WIN: 2}.get(p.win, 0)
        for m in p.moves:
            board.to_hcp(out[i : i + 1]["hcp"])
            out[i]["bestMove16"] = cshogi.move16(m)
            out[i]["gameResult"] = result
            board.push(m)
            i += 1
    return out


def cshogi_dlshogi_planes(hcpes, f1, f2, labels):
    board = cshogi.Board()
    for i, row in enumerate(hcpes):
        board.set_hcp(row["hcp"])
        cshogi.dlshogi.make_input_features(board, f1[i], f2[i])
        labels[i] = cshogi.dlshogi.make_move_label(row["bestMove16"], board.turn)


def bench_hcpe(csa, repeat):
    import cshogi.dlshogi
    import koma.dlshogi
    import koma.training

    names = [str(p) for p in csa]
    ours = koma.training.records_to_hcpe(names)
    theirs = cshogi_hcpe(names)
    # gameResult left out: cshogi's reader takes %TSUMI (a game ended by mate) for a draw.
    for field in ("hcp", "bestMove16"):
        np.testing.assert_array_equal(ours[field], theirs[field])
    rows = side_by_side(
        repeat,
        {
            "koma": lambda: koma.training.records_to_hcpe(names),
            "cshogi": lambda: cshogi_hcpe(names),
        },
    )
    return rows, len(ours), "positions", ours


def bench_dlshogi_planes(hcpes, repeat):
    import cshogi.dlshogi
    import koma.dlshogi

    n = len(hcpes)
    shape1, shape2 = (n, cshogi.dlshogi.FEATURES1_NUM, 9, 9), (n, cshogi.dlshogi.FEATURES2_NUM, 9, 9)
    f1, f2 = np.zeros(shape1, np.float32), np.zeros(shape2, np.float32)
    c1, c2 = np.zeros(shape1, np.float32), np.zeros(shape2, np.float32)
    labels = np.zeros(n, np.int64)
    koma.dlshogi.make_input_features_batch(hcpes, f1, f2)
    cshogi_dlshogi_planes(hcpes, c1, c2, labels)
    np.testing.assert_array_equal(f1, c1)
    np.testing.assert_array_equal(f2, c2)
    np.testing.assert_array_equal(koma.dlshogi.make_move_labels(hcpes), labels)

    def run_koma():
        koma.dlshogi.make_input_features_batch(hcpes, f1, f2)
        koma.dlshogi.make_move_labels(hcpes)

    rows = side_by_side(
        repeat,
        {
            "koma": run_koma,
            "cshogi": lambda: cshogi_dlshogi_planes(hcpes, c1, c2, labels),
        },
    )
    return rows, n, "positions"


def cshogi_sfen_planes(sfens):
    out = np.zeros((len(sfens), koma.FEATURES_NUM, 9, 9), np.float32)
    board = cshogi.Board()
    for i, sfen in enumerate(sfens):
        board.set_sfen(sfen)
        board.piece_planes(out[i])
    return out


def bench_sfen_planes(sfens, repeat):
    ours = koma.features_from_sfens(sfens)
    np.testing.assert_array_equal(ours[:, :28], cshogi_sfen_planes(sfens)[:, :28])
    rows = side_by_side(
        repeat,
        {
            "koma": lambda: koma.features_from_sfens(sfens),
            "cshogi": lambda: cshogi_sfen_planes(sfens),
        },
    )
    return rows, len(sfens), "positions"


def report(title, rows, count, unit):
    koma_time = rows["koma"]
    print(f"\n{title}: {count:,} {unit}")
    for name, seconds in rows.items():
        ratio = "" if name == "koma" else f"   koma is {seconds / koma_time:5.2f}x as fast"
        print(f"  {name:13} {seconds * 1000:9.1f} ms  {count / seconds:14,.0f} {unit}/s{ratio}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=HERE.parents[4] / "shared")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--plies", type=int, default=120, help="length of the games read")
    args = parser.parse_args()
    import importlib.metadata as md

    # The wheel's tag names its stable ABI floor (cp39-abi3, cp311-abi3...): from 3.10 on
    # PyO3's calls take the faster vectorcall convention.
    wheel = md.distribution("koma-shogi").read_text("WHEEL") or ""
    tags = [line[4:].strip() for line in wheel.splitlines() if line.startswith("Tag:")]
    print(
        f"koma {koma.__version__} ({', '.join(tags) or 'not from a wheel'}), "
        f"cshogi {md.version('cshogi')}, python-shogi "
        f"{md.version('python-shogi')}, numpy {np.__version__}; Python "
        f"{platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores"
    )
    sfens = positions(args.shared)
    check_legal_moves(sfens)
    report("legal moves", *bench_legal(sfens, args.repeat))
    report("push/pop loop", *bench_push_pop(sfens, args.repeat))
    report("push/pop loop, integer moves", *bench_push_pop_int(sfens, args.repeat))
    report("one position's planes, into the caller's buffer", *bench_features_one(sfens, args.repeat))
    report("one position's planes, a new array each call", *bench_features_new(sfens, args.repeat))
    report("game over asked every ply, random self-play", *bench_game_over(args.repeat))
    report("mate in 3 (mate_move(3))", *bench_mate3(args.shared, sfens, args.repeat))
    boards = games(args.shared, args.plies)
    with tempfile.TemporaryDirectory() as tmp:
        csa, kif = write_records(boards, Path(tmp))
        check_records(csa, kif, boards)
        report("record reading, CSA", *bench_records(csa, "csa", args.repeat))
        report("record reading, KIF", *bench_records(kif, "kif", args.repeat))
        report("feature planes from CSA records", *bench_record_planes(csa, args.repeat))
        *hcpe_rows, hcpes = bench_hcpe(csa, args.repeat)
        report("dlshogi's pipeline: CSA records to HCPE", *hcpe_rows)
        report("dlshogi's pipeline: HCPE to planes and labels", *bench_dlshogi_planes(hcpes, args.repeat))
    report("feature planes from SFENs", *bench_sfen_planes(sfens, args.repeat))
    print("\nchecked first: the same legal moves, moves read and board planes as cshogi")


if __name__ == "__main__":
    main()
