"""wgc serve in process (Starlette's TestClient): storage and migrations, play through the engine,
questions inside an action, seats, hidden information, stale and racing actions, bad input."""

from __future__ import annotations

import json
import sqlite3
import threading
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from starlette.testclient import TestClient

from compiler.loading import SourceDocument
from compiler.pipeline import validate_game
from compiler.replay import run_replay
from compiler.serve.app import MAX_BODY, create_app
from compiler.serve.engine import Catalogue
from compiler.serve.games import Games
from compiler.serve.limits import RateLimiter
from compiler.serve.migrations import LATEST, MIGRATIONS, StorageVersionError
from compiler.serve.storage import (
    DatabaseUrlError,
    Pending,
    SqliteStorage,
    open_storage,
)
from compiler.serve.undo import revealed
from tests.conftest import SOURCE_DATA

MOSCOW = "battle-for-moscow"
Json = dict[str, Any]


def _client(tmp_path: Path, *games: str) -> TestClient:
    catalogue = Catalogue([SOURCE_DATA / g for g in games or (MOSCOW,)])
    return TestClient(create_app(Games(catalogue, SqliteStorage(tmp_path / "games.sqlite3"))))


def _new(client: TestClient, seats: str = "hot-seat", seed: int = 3, game: str = MOSCOW) -> Json:
    scenario = "operation-typhoon" if game == MOSCOW else "aqaba"
    response = client.post(
        "/api/games", json={"game": game, "scenario": scenario, "seed": seed, "seats": seats}
    )
    assert response.status_code == 201, response.text
    created: Json = response.json()
    return created


def _act(client: TestClient, game_id: str, token: str, body: Json) -> Any:
    return client.post(f"/api/games/{game_id}/actions", params={"token": token}, json=body)


def _view(client: TestClient, game_id: str, token: str | None = None) -> Json:
    response = client.get(f"/api/games/{game_id}", params={"token": token} if token else {})
    assert response.status_code == 200, response.text
    view: Json = response.json()
    return view


def _play_until_question(client: TestClient, game_id: str, token: str) -> Json:
    """Take the first legal action (an attack whenever one is offered) until one asks a question."""
    for _ in range(120):
        view = _view(client, game_id, token)
        if view["question"] is not None:
            return view
        attacks = [a for a in view["legal"] if "attack" in a["step"]]
        moves = [a for a in view["legal"] if "move" in a["step"]]
        pick = (attacks or moves[:1] or view["legal"][-1:])[0]
        response = _act(client, game_id, token, {"steps": view["steps"], "action": pick["step"]})
        assert response.status_code == 200, response.text
    raise AssertionError("no action asked a question in 120 actions")


# --- storage and migrations -------------------------------------------------------------------------


