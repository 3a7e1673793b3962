"""Board geometry: hex grids and point-to-point graphs."""

from rules_engine.geometry.hexgrid import Axis, GridError, Hex, HexGrid
from rules_engine.geometry.layout import HexLayout

__all__ = ["Axis", "GridError", "Hex", "HexGrid", "HexLayout"]
