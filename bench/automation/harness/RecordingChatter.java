import java.util.ArrayList;
import java.util.List;

import VASSAL.build.module.Chatter;

/**
 * Stands in for the module's chat log: keeps every line shown (as VASSAL passes it, "* "
 * and all, before any HTML), and shows it in the real chat log too. Traits and commands
 * find the chat log through GameModule.getChatter(), so each report reaches this one.
 */
final class RecordingChatter extends Chatter {
  private static final long serialVersionUID = 1L;
  private final transient Chatter shown;
  private final List<String> lines = new ArrayList<>();

  RecordingChatter(Chatter shown) {
    this.shown = shown;
  }

  @Override
  public void show(String line) {
    synchronized (lines) {
      lines.add(line.trim());
    }
    if (shown != null) shown.show(line);
  }

  /** The lines shown since the previous call. */
  List<String> take() {
    synchronized (lines) {
      final List<String> taken = new ArrayList<>(lines);
      lines.clear();
      return taken;
    }
  }
}
