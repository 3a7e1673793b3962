"""The server's game operations, between the routes and the storage: create, read, act.

Each operation loads the game from storage, rebuilds it, and writes at most one row:
the next step (the database refuses it when another action took that step first),
or the question an action waits on. Within one process a lock per game keeps two
requests from rebuilding the same game at once; across processes the database decides.
"""

from __future__ import annotations

import json
import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from compiler.play.session import PlayError, PlaySession
from compiler.serve.engine import Catalogue, Outcome, try_action
from compiler.serve.storage import Pending, Storage, StoredGame
from compiler.serve.undo import why_no_undo
from compiler.serve.views import HOT_SEAT, game_view, may_act, question_side

Json = dict[str, Any]
# how many games a process keeps rebuilt between requests
KEPT_SESSIONS = 256


@dataclass
class ServeError(Exception):
    """A request the server refuses: its HTTP status, a stable code and a message for people."""

    status: int
    code: str
    message: str
    state: Json | None = None
    rule: str | None = None
    retry_after: int | None = None  # seconds, for a 429

    def body(self) -> Json:
        found: Json = {"error": self.code, "message": self.message}
        if self.rule is not None:
            found["rule"] = self.rule
        if self.state is not None:
            found["state"] = self.state
        if self.retry_after is not None:
            found["retry_after"] = self.retry_after
        return found


