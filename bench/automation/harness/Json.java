import java.util.Collection;
import java.util.Map;

/** Writes an answer as JSON on one line, so that a client reads exactly one line per command. */
final class Json {
  private Json() { }

  static String write(Object value) {
    final StringBuilder out = new StringBuilder();
    write(out, value);
    return out.toString();
  }

  private static void write(StringBuilder out, Object value) {
    if (value == null) {
      out.append("null");
    }
    else if (value instanceof Boolean || value instanceof Integer || value instanceof Long) {
      out.append(value);
    }
    else if (value instanceof Number) {
      out.append(((Number) value).doubleValue());
    }
    else if (value instanceof Map) {
      out.append('{');
      boolean first = true;
      for (Map.Entry<?, ?> entry : ((Map<?, ?>) value).entrySet()) {
        if (!first) out.append(',');
        first = false;
        string(out, String.valueOf(entry.getKey()));
        out.append(':');
        write(out, entry.getValue());
      }
      out.append('}');
    }
    else if (value instanceof Collection) {
      out.append('[');
      boolean first = true;
      for (Object item : (Collection<?>) value) {
        if (!first) out.append(',');
        first = false;
        write(out, item);
      }
      out.append(']');
    }
    else {
      string(out, value.toString());
    }
  }

  private static void string(StringBuilder out, String text) {
    out.append('"');
    for (int i = 0; i < text.length(); i++) {
      final char c = text.charAt(i);
      switch (c) {
      case '"': out.append("\\\""); break;
      case '\\': out.append("\\\\"); break;
      case '\n': out.append("\\n"); break;
      case '\r': out.append("\\r"); break;
      case '\t': out.append("\\t"); break;
      default:
        if (c < 0x20 || c == 0x2028 || c == 0x2029) out.append(String.format("\\u%04x", (int) c));
        else out.append(c);
      }
    }
    out.append('"');
  }
}
