import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * VASSAL's random numbers, seeded, with dice that can be given in advance: a die VASSAL
 * rolls (Random(n) in BeanShell, a dice button: nextInt(n)) takes the next given value if
 * there is one, else a seeded draw. A deck's draws (a shuffle, or a card picked from an
 * always-shuffled deck, which every Global Key Command that visits the deck makes) are no
 * dice: they never take a given value. Every draw is kept, so that a client can check which
 * dice were rolled and that every given die was used (the scripted dice of rules_engine/core/dice.py).
 */
final class ScriptedRandom extends Random {
  private static final long serialVersionUID = 1L;
  private final Deque<Integer> given = new ArrayDeque<>();
  private final List<Map<String, Object>> rolled = new ArrayList<>();

  ScriptedRandom(long seed) {
    super(seed);
  }

  synchronized void give(List<Integer> values) {
    given.addAll(values);
  }

  private static final StackWalker STACK = StackWalker.getInstance();

  /** Whether a deck is drawing (Collections.shuffle, or Deck's own code, on the stack). */
  private static boolean byDeck() {
    return STACK.walk(frames -> frames.anyMatch(frame ->
      "VASSAL.counters.Deck".equals(frame.getClassName())
        || ("java.util.Collections".equals(frame.getClassName()) && "shuffle".equals(frame.getMethodName()))));
  }

  @Override
  public synchronized int nextInt(int bound) {
    final boolean deck = byDeck();
    final Integer next = deck ? null : given.peek();
    final int value;
    final boolean scripted = next != null && next >= 1 && next <= bound;
    if (scripted) {
      given.poll();
      value = next;
    }
    else {
      value = super.nextInt(bound) + 1;
    }
    final Map<String, Object> roll = new LinkedHashMap<>();
    roll.put("sides", bound);
    roll.put("value", value);
    roll.put("given", scripted);
    roll.put("deck", deck);
    rolled.add(roll);
    return value - 1;
  }

  /** The rolls since the last call, and the given values still unused (which are dropped). */
  synchronized Map<String, Object> take() {
    final Map<String, Object> taken = new LinkedHashMap<>();
    taken.put("rolls", new ArrayList<>(rolled));
    taken.put("unused", new ArrayList<>(given));
    rolled.clear();
    given.clear();
    return taken;
  }
}
