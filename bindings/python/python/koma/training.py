"""Training-data records as NumPy structured arrays, the formats cshogi and YaneuraOu use.

- ``HCP_DTYPE`` (32 bytes): Apery's HuffmanCodedPos, cshogi's ``HuffmanCodedPos``.
- ``HCPE_DTYPE`` (38 bytes): dlshogi's HuffmanCodedPosAndEval, cshogi's
  ``HuffmanCodedPosAndEval``: ``hcp``, ``eval`` (side to move's view), ``bestMove16``
  (cshogi's move16), ``gameResult`` (0 draw, 1 sente won, 2 gote won), ``dummy``.
- ``PSFEN_DTYPE`` (32 bytes): YaneuraOu's PackedSfen, cshogi's ``PackedSfen``.
- ``PSV_DTYPE`` (40 bytes): YaneuraOu's PackedSfenValue, cshogi's ``PackedSfenValue``:
  ``sfen``, ``score`` (side to move's view), ``move`` (YaneuraOu's move16, not cshogi's),
  ``gamePly``, ``game_result`` (1 win, 0 draw, -1 loss for the side to move), ``padding``.

Files of these records are plain concatenations: ``read_training_data`` maps them into
memory (nothing is read until used), ``write_training_data`` writes or appends them.
"""

from __future__ import annotations

import os
from typing import Any, List, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

from . import _koma

HCP_DTYPE = np.dtype([("hcp", np.uint8, 32)])
HCPE_DTYPE = np.dtype(
    [
        ("hcp", np.uint8, 32),
        ("eval", np.int16),
        ("bestMove16", np.int16),
        ("gameResult", np.int8),
        ("dummy", np.uint8),
    ]
)
PSFEN_DTYPE = np.dtype([("sfen", np.uint8, 32)])
PSV_DTYPE = np.dtype(
    [
        ("sfen", np.uint8, 32),
        ("score", np.int16),
        ("move", np.uint16),
        ("gamePly", np.uint16),
        ("game_result", np.int8),
        ("padding", np.uint8),
    ]
)

# The format names the native functions take, by dtype.
_FORMATS = (
    (HCP_DTYPE, "hcp"),
    (HCPE_DTYPE, "hcpe"),
    (PSFEN_DTYPE, "psfen"),
    (PSV_DTYPE, "psv"),
)

PathLike = Union[str, "os.PathLike[str]"]


def _format(data: npt.NDArray[Any]) -> Tuple[npt.NDArray[np.uint8], str]:
    """The records of ``data`` as a C-contiguous (N, record size) uint8 array, and its
    format's name; a ``KomaError`` for an array of another dtype."""
    for dtype, name in _FORMATS:
        if data.dtype == dtype:
            rows = np.ascontiguousarray(data).reshape(-1)
            return rows.view(np.uint8).reshape(len(rows), dtype.itemsize), name
    raise _koma.KomaError(
        f"records of dtype {data.dtype} are none of HCP_DTYPE, HCPE_DTYPE, PSFEN_DTYPE, "
        "PSV_DTYPE"
    )


def read_training_data(
    path: PathLike, dtype: npt.DTypeLike, mmap: bool = True
) -> npt.NDArray[Any]:
    """The records of the file ``path`` as a one-dimensional array of ``dtype`` (one of
    the four above): memory-mapped read-only with ``mmap``, else read into memory. A
    ``KomaError`` when the file's size is not a whole number of records."""
    dtype = np.dtype(dtype)
    if dtype not in [d for d, _ in _FORMATS]:
        raise _koma.KomaError(f"{dtype} is none of the training-data dtypes")
    size = os.path.getsize(path)
    if size % dtype.itemsize:
        raise _koma.KomaError(
            f"{os.fspath(path)}: {size} bytes is not a whole number of "
            f"{dtype.itemsize}-byte records ({size // dtype.itemsize} and "
            f"{size % dtype.itemsize} bytes over)"
        )
    if size == 0:
        return np.zeros(0, dtype)
    if mmap:
        return np.memmap(path, dtype=dtype, mode="r")
    return np.fromfile(path, dtype=dtype)


def read_hcp(path: PathLike, mmap: bool = True) -> npt.NDArray[Any]:
    """A file of HuffmanCodedPos records (``read_training_data``)."""
    return read_training_data(path, HCP_DTYPE, mmap)


