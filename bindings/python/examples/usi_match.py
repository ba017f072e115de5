"""koma-engine against GPS Shogi (Debian's ``gpsshogi``), driven from Python.

    python usi_match.py [--koma PATH] [--gps PATH] [--games N] [--time TC] [--out DIR]

First each engine is driven alone with ``koma.usi.Engine``: the handshake, its options, and
one search of the same position, with the ``info`` lines as objects. Then
``koma.usi.match`` plays the match on koma-game's runner (the ``koma match`` command's),
one line per game as it ends, the score with the Elo difference at the end, and the KIF
and CSA records in ``--out``.

GPS Shogi: ``apt-get install gpsshogi`` puts its USI engine at ``/usr/games/gpsusi``.
koma-engine: ``cargo build --release -p koma-engine`` (or any build in ``target/``).
Both engines get one search thread. GPS takes about 0.1 s more than its byoyomi, more
on a busy machine: hence the default margin of a second.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Mapping

import koma
import koma.usi

ROOT = Path(__file__).resolve().parents[3]


def default_koma() -> str:
    for profile in ("release", "debug"):
        path = ROOT / "target" / profile / "koma-engine"
        if path.is_file():
            return str(path)
    return "koma-engine"


def show_engine(command: str, options: Mapping[str, int], board: koma.Board, byoyomi: int) -> None:
    """The handshake, the options and one search, as koma.usi.Engine gives them."""
    with koma.usi.Engine(command, options=options) as engine:
        engine.isready()
        engine.usinewgame()
        print(f"{engine.name} by {engine.author}: {len(engine.options)} options")
        for option in list(engine.options.values())[:4]:
            print(f"  {option.name}: {option.kind} default {option.default}"
                  + (f" min {option.min} max {option.max}" if option.kind == "spin" else ""))
        result = engine.go(board, btime=0, wtime=0, byoyomi=byoyomi)
        info = result.info
        score = "no score"
        if info is not None and info.cp is not None:
            score = f"cp {info.cp}"
        elif info is not None and info.mating is not None:
            score = f"mate {info.mate}"
        pv = " ".join(info.pv[:6]) if info is not None else ""
        depth = info.depth if info is not None else None
        print(f"  go byoyomi {byoyomi}: bestmove {result.bestmove} ponder {result.ponder}"
              f" in {result.elapsed:.2f}s, {len(result.infos)} info lines,"
              f" depth {depth} {score} pv {pv}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--koma", default=default_koma(), help="koma-engine's path")
    parser.add_argument("--gps", default="/usr/games/gpsusi", help="gpsusi's path")
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--time", default="0+1s", help="time control, as koma match takes it")
    parser.add_argument("--out", default="usi-match-records", help="directory for the records")
    parser.add_argument("--gps-book", type=int, default=30,
                        help="GPS's BookDepth: plies it may play from its book (0: none)")
    parser.add_argument("--margin", type=int, default=1000,
                        help="milliseconds an answer may come late (pipes, a busy machine)")
    args = parser.parse_args()
    if not Path(args.gps).is_file():
        print(f"no GPS Shogi at {args.gps}: apt-get install gpsshogi", file=sys.stderr)
        return 2
    koma_options = {"USI_Hash": 64, "Threads": 1}
    # gpsusi keeps the options it is given in /usr/share/gpsshogi-data/gpsusi.conf and
    # starts from them next time: each is set here, its book (30 plies) included.
    gps_options = {"Thread": 1, "BookDepth": args.gps_book}

    board = koma.Board()
    for move in ["7g7f", "3c3d", "2g2f"]:
        board.push_usi(move)
    print(f"== each engine alone, position {' '.join(board.move_stack)}")
    show_engine(args.koma, koma_options, board, 500)
    show_engine(args.gps, gps_options, board, 500)

    print(f"\n== match: {args.games} games at {args.time}, records in {args.out}")
    started = time.monotonic()

    def on_game(game: koma.usi.GameResult) -> None:
        first = "koma" if game.sente == 0 else "gps"
        winner = {0: "koma", 1: "gps", None: "draw"}[game.winner]
        note = f"  ({game.note})" if game.note else ""
        print(f"game {game.number}: {first} sente, {winner} ({game.outcome},"
              f" {game.plies} plies){note}", flush=True)

    summary = koma.usi.match(
        args.koma,
        args.gps,
        games=args.games,
        time=args.time,
        records=args.out,
        options1=koma_options,
        options2=gps_options,
        margin=args.margin,
        on_game=on_game,
    )
    print(f"\n{summary}")
    print(f"{summary.names[0]}: {summary.wins} wins, {summary.losses} losses,"
          f" {summary.draws} draws; sente won {summary.color_wins[0]},"
          f" gote {summary.color_wins[1]}; {time.monotonic() - started:.0f} s")
    records = sorted(p for g in summary.games for p in g.records)
    print(f"{len(records)} records, e.g. {records[0] if records else 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
