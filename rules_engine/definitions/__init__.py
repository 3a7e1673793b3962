"""Typed, immutable definitions of a game, built from validated source data."""

from rules_engine.definitions.board import (
    Box,
    Entry,
    Hexside,
    MapDefinition,
    Region,
    Road,
    Route,
    Space,
    SupplySource,
    Track,
)
from rules_engine.definitions.cards import Card, CardSection, Deck
from rules_engine.definitions.charts import (
    Charts,
    CombatSystem,
    DieRange,
    Modifier,
    PoolDie,
    StrengthColour,
    Table,
    TableRow,
)
from rules_engine.definitions.counters import Counter, CounterMix, Face
from rules_engine.definitions.definition import GameDefinition
from rules_engine.definitions.game import (
    Campaign,
    CampaignLink,
    CampaignRule,
    CampaignStep,
    Die,
    GameInfo,
    Nation,
    OptionalRule,
    Phase,
    Side,
    Stacking,
    StackingRule,
    StatedCount,
    UnitClass,
)
from rules_engine.definitions.origin import Origin
from rules_engine.definitions.scenario import (
    Constraint,
    Marker,
    Placement,
    PointsAllowance,
    RandomSetup,
    Reinforcement,
    Scenario,
    Victory,
    VictoryCondition,
    VictoryLevel,
    Within,
)
from rules_engine.definitions.terrain import CombatEffect, MovementClass, Terrain, TerrainChart

__all__ = [
    "Box", "Campaign", "CampaignLink", "CampaignRule", "CampaignStep", "Card", "CardSection", "Charts",
    "CombatEffect", "CombatSystem", "Constraint", "Counter", "CounterMix", "Deck", "Die",
    "DieRange", "Entry", "Face", "GameDefinition", "GameInfo", "Hexside", "MapDefinition",
    "Marker", "Modifier", "MovementClass", "Nation", "OptionalRule", "Origin", "Phase",
    "Placement", "PointsAllowance", "PoolDie", "RandomSetup", "Region", "Reinforcement", "Road",
    "Route", "Scenario", "Side", "Space", "Stacking", "StackingRule", "StatedCount",
    "StrengthColour", "SupplySource", "Table", "TableRow", "Terrain", "TerrainChart", "Track",
    "UnitClass", "Victory", "VictoryCondition", "VictoryLevel", "Within",
]
