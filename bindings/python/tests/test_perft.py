"""koma.perft against the shared perft table (counts agreed by independent programs)."""

import csv

import pytest

import koma

# Counts up to this many leaves: the deeper lines of the table are the Rust suite's.
MAX_NODES = 3_000_000


def rows(shared):
    with open(shared / "data" / "perft.tsv", encoding="utf-8") as f:
        lines = [line for line in f if not line.startswith("#")]
    return [r for r in csv.DictReader(lines, delimiter="\t") if int(r["nodes"]) <= MAX_NODES]


def test_every_small_line_of_the_shared_table(shared):
    checked = 0
    variants = set()
    for row in rows(shared):
        got = koma.perft(row["sfen"], int(row["depth"]), variant=row["variant"])
        assert got == int(row["nodes"]), (row["variant"], row["id"], row["depth"])
        checked += 1
        variants.add(row["variant"])
    assert checked >= 60
    assert {"shogi", "torishogi", "minishogi", "kyotoshogi", "dobutsu", "chushogi"} <= variants


def test_board_perft_agrees_with_the_function():
    board = koma.Board()
    board.push_usi("7g7f")
    assert board.perft(3) == koma.perft(board.sfen(), 3)


def test_bad_input():
    with pytest.raises(koma.SfenError):
        koma.perft("not a position", 1)
    with pytest.raises(koma.KomaError):
        koma.perft(None, 1, variant="chess")
