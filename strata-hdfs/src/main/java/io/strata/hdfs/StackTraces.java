package io.strata.hdfs;

import java.util.regex.Pattern;

/** Messages shown to an operator without the stack trace Hadoop appends to an error the NameNode sends back. */
public final class StackTraces {
  private static final Pattern STACK_FRAME = Pattern.compile("\\s*at [\\w$.<>/]+\\(.*\\)\\s*");

  private StackTraces() {}

  /** {@code message} up to the first stack frame line ("at pkg.Class.method(File.java:1)"), empty for none. */
  public static String cut(String message) {
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
