"""Type stubs of the koma package (the native module koma._koma)."""

import datetime
import os
from typing import Mapping, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

from . import dlshogi as dlshogi
from . import training as training
from . import usi as usi

__version__: str
BLACK: int
WHITE: int
VARIANTS: list[str]
FEATURES_NUM: int

RecordSource = Union[str, bytes, bytearray, "os.PathLike[str]"]

class KomaError(ValueError):
    """Bad input to koma: the base of its errors."""

class SfenError(KomaError):
    """A position (SFEN) that cannot be read."""

class IllegalMoveError(KomaError):
    """A move that is not USI text, or that the rules forbid here."""

class RecordError(KomaError):
    """A record that cannot be read or written."""

class Outcome:
    """How a game ended."""

    winner: Optional[int]
    reason: str
    text: str

class Board:
    """A position of any variant with the moves that led to it."""

    def __init__(self, sfen: Optional[str] = None, variant: str = "shogi") -> None: ...
    def set_position(self, command: str) -> None: ...
    @property
    def variant(self) -> str: ...
    @property
    def turn(self) -> int: ...
    @property
    def move_number(self) -> int: ...
    @property
    def legal_moves(self) -> list[str]: ...
    @property
    def legal_moves16(self) -> list[int]: ...
    @property
    def move_stack(self) -> list[str]: ...
    @property
    def start_sfen(self) -> str: ...
    def push_usi(self, usi: Union[str, int]) -> str: ...
    def push(self, usi: Union[str, int]) -> None: ...
    def pop(self) -> str: ...
    def peek(self) -> Optional[str]: ...
    def peek16(self) -> Optional[int]: ...
    def move16(self, usi: Union[str, int]) -> int: ...
    def usi_of(self, move16: int) -> str: ...
    def move16_yaneuraou(self, usi: Union[str, int]) -> int: ...
    def usi_of_yaneuraou(self, bits: int) -> str: ...
    def to_hcp(self) -> npt.NDArray[np.uint8]: ...
    def set_hcp(self, hcp: Union[bytes, bytearray, npt.NDArray[np.generic], np.void]) -> None: ...
    def to_psfen(self) -> npt.NDArray[np.uint8]: ...
    def set_psfen(
        self, psfen: Union[bytes, bytearray, npt.NDArray[np.generic], np.void]
    ) -> None: ...
    def is_legal(self, usi: Union[str, int]) -> bool: ...
    def mate_move(self, plies: int = 3) -> Optional[str]: ...
    def is_check(self) -> bool: ...
    def is_game_over(self) -> bool: ...
    def outcome(self) -> Optional[Outcome]: ...
    def sfen(self) -> str: ...
    def copy(self) -> "Board": ...
    def __copy__(self) -> "Board": ...
    def __deepcopy__(self, memo: object) -> "Board": ...
    def piece_at(self, square: str) -> Optional[str]: ...
    def pieces_in_hand(self, color: int) -> list[tuple[str, int]]: ...
    def move_text(self, usi: str, notation: str = "japanese") -> str: ...
    def move_stack_text(self, notation: str = "japanese") -> list[str]: ...
    def perft(self, depth: int) -> int: ...
    def zobrist_hash(self) -> int: ...
    def features(
        self,
        rotate: bool = False,
        dtype: str = "float32",
        out: Optional[npt.NDArray[np.generic]] = None,
    ) -> npt.NDArray[np.generic]: ...
    def __len__(self) -> int: ...

def perft(sfen: Optional[str] = None, depth: int = 1, variant: str = "shogi") -> int: ...

class Variation:
    """Moves that replace the move at `ply` of the line they branch from."""

    ply: int
    before: list[str]
    moves: list[str]

