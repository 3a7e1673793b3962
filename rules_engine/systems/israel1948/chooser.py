"""Israel 1948's combat choices asked of a Chooser (a person at a terminal), and written down.

Each question a Decider answers (who a hit halts, who goes all in, how the
defender takes each hit, who advances, an air point's re-roll) becomes one
question to the Chooser; the answers are kept under the keys an attack step of
a replay uses, so a game played this way can be saved and replayed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rules_engine.core import Chooser, Unit
from rules_engine.systems.israel1948.decisions import HitTaken


class ChooserDecider:
    """Asks ``chooser`` each combat choice; ``take_choices`` gives them as replay-step keys."""

    def __init__(self, chooser: Chooser) -> None:
        self.chooser = chooser
        self.choices: dict[str, Any] = {}
        # The defender's roll comes before the all-in choice, the attacker's after it (2.3).
        self.attacker_rolled = False

    def take_choices(self) -> dict[str, Any]:
        taken, self.choices = self.choices, {}
        self.attacker_rolled = False
        return taken

    def _pick(self, question: str, units: Sequence[Unit], count: int) -> list[Unit]:
        picked = self.chooser.choose(
            question,
            [u.uid for u in units],
            minimum=count,
            maximum=count,
            side=units[0].side if units else None,
        )
        return [units[i] for i in picked]

    def halt(self, hits: int, attackers: Sequence[Unit]) -> list[Unit]:
        halted = self._pick(
            f"The defender scores {hits} hit(s): which attacker(s) are halted?", attackers, hits
        )
        self.choices["halt"] = [u.uid for u in halted]
        return halted

    def attacker_losses(self, losses: int, attackers: Sequence[Unit]) -> list[Unit]:
        taken = []
        for number in range(1, losses + 1):
            index = self.chooser.choose(
                f"Extra hit {number}: which attacker takes a step loss?",
                [u.uid for u in attackers],
                side=attackers[0].side,
            )
            taken.append(attackers[index[0]])
        self.choices["attacker_losses"] = [u.uid for u in taken]
        return taken

    def all_in(self, candidates: Sequence[Unit]) -> list[Unit]:
        self.attacker_rolled = True
        if not candidates:
            return []
        picked = self.chooser.choose(
            "Which halted full-strength attackers go all in (none, one or more)?",
            [u.uid for u in candidates],
            minimum=0,
            maximum=len(candidates),
            side=candidates[0].side,
        )
        chosen = [candidates[i] for i in picked]
        self.choices["all_in"] = [u.uid for u in chosen]
        return chosen

    def drop_die(self, counts: dict[str, int]) -> str:
        colours = sorted(colour for colour, count in counts.items() if count)
        colour = colours[self.chooser.choose("An attacker is out of supply: which die is lost?", colours)[0]]
        self.choices["drop_die"] = colour
        return colour

    def defender_hit(
        self,
        number: int,
        defenders: Sequence[Unit],
        retreats: Callable[[Unit], list[str]],
        must_be_step: bool,
    ) -> HitTaken:
        asked = self.chooser.choose(
            f"Hit {number}: which defender takes it?", [u.uid for u in defenders], side=defenders[0].side
        )
        unit = defenders[asked[0]]
        options = [] if must_be_step else retreats(unit)
        entry: dict[str, Any] = {"unit": unit.uid, "take": "step"}
        hit = HitTaken(unit, False)
        if options:
            ways = ["a step loss", *(f"retreat to {hex_id}" for hex_id in options)]
            way = self.chooser.choose(f"How does {unit.uid} take hit {number}?", ways, side=unit.side)[0]
            if way > 0:
                entry = {"unit": unit.uid, "take": "retreat", "to": options[way - 1]}
                hit = HitTaken(unit, True, options[way - 1])
        self.choices.setdefault("hits", []).append(entry)
        return hit

    def advance(self, eligible: Sequence[Unit], room: int) -> list[Unit]:
        picked = self.chooser.choose(
            "Who advances into the vacated hex?",
            [u.uid for u in eligible],
            minimum=1,
            maximum=min(room, len(eligible)),
            side=eligible[0].side,
        )
        chosen = [eligible[i] for i in picked]
        self.choices["advance"] = [u.uid for u in chosen]
        return chosen

    def air_reroll(self, side: str, rolls: dict[str, list[int]]) -> tuple[str, int] | None:
        dice = [(colour, index) for colour, values in sorted(rolls.items()) for index in range(len(values))]
        labels = ["no re-roll", *(f"re-roll {c} die {i + 1} (a {rolls[c][i]})" for c, i in dice)]
        question = f"{side}: spend an air point to re-roll one of your dice?"
        picked = self.chooser.choose(question, labels, side=side)[0]
        if picked == 0:
            return None
        colour, index = dice[picked - 1]
        role = "attacker" if self.attacker_rolled else "defender"
        self.choices.setdefault("air", {})[role] = {"die": colour, "number": index + 1}
        return colour, index
