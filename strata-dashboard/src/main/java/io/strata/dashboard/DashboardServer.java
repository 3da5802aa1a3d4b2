package io.strata.dashboard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The dashboard's web server: the page and its scripts from the jar (uPlot from its WebJar, so nothing is loaded
 * from the internet), {@code /api/PAGE[/NAME]} for each page's JSON and, with actions allowed, the two-step actions.
 *
 * <p>The JDK's own HTTP server: a handful of requests a second from a few browsers needs nothing more, and unlike
 * Jetty it cannot clash with the Jetty version Hadoop puts on the class path.
 */
public final class DashboardServer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(DashboardServer.class);
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  private static final String WEB = "/io/strata/dashboard/web/";
  private static final Pattern STATIC_NAME = Pattern
      .compile("[A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+)*(/[A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+)*)*\\.(html|js|css)");
  private static final Map<String, String> TYPES = Map.of("html", "text/html; charset=utf-8", "js",
      "text/javascript; charset=utf-8", "css", "text/css; charset=utf-8");

  /**
   * How a dashboard is started.
   *
   * @param bind         address and port to listen on (port 0: any free one)
   * @param allowActions whether the page may move data (with a confirmation each time)
   * @param refresh      how often the page asks for new data
   * @param readSamples  how often the read counters are sampled for the charts over time
   */
  public record Settings(InetSocketAddress bind, boolean allowActions, Duration refresh, Duration readSamples) {
    public static Settings localhost(int port) {
      return new Settings(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), false, Duration.ofSeconds(3),
          Duration.ofSeconds(5));
    }

    public Settings withBind(InetSocketAddress address) {
      return new Settings(address, allowActions, refresh, readSamples);
    }

    public Settings withActions(boolean allowed) {
      return new Settings(bind, allowed, refresh, readSamples);
    }

    public Settings withRefresh(Duration every) {
      return new Settings(bind, allowActions, every, readSamples);
    }

    public Settings withReadSamples(Duration every) {
      return new Settings(bind, allowActions, refresh, every);
    }
  }

  private final Settings settings;
  private final DashboardContext context;
  private final Map<String, DashboardPage> pages = new LinkedHashMap<>();
  private final MoveAction move = new MoveAction();
  private final HttpServer server;
  private final ExecutorService handlers;
  private final ScheduledExecutorService timer;
  private final String uplotDir;

  private DashboardServer(Settings settings, DashboardContext context, List<DashboardPage> pageList)
      throws IOException {
    this.settings = settings;
    this.context = context;
    pageList.forEach(p -> pages.put(p.id(), p));
    this.uplotDir = "/META-INF/resources/webjars/uplot/" + webJarVersion("uplot") + "/dist/";
    this.server = HttpServer.create(settings.bind(), 16);
    this.handlers = Executors.newFixedThreadPool(4, daemon("strata-dashboard-http"));
    this.timer = Executors.newSingleThreadScheduledExecutor(daemon("strata-dashboard-timer"));
    server.setExecutor(handlers);
    server.createContext("/", this::handle);
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
    InetSocketAddress bound = server.getAddress();
    String host = bound.getAddress().isAnyLocalAddress() ? InetAddress.getLoopbackAddress().getHostAddress()
        : bound.getAddress().getHostAddress();
    return URI.create("http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + bound.getPort() + "/");
  }

  public List<DashboardPage> pages() {
    return List.copyOf(pages.values());
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      String path = exchange.getRequestURI().getPath();
      String method = exchange.getRequestMethod();
      if (!hostAllowed(exchange)) {
        // Another site's page reaching a loopback dashboard through a name it made point here (DNS rebinding).
        sendError(exchange, new ApiError(403, "unexpected Host header: the dashboard answers to its own address"));
        return;
      }
      if (path.startsWith("/api/")) {
        api(exchange, method, path.substring("/api/".length()));
      } else if (!method.equals("GET") && !method.equals("HEAD")) {
        sendError(exchange, new ApiError(405, method + " " + path + ": only GET is served here"));
      } else if (path.equals("/") || path.equals("/index.html")) {
        resource(exchange, WEB + "index.html", "html");
      } else if (path.startsWith("/static/") && STATIC_NAME.matcher(path.substring(8)).matches()) {
        resource(exchange, WEB + path.substring(8), extension(path));
      } else if (path.startsWith("/uplot/") && STATIC_NAME.matcher(path.substring(7)).matches()) {
        resource(exchange, uplotDir + path.substring(7), extension(path));
      } else {
        sendError(exchange, new ApiError(404, "no such page: " + path));
      }
    } catch (IOException | RuntimeException e) {
      LOG.debug("dashboard: request failed", e);
    }
  }

  private boolean hostAllowed(HttpExchange exchange) {
    if (!server.getAddress().getAddress().isLoopbackAddress()) {
      return true;
    }
    String host = exchange.getRequestHeaders().getFirst("Host");
    if (host == null) {
      return true;
    }
    String name = host.startsWith("[") ? host.substring(1, host.indexOf(']') < 0 ? host.length() : host.indexOf(']'))
        : host.contains(":") ? host.substring(0, host.lastIndexOf(':')) : host;
    return name.equals("localhost") || name.equals("127.0.0.1") || name.equals("::1")
        || name.equals(server.getAddress().getAddress().getHostAddress());
  }

  private void api(HttpExchange exchange, String method, String rest) throws IOException {
    try {
      if (rest.startsWith("actions/")) {
        action(exchange, method, rest.substring("actions/".length()));
        return;
      }
      if (!method.equals("GET")) {
        throw new ApiFailure(new ApiError(405, method + " /api/" + rest + ": only GET"));
      }
      if (rest.equals("dashboard")) {
        sendJson(exchange, 200, about());
        return;
      }
      int slash = rest.indexOf('/');
      String pageId = slash < 0 ? rest : rest.substring(0, slash);
      String name = slash < 0 ? "" : rest.substring(slash + 1);
      DashboardPage page = pages.get(pageId);
      Endpoint endpoint = page == null ? null : page.endpoints().get(name);
      if (endpoint == null) {
        throw new ApiFailure(new ApiError(404, "no such endpoint: /api/" + rest + " (pages: "
            + String.join(", ", pages.keySet()) + ")"));
      }
      sendJson(exchange, 200, endpoint.get(context, Query.parse(exchange.getRequestURI().getRawQuery())));
    } catch (ApiFailure e) {
      sendError(exchange, e.error);
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      ApiError error = ApiError.of(e, context.fsUri());
      if (error.status() == 500) {
        LOG.warn("dashboard: /api/{} failed", rest, e);
      }
      sendError(exchange, error);
    }
  }

  private void action(HttpExchange exchange, String method, String name) throws Exception {
    if (!method.equals("POST")) {
      throw new ApiFailure(new ApiError(405, "actions are POSTed, with a confirmation"));
    }
    if (!settings.allowActions()) {
      throw new ApiFailure(
          new ApiError(403, "this dashboard is read-only: start it with --allow-actions to move data"));
    }
    Query form;
    try (InputStream body = exchange.getRequestBody()) {
      form = Query.parse(new String(body.readNBytes(64 * 1024), StandardCharsets.UTF_8));
    }
    JsonNode result = switch (name) {
      case "move" -> move.prepare(context, form);
      case "confirm" -> move.confirm(context, form);
      default -> throw new ApiFailure(new ApiError(404, "no such action: " + name + " (move, confirm)"));
    };
    LOG.info("dashboard: action {} by {}: {}", name, exchange.getRemoteAddress(), result.toString());
    sendJson(exchange, 200, result);
  }

  private ObjectNode about() {
    ObjectNode node = JSON.createObjectNode();
    node.put("fs", context.fsUri().toString());
    node.put("allowActions", settings.allowActions());
    node.put("refreshMillis", settings.refresh().toMillis());
    ArrayNode list = node.putArray("pages");
    pages.values().forEach(p -> list.addObject().put("id", p.id()).put("title", p.title()));
    return node;
  }

  private static void resource(HttpExchange exchange, String name, String extension) throws IOException {
    try (InputStream in = DashboardServer.class.getResourceAsStream(name)) {
      if (in == null) {
        sendError(exchange, new ApiError(404, "no such file: " + exchange.getRequestURI().getPath()));
        return;
      }
      byte[] bytes = in.readAllBytes();
      exchange.getResponseHeaders().set("Content-Type", TYPES.get(extension));
      exchange.getResponseHeaders().set("Cache-Control", "no-cache");
      send(exchange, 200, bytes);
    }
  }

  private static void sendJson(HttpExchange exchange, int status, JsonNode node) throws IOException {
    exchange.getResponseHeaders().set("Content-Type", "application/json");
    exchange.getResponseHeaders().set("Cache-Control", "no-store");
    send(exchange, status, JSON.writeValueAsBytes(node));
  }

  private static void sendError(HttpExchange exchange, ApiError error) throws IOException {
    ObjectNode node = JSON.createObjectNode();
    node.put("error", error.message());
    node.put("status", error.status());
    sendJson(exchange, error.status(), node);
  }

  private static void send(HttpExchange exchange, int status, byte[] bytes) throws IOException {
    boolean head = exchange.getRequestMethod().equals("HEAD");
    exchange.sendResponseHeaders(status, head ? -1 : bytes.length == 0 ? -1 : bytes.length);
    if (!head && bytes.length > 0) {
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(bytes);
      }
    }
  }

  private static String extension(String path) {
    return path.substring(path.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
  }

  private static String webJarVersion(String artifact) throws IOException {
    String properties = "/META-INF/maven/org.webjars.npm/" + artifact + "/pom.properties";
    try (InputStream in = DashboardServer.class.getResourceAsStream(properties)) {
      if (in == null) {
        throw new IOException("the " + artifact + " WebJar is not on the class path (" + properties + ")");
      }
      Properties p = new Properties();
      p.load(in);
      return p.getProperty("version");
    }
  }

  private static java.util.concurrent.ThreadFactory daemon(String name) {
    return r -> {
      Thread t = new Thread(r, name);
      t.setDaemon(true);
      return t;
    };
  }

  /** Stops serving and sampling and closes the HDFS client. */
  @Override
  public void close() throws IOException {
    server.stop(0);
    timer.shutdownNow();
    handlers.shutdownNow();
    try {
      timer.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    context.close();
  }

  /** A failure with its status already chosen. */
  private static final class ApiFailure extends Exception {
    private static final long serialVersionUID = 1L;
    private final transient ApiError error;

    ApiFailure(ApiError error) {
      super(error.message());
      this.error = error;
    }
  }
}
