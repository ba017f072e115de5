"""Records a koma server exports, read by an independent reader (cshogi).

`koma serve` runs on a scratch database; two accounts play games to each kind of ending a
game between people has (resignation on one's move and on the opponent's, mate, repetition,
agreement, time, abort), through lishogi's board API as any client would. Each game's KIF
and CSA export (`GET /api/games/{id}/record?format=...`) is read with cshogi's KIF and CSA
parsers, which must find the same moves, the same players and the same result as the
server's own state.
"""

from __future__ import annotations

import base64
import json
import os
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import cshogi  # the independent reader: scripts/python-test installs it from PyPI
from cshogi import CSA, KIF

PASSWORD = "a-long-password"


@dataclass
class Server:
    """A running `koma serve` and its base URL."""

    process: subprocess.Popen[str]
    url: str

    def call(self, method: str, path: str, *, token: str | None = None,
             form: dict[str, str] | None = None, json_body: object = None,
             basic: tuple[str, str] | None = None) -> tuple[int, str]:
        """One request: the status and the body's text."""
        headers = {"accept": "application/json"}
        data = None
        if token:
            headers["authorization"] = f"Bearer {token}"
        if basic:
            pair = base64.b64encode(f"{basic[0]}:{basic[1]}".encode()).decode()
            headers["authorization"] = f"Basic {pair}"
        if form is not None:
            headers["content-type"] = "application/x-www-form-urlencoded"
            data = urllib.parse.urlencode(form).encode()
        if json_body is not None:
            headers["content-type"] = "application/json"
            data = json.dumps(json_body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=20) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode()

    def ok(self, method: str, path: str, **kw: object) -> object:
        """Like `call`, insisting on a 2xx answer; the body parsed as JSON (None if empty)."""
        status, text = self.call(method, path, **kw)  # type: ignore[arg-type]
        assert 200 <= status < 300, f"{method} {path}: {status} {text}"
        return json.loads(text) if text.strip() else None


