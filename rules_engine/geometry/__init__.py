"""Board geometry: hex grids and point-to-point graphs."""

from rules_engine.geometry.hexgrid import Axis, GridError, Hex, HexGrid

__all__ = ["Axis", "GridError", "Hex", "HexGrid"]
