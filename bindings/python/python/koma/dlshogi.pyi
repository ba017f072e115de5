"""Type stubs of koma.dlshogi: dlshogi's planes and labels, as cshogi.dlshogi's."""

from typing import Any, Optional, Tuple

import numpy as np
import numpy.typing as npt

from . import Board

FEATURES1_NUM: int
FEATURES2_NUM: int
MOVE_LABELS: int

def use_nyugyoku_features(use: bool) -> None: ...
def make_input_features(
    board: Board, features1: npt.NDArray[Any], features2: npt.NDArray[Any]
) -> None: ...
def make_move_label(move16: int, color: int) -> int: ...
def make_input_features_batch(
    data: npt.NDArray[Any],
    features1: Optional[npt.NDArray[Any]] = None,
    features2: Optional[npt.NDArray[Any]] = None,
    dtype: npt.DTypeLike = ...,
) -> Tuple[npt.NDArray[Any], npt.NDArray[Any]]: ...
def make_move_labels(data: npt.NDArray[Any]) -> npt.NDArray[np.int64]: ...
