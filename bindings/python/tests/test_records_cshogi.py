"""Records as a cshogi user needs them, checked against cshogi 1.1.0 on the same files.

koma's `Record.winner`, `scores`, `ratings`, `times` and `moves` against cshogi's CSA parser
on every CSA file of the shared corpus and koma's leniency test files; every game of a
multi-game CSA file (`read_records`); records built from their parts (`Record.build`,
`Record.from_board`) written in every format and read back; files saved by `Record.save`
(Shift_JIS `.kif`, UTF-8 `.kifu`, CSA) read by cshogi's KIF and CSA parsers.
"""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import pytest

import cshogi
import koma
from cshogi import CSA, KIF

DATA = Path(__file__).resolve().parents[3] / "crates" / "koma-notation" / "tests" / "data"

# cshogi's result codes.
CSHOGI_WIN = {None: cshogi.DRAW, koma.BLACK: cshogi.BLACK_WIN, koma.WHITE: cshogi.WHITE_WIN}

# Where koma and cshogi knowingly part ways: cshogi counts a mate (%TSUMI) as a draw, keeps
# a foul a record ends with as a move with no result, and counts any %KACHI as the
# declarer's win; koma judges all three by the rules (a declaration in the opening loses).
DIFFERENT_WINNER = {
    "9fu.csa",
    "pawn-drop-mate-last.csa",
    "pinned-gold-last.csa",
    "comma-statements.csa",
}

# A time after a comma on a move's line, which cshogi's CSA parser does not read.
COMMA_TIME = re.compile(rb"(?m)^[+-][0-9]{4}[A-Z]{2},T")


def csa_files(shared: Path) -> list[Path]:
    """The corpus's CSA files and koma's own leniency files."""
    return sorted((shared / "corpus" / "csa").glob("*.csa")) + sorted(DATA.glob("*.csa"))


def cshogi_games(path: Path) -> list[CSA.Parser]:
    """cshogi's reading of a CSA file, decoded as koma detects it (cshogi takes text)."""
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("cp932")
    return CSA.Parser.parse_str(text)


def usi_moves(parser: CSA.Parser | KIF.Parser) -> list[str]:
    """cshogi's moves in USI."""
    return [cshogi.move_to_usi(m) for m in parser.moves]


