package io.strata.dashboard;

import io.strata.core.config.ConfigException;
import io.strata.hdfs.StackTraces;
import io.strata.hdfs.tier.TierAccessException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import org.apache.hadoop.ipc.RemoteException;
import org.apache.hadoop.security.AccessControlException;

/**
 * A failure as the page shows it: an HTTP status and one line naming what went wrong, never a stack trace.
 *
 * @param status HTTP status: 400 bad input, 403 not allowed, 404 no such path, 409 not configured, 503 HDFS down
 */
public record ApiError(int status, String message) {
  static ApiError of(Throwable failure, URI fs) {
    Throwable shown = failure instanceof RemoteException remote ? remote.unwrapRemoteException() : failure;
    String message = StackTraces.cut(String.valueOf(shown.getMessage()));
    if (shown instanceof ConfigException || shown instanceof IllegalArgumentException) {
      return new ApiError(400, message);
    }
    if (shown instanceof NotConfiguredException) {
      return new ApiError(409, message);
    }
    if (shown instanceof FileNotFoundException) {
      return new ApiError(404, message);
    }
    if (shown instanceof AccessControlException || shown instanceof TierAccessException) {
      return new ApiError(403, message);
    }
    if (connectionFailure(shown)) {
      return new ApiError(503, "HDFS at " + fs + " does not answer: " + shown.getClass().getSimpleName() + ": "
          + message);
    }
    if (shown instanceof IOException) {
      return new ApiError(503, shown.getClass().getSimpleName() + ": " + message);
    }
    return new ApiError(500, shown.getClass().getName() + ": " + message);
  }

  private static boolean connectionFailure(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof ConnectException || t instanceof java.net.NoRouteToHostException
          || t instanceof java.net.SocketTimeoutException || t instanceof java.net.UnknownHostException) {
        return true;
      }
    }
    return false;
  }
}
