package io.strata.cli.shared;

import io.strata.hdfs.StackTraces;
import org.apache.hadoop.ipc.RemoteException;

/** How the CLI names a failure for an operator: its class and message, without a stack trace. */
public final class Failures {
  private Failures() {}

  /**
   * The failure's class and its message. An error the NameNode sent back is named by its own class, not
   * RemoteException, and the NameNode's stack trace, which Hadoop appends to the message, is left out.
   */
  public static String describe(Throwable failure) {
    Throwable shown = failure instanceof RemoteException remote ? remote.unwrapRemoteException() : failure;
    String message = StackTraces.cut(shown.getMessage());
    return shown.getClass().getName() + (message.isEmpty() ? "" : ": " + message);
  }
}
