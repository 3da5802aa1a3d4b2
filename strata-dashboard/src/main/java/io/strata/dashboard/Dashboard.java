package io.strata.dashboard;

import io.strata.core.config.ConfigException;
import java.io.IOException;
import java.io.PrintStream;
import java.net.BindException;

/**
 * The dashboard as Strata's commands start it ({@code strata dashboard}, {@code strata demo --dashboard}): every
 * standard page, and a line saying where it listens, whether it may move data and who may log in. It refuses to let
 * pages reachable from other machines move data without a login.
 */
public final class Dashboard {
  private Dashboard() {}

  /** Starts the standard pages and prints where they are, with a warning when other machines can reach them. */
  public static DashboardServer start(DashboardServer.Settings settings, DashboardContext context, PrintStream out)
      throws IOException {
    boolean loopback = settings.bind().getAddress().isLoopbackAddress();
    if (!loopback && settings.allowActions() && !settings.authentication().enabled()) {
      // Anyone who reaches the port would act as the dashboard's user, who is usually the HDFS superuser.
      throw new ConfigException("--allow-actions on " + settings.bind().getAddress().getHostAddress()
          + ", reachable from other machines, needs a login: --auth kerberos or --auth simple (see "
          + "docs/dashboard.md)");
    }
    DashboardServer server;
    try {
      server = DashboardServer.start(settings, context, DashboardPages.standard(settings.readSamples()));
    } catch (BindException e) {
      throw new ConfigException("cannot listen on " + settings.bind() + ": " + e.getMessage()
          + " (choose another --port, or 0 for any free one)");
    }
    out.println("strata dashboard: " + server.address() + " (HDFS " + context.fsUri() + ", "
        + (settings.allowActions() ? "actions allowed, each confirmed" : "read-only")
        + (settings.authentication().enabled() ? ", login: " + settings.authentication().type() : "") + ")");
    if (!loopback && !settings.authentication().enabled()) {
      out.println("strata dashboard: warning: listening on " + settings.bind().getAddress().getHostAddress()
          + ", reachable from other machines, without a login: anyone who reaches it sees the cluster");
    }
    out.flush();
    return server;
  }
}
