"""koma.usi: USI engine processes driven from Python, and matches between two of them.

Against the koma engine the Rust build makes (target/debug/koma-engine, or
$KOMA_ENGINE_BIN) and koma-game's scripted engine koma-fake-usi (beside it, or
$KOMA_FAKE_USI_BIN) for the failures: crashes, hangs, handshakes without `usiok`.
"""

import ast
import os
import threading
import time
import types
from pathlib import Path

import pytest

import koma
import koma.usi
from koma.usi import Engine, EngineError, EngineExitedError, EngineTimeoutError

ROOT = Path(__file__).resolve().parents[3]


def find_binary(env: str, name: str) -> str:
    """$env, else target/{debug,release}/name."""
    path = os.environ.get(env)
    if path:
        return path
    for profile in ("debug", "release"):
        candidate = ROOT / "target" / profile / name
        if candidate.is_file():
            return str(candidate)
    pytest.fail(f"set {env} to {name} (cargo build -p {name})")


@pytest.fixture(scope="session")
def engine_bin() -> str:
    """koma-engine: $KOMA_ENGINE_BIN (scripts/python-test sets it), else a build in target/."""
    return find_binary("KOMA_ENGINE_BIN", "koma-engine")


@pytest.fixture(scope="session")
def fake_bin(engine_bin: str) -> str:
    """koma-fake-usi: $KOMA_FAKE_USI_BIN, else beside koma-engine, else in target/."""
    beside = Path(engine_bin).with_name("koma-fake-usi")
    if "KOMA_FAKE_USI_BIN" not in os.environ and beside.is_file():
        return str(beside)
    return find_binary("KOMA_FAKE_USI_BIN", "koma-fake-usi")


@pytest.fixture
def engine(engine_bin: str):
    with Engine(engine_bin, options={"USI_Hash": 16, "Threads": 1}) as e:
        e.isready()
        e.usinewgame()
        yield e


def legal_in(board: koma.Board, move: str) -> bool:
    return move in board.legal_moves


def test_handshake_lists_typed_options(engine: Engine, engine_bin: str):
    assert engine.name and engine.name.lower().startswith("koma")
    assert engine.author
    assert engine.command[0] == str(Path(engine_bin).resolve())
    options = engine.options
    hash_ = options["USI_Hash"]
    assert (hash_.kind, hash_.default) == ("spin", "64")
    assert hash_.min is not None and hash_.max is not None and hash_.min < hash_.max
    variant = options["USI_Variant"]
    assert variant.kind == "combo" and "shogi" in variant.vars and "tori" in variant.vars
    assert options["ClearHash"].kind == "button"
    assert "USI_Hash" in repr(hash_)
    assert engine.is_alive() and engine.pid > 0
    assert any("< usiok" in line for line in engine.log)


def test_setoption_and_isready(engine: Engine):
    engine.setoption("USI_Hash", 8)
    engine.setoption("USI_Ponder", False)
    engine.setoption("ClearHash")
    engine.isready(timeout=10)
    sent = [line.split(" > ", 1)[1] for line in engine.log if " > " in line]
    assert "setoption name USI_Hash value 8" in sent
    assert "setoption name USI_Ponder value false" in sent
    assert "setoption name ClearHash" in sent
    with pytest.raises(koma.KomaError):
        engine.setoption("USI_Hash\nquit", 1)


def test_options_come_from_any_mapping(engine_bin: str):
    # A read-only mapping, not a dict: the stubs promise any Mapping.
    options = types.MappingProxyType({"USI_Hash": 8, "USI_Ponder": False})
    with Engine(engine_bin, options=options) as e:
        sent = [line.split(" > ", 1)[1] for line in e.log if " > " in line]
        assert "setoption name USI_Hash value 8" in sent
        assert "setoption name USI_Ponder value false" in sent
    with pytest.raises(TypeError):
        Engine(engine_bin, options=[("USI_Hash", 8)])


def test_go_depth_parses_every_info_line(engine: Engine):
    board = koma.Board()
    board.push_usi("7g7f")
    seen = []
    result = engine.go(board, depth=4, on_info=seen.append)
    assert legal_in(board, result.bestmove)
    assert [i.line for i in seen] == [i.line for i in result.infos]
    best = result.info
    assert best is not None and best.depth == 4
    assert best.pv[0] == result.bestmove
    assert best.cp is not None and best.mate is None and best.mating is None
    assert best.nodes and best.nps is not None and best.time is not None
    assert best.seldepth >= best.depth and best.multipv == 1
    depths = [i.depth for i in result.infos if i.depth]
    assert depths == sorted(depths) and depths[-1] == 4
    assert result.ponder is None or result.ponder in best.pv
    assert not result.is_resign and not result.is_win
    assert "position startpos moves 7g7f" in "\n".join(engine.log)


