"""A workload for a profile-guided build of the extension (docs/python.md, "Speed against
cshogi", stop 91): run on a build compiled with `-Cprofile-generate`, it leaves the profile
that `-Cprofile-use` compiles the measured build with. It calls what training pipelines
call most, on positions of its own making (seeded random games, and mate problems laid out
at random around a king), so that none of compare.py's positions shape the build that is
measured on them.

    python bindings/python/bench/pgo_workload.py [--games 300]
"""

import argparse
import random
import tempfile
from pathlib import Path

import numpy as np

import koma

# The pieces a problem's attacker may hold or place near the king, and the defender's
# guards around him (SFEN letters; the attacker is sente).
ATTACKER_BOARD = ["+R", "+B", "R", "B", "G", "S", "N", "L", "P", "+P"]
DEFENDER_BOARD = ["g", "s", "n", "l", "p", "b", "r"]
HAND_ROLES = "RBGSNLP"


def random_games(rng, games, plies):
    """Random games from the start: each ply the moves listed, the planes, the game-over
    test, a mate search every third ply, a move pushed (by string or by integer) and
    some taken back. Returns the games' boards, for the records."""
    boards = []
    buffer = np.zeros((koma.FEATURES_NUM, 9, 9), dtype=np.float32)
    for game in range(games):
        board = koma.Board()
        for ply in range(plies):
            if board.is_game_over():
                break
            if ply % 3 == 0:
                board.mate_move(3)
                board.mate_move(1)
            if game % 2:
                board.features(out=buffer)
            else:
                board.features()
            if ply % 2:
                moves = board.legal_moves16
                board.push(rng.choice(moves))
            else:
                board.push(rng.choice(board.legal_moves))
            if ply % 7 == 0:
                last = board.pop()
                board.push(last)
            board.is_check()
        boards.append(board)
    return boards


def problem_sfen(rng):
    """A position laid out like a mate problem: gote's king near his edge with a few
    guards, sente's pieces near him and more in hand."""
    grid = [[""] * 9 for _ in range(9)]
    kf, kr = rng.randrange(9), rng.randrange(3)
    grid[kr][kf] = "k"

    def place(piece, spread):
        for _ in range(10):
            f = kf + rng.randint(-spread, spread)
            r = kr + rng.randint(-spread, spread)
            if 0 <= f < 9 and 0 <= r < 9 and not grid[r][f]:
                # A pawn, lance or knight of sente's with no move left is no legal piece.
                if piece in ("P", "L") and r == 0 or piece == "N" and r < 2:
                    continue
                if piece in ("p", "l") and r == 8 or piece == "n" and r > 6:
                    continue
                grid[r][f] = piece
                return

    for _ in range(rng.randint(0, 4)):
        place(rng.choice(DEFENDER_BOARD), 1)
    for _ in range(rng.randint(1, 3)):
        place(rng.choice(ATTACKER_BOARD), 3)
    rows = []
    for row in grid:
        text, empty = "", 0
        for cell in row:
            if cell:
                text += (str(empty) if empty else "") + cell
                empty = 0
            else:
                empty += 1
        rows.append(text + (str(empty) if empty else ""))
    hand = "".join(
        (str(n) if n > 1 else "") + role
        for role in HAND_ROLES
        for n in [rng.choice([0, 0, 1, 1, 2]) if role in "GSP" else rng.choice([0, 0, 1])]
        if n
    )
    return f"{'/'.join(rows)} b {hand or '-'} 1"


def problems(rng, count):
    """Mate searches of one and three plies on `count` random problems (the layouts the
    rules refuse, such as a defender already in check, are skipped)."""
    searched = 0
    while searched < count:
        try:
            board = koma.Board(problem_sfen(rng))
        except koma.KomaError:
            continue
        board.mate_move(1)
        board.mate_move(3)
        searched += 1


def records(boards):
    """The games written as CSA files and KIF text, read back, and turned into planes."""
    with tempfile.TemporaryDirectory() as folder:
        paths = []
        for i, board in enumerate(boards):
            record = koma.Record.from_board(board)
            path = Path(folder) / f"{i}.csa"
            path.write_text(record.write("csa"), encoding="utf-8")
            paths.append(path)
            koma.read_record(record.write("kif"))
        koma.features_from_records(paths)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    rng = random.Random(20261203)
    boards = random_games(rng, args.games, 160)
    problems(rng, args.games * 20)
    records(boards)


if __name__ == "__main__":
    main()
