"""The HTTP and websocket routes of `wgc serve` (Starlette, run by uvicorn).

Every answer is JSON with a status that says what happened; a refused request
gets ``{"error": code, "message": ...}`` (and the state, when the game is the
reason), never a traceback. Request bodies are bounded (MAX_BODY bytes).
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
from starlette.routing import Route

from compiler.serve.games import Games, ServeError

Json = dict[str, Any]
MAX_BODY = 64 * 1024
PAGE = Path(__file__).resolve().parent / "page"


def error_response(exc: ServeError) -> JSONResponse:
    return JSONResponse(exc.body(), status_code=exc.status)


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


def create_app(games: Games) -> Starlette:
    async def lobby(request: Request) -> Response:
        return JSONResponse(await run_in_threadpool(games.lobby))

    async def create(request: Request) -> Response:
        data = await read_json(request)
        game, scenario, seed = data.get("game"), data.get("scenario"), data.get("seed")
        if not isinstance(game, str) or not isinstance(scenario, str):
            raise ServeError(400, "bad-request", "name the 'game' and its 'scenario'")
        if seed is not None and (type(seed) is not int or not 0 <= seed < 2**31):
            raise ServeError(400, "bad-request", "a seed is a whole number from 0 to 2147483647")
        seating = data.get("seats", "hot-seat")
        return JSONResponse(
            await run_in_threadpool(games.create, game, scenario, seed, seating), status_code=201
        )

    async def view(request: Request) -> Response:
        token = request.query_params.get("token")
        return JSONResponse(await run_in_threadpool(games.view, request.path_params["id"], token))

    async def act(request: Request) -> Response:
        data = await read_json(request)
        if ("action" in data) == ("answer" in data):
            raise ServeError(
                400, "bad-request", "send an 'action' (a replay step) or an 'answer', with 'steps'"
            )
        if "action" in data and not isinstance(data["action"], dict):
            raise ServeError(400, "bad-request", "an action is a replay step, a JSON object")
        token = request.query_params.get("token")
        return JSONResponse(await run_in_threadpool(games.act, request.path_params["id"], token, data))

    async def replay(request: Request) -> Response:
        return JSONResponse(await run_in_threadpool(games.replay, request.path_params["id"]))

    async def page(request: Request) -> Response:
        return FileResponse(PAGE / "index.html", media_type="text/html")

    async def served_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, ServeError)
        return error_response(exc)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        return JSONResponse({"error": "http", "message": exc.detail}, status_code=exc.status_code)

    async def server_error(request: Request, exc: Exception) -> Response:
        return JSONResponse(
            {
                "error": "internal",
                "message": "the server could not answer this request; the game is unchanged",
            },
            status_code=500,
        )

    routes = [
        Route("/", page),
        Route("/api/games", lobby, methods=["GET"]),
        Route("/api/games", create, methods=["POST"]),
        Route("/api/games/{id}", view, methods=["GET"]),
        Route("/api/games/{id}/actions", act, methods=["POST"]),
        Route("/api/games/{id}/replay", replay, methods=["GET"]),
    ]
    handlers: dict[Any, Any] = {ServeError: served_error, HTTPException: http_error, Exception: server_error}
    return Starlette(routes=routes, exception_handlers=handlers)
