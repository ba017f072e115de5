"""Type stubs of koma.usi (the native submodule koma._koma.usi)."""

import os
from types import TracebackType
from typing import Callable, Literal, Mapping, Optional, Sequence, Union, overload

from . import Board

Position = Union[Board, str]
Command = Union[str, Sequence[str]]
OptionValue = Union[str, int, bool, None]
PathArg = Union[str, "os.PathLike[str]"]

class EngineError(RuntimeError):
    """A USI engine failed: it could not start, broke the protocol, or a match could not go on."""

class EngineExitedError(EngineError):
    """The engine process exited (crashed, or quit); the message has its exit status."""

class EngineTimeoutError(EngineError):
    """The engine did not answer in time (`usiok`, `readyok` or `bestmove`)."""

class Option:
    """An option the engine declared in its answer to `usi`."""

    name: str
    kind: str
    default: Optional[str]
    min: Optional[int]
    max: Optional[int]
    vars: list[str]

class Info:
    """One `info` line of a search; fields the line did not carry are None (or empty)."""

    line: str
    depth: Optional[int]
    seldepth: Optional[int]
    time: Optional[int]
    nodes: Optional[int]
    nps: Optional[int]
    hashfull: Optional[int]
    multipv: Optional[int]
    cp: Optional[int]
    mate: Optional[int]
    mating: Optional[bool]
    bound: Optional[Literal["lower", "upper"]]
    currmove: Optional[str]
    pv: list[str]
    string: Optional[str]

class SearchResult:
    """The engine's answer to `go`."""

    bestmove: str
    ponder: Optional[str]
    infos: list[Info]
    info: Optional[Info]
    elapsed: float
    @property
    def is_resign(self) -> bool: ...
    @property
    def is_win(self) -> bool: ...

class MateResult:
    """The engine's answer to `go mate`."""

    status: Literal["mate", "nomate", "timeout", "notimplemented"]
    moves: list[str]
    infos: list[Info]
    elapsed: float
    def __bool__(self) -> bool: ...

class Engine:
    """A USI engine running as a child process (the `usi` handshake done)."""

    def __init__(
        self,
        command: Command,
        args: Optional[Sequence[str]] = None,
        cwd: Optional[PathArg] = None,
        *,
        options: Optional[Mapping[str, OptionValue]] = None,
        timeout: float = 10.0,
        ready_timeout: float = 60.0,
    ) -> None: ...
    @property
    def name(self) -> Optional[str]: ...
    @property
    def author(self) -> Optional[str]: ...
    @property
    def options(self) -> dict[str, Option]: ...
    @property
    def command(self) -> list[str]: ...
    @property
    def pid(self) -> int: ...
    @property
    def log(self) -> list[str]: ...
    def is_alive(self) -> bool: ...
    def setoption(self, name: str, value: OptionValue = None) -> None: ...
    def isready(self, timeout: Optional[float] = None) -> None: ...
    def usinewgame(self) -> None: ...
    @overload
    def go(
        self,
        position: Position,
        *,
        btime: Optional[int] = None,
        wtime: Optional[int] = None,
        byoyomi: Optional[int] = None,
        binc: Optional[int] = None,
        winc: Optional[int] = None,
        movetime: Optional[int] = None,
        nodes: Optional[int] = None,
        depth: Optional[int] = None,
        infinite: bool = False,
        ponder: Literal[False] = False,
        timeout: Optional[float] = None,
        on_info: Optional[Callable[[Info], object]] = None,
    ) -> SearchResult: ...
    @overload
    def go(
        self,
        position: Position,
        *,
        btime: Optional[int] = None,
        wtime: Optional[int] = None,
        byoyomi: Optional[int] = None,
        binc: Optional[int] = None,
        winc: Optional[int] = None,
        movetime: Optional[int] = None,
        nodes: Optional[int] = None,
        depth: Optional[int] = None,
        infinite: bool = False,
        ponder: Literal[True],
        timeout: Optional[float] = None,
        on_info: Optional[Callable[[Info], object]] = None,
    ) -> None: ...
    def go_mate(
        self,
        position: Position,
        *,
        movetime: Optional[int] = None,
        timeout: Optional[float] = None,
        on_info: Optional[Callable[[Info], object]] = None,
    ) -> MateResult: ...
    def ponderhit(self, timeout: Optional[float] = None) -> SearchResult: ...
    def stop(self) -> Optional[SearchResult]: ...
    def gameover(self, result: Literal["win", "lose", "draw"]) -> None: ...
    def send(self, line: str) -> None: ...
    def quit(self) -> Optional[int]: ...
    def __enter__(self) -> "Engine": ...
    def __exit__(
        self,
        kind: Optional[type[BaseException]],
        value: Optional[BaseException],
        traceback: Optional[TracebackType],
    ) -> bool: ...

class GameResult:
    """How one game of a match went."""

    number: int
    sente: int
    winner: Optional[int]
    winner_color: Optional[int]
    reason: str
    outcome: str
    plies: int
    opening_plies: int
    opening_line: Optional[int]
    note: Optional[str]
    records: list[str]

class MatchSummary:
    """The totals of a match, from the first engine's side."""

    names: tuple[str, str]
    wins: int
    losses: int
    draws: int
    color_wins: tuple[int, int]
    score: Optional[float]
    elo: Optional[float]
    elo_error: Optional[float]
    reasons: dict[str, tuple[int, int, int]]
    games: list[GameResult]
    text: str
    @property
    def played(self) -> int: ...

def match(
    engine1: Command,
    engine2: Command,
    *,
    games: int = 2,
    time: str = "1m+1s",
    openings: Union[PathArg, Sequence[str], None] = None,
    records: Optional[PathArg] = None,
    concurrency: int = 1,
    variant: str = "shogi",
    options1: Optional[Mapping[str, OptionValue]] = None,
    options2: Optional[Mapping[str, OptionValue]] = None,
    names: Optional[tuple[str, str]] = None,
    rules: Optional[str] = None,
    max_moves: Optional[int] = None,
    margin: int = 100,
    adjudicate: Optional[str] = None,
    on_game: Optional[Callable[[GameResult], object]] = None,
) -> MatchSummary: ...
