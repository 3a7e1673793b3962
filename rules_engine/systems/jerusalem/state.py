"""What a game of Jerusalem! remembers beyond the core's positions: markers, MPs, passengers, secrets.

Each field says how long it lasts (a phase, a player turn, the game) and the
rule that makes it; the game's hooks clear them at the right moment.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Marks:
    """The Jerusalem! part of a game's state."""

    # --- for one phase ---
    spent: dict[str, float] = field(default_factory=dict)  # MPs spent this phase (7.6)
    mufti_free: set[str] = field(default_factory=set)  # 7.4: Mufti units that started the phase near a leader
    rode_with: dict[str, str] = field(default_factory=dict)  # 8.7.5: the one transport a unit rode this phase
    dropped_in_zoc: set[str] = field(default_factory=set)  # 8.7.7
    dropped_by: dict[str, str] = field(
        default_factory=dict
    )  # 8.7.8: passenger -> the transport that set it down
    road_ready: set[str] = field(default_factory=set)  # 8.7.7: started the road phase next to the enemy
    fresh: set[str] = field(default_factory=set)  # 6.4.2: a new Haganah unit sits out this phase
    anything_moved: bool = False  # 6.2.1: the convoy's route is announced before any road movement
    # --- for one player turn ---
    stopped: set[str] = field(default_factory=set)  # Stop markers (3.4, 7.7)
    zoc_lock: dict[str, str] = field(default_factory=dict)  # 4.5: unit -> the enemy ZOC hex it stopped in
    moved_in: dict[str, set[str]] = field(default_factory=dict)  # 7.2: the phase kinds a unit moved in
    attacked: set[str] = field(default_factory=set)  # 9.9: defenders attacked this player turn
    fired: set[str] = field(default_factory=set)  # 10.1: artillery that has fired this player turn
    first_fired: set[str] = field(default_factory=set)  # 9.11: halftracks and buses that first fired
    halved: set[str] = field(default_factory=set)  # 12.8.2: abandoned units, for the Jewish player turn
    kutub_bombed: bool = False  # 13.1.2: one bombing a turn
    kutub_carried: bool = False  # 13.1.1: carried this player turn, so no bombing
    kutub_quiet: bool = False  # 13.1.1: he has bombed, so he gives no leader effects this turn
    terrorists: set[str] = field(default_factory=set)  # 13.2: units that made a terrorist attack
    road_work: dict[str, float] = field(default_factory=dict)  # 15.2: MP worth of road each bulldozer built
    # --- across player turns ---
    grounded: set[str] = field(default_factory=set)  # 12.8.1: abandoning leaders sit out the next Arab turn
    disrupted: dict[str, tuple[str, int]] = field(default_factory=dict)  # 10.10, 13.1.4: until when
    disrupted_by: dict[str, str] = field(default_factory=dict)  # the rule that disrupted it
    jewish_turns: int = 0  # Jewish player turns begun, to time disruptions
    # --- the convoy, for one Jewish Road Movement Phase (6.2-6.6) ---
    route: tuple[str, ...] = ()
    escorts: set[str] = field(default_factory=set)
    convoy_done: bool = False
    # --- for the whole game ---
    carried_by: dict[str, str] = field(default_factory=dict)  # 8.7.3: passenger -> transport
    face_down: set[str] = field(default_factory=set)  # 12.1
    bombed: set[str] = field(default_factory=set)  # 13.1.2: hexes bombed this game
    # 14.6: units off the map -> the edge hex of the road they left by, and the turn (index) they left
    off_map: dict[str, tuple[str, int]] = field(default_factory=dict)
    # 15.2-15.4: each link of new secondary road, in the order built -> the turn (index) it was built
    # and the MP worth of terrain it cost
    new_roads: dict[tuple[str, str], tuple[int, float]] = field(default_factory=dict)

    def new_phase(self) -> None:
        self.spent.clear()
        self.mufti_free.clear()
        self.rode_with.clear()
        self.dropped_in_zoc.clear()
        self.dropped_by.clear()
        self.road_ready.clear()
        self.fresh.clear()
        self.carried_by.clear()
        self.anything_moved = False

    def new_player_turn(self) -> None:
        self.stopped.clear()
        self.zoc_lock.clear()
        self.moved_in.clear()
        self.attacked.clear()
        self.fired.clear()
        self.first_fired.clear()
        self.halved.clear()
        self.kutub_bombed = False
        self.kutub_carried = False
        self.kutub_quiet = False
        self.terrorists.clear()
        self.road_work.clear()
