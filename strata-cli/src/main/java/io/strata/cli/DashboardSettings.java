package io.strata.cli;

import io.strata.cli.shared.DurationArg;
import io.strata.core.config.ConfigException;
import io.strata.dashboard.Authentication;
import io.strata.dashboard.DashboardServer;
import io.strata.dashboard.Tls;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.time.Duration;

/** A dashboard's settings as {@code strata dashboard} and {@code strata demo --dashboard} take them, checked. */
final class DashboardSettings {
  static final int DEFAULT_PORT = 8950;
  private static final Duration JMX_REFRESH = Duration.ofSeconds(10);

  private DashboardSettings() {}

  /** The settings the options ask for, checked, without a login (loopback only). */
  static DashboardServer.Settings of(int port, String bind, boolean allowActions, DurationArg refresh) {
    return of(port, bind, allowActions, refresh, null, null);
  }

  /**
   * The settings the options ask for, checked.
   *
   * @param authentication the login {@code --auth} asks for; null when not given: none on a loopback address, and
   *                       refused on any other, which must say which (or {@code --auth none} for a read-only page)
   * @param tls            HTTPS, or null
   */
  static DashboardServer.Settings of(int port, String bind, boolean allowActions, DurationArg refresh,
      Authentication authentication, Tls tls) {
    if (port < 0 || port > 65_535) {
      throw new ConfigException("--port must be within [0, 65535], got " + port);
    }
    InetAddress address;
    try {
      address = InetAddress.getByName(bind);
    } catch (UnknownHostException e) {
      throw new ConfigException("--bind '" + bind + "': not an address or known host name");
    }
    Duration every = Duration.ofMillis(refresh.millis());
    if (every.toMillis() < 500) {
      throw new ConfigException("--refresh must be at least 500ms, got '" + refresh + "'");
    }
    // The NameNode refreshes its JMX counters every 10 s: sampling faster would chart zeros between its steps.
    Duration samples = every.compareTo(JMX_REFRESH) > 0 ? every : JMX_REFRESH;
    if (authentication == null && !address.isLoopbackAddress()) {
      throw new ConfigException("--bind " + bind + " is reachable from other machines: say who may log in with "
          + "--auth kerberos or --auth simple (--auth none: no login, read-only; see docs/dashboard.md)");
    }
    return DashboardServer.Settings.localhost(port).withBind(new InetSocketAddress(address, port))
        .withActions(allowActions).withRefresh(every).withReadSamples(samples)
        .withAuthentication(authentication == null ? Authentication.none() : authentication).withTls(tls);
  }

  /** A read-only dashboard on {@code port} of 127.0.0.1, refreshing every 3 s, as a demo serves its cluster. */
  static DashboardServer.Settings forDemo(int port) {
    return of(port, "127.0.0.1", false, new DurationArg(Duration.ofSeconds(3), "3s"));
  }
}