@pytest.fixture(scope="module")
def server(koma_cli: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """`koma serve` on a free port and a scratch database."""
    db = tmp_path_factory.mktemp("serve") / "games.sqlite"
    process = subprocess.Popen(
        [koma_cli, "serve", "--addr", "127.0.0.1:0", "--db", str(db), "--no-rate-limits"],
        stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True,
    )
    assert process.stderr is not None
    first = process.stderr.readline()
    url = next((w for w in first.split() if w.startswith("http://")), None)
    assert url, f"koma serve did not say where it listens: {first!r}"
    try:
        yield Server(process, url.rstrip("/"))
    finally:
        process.kill()
        process.wait()


@dataclass
class Player:
    """An account and its API token."""

    name: str
    token: str


def account(server: Server, name: str) -> Player:
    """A new account with a personal API token."""
    server.ok("POST", "/api/accounts", json_body={"username": name, "password": PASSWORD})
    answer = server.ok("POST", "/api/account/tokens", basic=(name, PASSWORD))
    assert isinstance(answer, dict)
    return Player(name, answer["token"])


_games = 0


def game(server: Server, clock: dict[str, str] | None = None,
         sfen: str | None = None) -> tuple[str, Player, Player]:
    """A game between two new accounts, challenged and accepted (from `sfen` if given): its
    id, sente and gote."""
    global _games
    _games += 1
    sente = account(server, f"Sente{_games}")
    gote = account(server, f"Gote{_games}")
    form = {"rated": "false", "color": "sente", "variant": "standard"}
    form.update(clock or {"clock.limit": "600", "clock.increment": "0",
                          "clock.byoyomi": "10", "clock.periods": "1"})
    if sfen:
        form["sfen"] = sfen
    answer = server.ok("POST", f"/api/challenge/{gote.name}", token=sente.token, form=form)
    assert isinstance(answer, dict)
    challenge = answer.get("challenge", answer)
    server.ok("POST", f"/api/challenge/{challenge['id']}/accept", token=gote.token)
    return challenge["id"], sente, gote


def play(server: Server, gid: str, sente: Player, gote: Player, moves: list[str]) -> None:
    """Plays `moves` in turn from sente."""
    for i, usi in enumerate(moves):
        mover = sente if i % 2 == 0 else gote
        server.ok("POST", f"/api/board/game/{gid}/move/{usi}", token=mover.token)


def state(server: Server, gid: str) -> dict:
    """The game's state as koma's own API gives it."""
    answer = server.ok("GET", f"/api/games/{gid}")
    assert isinstance(answer, dict)
    return answer.get("game", answer)


def exports(server: Server, gid: str) -> tuple[str, str]:
    """The game's KIF and CSA records."""
    status, kif = server.call("GET", f"/api/games/{gid}/record?format=kif")
    assert status == 200, kif
    status, csa = server.call("GET", f"/api/games/{gid}/record?format=csa")
    assert status == 200, csa
    return kif, csa


def read_both(kif: str, csa: str) -> tuple[object, object]:
    """cshogi's readings of the two records."""
    kif_game = KIF.Parser.parse_str(kif)
    csa_games = CSA.Parser.parse_str(csa)
    assert len(csa_games) == 1
    return kif_game, csa_games[0]


# The repetition: both rooks step aside and back, four times the start position.
REPETITION = ["2h1h", "8b9b", "1h2h", "9b8b"] * 3
# A mate in the opening (a helpmate found with cshogi's one-ply mate search): gote's king
# walks up to meet sente's pawn and rook.
FOOLS_MATE = ["4g4f", "5a4b", "4f4e", "4b3b", "4e4d", "3b4b", "2h4h", "4b3b", "4d4c+"]


SKIP = object()


def check(server: Server, gid: str, sente: Player, gote: Player, *,
          kif_win: object, csa_endgame: str, csa_win: object) -> str:
    """The exports, read by cshogi, have the game's moves and players, the CSA its end code,
    and the result cshogi draws from each (`SKIP` where cshogi's reader assigns no result to
    that ending: its KIF reader knows only the `まで…手で先手の勝ち` summaries, its CSA
    reader no winner for %TSUMI)."""
    moves = state(server, gid)["moves"]
    kif, csa = exports(server, gid)
    kif_game, csa_game = read_both(kif, csa)
    for name, parsed, text, win in (("KIF", kif_game, kif, kif_win), ("CSA", csa_game, csa, csa_win)):
        read_moves = [cshogi.move_to_usi(m) for m in parsed.moves]
        assert read_moves == moves, f"{name}: cshogi read {read_moves}, the game has {moves}\n{text}"
        assert list(parsed.names) == [sente.name, gote.name], f"{name}: players {parsed.names}\n{text}"
        if win is not SKIP:
            assert parsed.win == win, f"{name}: cshogi read result {parsed.win}, expected {win}\n{text}"
    assert csa_game.endgame == csa_endgame, f"CSA: {csa_game.endgame}\n{csa}"
    return kif


def test_resignation_on_ones_move(server: Server) -> None:
    gid, sente, gote = game(server)
    play(server, gid, sente, gote, ["7g7f", "3c3d"])
    server.ok("POST", f"/api/board/game/{gid}/resign", token=sente.token)
    check(server, gid, sente, gote, kif_win=cshogi.WHITE_WIN, csa_endgame="%TORYO",
          csa_win=cshogi.WHITE_WIN)


def test_resignation_on_the_opponents_move(server: Server) -> None:
    gid, sente, gote = game(server)
    play(server, gid, sente, gote, ["7g7f", "3c3d", "2g2f"])
    # Sente has moved and resigns on gote's turn. CSA can say "the side to move resigned"
    # only: the standard's word for this is sente's illegal action (%+ILLEGAL_ACTION, gote
    # wins); KIF's summary names the winner.
    server.ok("POST", f"/api/board/game/{gid}/resign", token=sente.token)
    check(server, gid, sente, gote, kif_win=cshogi.WHITE_WIN, csa_endgame="%+ILLEGAL_ACTION",
          csa_win=cshogi.WHITE_WIN)


def test_mate(server: Server) -> None:
    gid, sente, gote = game(server)
    play(server, gid, sente, gote, FOOLS_MATE)
    assert state(server, gid)["outcome"] is not None
    check(server, gid, sente, gote, kif_win=cshogi.BLACK_WIN, csa_endgame="%TSUMI", csa_win=SKIP)


def test_repetition(server: Server) -> None:
    gid, sente, gote = game(server)
    play(server, gid, sente, gote, REPETITION)
    assert state(server, gid)["outcome"] is not None
    check(server, gid, sente, gote, kif_win=cshogi.DRAW, csa_endgame="%SENNICHITE",
          csa_win=cshogi.DRAW)


def test_agreed_draw(server: Server) -> None:
    gid, sente, gote = game(server)
    play(server, gid, sente, gote, ["7g7f", "3c3d", "2g2f", "8c8d"])
    server.ok("POST", f"/api/board/game/{gid}/draw/yes", token=sente.token)
    server.ok("POST", f"/api/board/game/{gid}/draw/yes", token=gote.token)
    assert state(server, gid)["outcome"]["reason"] == "agreement"
    # CSA's end code for a draw, %HIKIWAKE (cshogi reads no winner); KIF's 引き分け, which
    # cshogi's KIF reader gives no result for.
    kif = check(server, gid, sente, gote, kif_win=SKIP, csa_endgame="%HIKIWAKE",
                csa_win=cshogi.DRAW)
    assert "まで4手で引き分け" in kif, kif


# 香落ち: gote (上手, who gives the handicap) has no lance on 1a and moves first.
LANCE_HANDICAP = "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"


@pytest.mark.parametrize("resigner", ["uwate", "shitate"])
def test_handicap_game_names_shitate_and_uwate(server: Server, resigner: str) -> None:
    gid, sente, gote = game(server, sfen=LANCE_HANDICAP)
    for mover, usi in ((gote, "3c3d"), (sente, "7g7f")):
        server.ok("POST", f"/api/board/game/{gid}/move/{usi}", token=mover.token)
    if resigner == "uwate":
        # 上手 resigns on his move: 下手 (sente) wins, as Kifu for Windows says it.
        server.ok("POST", f"/api/board/game/{gid}/resign", token=gote.token)
        kif = check(server, gid, sente, gote, kif_win=cshogi.BLACK_WIN, csa_endgame="%TORYO",
                    csa_win=cshogi.BLACK_WIN)
        assert "まで2手で下手の勝ち" in kif, kif
    else:
        # 下手 resigns on 上手's move: the summary names the winner, the note the resigner.
        server.ok("POST", f"/api/board/game/{gid}/resign", token=sente.token)
        kif = check(server, gid, sente, gote, kif_win=cshogi.WHITE_WIN,
                    csa_endgame="%+ILLEGAL_ACTION", csa_win=cshogi.WHITE_WIN)
        assert "まで2手で上手の勝ち\n*下手の投了" in kif, kif
    assert "先手" not in kif and "後手" not in kif, kif


def test_time_forfeit(server: Server) -> None:
    gid, sente, gote = game(server, {"clock.limit": "0", "clock.increment": "0",
                                     "clock.byoyomi": "1", "clock.periods": "1"})
    play(server, gid, sente, gote, ["7g7f", "3c3d"])
    deadline = time.monotonic() + 15
    while state(server, gid)["outcome"] is None:
        assert time.monotonic() < deadline, "sente's clock did not run out"
        time.sleep(0.5)
    # KIF: `切れ負け` and `まで2手で時間切れにより後手の勝ち` as ShogiHome writes them, a summary
    # cshogi's reader does not know.
    kif = check(server, gid, sente, gote, kif_win=SKIP, csa_endgame="%TIME_UP",
                csa_win=cshogi.WHITE_WIN)
    assert "切れ負け" in kif and "後手の勝ち" in kif, kif


# The browser test's online Swiss downloads each game's KIF and CSA through the game page's
# export links into this folder, with `<id>.json` (moves, players, winner, ending as the
# server's state says them) written last. scripts/test runs it before the Python tests and
# names the folder in KOMA_E2E_EXPORTS; run alone, these tests need that browser test.
E2E_EXPORTS = os.environ.get("KOMA_E2E_EXPORTS")


@pytest.mark.skipif(not E2E_EXPORTS, reason="KOMA_E2E_EXPORTS names the browser test's exports")
def test_the_browser_walks_exports_read_by_cshogi() -> None:
    folder = Path(E2E_EXPORTS or "")
    games = sorted(folder.glob("*.json"))
    assert games, f"no exported game in {folder}: the browser test writes them"
    winners = {"sente": cshogi.BLACK_WIN, "gote": cshogi.WHITE_WIN, None: cshogi.DRAW}
    for sidecar in games:
        said = json.loads(sidecar.read_text())
        kif = sidecar.with_suffix(".kif").read_text(encoding="utf-8")
        csa = sidecar.with_suffix(".csa").read_text(encoding="utf-8")
        kif_game, csa_game = read_both(kif, csa)
        for name, parsed, text in (("KIF", kif_game, kif), ("CSA", csa_game, csa)):
            where = f"{sidecar.stem}.{name.lower()}"
            assert [cshogi.move_to_usi(m) for m in parsed.moves] == said["moves"], f"{where}\n{text}"
            assert list(parsed.names) == [said["sente"], said["gote"]], f"{where}\n{text}"
            assert parsed.win == winners[said["winner"]], f"{where}: {said}\n{text}"


@pytest.mark.skipif(not E2E_EXPORTS, reason="KOMA_E2E_EXPORTS names the browser test's exports")
def test_the_analysis_boards_kif_reads_to_its_main_line_in_cshogi() -> None:
    # The browser test's analysis board (web/e2e/records.mjs), kansōsen room (room.mjs) and
    # study (study.mjs) export KIF with variations and comments into `analysis/`, `room/`
    # and `study/` beside the games' exports, each with `<name>.json` (its main line).
    boards = []
    for name in ("analysis", "room", "study"):
        folder = Path(E2E_EXPORTS or "").parent / name
        found = sorted(folder.glob("*.json"))
        assert found, f"nothing exported in {folder}: the browser test writes it"
        boards += found
    for sidecar in boards:
        main = json.loads(sidecar.read_text())["moves"]
        kif = sidecar.with_suffix(".kif").read_text(encoding="utf-8")
        assert "変化：" in kif, f"{sidecar.stem}: no variation in\n{kif}"
        parsed = KIF.Parser.parse_str(kif)
        assert [cshogi.move_to_usi(m) for m in parsed.moves] == main, f"{sidecar.stem}\n{kif}"

