"""The choices a Jerusalem! action leaves to a player, asked one at a time.

An attack asks the defender whether and how to first fire (9.7), which units a
fort protects (9.6.3) and whether a leader abandons his units (12.8); a move
asks the other player whether to shell it on the way (10.2); the convoy asks
where it goes back to and what its arrival buys or its failure costs (6.4, 6.5);
a terrorist attack asks whether to fight on (13.2.5). The engine checks every
answer. A replay answers from its file, `RandomDecider` at random,
`ChooserDecider` by asking a `Chooser` (a person at a terminal), and
`FirstChoice` takes the first option (for hooks that need a default).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, Protocol

from rules_engine.core import Chooser, Unit


class Fire(NamedTuple):
    """One shot: the units firing, the units fired at, and artillery adding its strength."""

    firers: tuple[Unit, ...]
    targets: tuple[Unit, ...]
    support: tuple[Unit, ...] = ()


class FireOptions(NamedTuple):
    """What a player may fire with and at: the shot is a subset of each."""

    firers: tuple[Unit, ...]
    targets: tuple[Unit, ...]
    support: tuple[Unit, ...] = ()


class Decider(Protocol):
    def first_fire(self, side: str, options: FireOptions, legal: Callable[[Fire], str | None]) -> Fire | None:
        """9.7: the defender's one shot before an attack, or None; ``legal`` says why a shot is refused."""
        ...

    def protect(self, side: str, space: str, units: Sequence[Unit], limit: int) -> list[Unit]:
        """9.6.3: which units (at most ``limit``) the fort, monastery or cathedral protects."""
        ...

    def abandon(self, leader: Unit, destinations: Sequence[str]) -> str | None:
        """12.8: where the leader flees to, or None to stay."""
        ...

    def shell(self, side: str, options: FireOptions, legal: Callable[[Fire], str | None]) -> Fire | None:
        """10.2: artillery fire at units on the move, or None."""
        ...

    def choose(self, side: str, question: str, options: Sequence[str]) -> int:
        """Any other single choice among ``options`` (the index picked)."""
        ...


class FirstChoice:
    """Takes the first option and never fires: the default where no player is asked."""

    def first_fire(self, side: str, options: FireOptions, legal: Callable[[Fire], str | None]) -> Fire | None:
        return None

    def protect(self, side: str, space: str, units: Sequence[Unit], limit: int) -> list[Unit]:
        return list(units[:limit])

    def abandon(self, leader: Unit, destinations: Sequence[str]) -> str | None:
        return None

    def shell(self, side: str, options: FireOptions, legal: Callable[[Fire], str | None]) -> Fire | None:
        return None

    def choose(self, side: str, question: str, options: Sequence[str]) -> int:
        return 0


class RandomDecider:
    """Legal choices at random, from a seeded generator."""

    def __init__(self, seed: int | None = None, fire_chance: float = 0.6, shell_chance: float = 0.3) -> None:
        self.random = random.Random(seed)
        self.fire_chance = fire_chance
        self.shell_chance = shell_chance

    def _shot(self, options: FireOptions, legal: Callable[[Fire], str | None], chance: float) -> Fire | None:
        if not options.firers or not options.targets or self.random.random() >= chance:
            return None
        for _ in range(4):
            firers = _some(self.random, options.firers)
            targets = _some(self.random, options.targets, most=2)
            support = tuple(u for u in options.support if self.random.random() < 0.5)
            shot = Fire(firers, targets, support)
            if legal(shot) is None:
                return shot
        return None

    def first_fire(self, side: str, options: FireOptions, legal: Callable[[Fire], str | None]) -> Fire | None:
        return self._shot(options, legal, self.fire_chance)

    def protect(self, side: str, space: str, units: Sequence[Unit], limit: int) -> list[Unit]:
        return self.random.sample(list(units), min(limit, len(units)))

    def abandon(self, leader: Unit, destinations: Sequence[str]) -> str | None:
        if not destinations or self.random.random() < 0.7:
            return None
        return self.random.choice(list(destinations))

    def shell(self, side: str, options: FireOptions, legal: Callable[[Fire], str | None]) -> Fire | None:
        return self._shot(options, legal, self.shell_chance)

    def choose(self, side: str, question: str, options: Sequence[str]) -> int:
        return self.random.randrange(len(options))


