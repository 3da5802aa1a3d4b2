package io.strata.dashboard;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.http.HttpServer2;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.authorize.AccessControlList;
import org.eclipse.jetty.servlet.ServletHolder;

/**
 * The dashboard's web server: Hadoop's own HTTP server ({@link HttpServer2}, the Jetty Hadoop ships, as the
 * NameNode's, HttpFS's and the KMS's web servers), so that its login is hadoop-auth's {@code AuthenticationFilter}
 * set up by the {@code hadoop.http.authentication.*} settings every Hadoop web UI reads, its TLS Hadoop's, and its
 * responses carry Hadoop's security headers. It serves the page and its scripts from the jar
 * ({@code webapps/strata-dashboard}), uPlot from its WebJar (nothing from the internet), and {@link DashboardServlet}
 * the JSON and the actions.
 */
public final class DashboardServer implements AutoCloseable {
  static final String NAME = "strata-dashboard";

  /**
   * How a dashboard is started.
   *
   * @param bind           address and port to listen on (port 0: any free one)
   * @param allowActions   whether the page may move data (with a confirmation each time)
   * @param refresh        how often the page asks for new data
   * @param readSamples    how often the read counters are sampled for the charts over time
   * @param authentication who may use it
   * @param tls            its certificate for HTTPS, or null for HTTP
   */
  public record Settings(InetSocketAddress bind, boolean allowActions, Duration refresh, Duration readSamples,
      Authentication authentication, Tls tls) {
    public static Settings localhost(int port) {
      return new Settings(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), false, Duration.ofSeconds(3),
          Duration.ofSeconds(5), Authentication.none(), null);
    }

    public Settings withBind(InetSocketAddress address) {
      return new Settings(address, allowActions, refresh, readSamples, authentication, tls);
    }

    public Settings withActions(boolean allowed) {
      return new Settings(bind, allowed, refresh, readSamples, authentication, tls);
    }

    public Settings withRefresh(Duration every) {
      return new Settings(bind, allowActions, every, readSamples, authentication, tls);
    }

    public Settings withReadSamples(Duration every) {
      return new Settings(bind, allowActions, refresh, every, authentication, tls);
    }

    public Settings withAuthentication(Authentication how) {
      return new Settings(bind, allowActions, refresh, readSamples, how, tls);
    }

    public Settings withTls(Tls certificate) {
      return new Settings(bind, allowActions, refresh, readSamples, authentication, certificate);
    }
  }

  private final Settings settings;
  private final DashboardContext context;
  private final Map<String, DashboardPage> pages = new LinkedHashMap<>();
  private final HttpServer2 server;
  private final ScheduledExecutorService timer;

  private DashboardServer(Settings settings, DashboardContext context, List<DashboardPage> pageList)
      throws IOException {
    this.settings = settings;
    this.context = context;
    pageList.forEach(p -> pages.put(p.id(), p));
    this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "strata-dashboard-timer");
      t.setDaemon(true);
      return t;
    });
    Configuration http = settings.authentication().apply(context.conf());
    // Hadoop's own servlets (/jmx, /conf, /stacks, /logLevel) answer only the dashboard's own user.
    http.setBoolean("hadoop.security.instrumentation.requires.admin", true);
    http.setBoolean("hadoop.security.authorization", true);
    http.setBoolean("hadoop.http.logs.enabled", false);
    String host = settings.bind().getAddress().getHostAddress();
    // X-FRAME-OPTIONS: another site may not frame the page to make a visitor click its Confirm button.
    HttpServer2.Builder builder = new HttpServer2.Builder().setName(NAME).setConf(http).setFindPort(false)
        .configureXFrame(true).setXFrameOption("DENY")
        .setACL(new AccessControlList(UserGroupInformation.getLoginUser().getShortUserName()))
        .addEndpoint(URI.create((settings.tls() == null ? "http" : "https") + "://"
            + (host.contains(":") ? "[" + host + "]" : host) + ":" + settings.bind().getPort()));
    if (settings.tls() != null) {
      builder.keyStore(settings.tls().keystore().toAbsolutePath().toString(), settings.tls().password(), "jks")
          .keyPassword(settings.tls().password());
    }
    this.server = builder.build();
    DashboardServlet servlet = new DashboardServlet(settings, context, pages);
    server.getWebAppContext().addServlet(new ServletHolder("strata-api", servlet), "/api/*");
    server.getWebAppContext().addServlet(new ServletHolder("strata-uplot", servlet), "/uplot/*");
  }

  /** Starts serving; the pages start sampling what they keep over time. */
  public static DashboardServer start(Settings settings, DashboardContext context, List<DashboardPage> pages)
      throws IOException {
    DashboardServer dashboard = new DashboardServer(settings, context, pages);
    dashboard.server.start();
    for (DashboardPage page : dashboard.pages.values()) {
      page.start(context, dashboard.timer);
    }
    return dashboard;
  }

  /** The page's address, e.g. {@code http://127.0.0.1:8950/}. */
  public URI address() {
    InetSocketAddress bound = server.getConnectorAddress(0);
    String host = bound.getAddress().isAnyLocalAddress() ? InetAddress.getLoopbackAddress().getHostAddress()
        : bound.getAddress().getHostAddress();
    return URI.create((settings.tls() == null ? "http" : "https") + "://" + (host.contains(":") ? "[" + host + "]"
        : host) + ":" + bound.getPort() + "/");
  }

  public List<DashboardPage> pages() {
    return List.copyOf(pages.values());
  }

  /** Stops serving and sampling and closes the HDFS client. */
  @Override
  public void close() throws IOException {
    try {
      server.stop();
    } catch (Exception e) {
      throw new IOException("the dashboard's web server did not stop: " + e.getMessage(), e);
    } finally {
      timer.shutdownNow();
      try {
        timer.awaitTermination(5, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      context.close();
    }
  }
}
