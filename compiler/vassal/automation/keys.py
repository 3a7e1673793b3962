"""Every key the automation uses, in one place.

Keys a player presses are real key strokes (listed on the help page); the keys the
automation sends between its own parts are named commands, which VASSAL gives private
codes at run time, so they never clash with a player's keys.
"""

from __future__ import annotations

from compiler.vassal.pieces import CTRL, SHIFT, key, named_key

CTRL_SHIFT = CTRL + SHIFT

# --- keys a player presses ------------------------------------------------------------------
NEXT_PHASE = key("T", CTRL_SHIFT)  # turn tracker: the next phase
BATTLE = key("B", CTRL_SHIFT)  # toolbar: declare a battle with the selected units
RESOLVE = key("R", CTRL_SHIFT)  # toolbar and battle marker: the battle's next step
CANCEL = key("X", CTRL_SHIFT)  # battle marker: take the declaration back
CLEAR = key("C", CTRL_SHIFT)  # toolbar: clear every battle
NEAREST_UNMOVED = key("U", CTRL_SHIFT)  # toolbar: the view to the nearest unmoved unit
NEAREST_BATTLE = key("N", CTRL_SHIFT)  # toolbar: the view to the nearest unresolved battle
STEP_LOSS = key("L")  # unit: take a step loss (flip, or eliminate when no step is left)
ELIMINATE = key("D")  # unit: to its side's eliminated box
OUT_OF_SUPPLY = key("O")  # unit: out-of-supply mark on or off
HALTED = key("T")  # unit: halted by the defender's fire (dice-pool combat)
ALL_IN = key("I")  # unit: a halted unit goes all in (dice-pool combat)
HALVED = key("G")  # unit: abandoned by its leader, strength halved (Jerusalem!)
DISRUPTED = key("K")  # unit: disrupted, may not fire (Jerusalem!)
FIRED = key("J", CTRL_SHIFT)  # gun: has fired this player turn (Jerusalem!)
TRANSPORTED = key("Y", CTRL_SHIFT)  # unit: being transported (Jerusalem!)
QUIET = key("Q", CTRL_SHIFT)  # leader: gives no leader effects this turn (Jerusalem!)
CLEAR_MOVED = key("M")  # unit: clear its moved mark by hand
DRAW_OPERATIONS = key("O", CTRL_SHIFT)  # toolbar: draw an operations card (Raiders)
DRAW_HOSTILES = key("H", CTRL_SHIFT)  # toolbar: draw hostiles from the bin (Raiders)
REVEAL_GARRISON = key("G", CTRL_SHIFT)  # toolbar and garrison: reveal the garrison (Raiders)
FIRE = key("F", CTRL_SHIFT)  # unit: fire one shot in a raiders battle
EDGE = key("E", CTRL_SHIFT)  # toolbar: roll for the tactical edge (Raiders)

# --- keys the automation sends itself ----------------------------------------------------------
BATTLE_NEXT = named_key("wgcBattleNext")
BATTLE_AIM = named_key("wgcBattleAim")
BATTLE_JOIN_SELECTED = named_key("wgcBattleJoinSelected")
BATTLE_MARK = named_key("wgcBattleMark")
AIM = named_key("wgcAim")
JOIN = named_key("wgcJoin")
LEAVE = named_key("wgcLeave")
SET_FROM = named_key("wgcSetFrom")
MARK_DEFENDER = named_key("wgcMarkDefender")
SET_MARKED = named_key("wgcSetMarked")
PLACE_BATTLE = named_key("wgcPlaceBattle")
BATTLE_INIT = named_key("wgcBattleInit")
BATTLE_SET = named_key("wgcBattleSet")
BATTLE_SETUP = named_key("wgcBattleSetup")
BATTLE_REPORT = named_key("wgcBattleReport")
STEP = named_key("wgcStep")
PLACE_RESULT = named_key("wgcPlaceResult")
SET_RESULT = named_key("wgcSetResult")
STAGE_DONE = named_key("wgcStageDone")
SET_LABEL = named_key("wgcSetLabel")
REMOVE = named_key("wgcRemove")
CANCEL_UNITS = named_key("wgcCancelUnits")
CLEAR_ALL = named_key("wgcClearAll")
CLEAR_UNITS = named_key("wgcClearUnits")
CLEAR_MARKERS = named_key("wgcClearMarkers")
MOVED_OFF = named_key("wgcMovedOff")
CLEAR_MOVED_ALL = named_key("wgcClearMovedAll")
ACTIVE_SIDE = named_key("wgcActiveSide")
PHASE_CHANGED = named_key("wgcPhaseChanged")
TO_ELIMINATED = named_key("wgcToEliminated")
FLIP = named_key("wgcFlip")
DIE = named_key("wgcDie")
RESOLVE_SELECTED = named_key("wgcResolveSelected")


def named(name: str) -> str:
    """A key of the automation's own, for a system's steps (battle stages, die tallies ...)."""
    return named_key("wgc" + name)
