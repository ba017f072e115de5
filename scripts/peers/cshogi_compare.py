#!/usr/bin/env python3
"""Compare koma's record readers and writers with cshogi (PyPI), outside the build.

1. Every KIF and CSA file of ../shared/corpus is converted by `koma convert` to KIF and to
   CSA; cshogi reads koma's output and must find the same start position and moves as
   koma's own `--to usi` line.
2. Reading speed, in one run: cshogi's KIF and CSA parsers and koma's (the read_speed
   example) on the same decoded corpus texts, records/s and MB/s.

Needs `pip install cshogi` and a release build of koma
(`cargo build --release -p koma -p koma-notation --example read_speed`).
Usage: scripts/peers/cshogi_compare.py [ROUNDS]
"""
import pathlib, subprocess, sys, time

import cshogi
import cshogi.CSA
import cshogi.KIF

ROOT = pathlib.Path(__file__).resolve().parents[2]
CORPUS = ROOT.parent / "shared" / "corpus"
KOMA = ROOT / "target" / "release" / "koma"
SPEED = ROOT / "target" / "release" / "examples" / "read_speed"


def decode(data: bytes) -> str:
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp932", errors="replace")


STARTPOS = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"


def koma(*args: str) -> str:
    return subprocess.run([str(KOMA), *args], check=True, capture_output=True, text=True).stdout


def usi_line(path: pathlib.Path):
    line = koma("convert", str(path), "--to", "usi").strip().split(" moves ")
    start = line[0].removeprefix("position ")
    start = STARTPOS if start == "startpos" else start.removeprefix("sfen ")
    moves = line[1].split() if len(line) > 1 else []
    return start, moves


def hand_multiset(sfen: str):
    """An SFEN with its hand field as a sorted multiset (writers order hands differently)."""
    board, side, hand = sfen.split(" ")[:3]
    counts, n = {}, ""
    for ch in hand:
        if ch.isdigit():
            n += ch
        elif ch != "-":
            counts[ch] = counts.get(ch, 0) + int(n or 1)
            n = ""
    return board, side, sorted(counts.items())


def cshogi_read(fmt: str, text: str):
    parsed = cshogi.KIF.Parser.parse_str(text) if fmt == "kif" else cshogi.CSA.Parser.parse_str(text)[0]
    return hand_multiset(parsed.sfen), [cshogi.move_to_usi(m) for m in parsed.moves]


def cross_check() -> int:
    """Files whose original cshogi reads as koma does are the comparable ones; for those,
    cshogi must read koma's KIF and CSA output as koma does."""
    failures, comparable = 0, 0
    files = sorted(p for d in ("kif", "csa") for p in (CORPUS / d).iterdir() if p.suffix in (".kif", ".kifu", ".csa"))
    for path in files:
        start, moves = usi_line(path)
        mine = (hand_multiset(start), moves)
        try:
            original = cshogi_read("csa" if path.suffix == ".csa" else "kif", decode(path.read_bytes()))
        except Exception as e:
            print(f"skip {path.name}: cshogi cannot read the original ({e})")
            continue
        if original != mine:
            print(f"skip {path.name}: cshogi reads the original differently (board diagram or variations)")
            continue
        comparable += 1
        for fmt in ("kif", "csa"):
            if fmt == "kif" and start != STARTPOS:
                continue  # cshogi reads no KIF board diagram (it skips four corpus originals)
            theirs = cshogi_read(fmt, koma("convert", str(path), "--to", fmt))
            if theirs != mine:
                failures += 1
                print(f"DIFFER {path.name} as {fmt}: cshogi {theirs[0]} {theirs[1][:5]}... koma {mine[0]} {moves[:5]}...")
    print(f"cross-check: {comparable} of {len(files)} files comparable, x 2 formats: {failures} differences")
    return failures


def speed(rounds: int) -> None:
    for name, folder, exts, parse in (
        ("KIF", "kif", (".kif", ".kifu"), cshogi.KIF.Parser.parse_str),
        ("CSA", "csa", (".csa",), cshogi.CSA.Parser.parse_str),
    ):
        texts = [decode(p.read_bytes()) for p in sorted((CORPUS / folder).iterdir()) if p.suffix in exts]
        size = sum(len(t.encode("utf-8")) for t in texts)
        ok, start = 0, time.perf_counter()
        for _ in range(rounds):
            for t in texts:
                try:
                    parse(t)
                    ok += 1
                except Exception:
                    pass
        secs = time.perf_counter() - start
        print(f"cshogi {name}: {len(texts)} files, {ok} reads, {len(texts) * rounds / secs:.0f} records/s, {size * rounds / secs / 1e6:.1f} MB/s")
    print(subprocess.run([str(SPEED), str(rounds)], check=True, capture_output=True, text=True).stdout, end="")


if __name__ == "__main__":
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    bad = cross_check()
    speed(rounds)
    sys.exit(1 if bad else 0)
