"""Stacking as game.json states it: one reading for the validator's set-up check and the engine.

The data gives an overall limit on units, whether both sides may share a space,
and rules for classes or kinds of counter ("at most 3 infantry, 6 with the
Convoy") or for company ("no leader with a unit of the EEF"). A set-up and a
move are judged by the same `Stacking` object, so the two can never disagree.
A system with a rule the data cannot state adds it as a hook of its own.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import NamedTuple

from rules_engine.definitions import Counter, GameInfo, StackingRule

# The counter kind the overall limit counts; leaders, dummies and tokens are counted
# only by rules that name their kind.
COUNTED_KIND = "unit"
_NO_GROUPS: frozenset[str] = frozenset()


class Member(NamedTuple):
    """Counters of one entry in a space: ``copies`` of ``counter``."""

    counter: Counter
    copies: int = 1


class BadCompany(NamedTuple):
    """A counter that a rule keeps away from a unit of a barred nation."""

    offender: Counter
    barred: Counter
    rule: StackingRule


class Stacking:
    """The stacking rules of one game, ready to judge any group of counters in one space."""

    def __init__(self, game: GameInfo) -> None:
        stacking = game.stacking
        self.limit = stacking.limit
        self.one_side_per_space = stacking.one_side_per_space
        self.summary = stacking.summary
        self.count_rules = tuple(r for r in stacking.rules if not r.not_with_nations)
        self.company_rules = tuple(r for r in stacking.rules if r.not_with_nations)
        # each class with the groups it belongs to, as a set: every rule of a move asks it of every counter
        self._groups = {c.id: frozenset((c.id, *c.groups)) for c in game.unit_classes}

    @property
    def simple(self) -> bool:
        """Only an overall limit: the engine's hot paths may count units and stop there."""
        return not self.count_rules and not self.company_rules

    def over_limit(
        self,
        members: Sequence[Member],
        tracks: Mapping[str, int] | None = None,
        space_kinds: Collection[str] = (),
    ) -> str | None:
        """Why these counters are too many for one space (None when they fit).

        ``tracks`` gives the values of the tracks a rule adds to its limit (a track
        not given adds nothing); ``space_kinds`` the kinds and features of the space,
        for rules that set no limit in some spaces.
        """
        units = sum(m.copies for m in members if m.counter.kind == COUNTED_KIND)
        if self.limit is not None and units > self.limit:
            return f"{units} units; the stacking limit is {self.limit}"
        for rule in self.count_rules:
            if rule.unlimited_in and any(kind in space_kinds for kind in rule.unlimited_in):
                continue
            matching = sum(m.copies for m in members if self.matches(rule, m.counter))
            limit = self.rule_limit(rule, [m.counter for m in members], tracks or {})
            if matching > limit:
                what = ", ".join(rule.classes or rule.kinds) or "units"
                return f"{matching} {what}; at most {limit} may stack"
        return None

    def rule_limit(self, rule: StackingRule, counters: Sequence[Counter], tracks: Mapping[str, int]) -> int:
        """The limit a rule sets in a space holding ``counters``: the highest any of them raises it to."""
        present = {c.id for c in counters if rule.side is None or c.side == rule.side}
        limit = rule.max_with_unit if rule.with_unit in present and rule.max_with_unit else rule.max
        for raised in rule.raised_by:
            if raised.unit is not None:
                applies = raised.unit in present
            else:
                applies = any(
                    (rule.side is None or c.side == rule.side) and self.in_classes(raised.classes, c)
                    for c in counters
                )
            if applies:
                bonus = tracks.get(raised.plus_track, 0) if raised.plus_track else 0
                limit = max(limit, raised.max + bonus)
        return limit

    def bad_company(self, counters: Sequence[Counter]) -> list[BadCompany]:
        """Counters a company rule keeps out of this space, with the unit that bars each."""
        found: list[BadCompany] = []
        for rule in self.company_rules:
            # The rule bars units of these nations; a leader of the nation (Abdullah Tell) is not one.
            barred = [c for c in counters if c.kind == COUNTED_KIND and c.nation in rule.not_with_nations]
            if not barred:
                continue
            found.extend(
                BadCompany(counter, barred[0], rule)
                for counter in counters
                if counter.id not in rule.except_counters and self.matches(rule, counter)
            )
        return found

    def mixed_sides(self, sides: Iterable[str]) -> bool:
        """Both sides in one space, where the game forbids it."""
        return self.one_side_per_space and len(set(sides)) > 1

    def matches(self, rule: StackingRule, counter: Counter) -> bool:
        """Whether a rule's side, classes and kinds take in this counter."""
        if rule.kinds and counter.kind not in rule.kinds:
            return False
        if rule.side is not None and counter.side != rule.side:
            return False
        return not rule.classes or self.in_classes(rule.classes, counter)

    def in_classes(self, classes: Sequence[str], counter: Counter) -> bool:
        """Whether the counter's class, or one of its class's groups, is among ``classes``."""
        groups = self._groups.get(counter.unit_class or "", _NO_GROUPS)
        return not groups.isdisjoint(classes)

    def problem(self, counters: Sequence[Counter], sides: Iterable[str]) -> str | None:
        """The first reason a group of counters may not share a space, in a player's words."""
        if self.mixed_sides(sides):
            return "units of both sides cannot share a space"
        if self.limit is not None and self.simple:
            units = sum(1 for c in counters if c.kind == COUNTED_KIND)
            return None if units <= self.limit else f"{units} units; the stacking limit is {self.limit}"
        reason = self.over_limit([Member(c) for c in counters])
        if reason is not None:
            return reason
        company = self.bad_company(counters)
        if company:
            first = company[0]
            return f"{first.offender.name} may not stack with {first.barred.name}"
        return None
