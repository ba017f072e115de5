"""koma: shogi and its family for Python.

The rules of shogi, Tori Shogi, minishogi, Kyoto and Dobutsu shogi (``Board``,
``perft``), every record format (``read_record``: KIF, KI2, CSA, JKF, USI, SFEN in
UTF-8, Shift_JIS or EUC-JP), koma's engine in-process (``Engine``), its mate
solver (``solve_mate``) and feature planes for machine learning
(``Board.features``, ``features_from_sfens``, ``features_from_records``).

The work is done by koma's Rust crates, compiled into ``koma._koma``.

Feature planes: ``FEATURES_NUM`` (104) planes of 9x9, indexed
``[plane, file - 1, rank - 1]``. Planes 0-13 hold the first side's pieces, one
plane per kind in cshogi's order (pawn, lance, knight, silver, bishop, rook,
gold, king, tokin, promoted lance, promoted knight, promoted silver, horse,
dragon), 14-27 the other side's; planes 28-65 the first side's hand (18 pawn
planes, 4 each for lance, knight, silver and gold, 2 each for bishop and rook,
the first n of a kind all ones when n are held), 66-103 the other side's. The
first side is sente, or with ``rotate`` the side to move, the board turned 180
degrees when that is gote: the 28 board planes are then exactly cshogi's
``piece_planes`` and ``piece_planes_rotate``.
"""

from ._koma import (
    BLACK,
    FEATURES_NUM,
    VARIANTS,
    WHITE,
    Board,
    Engine,
    IllegalMoveError,
    KomaError,
    MateResult,
    Outcome,
    Record,
    RecordError,
    SearchResult,
    SfenError,
    TrainingData,
    Variation,
    __version__,
    features_from_records,
    features_from_sfens,
    perft,
    read_record,
    read_records,
    solve_mate,
)
from ._koma import move16_from_psv, move16_to_psv
from . import dlshogi, training
from . import usi
from .training import (
    HCP_DTYPE,
    HCPE_DTYPE,
    PSFEN_DTYPE,
    PSV_DTYPE,
    read_hcp,
    read_hcpe,
    read_psfen,
    read_psv,
    read_training_data,
    records_to_hcpe,
    write_training_data,
)

__all__ = [
    "BLACK",
    "FEATURES_NUM",
    "VARIANTS",
    "WHITE",
    "Board",
    "Engine",
    "IllegalMoveError",
    "KomaError",
    "MateResult",
    "Outcome",
    "Record",
    "RecordError",
    "SearchResult",
    "SfenError",
    "TrainingData",
    "Variation",
    "__version__",
    "features_from_records",
    "features_from_sfens",
    "perft",
    "read_record",
    "read_records",
    "solve_mate",
    "HCP_DTYPE",
    "HCPE_DTYPE",
    "PSFEN_DTYPE",
    "PSV_DTYPE",
    "move16_from_psv",
    "move16_to_psv",
    "read_hcp",
    "read_hcpe",
    "read_psfen",
    "read_psv",
    "read_training_data",
    "records_to_hcpe",
    "write_training_data",
]
