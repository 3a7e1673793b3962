"""The HTTP and websocket routes of `wgc serve` (Starlette, run by uvicorn).

Every answer is JSON with a status that says what happened; a refused request
gets ``{"error": code, "message": ...}`` (and the state, when the game is the
reason), never a traceback. Request bodies are bounded (MAX_BODY bytes), and so is how
often one client (a seat token, else an address) creates games or acts (limits.py).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from compiler.serve.art import Art
from compiler.serve.games import Games, ServeError
from compiler.serve.limits import RateLimiter

Json = dict[str, Any]
MAX_BODY = 64 * 1024
PAGE = Path(__file__).resolve().parent / "page"
ASSETS = {"play.js": "text/javascript", "play.css": "text/css"}
# the art of a game does not change while the server runs
CACHED = {"cache-control": "max-age=3600"}


def error_response(exc: ServeError) -> JSONResponse:
    headers = {"retry-after": str(exc.retry_after)} if exc.retry_after is not None else None
    return JSONResponse(exc.body(), status_code=exc.status, headers=headers)


def check_rate(limiter: RateLimiter, token: str | None, address: str | None) -> None:
    """429 when the client (its seat token, else its address) sends faster than the limit."""
    wait = limiter.wait_for(f"token:{token}" if token else f"address:{address}")
    if wait > 0:
        seconds = max(1, int(wait + 0.999))
        raise ServeError(
            429, "rate-limited", f"too many requests: wait {seconds} s and send again", retry_after=seconds
        )


async def read_json(request: Request) -> Json:
    """The request's JSON object, at most MAX_BODY bytes (413 past it, 400 if not an object)."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
        raise ServeError(413, "too-large", f"a request body holds at most {MAX_BODY} bytes")
    body = bytearray()
    async for chunk in request.stream():
        body.extend(chunk)
        if len(body) > MAX_BODY:
            raise ServeError(413, "too-large", f"a request body holds at most {MAX_BODY} bytes")
    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        raise ServeError(400, "bad-json", "the request body is not JSON") from None
    if not isinstance(data, dict):
        raise ServeError(400, "bad-request", "the request body is a JSON object")
    return data


class Watchers:
    """The websockets open on each game in this process, with the seat each sits at, so that
    every change is sent to each of them as its own seat may see it."""

    def __init__(self) -> None:
        self.by_game: dict[str, dict[WebSocket, str | None]] = {}

    def add(self, game_id: str, socket: WebSocket, token: str | None) -> None:
        self.by_game.setdefault(game_id, {})[socket] = token

    def remove(self, game_id: str, socket: WebSocket) -> None:
        self.by_game.get(game_id, {}).pop(socket, None)

    async def tell(self, games: Games, game_id: str, besides: WebSocket | None = None) -> None:
        for socket, token in list(self.by_game.get(game_id, {}).items()):
            if socket is besides:
                continue
            try:
                view = await run_in_threadpool(games.view, game_id, token)
                await socket.send_json({"type": "state", "state": view})
            except (ServeError, RuntimeError, WebSocketDisconnect):
                self.remove(game_id, socket)


def check_act_request(data: Json) -> None:
    """An action request sends either an action (a replay step) or an answer, not both."""
    if ("action" in data) == ("answer" in data):
        raise ServeError(400, "bad-request", "send an 'action' (a replay step) or an 'answer', with 'steps'")
    if "action" in data and not isinstance(data["action"], dict):
        raise ServeError(400, "bad-request", "an action is a replay step, a JSON object")


def _object(text: str) -> Json:
    """A websocket message: a JSON object (the body of an action request)."""
    try:
        data = json.loads(text)
    except ValueError:
        raise ServeError(400, "bad-json", "the message is not JSON") from None
    if not isinstance(data, dict):
        raise ServeError(400, "bad-request", "the message is a JSON object")
    return data


