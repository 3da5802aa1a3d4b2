package io.strata.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.cli.shared.ClusterChoice;
import io.strata.cli.shared.DurationArg;
import io.strata.cli.shared.PluginConf;
import io.strata.dashboard.Authentication;
import io.strata.dashboard.Dashboard;
import io.strata.dashboard.DashboardContext;
import io.strata.dashboard.DashboardServer;
import io.strata.dashboard.TierSource;
import io.strata.dashboard.Tls;
import io.strata.embedded.ClientConfigWriter;
import io.strata.embedded.EmbeddedCluster;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.Map;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.security.Groups;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.ssl.KeyStoreTestUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dashboard off loopback with a login (hadoop-auth's {@code simple}, its cookie signed with a secret) over an
 * embedded cluster with HDFS permissions on and the NameNode letting the dashboard's user act for others
 * ({@code hadoop.proxyuser.*}): nobody unnamed gets a page, actions are POSTed from the dashboard's own page with
 * the session's token, and each runs as its user, so HDFS refuses an ordinary user's move and lets a superuser's
 * through. Also served over HTTPS.
 */
class DashboardAuthIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** An ordinary user, and a member of HDFS's superuser group, both known only to the NameNode's group mapping. */
  private static final String ALICE = "alice";
  private static final String OPS = "ops";
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

  @Test
  void offLoopbackALoginIsNeededAndEachActionRunsAsItsUser(@TempDir Path dir) throws Exception {
    Configuration users = new Configuration();
    users.set("hadoop.user.group.static.mapping.overrides", ALICE + "=users;" + OPS + "=supergroup");
    Groups.getUserToGroupsMappingServiceWithLoadedConfiguration(users);
    UserGroupInformation.setConfiguration(users);
    String dashboardUser = UserGroupInformation.getLoginUser().getShortUserName();

    ClusterChoice.Loaded hats = new ClusterChoice().load("hats");
    Map<String, String> conf = new java.util.LinkedHashMap<>(PluginConf.forSpec(dir, hats, "/data/hot=tier-aware"));
    conf.put("dfs.permissions.enabled", "true");
    conf.put("hadoop.proxyuser." + dashboardUser + ".hosts", "*");
    conf.put("hadoop.proxyuser." + dashboardUser + ".groups", "*");
    EmbeddedCluster.Options options = EmbeddedCluster.Options.defaults(dir.resolve("hdfs")).withEmulation(false)
        .withBlockSize(1 << 20).withConf(conf);
    Path secret = Files.writeString(dir.resolve("dashboard.secret"), "a secret nobody else knows " + System.nanoTime());
    try (EmbeddedCluster cluster = EmbeddedCluster.start(hats.spec(), options)) {
      ClientConfigWriter.write(cluster, dir, hats.text());
      FileSystem fs = cluster.fileSystem();
      try (OutputStream out = fs.create(new org.apache.hadoop.fs.Path("/data/plain/p1"))) {
        out.write(new byte[1 << 20]);
      }
      DashboardServer.Settings settings = DashboardSettings.of(0, "0.0.0.0", true, new DurationArg(Duration
          .ofSeconds(3), "3s"), new Authentication(Authentication.SIMPLE, secret, null, null), null);
      try (DashboardServer dashboard = Dashboard.start(settings, context(cluster), quiet())) {
        URI base = dashboard.address();

        // Nobody unnamed: the JSON, the page and its scripts all answer 401.
        for (String path : new String[] {"/api/tiers", "/api/dashboard", "/", "/static/dashboard.js"}) {
          assertEquals(401, send(get(base.resolve(path))).statusCode(), path);
        }

        // A user named once gets a signed cookie, and with it the pages and the session's action token.
        Session alice = login(base, ALICE);
        HttpResponse<String> tiers = send(alice.get("/api/tiers"));
        assertEquals(200, tiers.statusCode(), tiers.body());
        assertTrue(JSON.readTree(tiers.body()).size() > 0, tiers.body());
        HttpResponse<String> index = send(alice.get("/index.html"));
        assertEquals(200, index.statusCode());
        assertEquals("DENY", index.headers().firstValue("X-FRAME-OPTIONS").orElse(null), "no other site frames it");
        assertEquals(200, send(alice.get("/static/dashboard.js")).statusCode());
        assertEquals(ALICE, alice.about.get("user").asText());
        // A forged cookie is no login.
        HttpResponse<String> forged = send(get(base.resolve("/api/tiers")).header("Cookie",
            alice.cookie.replace("u=" + ALICE, "u=" + OPS)));
        assertEquals(401, forged.statusCode(), forged.body());

        // An action is a POST: a GET is refused, and so is a POST from another origin or without the token.
        assertEquals(405, send(alice.get("/api/actions/move?path=/data&from=hdd&to=pcie-ssd")).statusCode());
        String move = "path=/data/plain/p1&from=hdd&to=pcie-ssd";
        HttpResponse<String> crossSite = send(alice.post("/api/actions/move", move, "http://evil.example"));
        assertEquals(403, crossSite.statusCode(), crossSite.body());
        assertTrue(crossSite.body().contains("cross-site request refused"), crossSite.body());
        HttpResponse<String> noToken = send(HttpRequest.newBuilder(base.resolve("/api/actions/move"))
            .header("Cookie", alice.cookie).header("Origin", origin(base))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString(move)));
        assertEquals(403, noToken.statusCode(), noToken.body());
        assertTrue(noToken.body().contains("X-Strata-Action-Token"), noToken.body());
        Session ops = login(base, OPS);
        HttpResponse<String> othersToken = send(HttpRequest.newBuilder(base.resolve("/api/actions/move"))
            .header("Cookie", alice.cookie).header("Origin", origin(base))
            .header("X-Strata-Action-Token", ops.about.get("actionToken").asText())
            .POST(HttpRequest.BodyPublishers.ofString(move)));
        assertEquals(403, othersToken.statusCode(), othersToken.body());

        int before = replicasOn(dir, "/data/plain/p1", "pcie-ssd");
        // Alice's move, from the page: HDFS refuses it, as it refuses her 'strata tier move'.
        HttpResponse<String> aliceMove = alice.prepareAndConfirm(move);
        assertEquals(403, aliceMove.statusCode(), aliceMove.body());
        assertTrue(aliceMove.body().contains(ALICE), aliceMove.body());
        assertEquals(before, replicasOn(dir, "/data/plain/p1", "pcie-ssd"), "nothing moved for alice");
        // Her confirmation token is hers: ops cannot redeem it.
        JsonNode prepared = JSON.readTree(send(alice.post("/api/actions/move", move, origin(base))).body());
        HttpResponse<String> stolen = send(ops.post("/api/actions/confirm", "token=" + prepared.get("token")
            .asText(), origin(base)));
        assertEquals(400, stolen.statusCode(), stolen.body());

        // A member of the superuser group moves it, through the same proxy-user call.
        HttpResponse<String> opsMove = ops.prepareAndConfirm(move);
        assertEquals(200, opsMove.statusCode(), opsMove.body());
        assertTrue(JSON.readTree(opsMove.body()).get("success").asBoolean(), opsMove.body());
        assertEquals(before + 1, replicasOn(dir, "/data/plain/p1", "pcie-ssd"), opsMove.body());
      }

      // HTTPS when asked, with the same login.
      Path keystore = dir.resolve("dashboard.p12");
      KeyPair pair = KeyStoreTestUtil.generateKeyPair("RSA");
      X509Certificate certificate = KeyStoreTestUtil.generateCertificate("CN=localhost", pair, 1, "SHA256withRSA");
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(null, null);
      store.setKeyEntry("dashboard", pair.getPrivate(), "storepass".toCharArray(),
          new java.security.cert.Certificate[] {certificate});
      try (OutputStream out = Files.newOutputStream(keystore)) {
        store.store(out, "storepass".toCharArray());
      }
      DashboardServer.Settings tls = DashboardSettings.of(0, InetAddress.getLoopbackAddress().getHostAddress(), false,
          new DurationArg(Duration.ofSeconds(3), "3s"), new Authentication(Authentication.SIMPLE, secret, null, null),
          new Tls(keystore, "storepass"));
      try (DashboardServer dashboard = Dashboard.start(tls, context(cluster), quiet())) {
        assertEquals("https", dashboard.address().getScheme());
        // By the name the certificate is for.
        URI base = URI.create("https://localhost:" + dashboard.address().getPort() + "/");
        KeyStore trusted = KeyStore.getInstance("PKCS12");
        trusted.load(null, null);
        trusted.setCertificateEntry("dashboard", certificate);
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(trusted);
        SSLContext ssl = SSLContext.getInstance("TLS");
        ssl.init(null, trust.getTrustManagers(), null);
        HttpClient https = HttpClient.newBuilder().sslContext(ssl).build();
        HttpResponse<String> page = https.send(get(base.resolve("/api/dashboard?user.name=" + ALICE)).build(),
            HttpResponse.BodyHandlers.ofString());
        assertEquals(200, page.statusCode(), page.body());
        assertTrue(page.headers().firstValue("Set-Cookie").orElse("").contains("Secure"),
            "the login cookie is sent over HTTPS only");
        assertEquals(401, https.send(get(base.resolve("/api/dashboard")).build(), HttpResponse.BodyHandlers
            .ofString()).statusCode());
      }
    }
  }

  @Test
  void offLoopbackActionsWithoutALoginAreRefused() {
    CliRun cli = new CliRun();
    assertEquals(2, cli.strata("dashboard", "--bind", "0.0.0.0", "--allow-actions", "--auth", "none"));
    assertTrue(cli.stderr().contains("--allow-actions on 0.0.0.0, reachable from other machines, needs a login"),
        cli.stderr());
    assertEquals(2, cli.strata("dashboard", "--bind", "0.0.0.0", "--allow-actions"));
    assertTrue(cli.stderr().contains("--bind 0.0.0.0 is reachable from other machines: say who may log in"),
        cli.stderr());
  }

  private static DashboardContext context(EmbeddedCluster cluster) {
    return new DashboardContext(cluster.clientConf(), TierSource.fixed(cluster.spec().tierMap()), null);
  }

  private static PrintStream quiet() {
    return new PrintStream(OutputStream.nullOutputStream());
  }

  /** A browser's session: the login cookie and what /api/dashboard told it. */
  private final class Session {
    final URI base;
    final String cookie;
    final JsonNode about;

    Session(URI base, String cookie, JsonNode about) {
      this.base = base;
      this.cookie = cookie;
      this.about = about;
    }

    HttpRequest.Builder get(String path) {
      return DashboardAuthIT.get(base.resolve(path)).header("Cookie", cookie);
    }

    HttpRequest.Builder post(String path, String form, String origin) {
      return HttpRequest.newBuilder(base.resolve(path)).header("Cookie", cookie).header("Origin", origin)
          .header("X-Strata-Action-Token", about.get("actionToken").asText())
          .header("Content-Type", "application/x-www-form-urlencoded")
          .POST(HttpRequest.BodyPublishers.ofString(form));
    }

    /** The page's two steps: the prepare's answer if it failed, else the confirm's. */
    HttpResponse<String> prepareAndConfirm(String form) throws Exception {
      HttpResponse<String> prepared = send(post("/api/actions/move", form, origin(base)));
      if (prepared.statusCode() != 200) {
        return prepared;
      }
      return send(post("/api/actions/confirm", "token=" + JSON.readTree(prepared.body()).get("token").asText(),
          origin(base)));
    }
  }

  private Session login(URI base, String user) throws Exception {
    HttpResponse<String> first = send(get(base.resolve("/api/dashboard?user.name=" + user)));
    assertEquals(200, first.statusCode(), first.body());
    String setCookie = first.headers().allValues("Set-Cookie").stream().filter(c -> c.startsWith("hadoop.auth="))
        .findFirst().orElse(null);
    assertNotNull(setCookie, "a login cookie: " + first.headers());
    String cookie = setCookie.substring(0, setCookie.indexOf(';') < 0 ? setCookie.length() : setCookie.indexOf(';'));
    // The cookie alone, without ?user.name=, is the session from now on.
    HttpResponse<String> about = send(get(base.resolve("/api/dashboard")).header("Cookie", cookie));
    assertEquals(200, about.statusCode(), about.body());
    JsonNode node = JSON.readTree(about.body());
    assertFalse(node.get("actionToken").asText().isEmpty());
    return new Session(base, cookie, node);
  }

  private static String origin(URI base) {
    return base.getScheme() + "://" + base.getRawAuthority();
  }

  private static HttpRequest.Builder get(URI uri) {
    return HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(60));
  }

  private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  /** Replicas of {@code path} in {@code tier}, as {@code strata report PATH --json} counts them. */
  private static int replicasOn(Path conf, String path, String tier) throws Exception {
    CliRun cli = new CliRun();
    assertEquals(0, cli.strata("report", path, "--json", "--conf", conf.toString()), cli.stderr());
    for (JsonNode row : JSON.readTree(cli.stdout()).get("tiers")) {
      if (row.get("name").asText().equals(tier)) {
        return row.get("replicas").asInt();
      }
    }
    return 0;
  }
}
