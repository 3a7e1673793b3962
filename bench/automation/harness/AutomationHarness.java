import java.awt.Component;
import java.awt.Container;
import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.File;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;

import javax.swing.AbstractButton;
import javax.swing.JFrame;
import javax.swing.JMenuBar;
import javax.swing.SwingUtilities;

import VASSAL.Info;
import VASSAL.build.GameModule;
import VASSAL.build.module.BasicLogger;
import VASSAL.build.module.GameState;
import VASSAL.build.module.Map;
import VASSAL.build.module.PlayerRoster;
import VASSAL.build.module.properties.PropertySource;
import VASSAL.command.Command;
import VASSAL.configure.NamedHotKeyConfigurer;
import VASSAL.configure.PropertyExpression;
import VASSAL.counters.GamePiece;
import VASSAL.counters.GlobalCommand;
import VASSAL.counters.KeyBuffer;
import VASSAL.counters.PieceFilter;
import VASSAL.counters.Properties;
import VASSAL.counters.PropertyExporter;
import VASSAL.launch.PlayerWindow;
import VASSAL.launch.StandardConfig;
import VASSAL.launch.StartUp;
import VASSAL.script.expression.BeanShellExpression;
import VASSAL.script.expression.Expression;
import VASSAL.script.expression.ExpressionException;
import VASSAL.script.expression.PropertyMatchExpression;
import VASSAL.tools.DataArchive;
import VASSAL.tools.ErrorDialog;
import VASSAL.tools.FormattedString;
import VASSAL.tools.NamedKeyManager;
import VASSAL.tools.NamedKeyStroke;
import VASSAL.tools.RecursionLimiter;
import VASSAL.tools.menu.MenuBarProxy;
import VASSAL.tools.menu.MenuManager;

/**
 * Plays a module's automation in the real VASSAL engine, one command a line.
 *
 *   java ... AutomationHarness MODULE.vmod [-|SCRIPT]
 *
 * Reads commands (fields separated by TAB) from standard input ("-") or a file, and answers
 * each with one line on standard output: "@@WGC " and a JSON object, {"result": ...,
 * "problems": [...]} or {"error": "..."}. The first answer comes once the module is loaded.
 * bench/automation/README.md lists the commands; bench/automation/harness_client.py is its
 * client. Everything VASSAL itself prints goes to standard error.
 */
public final class AutomationHarness {
  private static final String PREFIX = "@@WGC ";

  private final PrintStream answers;
  private final Problems problems = new Problems();
  private RecordingChatter chat;
  private boolean quit;

  /** The Player's menu manager (private in VASSAL.launch.Player): a loaded module needs one. */
  static final class HarnessMenuManager extends MenuManager {
    private final MenuBarProxy menuBar = new MenuBarProxy();

    @Override public JMenuBar getMenuBarFor(JFrame frame) {
      return (frame instanceof PlayerWindow) ? menuBar.createPeer() : null;
    }

    @Override public MenuBarProxy getMenuBarProxyFor(JFrame frame) {
      return (frame instanceof PlayerWindow) ? menuBar : null;
    }
  }

  /** The harness's own name for the commands it sends, where VASSAL wants a component. */
  static final class HarnessCommand implements RecursionLimiter.Loopable {
    @Override public String getComponentTypeName() { return "wgc automation harness"; }
    @Override public String getComponentName() { return "keyall"; }
  }

  private AutomationHarness(PrintStream answers) {
    this.answers = answers;
  }