def test_csa_games_agree_with_cshogi(shared: Path) -> None:
    files = csa_files(shared)
    assert len(files) >= 15
    compared = 0
    for path in files:
        records = koma.read_records(path)
        games = cshogi_games(path)
        assert len(records) == len(games), path.name
        for record, game in zip(records, games):
            compared += 1
            # A foul the record ends with is a move to cshogi (which cannot name it: `None`),
            # `illegal_move` to koma.
            foul = 1 if record.illegal_move else 0
            theirs = usi_moves(game)
            assert record.moves == theirs[: len(theirs) - foul], path.name
            assert len(record.moves) + foul == len(theirs), path.name
            if path.name not in DIFFERENT_WINNER:
                assert CSHOGI_WIN[record.winner] == game.win, path.name
            # The same start (hands in cshogi's order).
            assert cshogi.Board(record.start_sfen).sfen() == cshogi.Board(game.sfen).sfen()
            names = [record.header.get("先手", ""), record.header.get("後手", "")]
            assert names == game.names, path.name
            # Times: cshogi keeps whole seconds, 0 where none (a time after the ending too),
            # and misses those after a comma on the move's line (`-6172KI,T3`).
            seconds = [0 if t is None else t // 1000 for t in record.times]
            if COMMA_TIME.search(path.read_bytes()):
                assert not any(game.times[: len(seconds)]), path.name
            else:
                assert seconds == game.times[: len(seconds)], path.name
            assert [s or 0 for s in record.scores] == game.scores[: len(record.moves)], path.name
            assert [r or 0.0 for r in record.ratings] == game.ratings, path.name
    assert compared >= 19


def test_the_rules_judge_what_cshogi_leaves_open(shared: Path) -> None:
    mate = koma.read_record(shared / "corpus" / "csa" / "9fu.csa")
    assert mate.ending == "TSUMI"
    assert mate.winner == koma.BLACK  # gote, to move, is mated
    assert cshogi_games(shared / "corpus" / "csa" / "9fu.csa")[0].win == cshogi.DRAW
    kachi = koma.read_record(DATA / "comma-statements.csa")
    assert kachi.ending == "KACHI" and kachi.winner == koma.WHITE
    assert cshogi_games(DATA / "comma-statements.csa")[0].win == cshogi.BLACK_WIN
    foul = koma.read_record(DATA / "pawn-drop-mate-last.csa")
    assert foul.illegal_move is not None
    assert foul.winner == koma.WHITE  # sente's pawn-drop mate loses


def test_floodgate_scores_pvs_and_ratings(shared: Path) -> None:
    path = shared / "corpus" / "csa" / "v2.csa"
    record = koma.read_record(path)
    game = cshogi_games(path)[0]
    assert len(record.scores) == len(record.moves) == 196
    assert record.scores[:3] == [104, 0, 85]
    assert record.scores[-1] == -100000  # sente's point of view: gote mates
    assert record.ratings == (3345.0, 3453.0) and list(record.ratings) == game.ratings
    assert record.winner == koma.WHITE  # sente resigned
    # Each PV is legal from the position after its move (played here to check).
    pvs = record.pvs
    assert len(pvs) == len(record.moves)
    assert sum(1 for pv in pvs if pv) > 50
    for ply, pv in enumerate(pvs):
        board = record.board(ply + 1)
        for move in pv:
            board.push(move)
    # cshogi's comment after a move is the `'**` text: the same PV, move for move (CSA's
    # squares are USI's with the rank a digit), all of it where it is legal throughout.
    full = 0
    for pv, comment in zip(pvs, game.comments):
        theirs = comment.split()[1:]
        assert len(pv) <= len(theirs)
        full += len(pv) == len(theirs)
        for usi, csa in zip(pv, theirs):
            to = usi[2:4]
            assert csa[3:5] == to[0] + str(ord(to[1]) - ord("a") + 1)
    assert full == len(pvs)


def test_leniencies_of_real_files_are_warned() -> None:
    stray = koma.read_record(DATA / "commented-move-time.csa")
    assert stray.moves == ["7g7f", "3c3d"]
    assert any("times no move" in w for w in stray.warnings)
    with pytest.raises(koma.RecordError, match="time before the first move"):
        koma.read_record("PI\n+\nT1\n+7776FU\n", format="csa")
    illegal = koma.read_record(DATA / "floodgate-illegal-move.csa")
    assert illegal.ending == "ILLEGAL_MOVE"
    assert illegal.winner == koma.BLACK
    assert any("summary 'illegal move'" in w for w in illegal.warnings)
    assert illegal.scores == [30, -20, 41]
    assert illegal.ratings == (2100.0, 1900.5)
    assert illegal.pvs[0] == ["3c3d", "2g2f"]


def test_every_game_of_a_multi_game_csa(shared: Path) -> None:
    first = (shared / "corpus" / "csa" / "v2.csa").read_text()
    second = (shared / "corpus" / "csa" / "2005_GPS_K-SHOGI.csa").read_text()
    text = first.rstrip("\n") + "\n/\n" + second
    records = koma.read_records(text)
    games = CSA.Parser.parse_str(text)
    assert len(records) == len(games) == 2
    for record, game in zip(records, games):
        assert record.moves == usi_moves(game)
        assert CSHOGI_WIN[record.winner] == game.win
    assert [r.winner for r in records] == [koma.WHITE, koma.BLACK]
    only = koma.read_record(text)
    assert only.moves == records[0].moves
    assert any("2 records in the file" in w for w in only.warnings)


def built() -> koma.Record:
    """A record built from its parts: players, times, comments, an ending."""
    return koma.Record.build(
        ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"],
        sente="先手の人",
        gote="gote",
        times=[1000, 2000, None, 4000, 5000],
        ending="TORYO",
        event="test match",
        start_time=datetime.datetime(2024, 5, 6, 7, 8, 9),
        header={"持ち時間": "10分"},
        comments=["the start", None, ["two", "comments"]],
    )


@pytest.mark.parametrize("fmt", ["kif", "ki2", "csa", "jkf"])
def test_a_built_record_reads_back(fmt: str) -> None:
    record = built()
    assert record.winner == koma.BLACK  # gote resigned, to move after move 5
    back = koma.read_record(record.write(fmt), format=fmt)
    assert back.moves == record.moves
    assert back.header["先手"] == "先手の人" and back.header["後手"] == "gote"
    assert back.ending == "TORYO" and back.winner == koma.BLACK
    assert back.comments[0] == ["the start"] and back.comments[2] == ["two", "comments"]
    if fmt != "ki2":  # KI2 has no times
        assert back.times == [1000, 2000, None, 4000, 5000]
    if fmt in ("kif", "ki2", "jkf"):
        assert back.header["棋戦"] == "test match"
        assert back.header["開始日時"] == "2024/05/06 07:08:09"


def test_a_board_becomes_a_record() -> None:
    board = koma.Board("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1")
    for move in ["3c3d", "7g7f", "2b8h+"]:
        board.push(move)
    record = koma.Record.from_board(board, sente="a", gote="b", ending="CHUDAN")
    assert record.moves == board.move_stack
    assert record.start_sfen == board.start_sfen
    assert record.winner is None
    assert koma.read_record(record.write("csa")).moves == board.move_stack
    # A game the rules ended gets its ending, as `board.outcome()` says.
    mate = koma.Board("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
    mate.push("G*5b")
    assert mate.outcome() is not None and mate.outcome().winner == koma.BLACK
    record = koma.Record.from_board(mate)
    assert record.ending == "TSUMI" and record.winner == koma.BLACK
    assert koma.Record.from_board(mate, ending="CHUDAN").ending == "CHUDAN"


def test_bad_parts_are_refused() -> None:
    with pytest.raises(koma.IllegalMoveError, match="move 2"):
        koma.Record.build(["7g7f", "7g7f"])
    with pytest.raises(koma.KomaError, match="not an ending"):
        koma.Record.build(["7g7f"], ending="RESIGNED")
    with pytest.raises(koma.KomaError, match="times"):
        koma.Record.build(["7g7f"], times=[1, 2])


def test_saved_files_are_read_by_cshogi(tmp_path: Path) -> None:
    record = built()
    kif = tmp_path / "game.kif"
    assert record.save(kif) == []
    raw = kif.read_bytes()
    assert raw.startswith(b"#KIF version=2.0 encoding=Shift_JIS")
    assert "先手の人".encode("cp932") in raw
    for path in (kif, tmp_path / "game.kifu"):
        if path.suffix == ".kifu":
            record.save(path)
            assert "先手の人".encode("utf-8") in path.read_bytes()
        parser = KIF.Parser.parse_file(str(path))
        assert usi_moves(parser) == record.moves
        assert parser.names == ["先手の人", "gote"]
        assert parser.win == cshogi.BLACK_WIN
        # KIF writes no time for a move without one; cshogi lists the times written.
        assert parser.times == [1, 2, 4, 5]
    csa = tmp_path / "game.csa"
    record.save(csa)
    game = CSA.Parser.parse_file(str(csa))[0]
    assert usi_moves(game) == record.moves
    assert game.names == ["先手の人", "gote"]
    assert game.win == cshogi.BLACK_WIN
    assert game.times == [1, 2, 0, 4, 5]
    # KI2 in Shift_JIS as well; the format lost the times, and says so.
    losses = record.save(tmp_path / "game.ki2")
    assert any("times" in w for w in losses)
    assert koma.read_record(tmp_path / "game.ki2").moves == record.moves


def test_what_shift_jis_cannot_hold_is_an_error(tmp_path: Path) -> None:
    record = koma.Record.build(["7g7f"], sente="♔ player")
    with pytest.raises(koma.RecordError, match=r"U\+2654.*Shift_JIS"):
        record.save(tmp_path / "x.kif")
    assert not (tmp_path / "x.kif").exists()
    record.save(tmp_path / "x.kif", encoding="utf-8")
    assert koma.read_record(tmp_path / "x.kif").header["先手"] == "♔ player"
    with pytest.raises(koma.RecordError, match="format"):
        record.save(tmp_path / "x.txt")
    record.save(tmp_path / "x.txt", format="csa")
    assert koma.read_record(tmp_path / "x.txt", format="csa").moves == ["7g7f"]
