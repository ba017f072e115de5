"""USI engines from Python: drive one (``Engine``), or play a match between two (``match``).

Both run on koma-game's USI client and match runner, the code behind ``koma match``:

    >>> import koma, koma.usi
    >>> with koma.usi.Engine("target/release/koma-engine") as engine:
    ...     engine.setoption("USI_Hash", 64)
    ...     engine.isready()
    ...     engine.usinewgame()
    ...     result = engine.go(koma.Board(), byoyomi=1000)
    ...     print(result.bestmove, result.info.cp, result.info.pv)

    >>> summary = koma.usi.match("engine-a", "engine-b", games=10, time="0+200ms",
    ...                          records="games/")
    >>> print(summary)   # the endings and the score line with the Elo difference

Errors are ``EngineError`` (a ``RuntimeError``) and its subclasses ``EngineExitedError``
(the process exited: crashed or quit) and ``EngineTimeoutError`` (no answer in time).
"""

from ._koma import usi as _usi

Engine = _usi.Engine
Option = _usi.Option
Info = _usi.Info
SearchResult = _usi.SearchResult
MateResult = _usi.MateResult
GameResult = _usi.GameResult
MatchSummary = _usi.MatchSummary
EngineError = _usi.EngineError
EngineExitedError = _usi.EngineExitedError
EngineTimeoutError = _usi.EngineTimeoutError
match = _usi.match

__all__ = [
    "Engine",
    "EngineError",
    "EngineExitedError",
    "EngineTimeoutError",
    "GameResult",
    "Info",
    "MatchSummary",
    "MateResult",
    "Option",
    "SearchResult",
    "match",
]
