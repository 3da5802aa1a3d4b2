package io.strata.dashboard;

import io.strata.core.config.ConfigException;
import java.io.IOException;
import java.io.PrintStream;
import java.net.BindException;

/**
 * The dashboard as Strata's commands start it ({@code strata dashboard}, {@code strata demo --dashboard}): every
 * standard page, and a line saying where it listens and whether it may move data.
 */
public final class Dashboard {
  private Dashboard() {}

  /** Starts the standard pages and prints where they are, with a warning when other machines can reach them. */
  public static DashboardServer start(DashboardServer.Settings settings, DashboardContext context, PrintStream out)
      throws IOException {
    DashboardServer server;
    try {
      server = DashboardServer.start(settings, context, DashboardPages.standard(settings.readSamples()));
    } catch (BindException e) {
      throw new ConfigException("cannot listen on " + settings.bind() + ": " + e.getMessage()
          + " (choose another --port, or 0 for any free one)");
    }
    out.println("strata dashboard: " + server.address() + " (HDFS " + context.fsUri() + ", "
        + (settings.allowActions() ? "actions allowed, each confirmed" : "read-only") + ")");
    if (!settings.bind().getAddress().isLoopbackAddress()) {
      out.println("strata dashboard: warning: listening on " + settings.bind().getAddress().getHostAddress()
          + ", reachable from other machines; it has no login of its own");
    }
    out.flush();
    return server;
  }
}
