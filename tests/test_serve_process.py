"""wgc serve as a real process: killed with SIGKILL in the middle of a game, started again on the
same data, the game goes on at the same state (the question it was asking included)."""

from __future__ import annotations

import os
import signal
from pathlib import Path

from tests.serve_process import call, free_port, served


def test_a_game_goes_on_after_the_server_is_killed(tmp_path: Path) -> None:
    port = free_port()
    with served(tmp_path, port) as first:
        status, game = call(
            port,
            "POST",
            "/api/games",
            {"game": "battle-for-moscow", "scenario": "operation-typhoon", "seed": 3},
        )
        assert status == 201
        token = game["seats"]["*"]
        where = f"/api/games/{game['id']}?token={token}"
        actions = f"/api/games/{game['id']}/actions?token={token}"
        asked = False
        for _ in range(60):  # up to the first question an attack asks
            _, view = call(port, "GET", where)
            if view["question"] is not None:
                asked = True
                break
            legal = view["legal"]
            pick = next(
                (a for a in legal if "attack" in a["step"]), legal[-1] if len(legal) < 3 else legal[0]
            )
            status, _ = call(port, "POST", actions, {"steps": view["steps"], "action": pick["step"]})
            assert status == 200
        assert asked and view["steps"] > 3
        os.kill(first.pid, signal.SIGKILL)
        first.wait(timeout=30)
        assert first.returncode == -signal.SIGKILL
    with served(tmp_path, port):
        _, again = call(port, "GET", where)
        assert again == view  # the same units, phase, log and question
        status, answered = call(port, "POST", actions, {"steps": view["steps"], "answer": [0]})
        assert status == 200
        assert answered["steps"] == view["steps"] + 1 or answered["question"] != view["question"]
