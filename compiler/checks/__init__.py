"""Cross-checks: every rule the schema cannot express, one small generator each.

``ALL_CHECKS`` is the list the pipeline runs, in order. A check receives a
CheckContext and yields diagnostics; it skips itself quietly when a part it
needs is missing (that part's own file already carries the error).
"""

from collections.abc import Callable, Iterator

from compiler.checks.art import check_board_image, check_card_images, check_counter_images
from compiler.checks.boards import check_boards, check_scenario_pieces
from compiler.checks.charts import check_combat_system, check_tables
from compiler.checks.classic import check_classic
from compiler.checks.context import CheckContext
from compiler.checks.geometry import (
    check_bridges,
    check_countries,
    check_hexsides_adjacent,
    check_line_features,
    check_map_size,
    check_off_map,
    check_place_names,
    check_region_connections,
    check_road_ends,
    check_roads_adjacent,
    check_routes,
    check_spaces_on_sheet,
)
from compiler.checks.identity import check_duplicate_ids
from compiler.checks.kept import check_kept_tree
from compiler.checks.layout import check_counter_names, check_layouts, check_printed_values
from compiler.checks.printable import check_printable_glyphs, check_printable_names
from compiler.checks.provenance import check_reconstructed
from compiler.checks.references import (
    check_counter_references,
    check_game_references,
    check_map_references,
    check_map_terrain,
    check_supply_sources,
)
from compiler.checks.scenarios import check_scenarios
from compiler.checks.stated_counts import check_stated_counts
from compiler.checks.system import check_system, check_victory_kinds
from compiler.checks.unplayed import check_unplayed_fields
from compiler.checks.values import check_engine_values, check_face_values, check_value_declarations
from compiler.checks.victory import check_victory
from compiler.diagnostics import Diagnostic

Check = Callable[[CheckContext], Iterator[Diagnostic]]

ALL_CHECKS: tuple[Check, ...] = (
    check_duplicate_ids,
    check_system,
    check_unplayed_fields,
    check_printable_names,
    check_printable_glyphs,
    check_game_references,
    check_counter_references,
    check_value_declarations,
    check_engine_values,
    check_face_values,
    check_layouts,
    check_counter_names,
    check_printed_values,
    check_map_terrain,
    check_map_references,
    check_hexsides_adjacent,
    check_off_map,
    check_roads_adjacent,
    check_bridges,
    check_routes,
    check_line_features,
    check_road_ends,
    check_region_connections,
    check_map_size,
    check_spaces_on_sheet,
    check_board_image,
    check_card_images,
    check_counter_images,
    check_countries,
    check_place_names,
    check_supply_sources,
    check_stated_counts,
    check_tables,
    check_combat_system,
    check_scenarios,
    check_victory,
    check_boards,
    check_scenario_pieces,
    check_kept_tree,
    check_victory_kinds,
    check_classic,
    check_reconstructed,
)

__all__ = ["ALL_CHECKS", "Check", "CheckContext"]
