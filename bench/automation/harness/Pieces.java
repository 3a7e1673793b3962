import java.awt.Point;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;

import VASSAL.build.module.Map;
import VASSAL.counters.GamePiece;
import VASSAL.counters.Stack;

/** The pieces of the game in progress, found and described as a player would see them. */
final class Pieces {
  private Pieces() { }

  /** Every piece on every map, in map order and bottom to top in each stack (decks included). */
  static List<GamePiece> onMaps() {
    final List<GamePiece> found = new ArrayList<>();
    for (Map map : Map.getMapList()) {
      for (GamePiece piece : map.getPieces()) {
        if (piece instanceof Stack) found.addAll(((Stack) piece).asList());
        else found.add(piece);
      }
    }
    return found;
  }

  /** The piece with this id, wherever it is; an error names the id. */
  static GamePiece byId(String id) {
    final GamePiece piece = VASSAL.build.GameModule.getGameModule().getGameState().getPieceForId(id.trim());
    if (piece == null || piece instanceof Stack) throw new IllegalArgumentException("no piece with id '" + id + "'");
    return piece;
  }

  /** The piece's id, name, map and location, and the named properties (null where a property is unset). */
  static java.util.Map<String, Object> describe(GamePiece piece, List<String> names) {
    final java.util.Map<String, Object> described = new LinkedHashMap<>();
    described.put("id", piece.getId());
    described.put("name", piece.getName());
    final Map map = piece.getMap();
    described.put("map", map == null ? null : map.getMapName());
    final Point position = piece.getPosition();
    described.put("location", map == null ? null : map.locationName(position));
    final java.util.Map<String, Object> props = new LinkedHashMap<>();
    for (String name : names) {
      final Object value = piece.getProperty(name);
      props.put(name, value == null ? null : value.toString());
    }
    described.put("props", props);
    return described;
  }

  /** A comma-separated list of names or ids, blanks left out. */
  static List<String> list(String text) {
    final List<String> items = new ArrayList<>();
    for (String item : text.split(",")) {
      if (!item.isBlank()) items.add(item.trim());
    }
    return items;
  }
}