def test_go_nodes_byoyomi_and_position_strings(engine: Engine):
    by_nodes = engine.go("startpos moves 2g2f", nodes=3000)
    after = koma.Board()
    after.push_usi("2g2f")
    assert legal_in(after, by_nodes.bestmove)
    assert by_nodes.info.nodes < 30000
    sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"
    start = time.monotonic()
    timed = engine.go(sfen, btime=0, wtime=0, byoyomi=200)
    assert time.monotonic() - start < 3
    assert legal_in(koma.Board(sfen), timed.bestmove)
    assert 0 < timed.elapsed < 3
    whole = engine.go(f"position sfen {sfen} moves 3c3d", depth=2)
    board = koma.Board(sfen)
    board.push_usi("3c3d")
    assert legal_in(board, whole.bestmove)
    with pytest.raises(TypeError):
        engine.go(42, depth=1)


def test_ponder_then_ponderhit_or_stop(engine: Engine):
    engine.setoption("USI_Ponder", True)
    board = koma.Board()
    board.push_usi("7g7f")
    assert engine.go(board, ponder=True, btime=0, wtime=0, byoyomi=300) is None
    with pytest.raises(EngineError, match="ponder"):
        engine.go(board, depth=1)
    time.sleep(0.1)
    hit = engine.ponderhit()
    assert legal_in(board, hit.bestmove)
    assert hit.elapsed < 3 and hit.infos
    assert engine.go(board, ponder=True, btime=0, wtime=0, byoyomi=300) is None
    stopped = engine.stop()
    assert stopped is not None and legal_in(board, stopped.bestmove)
    with pytest.raises(EngineError, match="no search"):
        engine.ponderhit()
    assert engine.stop() is None


def test_infinite_search_stops_from_another_thread_or_a_callback(engine: Engine):
    board = koma.Board()
    timer = threading.Timer(0.3, engine.stop)
    timer.start()
    start = time.monotonic()
    result = engine.go(board, infinite=True)
    assert 0.25 < time.monotonic() - start < 3
    assert legal_in(board, result.bestmove)

    def stop_at_depth_3(info):
        if info.depth and info.depth >= 3:
            assert engine.stop() is None

    result = engine.go(board, infinite=True, on_info=stop_at_depth_3)
    assert legal_in(board, result.bestmove)
    assert max(i.depth or 0 for i in result.infos) < 20
    timed = engine.go(board, infinite=True, timeout=0.2)
    assert legal_in(board, timed.bestmove) and timed.elapsed >= 0.2


def test_a_failing_callback_stops_the_search_and_raises(engine: Engine):
    def fail(info):
        raise ValueError("no thanks")

    with pytest.raises(ValueError, match="no thanks"):
        engine.go(koma.Board(), infinite=True, on_info=fail)
    assert legal_in(koma.Board(), engine.go(koma.Board(), depth=2).bestmove)


def test_go_mate(engine: Engine, fake_bin: str):
    problem = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1"
    mate = engine.go_mate(problem, movetime=2000)
    assert mate and mate.status == "mate" and mate.moves == ["G*5b"]
    assert mate.elapsed < 3
    board = koma.Board(problem)
    board.push_usi(mate.moves[0])
    assert board.is_game_over()
    nomate = engine.go_mate("4k4/9/9/9/9/9/9/9/9 b P2r2b4g4s4n4l16p 1", movetime=500)
    assert not nomate and nomate.status in ("nomate", "timeout") and nomate.moves == []
    with Engine(fake_bin) as fake:
        assert fake.go_mate("startpos").status == "notimplemented"


def test_a_mate_search_stops_from_another_thread(engine: Engine):
    # Microcosmos (Hashimoto Koji), a mate in 1,525: the search runs until stopped.
    endless = "g1+P1k1+P+P+L/1p3P3/+R+p2pp1pl/1NNsg+p2+R/+b+nL+P1+p3/1P3ssP1/2P1+Ps2N/4+P1P1L/+B5G1g b - 1"
    timer = threading.Timer(0.3, engine.stop)
    timer.start()
    start = time.monotonic()
    answer = engine.go_mate(endless, timeout=30)
    assert 0.25 < time.monotonic() - start < 5
    assert answer.status in ("timeout", "nomate") and answer.moves == []
    # The engine answers the next search as usual.
    assert engine.go_mate("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", movetime=2000).moves == ["G*5b"]


