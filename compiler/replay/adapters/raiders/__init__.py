"""The Raiders part of the replay format (Lawrence of Arabia): operations, cards, battles, campaigns.

Steps: one key per action (``operate``, ``recruit``, ``move``, ``resolve_card``,
``fight``, ``demolish`` ...), with the step's ``dice`` and the player's choices
(``line``/``lines``, ``targets``, ``escape``, ``reveal``, ``port``).
Expectations: ``ops``, ``pounds``, ``leadership``, ``deck``, ``hand``,
``discard``, ``force``, ``garrisons``, ``hostiles``, ``rr_breaks``,
``objective``, ``battle``, ``legal``, ``campaign``; for a unit ``box``,
``carrier`` and ``face_down``. Positions add the tracks, the cards, the force,
RR breaks and a campaign. See docs/replay-format.md and
replay-raiders.schema.json.
"""

from __future__ import annotations

from compiler.replay.adapter import ReplayAdapter
from compiler.replay.adapters.raiders import expectations as expect
from compiler.replay.adapters.raiders import position
from compiler.replay.adapters.raiders.steps import ACTIONS, step_runner, summary

ADAPTER = ReplayAdapter(
    steps={key: step_runner(key) for key in ACTIONS},
    summaries={key: summary(key) for key in ACTIONS},
    expectations={
        "ops": expect.check_ops,
        "pounds": expect.check_track("pounds"),
        "leadership": expect.check_track("leadership"),
        "deck": expect.check_cards("deck"),
        "hand": expect.check_cards("hand"),
        "discard": expect.check_cards("discard"),
        "force": expect.check_force,
        "garrisons": expect.check_garrisons,
        "hostiles": expect.check_hostiles,
        "rr_breaks": expect.check_rr_breaks,
        "objective": expect.check_objective,
        "battle": expect.check_battle,
        "legal": expect.check_legal,
        "campaign": expect.check_campaign,
    },
    unit_expectations={
        "box": expect.check_box,
        "carrier": expect.check_carrier,
        "face_down": expect.check_face_down,
    },
    position={
        "pounds": position.set_track_value("pounds"),
        "leadership": position.set_track_value("leadership"),
        "deck": position.set_cards("deck"),
        "discard": position.set_cards("discard"),
        "hand": position.set_cards("hand"),
        "force": position.set_force,
        "moved": position.set_moved,
        "appeal_made": position.set_flag("appeal_made"),
        "leader_attempts": position.set_flag("leader_attempts"),
        "rr_breaks": position.set_rr_breaks,
        "campaign": position.set_campaign,
    },
    unit_position={"carrier": position.set_carrier, "face_down": position.set_face_down},
)
