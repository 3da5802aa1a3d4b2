package io.strata.hdfs.tier;

import io.strata.hdfs.StackTraces;
import java.io.IOException;
import org.apache.hadoop.ipc.RemoteException;
import org.apache.hadoop.security.AccessControlException;

/**
 * The user may not do what tier management needs (read storage reports, list lost blocks, get block keys): not the
 * HDFS superuser.
 */
public final class TierAccessException extends IOException {
  private static final long serialVersionUID = 1L;

  public TierAccessException(String message, Throwable cause) {
    super(message, cause);
  }

  /**
   * {@code e} as a TierAccessException saying that {@code what} needs the HDFS superuser when the NameNode refused
   * it for that reason, else {@code e} itself, without the NameNode's stack trace that Hadoop appends to its message.
   */
  public static IOException explain(IOException e, String what) {
    if (!denied(e)) {
      return e;
    }
    IOException cause = e instanceof RemoteException remote ? remote.unwrapRemoteException() : e;
    String message = cause.getMessage() == null ? cause.toString() : StackTraces.cut(cause.getMessage());
    return new TierAccessException(what + ", which needs the HDFS superuser: " + message, cause);
  }

  /** Whether the NameNode refused a call for want of a permission, as it sent the refusal or as the client made it. */
  public static boolean denied(IOException e) {
    IOException cause = e instanceof RemoteException remote ? remote.unwrapRemoteException() : e;
    return cause instanceof AccessControlException;
  }
}
