"""dlshogi's network inputs and policy labels, as ``cshogi.dlshogi`` makes them.

``make_input_features(board, features1, features2)`` and ``make_move_label(move16, color)``
take and give what cshogi's do (the arrays are equal); ``make_input_features_batch`` and
``make_move_labels`` do the same for a whole array of HCP, HCPE, PackedSfen or
PackedSfenValue records (``koma.training``), into the caller's buffers, with the GIL
released.

``features1`` has ``FEATURES1_NUM`` (62) planes of 9x9, ``[plane, file - 1, rank - 1]``
seen from the side to move (the board turned when gote is to move): for the side to move,
then the other side, 14 planes of its pieces by kind (pawn, lance, knight, silver,
bishop, rook, gold, king, tokin, promoted lance, promoted knight, promoted silver, horse,
dragon), 14 of the squares each kind attacks, 3 of the squares attacked by at least 1, 2
and 3 of its pieces. ``features2`` has ``FEATURES2_NUM`` (57) planes, each all ones or all
zeros: each side's hand (8 pawn planes, 4 each for lance, knight, silver and gold, 2 each
for bishop and rook), then whether the side to move is in check. After
``use_nyugyoku_features(True)`` it has 119: 31 more a side about entering kings (its king
in the enemy camp; its pieces there, 1 to 10; how many points it lacks for a declaration,
0 to 19).

Labels are ``kind * 81 + destination`` (as the mover sees the board): 10 directions of
board moves, the same 10 promoting, 7 drops; ``MOVE_LABELS`` (2187) in all.
"""

from __future__ import annotations

from typing import Any, Optional, Tuple

import numpy as np
import numpy.typing as npt

from . import _koma
from .training import _format

FEATURES1_NUM: int = _koma.DLSHOGI_FEATURES1_NUM
FEATURES2_NUM: int = _koma.DLSHOGI_FEATURES2_NUM
MOVE_LABELS: int = _koma.DLSHOGI_MOVE_LABELS

_nyugyoku = False


def use_nyugyoku_features(use: bool) -> None:
    """With ``True``, ``features2`` holds the entering-king planes too
    (``FEATURES2_NUM`` becomes 119), as ``cshogi.dlshogi.use_nyugyoku_features``."""
    global _nyugyoku, FEATURES2_NUM
    _nyugyoku = bool(use)
    FEATURES2_NUM = (
        _koma.DLSHOGI_FEATURES2_NYUGYOKU_NUM if _nyugyoku else _koma.DLSHOGI_FEATURES2_NUM
    )


def make_input_features(
    board: _koma.Board, features1: npt.NDArray[Any], features2: npt.NDArray[Any]
) -> None:
    """Writes the planes of ``board`` (standard shogi) into ``features1``
    (``FEATURES1_NUM``, 9, 9) and ``features2`` (``FEATURES2_NUM``, 9, 9): C-contiguous
    arrays, both float32 or both uint8, overwritten whole. No threads, no allocation."""
    _koma._dlshogi_board_features(board, features1, features2, _nyugyoku)


def make_move_label(move16: int, color: int) -> int:
    """dlshogi's label of ``move16`` (cshogi's 16-bit move, ``Board.move16``) played by
    ``color`` (0 sente, 1 gote)."""
    return _koma._dlshogi_move_label(move16, color)


def make_input_features_batch(
    data: npt.NDArray[Any],
    features1: Optional[npt.NDArray[Any]] = None,
    features2: Optional[npt.NDArray[Any]] = None,
    dtype: npt.DTypeLike = np.float32,
) -> Tuple[npt.NDArray[Any], npt.NDArray[Any]]:
    """The planes of every record of ``data`` (HCP_DTYPE, HCPE_DTYPE, PSFEN_DTYPE or
    PSV_DTYPE) in ``features1`` (N, ``FEATURES1_NUM``, 9, 9) and ``features2`` (N,
    ``FEATURES2_NUM``, 9, 9): the caller's C-contiguous buffers (float32 or uint8,
    overwritten) or, when not given, new arrays of ``dtype``. Returns the two. The GIL is
    released; many records are spread over the cores."""
    rows, name = _format(data)
    n = len(rows)
    if features1 is None:
        features1 = np.empty((n, FEATURES1_NUM, 9, 9), dtype=dtype)
    if features2 is None:
        features2 = np.empty((n, FEATURES2_NUM, 9, 9), dtype=dtype)
    _koma._dlshogi_features(rows, name, features1, features2, _nyugyoku)
    return features1, features2


def make_move_labels(data: npt.NDArray[Any]) -> npt.NDArray[np.int64]:
    """dlshogi's label of each record's move for its side to move, (N,) int64: HCPE's
    ``bestMove16``, or PSV's ``move`` (YaneuraOu's encoding, converted)."""
    rows, name = _format(data)
    return _koma._dlshogi_move_labels(rows, name)
