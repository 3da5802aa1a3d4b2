package io.strata.cli;

import java.util.regex.Pattern;
import org.apache.hadoop.ipc.RemoteException;

/** How the CLI names a failure for an operator: its class and message, without a stack trace. */
final class Failures {
  private static final Pattern STACK_FRAME = Pattern.compile("\\s*at [\\w$.<>/]+\\(.*\\)\\s*");

  private Failures() {}

  /**
   * The failure's class and its message. An error the NameNode sent back is named by its own class, not
   * RemoteException, and the NameNode's stack trace, which Hadoop appends to the message, is left out.
   */
  static String describe(Throwable failure) {
    Throwable shown = failure instanceof RemoteException remote ? remote.unwrapRemoteException() : failure;
    String message = withoutStackTrace(shown.getMessage());
    return shown.getClass().getName() + (message.isEmpty() ? "" : ": " + message);
  }

  /** {@code message} up to the first stack frame line ("at pkg.Class.method(File.java:1)"), empty for none. */
  static String withoutStackTrace(String message) {
    if (message == null) {
      return "";
    }
    StringBuilder kept = new StringBuilder();
    for (String line : message.lines().toList()) {
      if (STACK_FRAME.matcher(line).matches()) {
        break;
      }
      kept.append(kept.isEmpty() ? "" : "\n").append(line);
    }
    return kept.toString().strip();
  }
}