def _some(generator: random.Random, units: Sequence[Unit], most: int | None = None) -> tuple[Unit, ...]:
    count = generator.randint(1, min(len(units), most or len(units)))
    return tuple(generator.sample(list(units), count))


class ChooserDecider:
    """Asks a `Chooser` (a person, a script) every question, in a player's words.

    ``name`` gives a unit's display name and ``place`` a hex's; ``side_name`` the side's.
    The answers are kept under the keys a replay step uses (``take_choices``), so
    that a game played this way is saved and replayed (`wgc play`).
    """

    def __init__(
        self,
        chooser: Chooser,
        name: Callable[[Unit], str],
        place: Callable[[str], str],
        side_name: Callable[[str], str],
    ) -> None:
        self.chooser = chooser
        self.name = name
        self.place = place
        self.side_name = side_name
        self.choices: dict[str, Any] = {}

    def take_choices(self) -> dict[str, Any]:
        """The answers since the last call, as replay-step keys."""
        taken, self.choices = self.choices, {}
        return taken

    def _pick(
        self, side: str, question: str, units: Sequence[Unit], minimum: int, maximum: int
    ) -> tuple[Unit, ...]:
        if not units:
            return ()
        labels = [f"{self.name(u)} in {self.place(u.space or '')}" for u in units]
        picked = self.chooser.choose(
            question, labels, minimum=minimum, maximum=min(maximum, len(units)), side=side
        )
        return tuple(units[i] for i in picked)

    def _shot(
        self, side: str, what: str, options: FireOptions, legal: Callable[[Fire], str | None]
    ) -> Fire | None:
        who = self.side_name(side)
        for _ in range(3):
            firers = self._pick(
                side, f"{who} player: which units {what}? (none: hold fire)", options.firers, 0, 99
            )
            if not firers:
                return None
            targets = self._pick(side, f"{who} player: fire at which units?", options.targets, 1, 99)
            support = self._pick(
                side, f"{who} player: which artillery adds its strength?", options.support, 0, 99
            )
            shot = Fire(firers, targets, support)
            if legal(shot) is None:
                return shot
        return None

    def first_fire(self, side: str, options: FireOptions, legal: Callable[[Fire], str | None]) -> Fire | None:
        shot = self._shot(side, "first fire before the attack", options, legal)
        entry: dict[str, Any] = {"hold": True} if shot is None else _fire_entry(shot)
        self.choices.setdefault("first_fire", []).append(entry)
        return shot

    def protect(self, side: str, space: str, units: Sequence[Unit], limit: int) -> list[Unit]:
        question = f"{self.side_name(side)} player: which {limit} units does {self.place(space)} protect?"
        chosen = list(self._pick(side, question, units, min(limit, len(units)), limit))
        self.choices["protect"] = [u.uid for u in chosen]
        return chosen

    def abandon(self, leader: Unit, destinations: Sequence[str]) -> str | None:
        options = ["stay with his units", *(f"flee to {self.place(d)}" for d in destinations)]
        question = f"{self.side_name(leader.side)} player: does {self.name(leader)} abandon his units?"
        picked = self.chooser.choose(question, options, side=leader.side)
        flight = None if not picked or picked[0] == 0 else destinations[picked[0] - 1]
        if flight is not None:
            self.choices["abandon"] = flight
        return flight

    def shell(self, side: str, options: FireOptions, legal: Callable[[Fire], str | None]) -> Fire | None:
        shot = self._shot(side, "shell the moving units", options, legal)
        if shot is not None:
            entry = {
                "at": shot.targets[0].space,
                "guns": [u.uid for u in shot.firers],
                "targets": [u.uid for u in shot.targets],
            }
            self.choices.setdefault("shell", []).append(entry)
        return shot

    def choose(self, side: str, question: str, options: Sequence[str]) -> int:
        picked = self.chooser.choose(f"{self.side_name(side)} player: {question}", list(options), side=side)
        index = picked[0] if picked else 0
        if len(options) > 1:
            self.choices.setdefault("choices", []).append(options[index])
        return index


def _fire_entry(shot: Fire) -> dict[str, Any]:
    entry: dict[str, Any] = {"units": [u.uid for u in shot.firers], "targets": [u.uid for u in shot.targets]}
    if shot.support:
        entry["support"] = [u.uid for u in shot.support]
    return entry