def read_hcpe(path: PathLike, mmap: bool = True) -> npt.NDArray[Any]:
    """A file of HuffmanCodedPosAndEval records (``read_training_data``)."""
    return read_training_data(path, HCPE_DTYPE, mmap)


def read_psfen(path: PathLike, mmap: bool = True) -> npt.NDArray[Any]:
    """A file of PackedSfen records (``read_training_data``)."""
    return read_training_data(path, PSFEN_DTYPE, mmap)


def read_psv(path: PathLike, mmap: bool = True) -> npt.NDArray[Any]:
    """A file of PackedSfenValue records (``read_training_data``)."""
    return read_training_data(path, PSV_DTYPE, mmap)


def write_training_data(path: PathLike, data: npt.NDArray[Any], append: bool = False) -> None:
    """Writes the records ``data`` (an array of one of the four dtypes) to ``path``, after
    what it holds with ``append``."""
    _format(data)
    with open(path, "ab" if append else "wb") as f:
        np.ascontiguousarray(data).tofile(f)


def training_sfens(data: npt.NDArray[Any]) -> List[str]:
    """The SFEN of each record's position (move number 1: the formats keep no ply there).
    A ``KomaError`` names the first record that holds no position."""
    rows, name = _format(data)
    return _koma._training_sfens(rows, name)


def side_to_move(data: npt.NDArray[Any]) -> npt.NDArray[np.int8]:
    """Each record's side to move, 0 (``BLACK``) or 1 (``WHITE``): the first bit of its
    position, in all four formats."""
    rows, _ = _format(data)
    return (rows[:, 0] & 1).astype(np.int8)


def evaluations(data: npt.NDArray[Any]) -> npt.NDArray[np.int16]:
    """Each record's evaluation from its side to move's view: HCPE's ``eval``, PSV's
    ``score`` (a copy)."""
    if data.dtype == HCPE_DTYPE:
        return np.array(data["eval"], dtype=np.int16)
    if data.dtype == PSV_DTYPE:
        return np.array(data["score"], dtype=np.int16)
    raise _koma.KomaError("evaluations are in HCPE_DTYPE and PSV_DTYPE records only")


def results(data: npt.NDArray[Any]) -> npt.NDArray[np.int8]:
    """Each record's game result for its side to move: 1 won, 0 drawn, -1 lost. HCPE's
    ``gameResult`` (sente's view: 1 sente won, 2 gote won) is turned to the side to
    move's; PSV's ``game_result`` already is."""
    if data.dtype == PSV_DTYPE:
        return np.array(data["game_result"], dtype=np.int8)
    if data.dtype != HCPE_DTYPE:
        raise _koma.KomaError("results are in HCPE_DTYPE and PSV_DTYPE records only")
    winner = np.asarray(data["gameResult"], dtype=np.int8)
    mover = side_to_move(data)
    out = np.zeros(len(winner), dtype=np.int8)
    decided = (winner == 1) | (winner == 2)
    out[decided] = np.where(winner[decided] - 1 == mover[decided], 1, -1)
    return out


def records_to_hcpe(
    records: Sequence[Any],
    skip_errors: bool = False,
    skipped: Optional[List[Tuple[int, str]]] = None,
) -> npt.NDArray[Any]:
    """Every position of the main line of each record (paths or record texts, any format
    ``read_record`` reads; standard shogi; every game of a CSA file holding several, as
    ``read_records`` reads them) as HCPE records, as dlshogi's ``csa_to_hcpe``
    makes them: ``bestMove16`` the move played (cshogi's move16), ``gameResult`` how the
    game ended (0 draw or unfinished, 1 sente won, 2 gote won), ``eval`` the mover's
    evaluation from the record's Floodgate comments (``'** 123 ...`` after the move,
    turned to the side to move's view and clipped to int16), 0 where there is none.
    A record that cannot be read raises ``RecordError`` naming it, unless ``skip_errors``:
    then it is left out and, when ``skipped`` is a list, ``(index, message)`` appended to
    it."""
    rows, left_out = _koma._records_to_hcpe(list(records), skip_errors)
    if skipped is not None:
        skipped.extend(left_out)
    return np.ascontiguousarray(rows).view(HCPE_DTYPE).reshape(-1)