  public static void main(String[] args) throws Exception {
    if (args.length < 1 || args.length > 2) {
      System.err.println("usage: AutomationHarness MODULE.vmod [-|COMMANDS-FILE]");
      System.exit(2);
    }
    final PrintStream answers = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
    System.setOut(System.err);
    final AutomationHarness harness = new AutomationHarness(answers);
    final boolean loaded = harness.start(args[0]);
    if (loaded) {
      final String script = args.length > 1 ? args[1] : "-";
      harness.serve("-".equals(script)
        ? new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))
        : new BufferedReader(new InputStreamReader(new FileInputStream(script), StandardCharsets.UTF_8)));
    }
    answers.flush();
    Runtime.getRuntime().halt(loaded ? 0 : 1);
  }

  // ---------------- start-up and the command loop ----------------

  /** Boot VASSAL as the Player does and load the module; answers the first line. */
  private boolean start(String module) {
    final int mark = problems.mark();
    try {
      Info.setConfig(new StandardConfig());
      problems.install();
      final StartUp startUp = new StartUp();
      startUp.startErrorLog();
      startUp.initSystemProperties();
      new HarnessMenuManager();
      onEdt(() -> {
        GameModule.init(new GameModule(new DataArchive(module)));
        final GameModule game = GameModule.getGameModule();
        chat = new RecordingChatter(game.getChatter());
        game.setChatter(chat);
        answerNoQuestions(game);
        return null;
      });
      settle();
      final java.util.Map<String, Object> loaded = new LinkedHashMap<>();
      loaded.put("module", GameModule.getGameModule().getGameName());
      loaded.put("version", GameModule.getGameModule().getGameVersion());
      loaded.put("vassal", Info.getVersion());
      answer(loaded, problems.since(mark));
      return true;
    }
    catch (Throwable t) {
      answerError("the module did not load: " + Problems.describe(t) + " " + problems.since(mark));
      return false;
    }
  }

  private void serve(BufferedReader commands) throws Exception {
    for (String line = commands.readLine(); line != null && !quit; line = commands.readLine()) {
      if (line.isBlank()) continue;
      final List<String> fields = Arrays.asList(line.split("\t", -1));
      final int mark = problems.mark();
      try {
        final Object result = run(fields.get(0).trim(), fields.subList(1, fields.size()));
        settle();
        answer(result, problems.since(mark));
      }
      catch (Throwable t) {
        answerError(fields.get(0) + ": " + (t instanceof IllegalArgumentException ? t.getMessage() : Problems.describe(t)));
      }
    }
  }

  private Object run(String command, List<String> fields) throws Exception {
    switch (command) {
    case "load": return load(field(fields, 0, "the saved game"));
    case "seed": return seed(Long.parseLong(field(fields, 0, "the seed").trim()));
    case "dice": return dice(field(fields, 0, "the dice"));
    case "rolls": return random().take();
    case "select": return onEdt(() -> select(Pieces.list(field(fields, 0, "the piece ids"))));
    case "button": return onEdt(() -> button(field(fields, 0, "the button's text")));
    case "key": return onEdt(() -> key(Pieces.byId(field(fields, 0, "the piece id")), keyOf(field(fields, 1, "the key"))));
    case "keyall": return onEdt(() -> keyAll(field(fields, 0, "the expression"), keyOf(field(fields, 1, "the key"))));
    case "piece": return onEdt(() -> Pieces.describe(Pieces.byId(field(fields, 0, "the piece id")), Pieces.list(fields.size() > 1 ? fields.get(1) : "")));
    case "props": return onEdt(() -> props(field(fields, 0, "the expression"), Pieces.list(fields.size() > 1 ? fields.get(1) : "")));
    case "eval": return onEdt(() -> eval(field(fields, 0, "the piece id (or -)"), field(fields, 1, "the expression")));
    case "match": return onEdt(() -> match(field(fields, 0, "the source piece id (or -)"), field(fields, 1, "the expression")));
    case "resave": return onEdt(() -> resave(field(fields, 0, "the file to write")));
    case "namedkeys": return onEdt(AutomationHarness::namedKeys);
    case "chat": settle(); return chat.take();
    case "problems": settle(); return problems.sinceLastReport();
    case "quit": quit = true; return null;
    default: throw new IllegalArgumentException("unknown command '" + command + "' (see bench/automation/README.md)");
    }
  }

  private static String field(List<String> fields, int index, String what) {
    if (index >= fields.size()) throw new IllegalArgumentException("missing field " + (index + 1) + ": " + what);
    return fields.get(index);
  }

  private void answer(Object result, List<String> seen) {
    final java.util.Map<String, Object> answer = new LinkedHashMap<>();
    answer.put("result", result);
    answer.put("problems", seen);
    answers.println(PREFIX + Json.write(answer));
  }

  private void answerError(String message) {
    final java.util.Map<String, Object> answer = new LinkedHashMap<>();
    answer.put("error", message);
    answers.println(PREFIX + Json.write(answer));
  }

  /**
   * No one is there to answer VASSAL's questions: whether to start a log file (the preference
   * that asks is turned off) and which side to join (the side step is left out, so the harness
   * plays as no side; the modules' automation reads the side in phase from a global
   * property, never from the player's side).
   */
  private static void answerNoQuestions(GameModule game) {
    game.getPrefs().setValue(BasicLogger.PROMPT_NEW_LOG_START, Boolean.FALSE);
    game.getPrefs().setValue(BasicLogger.PROMPT_NEW_LOG_END, Boolean.FALSE);
    for (PlayerRoster roster : game.getComponentsOf(PlayerRoster.class)) {
      game.getGameState().removeGameSetupStep(roster);
    }
  }

  // ---------------- the commands ----------------

  /** Close the game in progress, if any, and start the saved game; true if a game is started. */
  private Object load(String path) throws Exception {
    final File file = new File(path);
    if (!file.isFile()) throw new IllegalArgumentException("no saved game " + path);
    final GameState state = GameModule.getGameModule().getGameState();
    onEdt(() -> {
      clearReportedWarnings();
      KeyBuffer.getBuffer().clear();
      if (state.isGameStarted()) {
        state.setModified(false);
        state.setup(false);
      }
      return null;
    });
    settle();
    onEdt(() -> {
      state.loadGameInForeground(file.getName(), new BufferedInputStream(new FileInputStream(file)));
      return null;
    });
    settle();
    chat.take(); // the loading messages, and whatever the game's start-up keys reported
    if (GameModule.getGameModule().getRNG() instanceof ScriptedRandom) random().take();
    return state.isGameStarted();
  }

  /**
   * VASSAL's dice (GameModule's random numbers, which Random(n) and dice buttons draw from)
   * from now on come from java.util.Random with this seed (a ScriptedRandom, so dice can be given).
   */
  private Object seed(long seed) throws Exception {
    final Field rng = GameModule.class.getDeclaredField("RNG");
    rng.setAccessible(true);
    rng.set(GameModule.getGameModule(), new ScriptedRandom(seed));
    return seed;
  }

  /** The next dice VASSAL rolls take these values (comma-separated), in order; answers how many are waiting. */
  private Object dice(String values) {
    final List<Integer> dice = new ArrayList<>();
    for (String value : Pieces.list(values)) dice.add(Integer.valueOf(value));
    final ScriptedRandom random = random();
    random.give(dice);
    return dice.size();
  }

  private static ScriptedRandom random() {
    final java.util.Random rng = GameModule.getGameModule().getRNG();
    if (!(rng instanceof ScriptedRandom)) throw new IllegalArgumentException("give a seed first (seed N)");
    return (ScriptedRandom) rng;
  }

  /** Select exactly these pieces, as clicks would (their Selected property is true). */
  private Object select(List<String> ids) {
    final KeyBuffer buffer = KeyBuffer.getBuffer();
    buffer.clear();
    for (String id : ids) buffer.add(Pieces.byId(id));
    return buffer.asList().size();
  }

  /** Click the enabled toolbar button (of the module or a map) with this text, or else this tool tip. */
  private Object button(String text) {
    final List<AbstractButton> buttons = new ArrayList<>();
    collectButtons(GameModule.getGameModule().getToolBar(), buttons);
    for (Map map : Map.getMapList()) collectButtons(map.getToolBar(), buttons);
    AbstractButton chosen = null;
    for (AbstractButton button : buttons) {
      if (text.equals(button.getText())) { chosen = button; break; }
    }
    if (chosen == null) {
      for (AbstractButton button : buttons) {
        if (text.equals(button.getToolTipText())) { chosen = button; break; }
      }
    }
    if (chosen == null) throw new IllegalArgumentException("no toolbar button '" + text + "'");
    if (!chosen.isEnabled()) throw new IllegalArgumentException("the toolbar button '" + text + "' is disabled");
    chosen.doClick(0);
    return chosen.getText();
  }

  private static void collectButtons(Component component, List<AbstractButton> found) {
    if (component instanceof AbstractButton) found.add((AbstractButton) component);
    if (component instanceof Container) {
      for (Component child : ((Container) component).getComponents()) collectButtons(child, found);
    }
  }

  /** Send a key to one piece, as VASSAL does for a selected piece's key (KeyBuffer.keyCommand), without changing the selection. */
  private Object key(GamePiece piece, NamedKeyStroke key) {
    final GameModule game = GameModule.getGameModule();
    game.initializeUiPieceProcessing(1);
    game.processNextUiPiece();
    piece.setProperty(Properties.SNAPSHOT, ((PropertyExporter) piece).getProperties());
    final Command command = piece.keyEvent(key.getKeyStroke());
    game.finalizeUiPieceProcessing();
    game.sendAndLog(command);
    game.refreshVisibleMaps();
    return null;
  }

  /** Send a key to every piece the expression accepts, as a module's Global Key Command does; answers how many it accepted. */
  private Object keyAll(String expression, NamedKeyStroke key) {
    final GameModule game = GameModule.getGameModule();
    final HarnessCommand owner = new HarnessCommand();
    final PieceFilter filter = new PropertyExpression(expression).getFilter(game, owner, (VASSAL.script.expression.AuditTrail) null);
    int accepted = 0;
    for (GamePiece piece : Pieces.onMaps()) if (filter.accept(piece)) accepted++;
    final GlobalCommand command = new GlobalCommand(owner, game);
    command.setKeyStroke(key);
    game.sendAndLog(command.apply(Map.getMapList().toArray(new Map[0]), filter, null));
    return accepted;
  }

  /** The pieces on the maps the expression accepts, each described with the named properties. */
  private Object props(String expression, List<String> names) {
    final PropertyExpression accepts = new PropertyExpression(expression);
    final List<Object> found = new ArrayList<>();
    for (GamePiece piece : Pieces.onMaps()) {
      if (accepts.isNull() || accepts.accept(piece)) found.add(Pieces.describe(piece, names));
    }
    return found;
  }

  /**
   * An expression as a trait's expression field evaluates it on a piece ("-": on the module,
   * its global properties): what kind of expression VASSAL makes of the text, and its value
   * (or the error VASSAL raised evaluating it).
   */
  private Object eval(String id, String text) {
    final PropertySource source = sourceOf(id);
    final Expression expression = Expression.createExpression(text);
    final java.util.Map<String, Object> result = new LinkedHashMap<>();
    result.put("kind", expression.getClass().getSimpleName());
    try {
      result.put("value", expression.evaluate(source, null, false, null, null));
    }
    catch (ExpressionException | RuntimeException e) {
      result.put("value", null);
      result.put("exception", e.toString());
    }
    return result;
  }

  /**
   * A Global Key Command's matching expression, issued by a piece ("-": by the module): the
   * kind of expression, the text VASSAL evaluates once it has put the issuer's $name$ values
   * into it, and the ids of the pieces on the maps it accepts.
   */
  private Object match(String id, String text) {
    final PropertySource source = sourceOf(id);
    final HarnessCommand owner = new HarnessCommand();
    final PropertyExpression expression = new PropertyExpression(text);
    final Expression parsed = Expression.createPropertyExpression(text);
    final PieceFilter filter = expression.getFilter(source, owner, (VASSAL.script.expression.AuditTrail) null);
    final java.util.Map<String, Object> result = new LinkedHashMap<>();
    result.put("kind", parsed.getClass().getSimpleName());
    result.put("evaluated", evaluatedText(parsed, filter, source));
    final List<Object> accepted = new ArrayList<>();
    for (GamePiece piece : Pieces.onMaps()) if (filter.accept(piece)) accepted.add(piece.getId());
    result.put("accepted", accepted);
    return result;
  }

  /** The expression text behind a filter: a BeanShell filter's own expression (after $name$ substitution), or a property match's text after it. */
  private static String evaluatedText(Expression parsed, PieceFilter filter, PropertySource source) {
    if (filter instanceof BeanShellExpression.BshFilter) {
      try {
        final Field outer = filter.getClass().getDeclaredField("this$0");
        outer.setAccessible(true);
        return ((Expression) outer.get(filter)).getExpression();
      }
      catch (ReflectiveOperationException e) {
        throw new IllegalStateException("cannot read the filter's expression: " + e);
      }
    }
    if (parsed instanceof PropertyMatchExpression) {
      return new FormattedString(parsed.getExpression()).getText(source, new HarnessCommand(), (VASSAL.script.expression.AuditTrail) null);
    }
    return parsed.getExpression();
  }

  /**
   * Write the module's buildFile.xml as VASSAL writes it when the module is saved (the text
   * of GameModule.buildString: every component and palette piece encoded again); answers how
   * many characters were written.
   */
  private Object resave(String path) throws java.io.IOException {
    final String text = GameModule.getGameModule().buildString();
    java.nio.file.Files.writeString(new File(path).toPath(), text, StandardCharsets.UTF_8);
    return text.length();
  }

  /**
   * The code VASSAL has given each named command so far (NamedKeyManager numbers the names
   * from 0xE000 in the order it meets them), by code: what a module's saved text holds.
   */
  private static Object namedKeys() throws ReflectiveOperationException {
    final Field strokes = NamedKeyManager.class.getDeclaredField("strokes");
    strokes.setAccessible(true);
    final java.util.TreeMap<Integer, String> byCode = new java.util.TreeMap<>();
    for (java.util.Map.Entry<?, ?> entry : ((java.util.Map<?, ?>) strokes.get(null)).entrySet()) {
      byCode.put(((javax.swing.KeyStroke) entry.getValue()).getKeyCode(), (String) entry.getKey());
    }
    final java.util.Map<String, Object> codes = new LinkedHashMap<>();
    for (java.util.Map.Entry<Integer, String> entry : byCode.entrySet()) codes.put(entry.getValue(), entry.getKey());
    return codes;
  }

  private static PropertySource sourceOf(String id) {
    return "-".equals(id.trim()) || id.isBlank() ? GameModule.getGameModule() : Pieces.byId(id);
  }

  private static NamedKeyStroke keyOf(String text) {
    final String key = text.trim();
    if (key.matches("-?\\d+,-?\\d+(,.*)?")) return NamedHotKeyConfigurer.decode(key);
    if (key.isEmpty()) throw new IllegalArgumentException("an empty key");
    return NamedKeyStroke.of(key);
  }

  // ---------------- VASSAL's threads ----------------

  /** Run on Swing's event thread, where VASSAL does all its work, and wait for it. */
  private static <T> T onEdt(Callable<T> call) throws Exception {
    final AtomicReference<T> result = new AtomicReference<>();
    final AtomicReference<Throwable> failure = new AtomicReference<>();
    SwingUtilities.invokeAndWait(() -> {
      try {
        result.set(call.call());
      }
      catch (Throwable t) {
        failure.set(t);
      }
    });
    if (failure.get() instanceof Exception) throw (Exception) failure.get();
    if (failure.get() != null) throw new RuntimeException(failure.get());
    return result.get();
  }

  /** Let the event thread finish what the last command queued (chat lines, repaints). */
  private static void settle() throws Exception {
    for (int i = 0; i < 3; i++) {
      SwingUtilities.invokeAndWait(() -> { });
      Thread.sleep(10);
    }
  }

  /** VASSAL reports each bad-data warning once per session; a new game should report its own. */
  private void clearReportedWarnings() {
    try {
      final Field reported = ErrorDialog.class.getDeclaredField("reportedDataWarnings");
      reported.setAccessible(true);
      ((java.util.Set<?>) reported.get(null)).clear();
    }
    catch (ReflectiveOperationException e) {
      problems.add("HARNESS", "cannot clear ErrorDialog.reportedDataWarnings: " + e);
    }
  }
}
