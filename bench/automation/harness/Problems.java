import java.awt.Component;
import java.awt.Container;
import java.awt.Dialog;
import java.awt.Window;
import java.util.ArrayList;
import java.util.List;

import javax.swing.AbstractButton;
import javax.swing.JLabel;
import javax.swing.SwingUtilities;
import javax.swing.text.JTextComponent;

import org.slf4j.LoggerFactory;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.core.AppenderBase;

import VASSAL.tools.ErrorDialog;
import VASSAL.tools.bug.BugHandler;

/**
 * Everything VASSAL reports as going wrong: warnings and errors it logs (bad data in an
 * expression is one), bugs it would report, exceptions no one caught, and the dialogs it opens
 * (closed at once, since no one is there to answer them). A differential run must see these:
 * a battle that "worked" while VASSAL complained has not worked.
 */
final class Problems {
  private final List<String> seen = new ArrayList<>();
  private int reported;

  synchronized void add(String kind, String message) {
    seen.add(kind + ": " + message);
  }

  /** How many problems have been seen so far (a mark for {@link #since}). */
  synchronized int mark() {
    return seen.size();
  }

  /** The problems seen after a mark. */
  synchronized List<String> since(int mark) {
    return new ArrayList<>(seen.subList(Math.min(mark, seen.size()), seen.size()));
  }

  /** The problems seen since the previous call (the `problems` command). */
  synchronized List<String> sinceLastReport() {
    final List<String> found = since(reported);
    reported = seen.size();
    return found;
  }

  /** Listen to VASSAL's log, bug reports, uncaught exceptions and dialogs. */
  void install() {
    final Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    final AppenderBase<ILoggingEvent> appender = new AppenderBase<>() {
      @Override
      protected void append(ILoggingEvent event) {
        if (event.getLevel().isGreaterOrEqual(Level.WARN)) {
          add(event.getLevel().toString(), event.getLoggerName() + ": " + messageOf(event));
        }
      }
    };
    appender.setContext(root.getLoggerContext());
    appender.start();
    root.addAppender(appender);
    ErrorDialog.addBugHandler(new BugHandler() {
      @Override public boolean accept(Throwable t) { return true; }
      @Override public void handle(Throwable t) { add("BUG", describe(t)); }
    });
    Thread.setDefaultUncaughtExceptionHandler((thread, t) -> add("UNCAUGHT", thread.getName() + ": " + describe(t)));
    startDialogCloser();
  }

  static String messageOf(ILoggingEvent event) {
    final StringBuilder text = new StringBuilder(String.valueOf(event.getFormattedMessage()));
    for (IThrowableProxy t = event.getThrowableProxy(); t != null; t = t.getCause()) {
      text.append(" | ").append(t.getClassName()).append(": ").append(t.getMessage());
    }
    return text.toString();
  }

  static String describe(Throwable t) {
    final StringBuilder text = new StringBuilder(t.toString());
    final StackTraceElement[] stack = t.getStackTrace();
    for (int i = 0; i < Math.min(6, stack.length); i++) text.append(" @ ").append(stack[i]);
    for (Throwable c = t.getCause(); c != null; c = c.getCause()) text.append(" | caused by ").append(c);
    return text.toString();
  }

  /** Close every dialog VASSAL opens, and report its text. */
  private void startDialogCloser() {
    final Thread closer = new Thread(() -> {
      while (true) {
        try {
          Thread.sleep(200);
        }
        catch (InterruptedException e) {
          return;
        }
        for (Window window : Window.getWindows()) {
          if (window instanceof Dialog && window.isShowing()) {
            final Dialog dialog = (Dialog) window;
            final StringBuilder text = new StringBuilder();
            textOf(dialog, text);
            add("DIALOG", "'" + dialog.getTitle() + "': "
              + text.toString().replaceAll("<[^>]*>", " ").replaceAll("\\s+", " ").trim());
            SwingUtilities.invokeLater(dialog::dispose);
          }
        }
      }
    }, "wgc-dialog-closer");
    closer.setDaemon(true);
    closer.start();
  }

  private static void textOf(Component component, StringBuilder text) {
    if (component instanceof JLabel) text.append(((JLabel) component).getText()).append(' ');
    else if (component instanceof JTextComponent) text.append(((JTextComponent) component).getText()).append(' ');
    if (component instanceof Container && !(component instanceof AbstractButton)) {
      for (Component child : ((Container) component).getComponents()) textOf(child, text);
    }
  }
}
