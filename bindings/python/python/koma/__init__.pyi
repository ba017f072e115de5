"""Type stubs of the koma package (the native module koma._koma)."""

import os
from typing import Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

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
    def move_stack(self) -> list[str]: ...
    @property
    def start_sfen(self) -> str: ...
    def push_usi(self, usi: str) -> str: ...
    def push(self, usi: str) -> None: ...
    def pop(self) -> str: ...
    def peek(self) -> Optional[str]: ...
    def is_legal(self, usi: str) -> bool: ...
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
    def features(self, rotate: bool = False, dtype: str = "float32") -> npt.NDArray[np.generic]: ...
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
    def write(self, format: str = "kif") -> str: ...
    def board(self, ply: Optional[int] = None) -> Board: ...
    def __len__(self) -> int: ...

def read_record(
    source: RecordSource, format: Optional[str] = None, variant: str = "shogi"
) -> Record: ...

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
    results: npt.NDArray[np.int8]
    games: npt.NDArray[np.int32]
    plies: npt.NDArray[np.int32]
    skipped: list[tuple[int, str]]
    def __len__(self) -> int: ...

def features_from_sfens(
    sfens: Sequence[str], rotate: bool = False, dtype: str = "float32"
) -> npt.NDArray[np.generic]: ...
def features_from_records(
    records: Sequence[RecordSource],
    rotate: bool = True,
    dtype: str = "float32",
    skip_errors: bool = False,
) -> TrainingData: ...
