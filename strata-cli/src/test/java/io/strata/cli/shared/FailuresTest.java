package io.strata.cli.shared;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.strata.hdfs.StackTraces;
import java.io.IOException;
import org.apache.hadoop.ipc.RemoteException;
import org.apache.hadoop.security.AccessControlException;
import org.junit.jupiter.api.Test;

class FailuresTest {
  /** A refusal as the NameNode sends it: its exception's message followed by the server's stack trace. */
  private static final String DENIED = "Access denied for user alice. Superuser privilege is required for operation "
      + "datanodeReport\n\tat org.apache.hadoop.hdfs.server.namenode.FSPermissionChecker.checkSuperuserPrivilege("
      + "FSPermissionChecker.java:290)\n\tat org.apache.hadoop.ipc.Server$Handler.run(Server.java:3198)\n";

  @Test
  void anErrorFromTheNameNodeIsNamedByItsOwnClassWithoutTheServersStackTrace() {
    RemoteException remote = new RemoteException(AccessControlException.class.getName(), DENIED);
    assertEquals("org.apache.hadoop.security.AccessControlException: Access denied for user alice. Superuser "
        + "privilege is required for operation datanodeReport", Failures.describe(remote));
  }

  @Test
  void aMessageOfSeveralLinesWithoutAStackTraceIsKeptWhole() {
    IOException e = new IOException("two problems:\n  /a: not found\n  at most 3 replicas (got 4)");
    assertEquals("java.io.IOException: two problems:\n  /a: not found\n  at most 3 replicas (got 4)",
        Failures.describe(e));
  }

  @Test
  void aFailureWithoutMessageIsNamedByItsClass() {
    assertEquals("java.lang.IllegalStateException", Failures.describe(new IllegalStateException()));
    assertEquals("", StackTraces.cut(null));
  }
}