class Record:
    """A game record."""

    @property
    def variant(self) -> str: ...
    @property
    def header(self) -> dict[str, str]: ...
    @property
    def header_entries(self) -> list[tuple[str, str]]: ...
    @property
    def start_sfen(self) -> str: ...
    @property
    def moves(self) -> list[str]: ...
    @property
    def illegal_move(self) -> Optional[tuple[str, str]]: ...
    @property
    def ending(self) -> Optional[str]: ...
    @property
    def comments(self) -> list[list[str]]: ...
    @property
    def times(self) -> list[Optional[int]]: ...
    @property
    def variations(self) -> list[Variation]: ...
    @property
    def warnings(self) -> list[str]: ...
    @property
    def winner(self) -> Optional[int]: ...
    @property
    def scores(self) -> list[Optional[int]]: ...
    @property
    def pvs(self) -> list[list[str]]: ...
    @property
    def ratings(self) -> tuple[Optional[float], Optional[float]]: ...
    def write(self, format: str = "kif") -> str: ...
    def save(
        self,
        path: Union[str, "os.PathLike[str]"],
        format: Optional[str] = None,
        encoding: Optional[str] = None,
    ) -> list[str]: ...
    @classmethod
    def build(
        cls,
        moves: Sequence[str],
        start: Optional[str] = None,
        variant: str = "shogi",
        sente: Optional[str] = None,
        gote: Optional[str] = None,
        times: Optional[Sequence[Optional[int]]] = None,
        ending: Optional[str] = None,
        header: Union[Mapping[str, str], Sequence[tuple[str, str]], None] = None,
        event: Optional[str] = None,
        start_time: Union[str, datetime.datetime, None] = None,
        comments: Optional[Sequence[Union[str, Sequence[str], None]]] = None,
    ) -> "Record": ...
    @classmethod
    def from_board(
        cls,
        board: Board,
        sente: Optional[str] = None,
        gote: Optional[str] = None,
        times: Optional[Sequence[Optional[int]]] = None,
        ending: Optional[str] = None,
        header: Union[Mapping[str, str], Sequence[tuple[str, str]], None] = None,
        event: Optional[str] = None,
        start_time: Union[str, datetime.datetime, None] = None,
        comments: Optional[Sequence[Union[str, Sequence[str], None]]] = None,
    ) -> "Record": ...
    def board(self, ply: Optional[int] = None) -> Board: ...
    def __len__(self) -> int: ...

def read_record(
    source: RecordSource, format: Optional[str] = None, variant: str = "shogi"
) -> Record: ...
def read_records(
    source: RecordSource, format: Optional[str] = None, variant: str = "shogi"
) -> list[Record]: ...

class SearchResult:
    """What a search found."""

    bestmove: Optional[str]
    ponder: Optional[str]
    score_cp: Optional[int]
    mate: Optional[int]
    depth: int
    nodes: int
    pv: list[str]

class Engine:
    """koma's engine search, in-process."""

    def __init__(
        self, hash_mb: int = 64, threads: int = 1, nnue: Optional[bool] = None
    ) -> None: ...
    def go(
        self,
        board: Board,
        movetime: Optional[float] = None,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
    ) -> SearchResult: ...
    def stop(self) -> None: ...
    def clear(self) -> None: ...

class MateResult:
    """What the mate solver found."""

    status: str
    moves: list[str]
    shortest: bool
    nodes: int
    time_ms: int
    def __bool__(self) -> bool: ...

def solve_mate(
    position: Union[Board, str],
    movetime: Optional[float] = None,
    nodes: Optional[int] = None,
    hash_mb: int = 64,
    rest_to_defender: bool = False,
) -> MateResult: ...

class TrainingData:
    """Positions of records for training: planes, moves, results."""

    features: npt.NDArray[np.generic]
    moves: npt.NDArray[np.uint16]
    moves_yaneuraou: npt.NDArray[np.uint16]
    labels: npt.NDArray[np.int64]
    results: npt.NDArray[np.int8]
    games: npt.NDArray[np.int32]
    plies: npt.NDArray[np.int32]
    skipped: list[tuple[int, str]]
    def __len__(self) -> int: ...

def features_from_sfens(
    sfens: Sequence[str],
    rotate: bool = False,
    dtype: str = "float32",
    out: Optional[npt.NDArray[np.generic]] = None,
) -> npt.NDArray[np.generic]: ...
def features_from_records(
    records: Sequence[RecordSource],
    rotate: bool = True,
    dtype: str = "float32",
    skip_errors: bool = False,
) -> TrainingData: ...

# Training data (koma.training, koma.dlshogi): cshogi's and YaneuraOu's record formats.
HCP_DTYPE: np.dtype[np.void]
HCPE_DTYPE: np.dtype[np.void]
PSFEN_DTYPE: np.dtype[np.void]
PSV_DTYPE: np.dtype[np.void]

def move16_to_psv(move16: int) -> int: ...
def move16_from_psv(psv_move: int) -> int: ...
def read_training_data(
    path: Union[str, "os.PathLike[str]"], dtype: npt.DTypeLike, mmap: bool = True
) -> npt.NDArray[np.void]: ...
def read_hcp(path: Union[str, "os.PathLike[str]"], mmap: bool = True) -> npt.NDArray[np.void]: ...
def read_hcpe(path: Union[str, "os.PathLike[str]"], mmap: bool = True) -> npt.NDArray[np.void]: ...
def read_psfen(path: Union[str, "os.PathLike[str]"], mmap: bool = True) -> npt.NDArray[np.void]: ...
def read_psv(path: Union[str, "os.PathLike[str]"], mmap: bool = True) -> npt.NDArray[np.void]: ...
def write_training_data(
    path: Union[str, "os.PathLike[str]"], data: npt.NDArray[np.void], append: bool = False
) -> None: ...
def records_to_hcpe(
    records: Sequence[RecordSource],
    skip_errors: bool = False,
    skipped: Optional[list[tuple[int, str]]] = None,
) -> npt.NDArray[np.void]: ...