def test_a_new_database_is_migrated_to_the_latest_version_once(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    assert SqliteStorage(path).schema_version() == LATEST
    SqliteStorage(path)  # opened again: nothing runs twice
    rows = sqlite3.connect(path).execute("SELECT version FROM schema_version").fetchall()
    assert [r[0] for r in rows] == [m[0] for m in MIGRATIONS]


def _newer_database(path: Path) -> Path:
    """A database a later wgc has migrated one step further."""
    SqliteStorage(path)
    connection = sqlite3.connect(path)
    connection.execute("INSERT INTO schema_version VALUES (?, 'later')", (LATEST + 1,))
    connection.commit()
    connection.close()
    return path


def test_a_database_newer_than_this_wgc_is_refused(tmp_path: Path) -> None:
    path = _newer_database(tmp_path / "db.sqlite3")
    with pytest.raises(StorageVersionError, match="newer"):
        SqliteStorage(path)


def test_a_step_index_is_taken_once_and_only_in_order(tmp_path: Path) -> None:
    storage = SqliteStorage(tmp_path / "db.sqlite3")
    storage.create_game("g", MOSCOW, "operation-typhoon", 1, {}, {"*": "t"})
    assert storage.set_pending("g", Pending(0, {"end_phase": True}, [[0]]))
    assert storage.append_step("g", 0, {"end_phase": True})
    assert not storage.append_step("g", 0, {"end_phase": True})  # another action took step 0
    assert not storage.append_step("g", 2, {"end_phase": True})  # not the next step
    stored = storage.load("g")
    assert stored is not None and stored.steps == [{"end_phase": True}]
    assert stored.pending is None  # the step cleared the question it answered
    assert not storage.set_pending("g", Pending(0, {"end_phase": True}, []))  # asked at a step gone by


def test_database_urls(tmp_path: Path) -> None:
    assert isinstance(open_storage(None, tmp_path), SqliteStorage)
    assert (tmp_path / "wgc-serve.sqlite3").exists()
    storage = open_storage(f"sqlite:///{tmp_path}/other.sqlite3", tmp_path)
    assert isinstance(storage, SqliteStorage) and storage.path == tmp_path / "other.sqlite3"
    for url in ("mysql://x", "sqlite://", "postgresql://wgc@/x?host=/no/such/folder"):
        with pytest.raises(DatabaseUrlError):
            open_storage(url, tmp_path)


# --- play through the engine ------------------------------------------------------------------------


def test_a_legal_action_is_applied_and_kept_as_a_replay_step(tmp_path: Path) -> None:
    client = _client(tmp_path)
    game = _new(client)
    token = game["seats"]["*"]
    view = _view(client, game["id"], token)
    assert view["phase"]["id"] == "german-replacement" and view["steps"] == 0
    assert {"step": {"end_phase": True}, "text": "end the phase"} in view["legal"]
    after = _act(client, game["id"], token, {"steps": 0, "action": {"end_phase": True}}).json()
    assert after["steps"] == 1 and after["phase"]["id"] == "german-panzer-movement"
    assert any("move" in a["step"] for a in after["legal"])


def _in_panzer_movement(tmp_path: Path) -> tuple[TestClient, Json, str, Json]:
    """A hot-seat game of Battle for Moscow at its first movement phase (step 1), and its view."""
    client = _client(tmp_path)
    game = _new(client)
    token = game["seats"]["*"]
    _act(client, game["id"], token, {"steps": 0, "action": {"end_phase": True}})
    return client, game, token, _view(client, game["id"], token)


def test_an_illegal_action_is_refused_by_its_rule_and_nothing_changes(tmp_path: Path) -> None:
    client, game, token, before = _in_panzer_movement(tmp_path)
    # an infantry corps in the Panzer Movement Phase: the rules of Battle for Moscow forbid it
    response = _act(client, game["id"], token, {"steps": 1, "action": {"move": "VI", "path": ["0203"]}})
    assert response.status_code == 422
    body = response.json()
    assert body["error"] == "refused" and body["rule"] == "How to Play"
    assert body["message"] == "VI may not move in the German Panzer Movement Phase"
    assert body["state"]["steps"] == 1
    assert _view(client, game["id"], token) == before


def test_a_choice_inside_an_action_is_asked_and_survives_a_new_server(tmp_path: Path) -> None:
    client = _client(tmp_path)
    game = _new(client)
    token = game["seats"]["*"]
    asked = _play_until_question(client, game["id"], token)
    question = asked["question"]
    assert question["options"] and question["minimum"] >= 1
    # another action while the question waits is refused
    waiting = _act(client, game["id"], token, {"steps": asked["steps"], "action": {"end_phase": True}})
    assert waiting.status_code == 409 and waiting.json()["error"] == "question-waiting"
    # a fresh server on the same database asks the same question
    again = _client(tmp_path)
    assert _view(again, game["id"], token)["question"] == question
    bad = _act(again, game["id"], token, {"steps": asked["steps"], "answer": [len(question["options"])]})
    assert bad.status_code == 422 and bad.json()["rule"] == "answer"
    steps = asked["steps"]
    view = asked
    while view["question"] is not None and view["steps"] == steps:
        view = _act(again, game["id"], token, {"steps": steps, "answer": [0]}).json()
    assert view["steps"] == steps + 1 and view["question"] is None


def test_the_stored_game_is_a_replay_that_wgc_replay_passes(tmp_path: Path) -> None:
    client = _client(tmp_path)
    game = _new(client)
    token = game["seats"]["*"]
    asked = _play_until_question(client, game["id"], token)
    while _view(client, game["id"], token)["question"] is not None:
        _act(client, game["id"], token, {"steps": asked["steps"], "answer": [0]})
    replay = client.get(f"/api/games/{game['id']}/replay").json()
    assert len([s for s in replay["steps"] if set(s) != {"expect"}]) == asked["steps"] + 1
    assert "seed" not in replay["note"]  # the seed makes every later roll
    report = validate_game(SOURCE_DATA / MOSCOW, run_replays=False)
    assert report.valid is not None
    document = SourceDocument(Path("played.json"), "played", json.dumps(replay), replay)
    outcome = run_replay(report.sources, report.valid, document)
    assert outcome.problem is None
    assert outcome.game.state.turn == _view(client, game["id"])["turn"]


# --- undo ----------------------------------------------------------------------------------------------


def _undo(client: TestClient, game_id: str, token: str | None, steps: int) -> Any:
    params = {"token": token} if token else {}
    return client.post(f"/api/games/{game_id}/undo", params=params, json={"steps": steps})


def _first_move(view: Json) -> Json:
    step: Json = next(a["step"] for a in view["legal"] if "move" in a["step"])
    return step


def test_a_move_is_taken_back_and_kept_aside_and_the_game_still_replays(tmp_path: Path) -> None:
    client, game, token, before = _in_panzer_movement(tmp_path)
    moved = _act(client, game["id"], token, {"steps": 1, "action": _first_move(before)}).json()
    assert moved["steps"] == 2 and moved["undo"] is True and moved["units"] != before["units"]
    stale = _undo(client, game["id"], token, 1)
    assert stale.status_code == 409 and stale.json()["error"] == "stale"
    undone = _undo(client, game["id"], token, 2)
    assert undone.status_code == 200, undone.text
    assert {**undone.json(), "undo": None} == {**before, "undo": None}
    # a fresh server reads the same game from the database; the step taken back is kept aside
    assert {**_view(_client(tmp_path), game["id"], token), "undo": None} == {**before, "undo": None}
    rows = sqlite3.connect(tmp_path / "games.sqlite3").execute("SELECT idx, step FROM undone").fetchall()
    assert [(i, json.loads(s)) for i, s in rows] == [(1, _first_move(before))]
    replay = client.get(f"/api/games/{game['id']}/replay").json()
    assert [s for s in replay["steps"] if set(s) != {"expect"}] == [{"end_phase": True}]


def test_an_action_that_rolled_dice_is_not_taken_back(tmp_path: Path) -> None:
    client = _client(tmp_path)
    game = _new(client)
    token = game["seats"]["*"]
    asked = _play_until_question(client, game["id"], token)
    assert asked["undo"] is False
    waiting = _undo(client, game["id"], token, asked["steps"])
    assert waiting.status_code == 409 and "question" in waiting.json()["message"]
    view = asked
    while view["question"] is not None:
        view = _act(client, game["id"], token, {"steps": asked["steps"], "answer": [0]}).json()
    assert "dice" in client.get(f"/api/games/{game['id']}/replay").json()["steps"][asked["steps"]]
    assert view["undo"] is False
    refused = _undo(client, game["id"], token, view["steps"])
    assert refused.status_code == 409 and refused.json()["error"] == "no-undo"
    assert refused.json()["message"] == "the last action rolled dice: it may not be taken back"
    assert _view(client, game["id"], token) == view


def test_only_the_seat_that_acted_takes_its_action_back(tmp_path: Path) -> None:
    client = _client(tmp_path)
    game = _new(client, seats="invite")
    german, soviet = game["seats"]["german"], game["seats"]["soviet"]
    _act(client, game["id"], german, {"steps": 0, "action": {"end_phase": True}})
    assert _undo(client, game["id"], None, 1).json()["error"] == "spectator"
    other = _undo(client, game["id"], soviet, 1)
    assert other.status_code == 409 and "only that seat" in other.json()["message"]
    assert _undo(client, game["id"], german, 1).json()["steps"] == 0
    nothing = _undo(client, game["id"], german, 0)
    assert nothing.status_code == 409 and nothing.json()["message"] == "there is no action to take back"


def test_a_card_drawn_with_no_roll_is_not_taken_back(tmp_path: Path) -> None:
    """Lawrence of Arabia: ending a segment draws the top card of a deck shuffled earlier, with
    no die rolled; taking it back would let the player see the next card and choose again."""
    client = _client(tmp_path, "lawrence")
    game = _new(client, game="lawrence", seed=4)
    token = game["seats"]["*"]

    def drawn(view: Json) -> int:
        return sum("card drawn" in line for line in view["log"])

    view = _view(client, game["id"], token)
    for _ in range(60):
        before = drawn(view)
        if view["question"] is not None:
            answer = list(range(view["question"]["minimum"] or 1))
            view = _act(client, game["id"], token, {"steps": view["steps"], "answer": answer}).json()
            continue
        end = {"end_phase": True}
        pick = end if {"step": end, "text": "end the phase"} in view["legal"] else view["legal"][-1]["step"]
        view = _act(client, game["id"], token, {"steps": view["steps"], "action": pick}).json()
        if pick == end and drawn(view) > before:
            break
    else:
        raise AssertionError("no card was drawn by ending a segment in 60 actions")
    assert "dice" not in client.get(f"/api/games/{game['id']}/replay").json()["steps"][view["steps"] - 1]
    refused = _undo(client, game["id"], token, view["steps"])
    assert refused.status_code == 409, refused.text
    assert (
        refused.json()["message"] == "the last action revealed hidden information: it may not be taken back"
    )


def test_a_counter_turned_face_up_counts_as_revealed_for_every_seat() -> None:
    def unit(side: str, face_down: bool) -> SimpleNamespace:
        return SimpleNamespace(side=side, damaged=face_down, counter=SimpleNamespace(hidden=True))

    def game(*units: SimpleNamespace) -> SimpleNamespace:
        return SimpleNamespace(state=SimpleNamespace(units={f"u{i}": u for i, u in enumerate(units)}))

    hidden, shown = game(unit("ottoman", True)), game(unit("ottoman", False))
    assert revealed(hidden, shown, {"*": "token"})  # hot-seat: hidden from the one seat
    assert revealed(hidden, shown, {"arab": "a"})  # invite: from the other side, and spectators
    assert not revealed(hidden, game(unit("ottoman", True)), {"arab": "a"})
    assert not revealed(shown, hidden, {"arab": "a"})  # turned face down: nothing learnt


# --- seats ---------------------------------------------------------------------------------------------


def test_invite_seats_act_only_in_their_turn_and_spectators_only_watch(tmp_path: Path) -> None:
    client = _client(tmp_path)
    game = _new(client, seats="invite")
    assert set(game["seats"]) == {"german", "soviet"}
    german, soviet = game["seats"]["german"], game["seats"]["soviet"]
    assert _view(client, game["id"], german)["legal"]
    assert _view(client, game["id"], soviet)["legal"] == []
    spectator = _view(client, game["id"])
    assert spectator["seat"] is None and spectator["legal"] == [] and spectator["units"]
    out_of_turn = _act(client, game["id"], soviet, {"steps": 0, "action": {"end_phase": True}})
    assert out_of_turn.status_code == 403 and out_of_turn.json()["error"] == "out-of-turn"
    watching = client.post(
        f"/api/games/{game['id']}/actions", json={"steps": 0, "action": {"end_phase": True}}
    )
    assert watching.status_code == 403 and watching.json()["error"] == "spectator"
    wrong = _act(client, game["id"], german + "x", {"steps": 0, "action": {"end_phase": True}})
    assert wrong.status_code == 403 and wrong.json()["error"] == "bad-token"
    assert _act(client, game["id"], german, {"steps": 0, "action": {"end_phase": True}}).status_code == 200


def test_face_down_garrisons_are_not_in_the_players_traffic(tmp_path: Path) -> None:
    client = _client(tmp_path, "lawrence")
    game = _new(client, seats="invite", game="lawrence")
    report = validate_game(SOURCE_DATA / "lawrence", run_replays=False)
    assert report.valid is not None
    assert set(game["seats"]) == {"arab-revolt"}  # the game system plays the Ottomans
    garrisons = {c.id for c in report.valid.counters.counters.values() if c.hidden and "garrison" in c.id}
    assert len(garrisons) >= 3
    for token in game["seats"].values():
        raw = client.get(f"/api/games/{game['id']}", params={"token": token}).text
        view = json.loads(raw)
        face_down = [u for u in view["units"] if u.get("hidden")]
        assert len(face_down) >= 3  # Aqaba! sets garrisons face down
        assert set(face_down[0]) == {"id", "side", "at", "hidden"}
        for counter in garrisons:
            assert counter not in raw
        assert "Ottoman Garrison#" not in raw  # the engine's ids number the garrisons by strength


def _question_for(raw: str) -> Json | None:
    question: Json | None = json.loads(raw)["state"]["question"]
    return question


def test_a_choice_goes_to_the_seat_of_the_side_it_is_for(tmp_path: Path) -> None:
    """The defender picks its own step losses and retreats in the attacker's turn: the question is
    sent to the defender's seat only (read in both seats' raw websocket traffic), and only the
    defender's token may answer it; the attacker is told whose answer is awaited."""
    client = _client(tmp_path)
    game = _new(client, seats="invite", seed=4)
    german, soviet = game["seats"]["german"], game["seats"]["soviet"]
    path = f"/ws/games/{game['id']}"
    with (
        client,
        client.websocket_connect(f"{path}?token={german}") as attacker,
        client.websocket_connect(f"{path}?token={soviet}") as defender,
    ):
        view = json.loads(attacker.receive_text())["state"]
        defender.receive_text()
        asked: dict[str, int] = {"german": 0, "soviet": 0}
        for _ in range(60):
            if asked["soviet"] and asked["german"]:
                break
            if view["active_side"] != "german":
                break
            attacks = [a for a in view["legal"] if "attack" in a["step"]]
            moves = [a for a in view["legal"] if "move" in a["step"]]
            pick = (attacks or moves[:1] or view["legal"][-1:])[0]
            attacker.send_json({"steps": view["steps"], "action": pick["step"]})
            raw_attacker, raw_defender = attacker.receive_text(), defender.receive_text()
            while json.loads(raw_attacker)["state"]["waiting"]:
                state = json.loads(raw_attacker)["state"]
                side = state["waiting_for"]["side"]
                assert json.loads(raw_defender)["state"]["waiting_for"]["side"] == side
                asked[side] += 1
                mine, theirs = (
                    (raw_attacker, raw_defender) if side == "german" else (raw_defender, raw_attacker)
                )
                question = _question_for(mine)
                assert question is not None and question["side"] == side
                assert _question_for(theirs) is None
                assert question["text"].splitlines()[-1] not in theirs  # nor its words anywhere
                assert _view(client, game["id"])["question"] is None  # a spectator sees none either
                if side == "soviet":  # the attacker may not answer for the defender
                    wrong = _act(client, game["id"], german, {"steps": state["steps"], "answer": [0]})
                    assert wrong.status_code == 403 and wrong.json()["error"] == "out-of-turn"
                    assert wrong.json()["state"]["question"] is None  # nor in the refusal
                sender, other = (attacker, defender) if side == "german" else (defender, attacker)
                sender.send_json({"steps": state["steps"], "answer": [0]})
                raw_sender, raw_other = sender.receive_text(), other.receive_text()
                raw_attacker, raw_defender = (
                    (raw_sender, raw_other) if side == "german" else (raw_other, raw_sender)
                )
            view = json.loads(raw_attacker)["state"]
        assert asked["soviet"] and asked["german"], asked


# --- racing and stale actions ----------------------------------------------------------------------------


def test_an_action_sent_at_an_old_step_is_refused_with_the_new_state(tmp_path: Path) -> None:
    client = _client(tmp_path)
    game = _new(client)
    token = game["seats"]["*"]
    _act(client, game["id"], token, {"steps": 0, "action": {"end_phase": True}})
    stale = _act(client, game["id"], token, {"steps": 0, "action": {"end_phase": True}})
    assert stale.status_code == 409 and stale.json()["error"] == "stale"
    assert stale.json()["state"]["steps"] == 1


def test_two_actions_at_once_one_is_applied_the_other_refused(tmp_path: Path) -> None:
    client = _client(tmp_path)
    game = _new(client)
    token = game["seats"]["*"]
    _act(client, game["id"], token, {"steps": 0, "action": {"end_phase": True}})
    moves = [a["step"] for a in _view(client, game["id"], token)["legal"] if "move" in a["step"]]
    results: list[Any] = []
    # two servers on one database, as two processes would be
    clients = [client, _client(tmp_path)]
    start = threading.Barrier(2)

    def send(index: int) -> None:
        start.wait()
        results.append(_act(clients[index], game["id"], token, {"steps": 1, "action": moves[index]}))

    threads = [threading.Thread(target=send, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(r.status_code for r in results) == [200, 409]
    refused = next(r for r in results if r.status_code == 409).json()
    assert refused["error"] == "stale" and refused["state"]["steps"] == 2
    assert _view(client, game["id"], token)["steps"] == 2


# --- bad input ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        (b"{not json", 400, "bad-json"),
        (b"[1, 2]", 400, "bad-request"),
        (b'{"steps": 1}', 400, "bad-request"),
        (b'{"steps": 1, "action": "end_phase"}', 400, "bad-request"),
        (b'{"steps": 1, "action": {"end_phase": true}, "answer": [0]}', 400, "bad-request"),
        (b'{"steps": 1, "action": {"fly": "VI"}}', 422, "refused"),
        (b'{"steps": 1, "action": {"move": "NO SUCH CORPS", "path": ["0203"]}}', 422, "refused"),
        (b'{"steps": 1, "answer": [0]}', 409, "no-question"),
        (b'{"steps": 1, "answer": "first"}', 409, "no-question"),
        (b'{"steps": "1", "action": {"end_phase": true}}', 409, "stale"),
        (b"x" * (MAX_BODY + 1), 413, "too-large"),
    ],
)
def test_bad_requests_get_a_status_and_a_message(tmp_path: Path, body: bytes, status: int, code: str) -> None:
    client = _client(tmp_path)
    game = _new(client)
    token = game["seats"]["*"]
    _act(client, game["id"], token, {"steps": 0, "action": {"end_phase": True}})
    response = client.post(
        f"/api/games/{game['id']}/actions",
        params={"token": token},
        content=body,
        headers={"content-type": "application/json"},
    )
    assert response.status_code == status, response.text
    assert response.json()["error"] == code and response.json()["message"]
    assert "Traceback" not in response.text
    assert _view(client, game["id"], token)["steps"] == 1


def test_a_client_past_its_rate_is_told_to_wait_and_the_game_is_untouched(tmp_path: Path) -> None:
    now = [0.0]
    limiter = RateLimiter(rate=1.0, burst=3, clock=lambda: now[0])
    catalogue = Catalogue([SOURCE_DATA / MOSCOW])
    client = TestClient(create_app(Games(catalogue, SqliteStorage(tmp_path / "games.sqlite3")), limiter))
    game = _new(client)  # the address's first request
    token = game["seats"]["*"]
    for steps in range(3):  # the token's burst
        assert (
            _act(client, game["id"], token, {"steps": steps, "action": {"end_phase": True}}).status_code
            == 200
        )
    refused = _act(client, game["id"], token, {"steps": 3, "action": {"end_phase": True}})
    assert refused.status_code == 429 and refused.json()["error"] == "rate-limited"
    assert refused.headers["retry-after"] == "1" and refused.json()["retry_after"] == 1
    assert _view(client, game["id"], token)["steps"] == 3  # reading is not limited; nothing changed
    with client.websocket_connect(f"/ws/games/{game['id']}?token={token}") as socket:
        socket.receive_json()
        socket.send_json({"steps": 3, "action": {"end_phase": True}})
        assert socket.receive_json()["error"] == "rate-limited"
    for _ in range(2):  # the address has two more games in its bucket, then waits
        _new(client)
    assert client.post("/api/games", json={"game": MOSCOW, "scenario": "x"}).status_code == 429
    now[0] = 1.0  # a second later the token may act once more
    assert _act(client, game["id"], token, {"steps": 3, "action": {"end_phase": True}}).status_code == 200


def test_unknown_games_scenarios_and_routes(tmp_path: Path) -> None:
    client = _client(tmp_path)
    assert client.get("/api/games/nope").status_code == 404
    assert client.get("/api/games/nope").json()["error"] == "unknown-game"
    made = client.post("/api/games", json={"game": "chess", "scenario": "x"})
    assert made.status_code == 404 and "battle-for-moscow" in made.json()["message"]
    made = client.post("/api/games", json={"game": MOSCOW, "scenario": "x"})
    assert made.status_code == 404 and "operation-typhoon" in made.json()["message"]
    made = client.post("/api/games", json={"game": MOSCOW, "scenario": "operation-typhoon", "seed": -1})
    assert made.status_code == 400
    assert client.get("/no/such/page").json()["error"] == "http"
    lobby = client.get("/api/games").json()
    assert lobby["games"][0]["game"] == MOSCOW
    assert {"id": "operation-typhoon", "name": "Operation Typhoon"} in lobby["games"][0]["scenarios"]


# --- websockets -------------------------------------------------------------------------------------------


def test_websocket_play_each_seat_sent_its_own_view(tmp_path: Path) -> None:
    client = _client(tmp_path)
    game = _new(client, seats="invite")
    german, soviet = game["seats"]["german"], game["seats"]["soviet"]
    path = f"/ws/games/{game['id']}"
    with (
        client,  # one event loop for both sockets, as in a server
        client.websocket_connect(f"{path}?token={german}") as playing,
        client.websocket_connect(f"{path}?token={soviet}") as waiting,
    ):
        first = playing.receive_json()
        assert first["type"] == "state" and first["state"]["legal"]
        assert waiting.receive_json()["state"]["legal"] == []
        playing.send_text("not json")
        assert playing.receive_json()["error"] == "bad-json"
        playing.send_json({"steps": 0, "action": {"move": "VI", "path": ["0203"]}})
        refused = playing.receive_json()
        assert refused["type"] == "error" and refused["rule"] and refused["state"]["steps"] == 0
        playing.send_json({"steps": 0, "action": {"end_phase": True}})
        assert playing.receive_json()["state"]["steps"] == 1
        told = waiting.receive_json()
        assert told["type"] == "state" and told["state"]["steps"] == 1 and told["state"]["seat"] == "soviet"
        waiting.send_json({"steps": 1, "action": {"end_phase": True}})
        assert waiting.receive_json()["error"] == "out-of-turn"


def test_a_websocket_with_a_bad_token_is_told_and_closed(tmp_path: Path) -> None:
    client = _client(tmp_path)
    game = _new(client)
    with client.websocket_connect(f"/ws/games/{game['id']}?token=wrong") as socket:
        assert socket.receive_json()["error"] == "bad-token"
    with client.websocket_connect("/ws/games/nope") as socket:
        assert socket.receive_json()["error"] == "unknown-game"


# --- the page and its art ---------------------------------------------------------------------------------


def test_the_page_and_the_art_it_draws_with(tmp_path: Path) -> None:
    client = _client(tmp_path)
    assert "play.js" in client.get("/").text
    assert client.get("/page/play.js").headers["content-type"].startswith("text/javascript")
    assert client.get("/page/../app.py").status_code == 404
    layout = client.get(f"/art/{MOSCOW}/board.json").json()
    board = client.get(f"/art/{MOSCOW}/board.png")
    assert board.content[:8] == b"\x89PNG\r\n\x1a\n"
    assert layout["width"] > 300 and layout["height"] > 300 and layout["counter"] > 10
    game = _new(client)
    view = _view(client, game["id"])
    assert all(unit["at"] in layout["spaces"] for unit in view["units"])
    unit = view["units"][0]
    face = client.get(f"/art/{MOSCOW}/counters/{unit['counter']}/{unit['face']}.png")
    assert face.status_code == 200 and face.content[:4] == b"\x89PNG"
    assert client.get(f"/art/{MOSCOW}/counters/nothing/0.png").status_code == 404
    assert client.get("/art/chess/board.png").json()["error"] == "unknown-game"


def test_wgc_serve_refuses_a_database_it_cannot_open_without_a_traceback(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from compiler.cli.main import cli

    path = _newer_database(tmp_path / "wgc-serve.sqlite3")
    game = str(SOURCE_DATA / MOSCOW)
    for extra in (["--data", str(tmp_path)], ["--database", "mysql://x"], ["--data", str(path)]):
        result = CliRunner().invoke(cli, ["serve", game, *extra])
        assert result.exit_code != 0 and "Traceback" not in result.output
        assert "error:" in result.output or "Error:" in result.output
