package io.strata.dashboard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Pattern;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code /api/PAGE[/NAME]}, each page's JSON; {@code /api/actions/NAME}, the two-step actions (POST, from the
 * dashboard's own page: {@link CrossSiteGuard}); and {@code /uplot/}, the chart library from its WebJar. Behind
 * hadoop-auth's filter when the dashboard has a login, so {@link HttpServletRequest#getRemoteUser()} is who asks.
 */
final class DashboardServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(DashboardServlet.class);
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  private static final Pattern STATIC_NAME = Pattern
      .compile("[A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+)*(/[A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+)*)*\\.(js|css)");
  private static final Map<String, String> TYPES = Map.of("js", "text/javascript; charset=utf-8", "css",
      "text/css; charset=utf-8");

  private final transient DashboardServer.Settings settings;
  private final transient DashboardContext context;
  private final transient Map<String, DashboardPage> pages;
  private final transient MoveAction move = new MoveAction();
  private final transient CrossSiteGuard guard = new CrossSiteGuard();
  private final String uplotDir;

  DashboardServlet(DashboardServer.Settings settings, DashboardContext context, Map<String, DashboardPage> pages)
      throws IOException {
    this.settings = settings;
    this.context = context;
    this.pages = pages;
    this.uplotDir = "/META-INF/resources/webjars/uplot/" + webJarVersion("uplot") + "/dist/";
  }

  @Override
  protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
    String path = request.getServletPath() + (request.getPathInfo() == null ? "" : request.getPathInfo());
    String method = request.getMethod();
    try {
      if (!hostAllowed(request)) {
        // Another site's page reaching a loopback dashboard through a name it made point here (DNS rebinding).
        sendError(response, new ApiError(403, "unexpected Host header: the dashboard answers to its own address"));
      } else if (method.equals("OPTIONS")) {
        // Hadoop's SPNEGO client (AuthenticatedURL) logs in with an OPTIONS request and wants a 200 once in.
        response.setHeader("Allow", path.startsWith("/api/actions/") ? "POST, OPTIONS" : "GET, HEAD, OPTIONS");
        response.setStatus(HttpServletResponse.SC_OK);
      } else if (path.startsWith("/api/")) {
        api(request, response, method, path.substring("/api/".length()));
      } else if (!method.equals("GET") && !method.equals("HEAD")) {
        sendError(response, new ApiError(405, method + " " + path + ": only GET is served here"));
      } else if (path.startsWith("/uplot/") && STATIC_NAME.matcher(path.substring(7)).matches()) {
        uplot(response, path.substring(7), method.equals("HEAD"));
      } else {
        sendError(response, new ApiError(404, "no such page: " + path));
      }
    } catch (IOException | RuntimeException e) {
      LOG.debug("dashboard: request failed", e);
    }
  }

  private boolean hostAllowed(HttpServletRequest request) {
    InetAddress bound = settings.bind().getAddress();
    if (!bound.isLoopbackAddress()) {
      return true;
    }
    String host = request.getHeader("Host");
    if (host == null) {
      return true;
    }
    String name = host.startsWith("[") ? host.substring(1, host.indexOf(']') < 0 ? host.length() : host.indexOf(']'))
        : host.contains(":") ? host.substring(0, host.lastIndexOf(':')) : host;
    return name.equals("localhost") || name.equals("127.0.0.1") || name.equals("::1")
        || name.equals(bound.getHostAddress());
  }

  private void api(HttpServletRequest request, HttpServletResponse response, String method, String rest)
      throws IOException {
    try {
      if (rest.startsWith("actions/")) {
        action(request, response, method, rest.substring("actions/".length()));
        return;
      }
      if (!method.equals("GET") && !method.equals("HEAD")) {
        throw new ApiFailure(new ApiError(405, method + " /api/" + rest + ": only GET"));
      }
      if (rest.equals("dashboard")) {
        sendJson(response, 200, about(request));
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
      sendJson(response, 200, endpoint.get(context, Query.parse(request.getQueryString())));
    } catch (ApiFailure e) {
      sendError(response, e.error);
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      ApiError error = ApiError.of(e, context.fsUri());
      if (error.status() == 500) {
        LOG.warn("dashboard: /api/{} failed", rest, e);
      }
      sendError(response, error);
    }
  }

  private void action(HttpServletRequest request, HttpServletResponse response, String method, String name)
      throws Exception {
    if (!method.equals("POST")) {
      throw new ApiFailure(new ApiError(405, "actions are POSTed, with a confirmation"));
    }
    if (!settings.allowActions()) {
      throw new ApiFailure(
          new ApiError(403, "this dashboard is read-only: start it with --allow-actions to move data"));
    }
    String crossSite = guard.refusal(request);
    if (crossSite != null) {
      throw new ApiFailure(new ApiError(403, crossSite));
    }
    Query form;
    try (InputStream body = request.getInputStream()) {
      form = Query.parse(new String(body.readNBytes(64 * 1024), StandardCharsets.UTF_8));
    }
    String user = request.getRemoteUser();
    JsonNode result = switch (name) {
      case "move" -> move.prepare(context, form, user);
      case "confirm" -> move.confirm(context, form, user);
      default -> throw new ApiFailure(new ApiError(404, "no such action: " + name + " (move, confirm)"));
    };
    LOG.info("dashboard: action {} by {} from {}: {}", name, user == null ? "(no login)" : user,
        request.getRemoteAddr(), result);
    sendJson(response, 200, result);
  }

  private ObjectNode about(HttpServletRequest request) {
    ObjectNode node = JSON.createObjectNode();
    node.put("fs", context.fsUri().toString());
    node.put("allowActions", settings.allowActions());
    node.put("refreshMillis", settings.refresh().toMillis());
    node.put("user", request.getRemoteUser());
    if (settings.allowActions()) {
      node.put("actionToken", guard.token(request));
    }
    ArrayNode list = node.putArray("pages");
    pages.values().forEach(p -> list.addObject().put("id", p.id()).put("title", p.title()));
    return node;
  }

  private void uplot(HttpServletResponse response, String name, boolean head) throws IOException {
    try (InputStream in = DashboardServlet.class.getResourceAsStream(uplotDir + name)) {
      if (in == null) {
        sendError(response, new ApiError(404, "no such file: /uplot/" + name));
        return;
      }
      byte[] bytes = in.readAllBytes();
      response.setContentType(TYPES.get(name.substring(name.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT)));
      response.setContentLength(bytes.length);
      if (!head) {
        response.getOutputStream().write(bytes);
      }
    }
  }

  private static void sendJson(HttpServletResponse response, int status, JsonNode node) throws IOException {
    byte[] bytes = JSON.writeValueAsBytes(node);
    response.setStatus(status);
    response.setContentType("application/json");
    response.setHeader("Cache-Control", "no-store");
    response.setContentLength(bytes.length);
    response.getOutputStream().write(bytes);
  }

  private static void sendError(HttpServletResponse response, ApiError error) throws IOException {
    ObjectNode node = JSON.createObjectNode();
    node.put("error", error.message());
    node.put("status", error.status());
    sendJson(response, error.status(), node);
  }

  private static String webJarVersion(String artifact) throws IOException {
    String properties = "/META-INF/maven/org.webjars.npm/" + artifact + "/pom.properties";
    try (InputStream in = DashboardServlet.class.getResourceAsStream(properties)) {
      if (in == null) {
        throw new IOException("the " + artifact + " WebJar is not on the class path (" + properties + ")");
      }
      Properties p = new Properties();
      p.load(in);
      return p.getProperty("version");
    }
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
