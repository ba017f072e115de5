"""koma.read_record: every shared corpus record, against the koma command's reading."""

import subprocess
from pathlib import Path

import pytest

import koma

START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
FOLDERS = ("kif", "ki2", "csa", "jkf", "sfen")
SKIP = {"SOURCES.md"}


def corpus_files(shared: Path):
    files = [
        p
        for folder in FOLDERS
        for p in sorted((shared / "corpus" / folder).iterdir())
        if p.is_file() and p.name not in SKIP and not p.name.endswith(".schema.json")
    ]
    assert len(files) >= 40, files
    return files


def cli_usi(koma_cli: str, path: Path):
    """The koma command's reading of `path`: (start, moves) or its error message."""
    run = subprocess.run(
        [koma_cli, "convert", str(path), "--to", "usi"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    if run.returncode != 0:
        return None, run.stderr
    line = run.stdout.strip()
    head, _, moves = line.partition(" moves ")
    start = head.removeprefix("position ").strip()
    start = START if start == "startpos" else start.removeprefix("sfen ").strip()
    return (start, moves.split()), None


def test_every_corpus_record_reads_as_the_cli_reads_it(shared, koma_cli):
    read = failed = 0
    for path in corpus_files(shared):
        expected, cli_error = cli_usi(koma_cli, path)
        if expected is None:
            with pytest.raises(koma.RecordError) as error:
                koma.read_record(path)
            # Same message: the reader's words after the file name.
            message = str(error.value).split(": ", 1)[1]
            assert message in cli_error, (path, message, cli_error)
            failed += 1
            continue
        record = koma.read_record(path)
        assert (record.start_sfen, record.moves) == expected, path
        # The same from a str path, the bytes, and the text when it is UTF-8.
        data = path.read_bytes()
        assert koma.read_record(str(path)).moves == expected[1]
        if path.suffix not in (".jkf", ".sfen"):
            fmt = path.suffix.lstrip(".").rstrip("u")
            fmt = "kif" if fmt == "kif" else fmt
            assert koma.read_record(data, format=fmt).moves == expected[1], path
        read += 1
    print(f"{read} records read as the CLI reads them, {failed} refused by both")
    assert failed == 0, "every record of the shared corpus reads"


def test_record_contents(shared):
    rec = koma.read_record(shared / "corpus" / "kif" / "taichitsume.kif")
    assert rec.moves == ["S*1c", "2a1c", "G*1b", "2b1b", "3b2a", "1b2b", "3a3b"]
    assert rec.ending == "TSUMI"
    assert len(rec.times) == len(rec.moves)
    assert rec.times[0] == 2000
    assert len(rec.comments) == len(rec.moves) + 1
    assert rec.header["開始日時"] == "2014/10/14 05:28:33"
    assert len(rec) == 7
    board = rec.board()
    assert board.move_stack == rec.moves
    assert board.is_game_over()
    assert rec.board(2).move_stack == rec.moves[:2]


def test_variations_and_writing(shared):
    rec = koma.read_record(shared / "corpus" / "kif" / "fork.kif")
    assert rec.variations, "fork.kif has variations"
    for v in rec.variations:
        assert v.ply == len(v.before) + 1
        board = koma.Board(rec.start_sfen)
        for m in v.before + v.moves:
            board.push_usi(m)
    for fmt in ("kif", "ki2", "csa", "jkf", "usi", "sfen"):
        text = rec.write(fmt)
        assert text
        if fmt != "sfen":
            again = koma.read_record(text, format=fmt)
            assert again.moves == rec.moves, fmt
    with pytest.raises(koma.KomaError, match="unknown format"):
        rec.write("pgn")


def test_broken_records_name_line_and_column(tmp_path):
    bad = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ９九龍(28)\n"
    with pytest.raises(koma.RecordError, match="line 5") as error:
        koma.read_record(bad, format="kif")
    assert "<text>" in str(error.value)
    path = tmp_path / "bad.kif"
    path.write_text(bad, encoding="utf-8")
    with pytest.raises(koma.RecordError, match="bad.kif"):
        koma.read_record(path)
    with pytest.raises(FileNotFoundError):
        koma.read_record(tmp_path / "missing.kif")
    with pytest.raises(koma.RecordError):
        koma.read_record("{not json", format="jkf")
    with pytest.raises(koma.RecordError):
        koma.read_record(b"\xff\xfe\x00garbage", format="csa")
    with pytest.raises(koma.RecordError, match="too large"):
        koma.read_record(Path("/dev/zero"), format="kif")
    with pytest.raises(koma.RecordError, match="standard shogi"):
        koma.read_record("position startpos", format="csa", variant="tori")


def test_usi_line_and_sfen_text():
    rec = koma.read_record("position startpos moves 7g7f 3c3d")
    assert rec.moves == ["7g7f", "3c3d"]
    rec = koma.read_record(START)
    assert rec.start_sfen == START and rec.moves == []