class Games:
    def __init__(self, catalogue: Catalogue, storage: Storage) -> None:
        self.catalogue = catalogue
        self.storage = storage
        self._locks: dict[str, threading.Lock] = {}
        self._locks_lock = threading.Lock()
        # games rebuilt by recent requests, most recent last (used under the game's lock)
        self._sessions: OrderedDict[str, tuple[PlaySession, Any]] = OrderedDict()
        # the question a waiting action asks, by (game, step, answers so far)
        self._questions: dict[tuple[str, int, str], Json | None] = {}

    def _lock(self, game_id: str) -> threading.Lock:
        with self._locks_lock:
            return self._locks.setdefault(game_id, threading.Lock())

    # --- the lobby ----------------------------------------------------------------------------

    def lobby(self) -> Json:
        games: list[Json] = []
        for name in sorted(self.catalogue.folders):
            try:
                scenarios = self.catalogue.scenarios(name)
            except PlayError as exc:
                games.append({"game": name, "error": str(exc), "scenarios": []})
                continue
            games.append({"game": name, "scenarios": [{"id": i, "name": n} for i, n in scenarios]})
        played = [{"id": i, "game": g, "scenario": s, "steps": n} for i, g, s, n in self.storage.list_games()]
        return {"games": games, "played": played}

    def create(self, game: str, scenario: str, seed: int | None, seating: str) -> Json:
        if game not in self.catalogue.folders:
            raise ServeError(
                404,
                "unknown-game",
                f"this server plays no game '{game}' (it plays: {', '.join(sorted(self.catalogue.folders))})",
            )
        if seating not in ("hot-seat", "invite"):
            raise ServeError(400, "bad-request", "seats is 'hot-seat' or 'invite'")
        try:
            chosen = seed if seed is not None else secrets.randbelow(2**31)
            session, _ = self.catalogue.start(game, scenario, chosen)
        except PlayError as exc:
            raise ServeError(404, "unknown-scenario", str(exc)) from None
        # a side the game system plays (Lawrence of Arabia's Ottomans) has no seat
        players = [s.id for s in session.definition.game.sides if s.played_by != "game-system"]
        sides = [HOT_SEAT] if seating == "hot-seat" else players
        seats = {side: secrets.token_urlsafe(18) for side in sides}
        game_id = secrets.token_hex(8)
        self.storage.create_game(game_id, game, scenario, session.seed, session.setup_dice, seats)
        return {"id": game_id, "seats": seats}

    # --- one game -----------------------------------------------------------------------------

    def _stored(self, game_id: str) -> StoredGame:
        stored = self.storage.load(game_id)
        if stored is None:
            raise ServeError(404, "unknown-game", f"no game '{game_id}' on this server")
        return stored

    def _session(self, stored: StoredGame) -> tuple[PlaySession, Any]:
        """The game its stored steps make: the one kept from the last request when its steps are
        still the stored ones (the database is the authority: any other process may have moved
        the game on), else rebuilt through the replay runner."""
        kept = self._sessions.get(stored.id)
        if kept is not None and kept[0].steps == stored.steps:
            self._sessions.move_to_end(stored.id)
            return kept
        made = self.catalogue.rebuilt(
            stored.game, stored.scenario, stored.seed, stored.setup_dice, stored.steps
        )
        self._sessions[stored.id] = made
        while len(self._sessions) > KEPT_SESSIONS:
            self._sessions.popitem(last=False)
        return made

    def seat_of(self, stored: StoredGame, token: str | None) -> str | None:
        """The side a token sits at; None for a spectator (no token). A wrong token is refused."""
        if token is None or token == "":
            return None
        for side, known in stored.seats.items():
            if secrets.compare_digest(known, token):
                return side
        raise ServeError(403, "bad-token", "this token holds no seat in this game (spectators send none)")

    def view(self, game_id: str, token: str | None) -> Json:
        with self._lock(game_id):
            stored = self._stored(game_id)
            seat = self.seat_of(stored, token)
            session, _ = self._session(stored)
            return self._view(stored, session, seat)

    def _view(self, stored: StoredGame, session: PlaySession, seat: str | None) -> Json:
        return game_view(stored.id, stored.game, session, seat, self._question(stored, session))

    def _question(self, stored: StoredGame, session: PlaySession) -> Json | None:
        """The question the stored waiting action asks (None when none waits)."""
        if stored.pending is None:
            return None
        pending = stored.pending
        key = (stored.id, pending.at_step, json.dumps(pending.answers))
        if key not in self._questions:
            self._questions[key] = _question_of(session, pending)
        return self._questions[key]

    def replay(self, game_id: str) -> Json:
        with self._lock(game_id):
            stored = self._stored(game_id)
            session, _ = self._session(stored)
            return self._replay(session)

    def _replay(self, session: PlaySession) -> Json:
        document = session.document()
        document["name"] = f"{session.definition.game.title}, {session.scenario}: played with wgc serve"
        # the seed makes every later roll: it is told only once the game is over
        seed = f" (seed {session.seed})" if session.game.over else ""
        document["note"] = f"Played in the browser with wgc serve{seed}; run it with wgc replay."
        return document

    def _seated(
        self, game_id: str, token: str | None, request: Json
    ) -> tuple[StoredGame, str, PlaySession, Any]:
        """The game, the seat of ``token`` and the built game, for a request that changes the
        game: refused for a spectator, and as stale when sent at another step (under the lock)."""
        stored = self._stored(game_id)
        seat = self.seat_of(stored, token)
        session, chooser = self._session(stored)
        if seat is None:
            raise ServeError(403, "spectator", "a spectator watches: send a seat's token to play")
        steps = request.get("steps")
        if steps != len(stored.steps):
            raise ServeError(
                409,
                "stale",
                f"the game is at step {len(stored.steps)}, the request was sent at step "
                f"{steps}: look at the new state and choose again",
                self._view(stored, session, seat),
            )
        return stored, seat, session, chooser

    def act(self, game_id: str, token: str | None, request: Json) -> Json:
        """Apply an action (``action``: a replay step) or answer the waiting question (``answer``)."""
        with self._lock(game_id):
            stored, seat, session, chooser = self._seated(game_id, token, request)
            side = session.game.active_side
            question = self._question(stored, session)
            if "answer" in request and question is not None:
                side = question_side(question, side)
                if not may_act(seat, side):
                    raise ServeError(
                        403,
                        "out-of-turn",
                        f"the question waits for the answer of {session.game.system.side_name(side)}, "
                        "not of this seat",
                        self._view(stored, session, seat),
                    )
            elif not may_act(seat, side):
                raise ServeError(
                    403,
                    "out-of-turn",
                    f"{session.game.system.side_name(side)} acts now, not this seat",
                    self._view(stored, session, seat),
                )
            if session.game.over:
                raise ServeError(409, "over", "the game is over", self._view(stored, session, seat))
            outcome = self._attempt(stored, session, chooser, request)
            if outcome.rule is not None:
                raise ServeError(
                    422, "refused", outcome.message, self._view(stored, session, seat), outcome.rule
                )
            if outcome.question is not None:
                pending = Pending(len(stored.steps), _action_of(stored, request), outcome.answers)
                if not self.storage.set_pending(game_id, pending):
                    raise self._raced(game_id, seat)
                self._questions[(game_id, pending.at_step, json.dumps(pending.answers))] = outcome.question
                return game_view(game_id, stored.game, session, seat, outcome.question)
            assert outcome.step is not None
            if not self.storage.append_step(game_id, len(stored.steps), outcome.step):
                raise self._raced(game_id, seat)
            self._questions = {k: v for k, v in self._questions.items() if k[0] != game_id}
            return game_view(game_id, stored.game, session, seat)

    def undo(self, game_id: str, token: str | None, request: Json) -> Json:
        """Take back the last step, if it rolled no die and revealed nothing hidden (undo.py)."""
        with self._lock(game_id):
            stored, seat, session, _ = self._seated(game_id, token, request)
            before = (
                self.catalogue.rebuilt(
                    stored.game, stored.scenario, stored.seed, stored.setup_dice, stored.steps[:-1]
                )
                if stored.steps and "dice" not in stored.steps[-1]
                else None
            )
            reason = why_no_undo(stored, session, before[0] if before else None, seat)
            if reason is not None:
                raise ServeError(409, "no-undo", reason, self._view(stored, session, seat))
            assert before is not None
            if not self.storage.take_back(game_id, len(stored.steps) - 1, stored.steps[-1]):
                raise self._raced(game_id, seat)
            self._sessions[game_id] = before
            self._questions = {k: v for k, v in self._questions.items() if k[0] != game_id}
            return game_view(game_id, stored.game, before[0], seat)

    def _attempt(self, stored: StoredGame, session: PlaySession, chooser: Any, request: Json) -> Outcome:
        if "answer" in request:
            if stored.pending is None:
                raise ServeError(409, "no-question", "no question is waiting for an answer")
            answer = request["answer"]
            if not isinstance(answer, list) or not all(type(i) is int for i in answer):
                raise ServeError(400, "bad-request", "an answer is a list of choice numbers, such as [0]")
            return try_action(session, chooser, stored.pending.action, [*stored.pending.answers, answer])
        if stored.pending is not None:
            raise ServeError(409, "question-waiting", "answer the question the last action asked first")
        return try_action(session, chooser, request["action"], [])

    def _raced(self, game_id: str, seat: str | None) -> ServeError:
        stored = self._stored(game_id)
        session, _ = self._session(stored)
        return ServeError(
            409,
            "stale",
            "another action was taken first: look at the new state",
            self._view(stored, session, seat),
        )


def _action_of(stored: StoredGame, request: Json) -> Json:
    if "answer" in request and stored.pending is not None:
        return stored.pending.action
    action: Json = request["action"]
    return action


def _question_of(session: PlaySession, pending: Pending) -> Json | None:
    """The question the waiting action asks now (it is run again with the answers so far)."""
    from compiler.serve.engine import ServerChooser

    chooser = session.chooser
    assert isinstance(chooser, ServerChooser)
    outcome = try_action(session, chooser, pending.action, pending.answers)
    return outcome.question
