package io.strata.dashboard;

import io.strata.hdfs.HdfsFileSystems;
import java.io.IOException;
import java.lang.reflect.UndeclaredThrowableException;
import java.security.PrivilegedExceptionAction;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * Runs an action's HDFS calls as the user who asked for it: as a proxy user of the dashboard's own user, as HttpFS
 * does, so the NameNode's {@code hadoop.proxyuser.*} settings decide whether the dashboard may act for them and
 * HDFS's permissions decide what they may do. Without a login (a loopback dashboard) the calls are the dashboard's
 * user's, as the command line's would be.
 */
final class ActingUser {
  /** What an action does with an HDFS client of its user. */
  @FunctionalInterface
  interface Call<T> {
    T run(DistributedFileSystem fs) throws Exception;
  }

  private ActingUser() {}

  /** {@code call} over an HDFS client of {@code user}; the dashboard's own when {@code user} is null or the dashboard's user. */
  static <T> T run(String user, DashboardContext context, Call<T> call) throws Exception {
    UserGroupInformation dashboard = UserGroupInformation.getLoginUser();
    if (user == null || user.equals(dashboard.getShortUserName())) {
      return call.run(context.fs());
    }
    UserGroupInformation proxy = UserGroupInformation.createProxyUser(user, dashboard);
    try {
      return proxy.doAs((PrivilegedExceptionAction<T>) () -> {
        try (DistributedFileSystem fs = HdfsFileSystems.open(context.conf())) {
          return call.run(fs);
        }
      });
    } catch (UndeclaredThrowableException e) {
      throw e.getCause() instanceof Exception cause ? cause : new IOException(e.getCause());
    }
  }
}