class Routes:
    """The handlers of the routes, over one server's games, art and open websockets."""

    def __init__(self, games: Games, limiter: RateLimiter) -> None:
        self.games = games
        self.limiter = limiter
        self.watchers = Watchers()
        self.art = Art(games.catalogue)

    def known_game(self, name: str) -> str:
        if name not in self.games.catalogue.folders:
            raise ServeError(404, "unknown-game", f"this server plays no game '{name}'")
        return name

    # --- the page and its art ------------------------------------------------------------------

    async def page(self, request: Request) -> Response:
        return FileResponse(PAGE / "index.html", media_type="text/html")

    async def asset(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name not in ASSETS:
            raise ServeError(404, "http", f"no page file '{name}'")
        return FileResponse(PAGE / name, media_type=ASSETS[name])

    async def board_png(self, request: Request) -> Response:
        png, _ = await run_in_threadpool(self.art.board, self.known_game(request.path_params["game"]))
        return Response(png, media_type="image/png", headers=CACHED)

    async def board_layout(self, request: Request) -> Response:
        _, layout = await run_in_threadpool(self.art.board, self.known_game(request.path_params["game"]))
        return JSONResponse(layout, headers=CACHED)

    async def counter_png(self, request: Request) -> Response:
        game = self.known_game(request.path_params["game"])
        counter, face = request.path_params["counter"], request.path_params["face"]
        png = await run_in_threadpool(self.art.counter, game, counter, face)
        if png is None:
            raise ServeError(404, "unknown-counter", f"{game} has no counter '{counter}'")
        return Response(png, media_type="image/png", headers=CACHED)

    # --- the games -----------------------------------------------------------------------------

    async def lobby(self, request: Request) -> Response:
        return JSONResponse(await run_in_threadpool(self.games.lobby))

    async def create(self, request: Request) -> Response:
        check_rate(self.limiter, None, request.client.host if request.client else None)
        data = await read_json(request)
        game, scenario, seed = data.get("game"), data.get("scenario"), data.get("seed")
        if not isinstance(game, str) or not isinstance(scenario, str):
            raise ServeError(400, "bad-request", "name the 'game' and its 'scenario'")
        if seed is not None and (type(seed) is not int or not 0 <= seed < 2**31):
            raise ServeError(400, "bad-request", "a seed is a whole number from 0 to 2147483647")
        seating = data.get("seats", "hot-seat")
        made = await run_in_threadpool(self.games.create, game, scenario, seed, seating)
        return JSONResponse(made, status_code=201)

    async def view(self, request: Request) -> Response:
        token = request.query_params.get("token")
        return JSONResponse(await run_in_threadpool(self.games.view, request.path_params["id"], token))

    async def act(self, request: Request) -> Response:
        token = request.query_params.get("token")
        check_rate(self.limiter, token, request.client.host if request.client else None)
        data = await read_json(request)
        check_act_request(data)
        game_id = request.path_params["id"]
        view = await run_in_threadpool(self.games.act, game_id, token, data)
        await self.watchers.tell(self.games, game_id)
        return JSONResponse(view)

    async def undo(self, request: Request) -> Response:
        token = request.query_params.get("token")
        check_rate(self.limiter, token, request.client.host if request.client else None)
        data = await read_json(request)
        game_id = request.path_params["id"]
        view = await run_in_threadpool(self.games.undo, game_id, token, data)
        await self.watchers.tell(self.games, game_id)
        return JSONResponse(view)

    async def replay(self, request: Request) -> Response:
        return JSONResponse(await run_in_threadpool(self.games.replay, request.path_params["id"]))

    async def live(self, socket: WebSocket) -> None:
        """Live play: the state on connecting and after every change; actions sent as on POST."""
        game_id = socket.path_params["id"]
        token = socket.query_params.get("token")
        await socket.accept()
        try:
            view = await run_in_threadpool(self.games.view, game_id, token)
        except ServeError as exc:
            await socket.send_json({"type": "error", **exc.body()})
            await socket.close(code=4000 + exc.status)
            return
        await socket.send_json({"type": "state", "state": view})
        self.watchers.add(game_id, socket, token)
        try:
            while True:
                await self._live_message(socket, game_id, token, await socket.receive_text())
        except WebSocketDisconnect:
            pass
        finally:
            self.watchers.remove(game_id, socket)

    async def _live_message(self, socket: WebSocket, game_id: str, token: str | None, text: str) -> None:
        """One action sent over a websocket: its answer to the sender, the new state to the others."""
        try:
            check_rate(self.limiter, token, socket.client.host if socket.client else None)
            data = _object(text)
            check_act_request(data)
            view = await run_in_threadpool(self.games.act, game_id, token, data)
        except ServeError as exc:
            await socket.send_json({"type": "error", **exc.body()})
            return
        await socket.send_json({"type": "state", "state": view})
        await self.watchers.tell(self.games, game_id, besides=socket)


async def served_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ServeError)
    return error_response(exc)


async def http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    return JSONResponse({"error": "http", "message": exc.detail}, status_code=exc.status_code)


async def server_error(request: Request, exc: Exception) -> Response:
    return JSONResponse(
        {"error": "internal", "message": "the server could not answer this request; the game is unchanged"},
        status_code=500,
    )


def create_app(games: Games, limiter: RateLimiter | None = None) -> Starlette:
    routes = Routes(games, limiter or RateLimiter())
    table = [
        Route("/", routes.page),
        Route("/page/{name}", routes.asset),
        Route("/art/{game}/board.png", routes.board_png),
        Route("/art/{game}/board.json", routes.board_layout),
        Route("/art/{game}/counters/{counter}/{face:int}.png", routes.counter_png),
        Route("/api/games", routes.lobby, methods=["GET"]),
        Route("/api/games", routes.create, methods=["POST"]),
        Route("/api/games/{id}", routes.view, methods=["GET"]),
        Route("/api/games/{id}/actions", routes.act, methods=["POST"]),
        Route("/api/games/{id}/undo", routes.undo, methods=["POST"]),
        Route("/api/games/{id}/replay", routes.replay, methods=["GET"]),
        WebSocketRoute("/ws/games/{id}", routes.live),
    ]
    handlers: dict[Any, Any] = {ServeError: served_error, HTTPException: http_error, Exception: server_error}
    return Starlette(routes=table, exception_handlers=handlers)