def test_mate_scores_and_resignation_from_the_fake(fake_bin: str):
    with Engine([fake_bin, "--mate", "-3"]) as fake:
        result = fake.go("startpos", depth=1)
        assert result.info.mate == -3 and result.info.mating is False
    with Engine(fake_bin, ["--resign-after", "0"]) as fake:
        assert fake.go("startpos", depth=1).is_resign


def test_a_crashed_engine_raises_a_clear_error(fake_bin: str):
    fake = Engine(fake_bin, ["--crash-after", "2"])
    assert fake.go("startpos moves 7g7f", depth=1).bestmove
    with pytest.raises(EngineExitedError, match="exit status: 3"):
        fake.go("startpos moves 7g7f 3c3d", depth=1)
    assert not fake.is_alive()
    with pytest.raises(EngineExitedError):
        fake.isready()
    assert any("crashing" in line for line in fake.log)
    fake.quit()
    with pytest.raises(EngineExitedError, match="quit"):
        fake.usinewgame()


def test_timeouts_and_failed_starts(fake_bin: str, tmp_path: Path):
    with pytest.raises(EngineTimeoutError, match="usiok"):
        Engine(fake_bin, ["--no-usiok"], timeout=0.3)
    with pytest.raises(EngineError, match="cannot start"):
        Engine(str(tmp_path / "no-such-engine"))
    with Engine(fake_bin, ["--hang", "--ignore-stop"]) as hung:
        start = time.monotonic()
        with pytest.raises(EngineTimeoutError, match="bestmove"):
            hung.go("startpos", btime=0, wtime=0, byoyomi=100, timeout=0.3)
        assert time.monotonic() - start < 3


def test_gameover_quit_and_with(engine_bin: str):
    with Engine(engine_bin) as e:
        e.isready()
        e.gameover("draw")
        with pytest.raises(koma.KomaError):
            e.gameover("maybe")
    assert not e.is_alive()
    assert e.quit() is None
    again = Engine(engine_bin)
    assert again.quit() == 0


def test_a_short_match_between_two_koma_engines(engine_bin: str, tmp_path: Path):
    seen = []
    summary = koma.usi.match(
        engine_bin,
        [engine_bin],
        games=2,
        time="0+50ms",
        max_moves=12,
        openings=["startpos moves 7g7f 3c3d"],
        records=tmp_path,
        options1={"USI_Hash": 16},
        options2={"USI_Hash": 16},
        on_game=seen.append,
    )
    assert summary.played == 2 == len(summary.games) == len(seen)
    assert summary.wins + summary.losses + summary.draws == 2
    assert summary.names[0] != summary.names[1]
    assert [g.sente for g in summary.games] == [0, 1]
    for game in summary.games:
        assert game.opening_plies == 2 and game.plies <= 12
        assert game.reason in summary.reasons
        assert {Path(p).suffix for p in game.records} == {".kif", ".csa"}
        assert all(Path(p).is_file() for p in game.records)
    assert summary.score is not None and summary.elo_error is not None
    assert "Score of" in str(summary)


def test_match_scores_elo_and_stops_when_told(engine_bin: str, fake_bin: str):
    summary = koma.usi.match(
        engine_bin,
        [fake_bin, "--resign-after", "0"],
        games=4,
        time="0+50ms",
        names=("koma", "resigner"),
        on_game=lambda game: game.number < 3,
    )
    assert summary.names == ("koma", "resigner")
    assert (summary.wins, summary.losses, summary.draws) == (3, 0, 0)
    assert summary.reasons == {"resignation": (3, 0, 0)}
    assert summary.elo == float("inf") and summary.score == 1.0
    assert summary.color_wins == (2, 1)
    assert [g.winner for g in summary.games] == [0, 0, 0]
    with pytest.raises(koma.KomaError, match="time"):
        koma.usi.match(engine_bin, engine_bin, time="soon")


def test_usi_stubs_match_the_classes():
    stubs = Path(koma.__file__).with_name("usi.pyi")
    tree = ast.parse(stubs.read_text(encoding="utf-8"))
    classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    functions = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
    assert set(koma.usi.__all__) == set(classes) | functions
    for name, node in classes.items():
        cls = getattr(koma.usi, name)
        if issubclass(cls, Exception):
            continue
        stubbed = {
            n.name if isinstance(n, ast.FunctionDef) else n.target.id
            for n in node.body
            if isinstance(n, (ast.FunctionDef, ast.AnnAssign))
        }
        public = {n for n in dir(cls) if not n.startswith("_")}
        assert public == {n for n in stubbed if not n.startswith("_")}, name
