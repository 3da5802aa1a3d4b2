package io.strata.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.cli.shared.ClusterChoice;
import io.strata.cli.shared.ExitCodes;
import io.strata.cli.shared.HdfsConnection;
import io.strata.cli.shared.PluginConf;
import io.strata.core.device.DeviceCatalog;
import io.strata.embedded.EmbeddedCluster;
import io.strata.embedded.secure.KerberizedHdfs;
import io.strata.hdfs.power.DataNodeList;
import io.strata.hdfs.power.EmulatedDisks;
import io.strata.hdfs.power.PowerManager;
import io.strata.hdfs.power.PoweredVolume;
import io.strata.hdfs.power.RedundancyWatch;
import java.io.IOException;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivilegedExceptionAction;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DFSTestUtil;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.authentication.client.AuthenticatedURL;
import org.apache.hadoop.security.authentication.client.KerberosAuthenticator;
import org.apache.hadoop.security.ssl.KeyStoreTestUtil;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The superuser's tools against a Kerberized cluster (a real KDC, NameNode and DataNodes logged in from keytabs,
 * block access tokens, SASL data transfer, HTTPS and SPNEGO on the web UI, Strata's NameNode plugins loaded), each
 * run as an operator runs it: a JVM of its own with the cluster's client configuration and a keytab, and without
 * credentials refused with an error that says what is missing. An ordinary user's keytab changes nothing of other
 * users' placement, through the tools or the dashboard (logged in by SPNEGO, acting as its user).
 */
class KerberosIT {
  private static final String ADMIN = "strata-admin";
  /** An ordinary user: a principal in no HDFS group. */
  private static final String ALICE = "alice";
  private static final int MIB = 1 << 20;

  @TempDir
  static Path dir;
  static KerberizedHdfs kerberos;
  static EmbeddedCluster cluster;
  static Path conf;
  static Path audit;

  @BeforeAll
  static void start() throws Exception {
    kerberos = KerberizedHdfs.start(dir.resolve("kdc"), Path.of(KeyStoreTestUtil.getClasspathDir(KerberosIT.class)),
        ADMIN, ALICE);
    ClusterChoice.Loaded aptstore = new ClusterChoice().load("aptstore");
    conf = dir.resolve("conf");
    audit = dir.resolve("hdfs-audit.log");
    EmbeddedCluster.Options options = EmbeddedCluster.Options.defaults(dir.resolve("hdfs")).withEmulation(false)
        .withBlockSize(MIB).withAuditLog(audit).withConf(PluginConf.forSpec(conf, aptstore, null))
        .withConf(kerberos.serverConf())
        // The dashboard runs as the NameNode's principal and acts for whoever logged in to it, as HttpFS.
        .withConf(Map.of("hadoop.proxyuser.hdfs.hosts", "*", "hadoop.proxyuser.hdfs.groups", "*"));
    cluster = EmbeddedCluster.start(aptstore.spec(), options);
    kerberos.writeClientConf(cluster, conf, aptstore.text());
    // Written by this JVM, logged in as the NameNode's own principal.
    DistributedFileSystem fs = cluster.fileSystem();
    for (int i = 0; i < 3; i++) {
      org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/data/f" + i);
      try (OutputStream out = fs.create(file)) {
        out.write(new byte[2 * MIB]);
      }
      DFSTestUtil.waitReplication(fs, file, (short) 3);
    }
    OtherUsersData.bobsPrivateFile(fs, MIB);
  }

  @AfterAll
  static void stop() throws Exception {
    if (cluster != null) {
      cluster.close();
    }
    if (kerberos != null) {
      kerberos.close();
    }
  }

  @Test
  void reportReadsBlocksOverKerberosAndTheJmxOverSpnego() throws Exception {
    Run report = asAdmin("report", "/data", "--json");
    assertEquals(0, report.exit, report.err);
    assertEquals(3, new ObjectMapper().readTree(report.out).path("files").asInt(), report.out);

    try (var in = cluster.fileSystem().open(new org.apache.hadoop.fs.Path("/data/f0"))) {
      in.readAllBytes();
    }
    long counted = 0;
    for (long until = System.currentTimeMillis() + 30_000; counted == 0 && System.currentTimeMillis() < until;) {
      Run reads = asAdmin("report", "--reads", "--json");
      assertEquals(0, reads.exit, reads.err);
      for (JsonNode n : new ObjectMapper().readTree(reads.out).get("byLocality")) {
        counted += n.asLong();
      }
    }
    assertTrue(counted > 0, "reads counted by the NameNode plugin, fetched from its JMX over HTTPS and SPNEGO");
  }

  @Test
  void policyAndTierChangeTheClusterAsTheKeytabUser() throws Exception {
    Run set = asAdmin("policy", "set", "/data/hot", "tier-aware");
    assertEquals(0, set.exit, set.err);
    Run list = asAdmin("policy", "list", "--json");
    assertEquals(0, list.exit, list.err);
    assertTrue(list.out.contains("\"/data/hot\""), list.out);

    Run tiers = asAdmin("tier", "list", "--json");
    assertEquals(0, tiers.exit, tiers.err);
    assertTrue(tiers.out.contains("filer"), tiers.out);
    // A replica copied to the filer through a DataNode: block access tokens and SASL on the data transfer.
    Run create = asAdmin("tier", "create", "/data/f1", "filer");
    assertEquals(0, create.exit, create.out + create.err);
    for (BlockLocation block : cluster.fileSystem().getFileBlockLocations(new org.apache.hadoop.fs.Path("/data/f1"), 0,
        Long.MAX_VALUE)) {
      assertTrue(Arrays.asList(block.getStorageTypes()).contains(StorageType.ARCHIVE), Arrays.toString(
          block.getStorageTypes()));
    }
  }

  @Test
  void theDaemonsRunAsTheKeytabUser() throws Exception {
    Run monitor = asAdmin("monitor", "--once", "--json", "--path", "/data");
    assertEquals(0, monitor.exit, monitor.out + monitor.err);
    assertTrue(monitor.out.contains("\"filesChecked\""), monitor.out);

    Run autotier = asAdmin("autotier", "run", "--once", "--json", "--audit-log", audit.toString(), "--path", "/data");
    assertEquals(0, autotier.exit, autotier.out + autotier.err);
    JsonNode cycle = new ObjectMapper().readTree(autotier.out.lines().filter(l -> l.contains("\"event\":\"cycle\""))
        .reduce((a, b) -> b).orElseThrow(() -> new AssertionError(autotier.out)));
    assertEquals(3, cycle.get("files").asInt(), "the files under /data, planned for: " + cycle);
    assertTrue(cycle.get("totals").get("auditLinesParsed").asLong() > 0, "the audit log read: " + cycle);
  }

  @Test
  void katIngestsAndChecksAsTheKeytabUser() throws Exception {
    Path words = dir.resolve("words.txt");
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 2000; i++) {
      text.append("word").append(i % 97).append(" other").append(i % 13).append('\n');
    }
    Files.writeString(words, text, StandardCharsets.UTF_8);
    Run ingest = asAdmin("kat", "ingest", words.toString(), "/kat", "--key", "tokens");
    assertEquals(0, ingest.exit, ingest.out + ingest.err);
    Run check = asAdmin("kat", "check", "/kat", "--json");
    assertEquals(0, check.exit, check.out + check.err);
  }

  @Test
  void anOrdinaryPrincipalCannotChangeWhereAnyoneElsesDataLives() throws Exception {
    Run set = asAlice("policy", "set", "/users", "tier-aware");
    refusedInOneLine(set, "strata policy set",
        "only the HDFS superuser or a member of supergroup may change the placement rules in hdfs://");
    assertTrue(set.err.contains(ALICE + " (groups: "), set.err);
    Run rules = asAdmin("policy", "list", "--json");
    assertEquals(0, rules.exit, rules.err);
    assertFalse(rules.out.contains("\"/users\""), "nothing was written: " + rules.out);

    refusedInOneLine(asAlice("tier", "move", OtherUsersData.BOBS_FILE, "das", "filer"), "strata tier move",
        "Permission denied: user=" + ALICE + ", access=EXECUTE, inode=\"/users/bob\"");
    assertFalse(onTheFiler(OtherUsersData.BOBS_FILE), "nothing moved");
    Run move = asAdmin("tier", "move", OtherUsersData.BOBS_FILE, "das", "filer");
    assertEquals(0, move.exit, move.out + move.err);
    assertTrue(onTheFiler(OtherUsersData.BOBS_FILE), "the superuser's keytab moves it");

    Run ingest = asAdmin("kat", "ingest", OtherUsersData.katLines(dir).toString(), OtherUsersData.CAROLS_KAT, "--key",
        "field:3: ", "--partitions", "4");
    assertEquals(0, ingest.exit, ingest.out + ingest.err);
    OtherUsersData.giveToCarol(cluster.fileSystem());
    refusedInOneLine(asAlice("kat", "heal", OtherUsersData.CAROLS_KAT), "strata kat heal",
        "Access denied for user " + ALICE + ". Superuser privilege is required");
    Run heal = asAdmin("kat", "heal", OtherUsersData.CAROLS_KAT);
    assertEquals(0, heal.exit, heal.out + heal.err);
  }

  @Test
  void thePowerManagerReadsTheNameNodeWithAKeytabAndItsStatusPrints() throws Exception {
    // power run on this host stops at the disk check (no spare rotational disk here), but only after its login:
    // without credentials it stops before, saying why.
    Path state = Files.createDirectories(dir.resolve("power"));
    String webUi = "https://" + KerberizedHdfs.HOST + ":"
        + cluster.miniCluster().getNameNode().getHttpsAddress().getPort();
    String[] powerRun = {"power", "run", "--backup", dir.toString(), "--namenode", webUi, "--state-dir",
        state.toString(), "--conf", conf.toString()};
    Run noTicket = strata(powerRun);
    assertEquals(2, noTicket.exit, noTicket.out + noTicket.err);
    assertTrue(noTicket.err.contains("has no Kerberos ticket"), noTicket.err);
    List<String> withKeytab = new ArrayList<>(List.of(powerRun));
    withKeytab.addAll(List.of("--principal", kerberos.principal(ADMIN), "--keytab", kerberos.keytab(ADMIN)
        .toString()));
    Run loggedIn = strata(withKeytab.toArray(String[]::new));
    assertEquals(2, loggedIn.exit, loggedIn.out + loggedIn.err);
    assertTrue(loggedIn.err.contains("--backup: volume directory " + dir), loggedIn.err);

    // What power run reads of the NameNode, with the client configuration it is given and a keytab login: its
    // JMX over HTTPS and SPNEGO.
    Configuration client = HdfsConnection.configuration(conf, null);
    UserGroupInformation admin = UserGroupInformation.loginUserFromKeytabAndReturnUGI(kerberos.principal(ADMIN),
        kerberos.keytab(ADMIN).toString());
    RedundancyWatch watch = RedundancyWatch.nameNodeJmx(URI.create(webUi), client);
    RedundancyWatch.Redundancy redundancy = admin
        .doAs((PrivilegedExceptionAction<RedundancyWatch.Redundancy>) watch::read);
    assertEquals(0, redundancy.decommissioningNodes());
    List<String> hosts = admin.doAs((PrivilegedExceptionAction<List<String>>) DataNodeList.nameNodeJmx(URI.create(
        webUi), client)::hosts);
    assertFalse(hosts.isEmpty(), "the live DataNodes");

    // The manager over emulated disks with that watch, and power status (which reads only the state directory).
    PoweredVolume backup = new PoweredVolume("b1", KerberizedHdfs.HOST, state, DeviceCatalog.builtin().get(
        "backup-array"), true);
    EmulatedDisks disks = new EmulatedDisks(() -> 100, s -> {});
    disks.add(backup);
    admin.doAs((PrivilegedExceptionAction<Void>) () -> {
      try (PowerManager manager = new PowerManager(List.of(backup), PowerManager.Settings.defaults(state)
          .withIdleTimeout(Duration.ofMinutes(5)), disks, watch, () -> 100)) {
        manager.tick();
      }
      return null;
    });
    Run status = strata("power", "status", "--state-dir", state.toString(), "--json");
    assertEquals(0, status.exit, status.out + status.err);
    assertEquals("IDLE", new ObjectMapper().readTree(status.out).path("volumes").path(0).path("state").asText(),
        status.out);
  }

  @Test
  void theDashboardLogsUsersInWithSpnegoAndActsAsThem() throws Exception {
    org.apache.hadoop.fs.Path moved = new org.apache.hadoop.fs.Path("/dashboard/f");
    try (OutputStream out = cluster.fileSystem().create(moved)) {
      out.write(new byte[MIB]);
    }
    DFSTestUtil.waitReplication(cluster.fileSystem(), moved, (short) 3);
    Path secret = Files.writeString(dir.resolve("dashboard.secret"), "dashboard secret " + System.nanoTime());
    String http = kerberos.serverConf().get("dfs.web.authentication.kerberos.principal");
    String httpKeytab = kerberos.serverConf().get("dfs.web.authentication.kerberos.keytab");
    // As the NameNode's principal (the HDFS superuser), which the NameNode lets act for anyone.
    try (Background dashboard = background("dashboard", "--conf", conf.toString(), "--principal", "hdfs/"
        + KerberizedHdfs.HOST + "@" + kerberos.realm(), "--keytab", httpKeytab, "--bind", "0.0.0.0", "--port", "0",
        "--allow-actions", "--auth", "kerberos", "--auth-secret", secret.toString(), "--kerberos-principal", http,
        "--kerberos-keytab", httpKeytab)) {
      URI base = URI.create("http://" + KerberizedHdfs.HOST + ":" + dashboard.awaitPort() + "/");
      HttpClient plain = HttpClient.newHttpClient();
      for (String path : new String[] {"/api/dashboard", "/api/tiers", "/"}) {
        HttpResponse<String> anonymous = plain.send(HttpRequest.newBuilder(base.resolve(path)).build(),
            HttpResponse.BodyHandlers.ofString());
        assertEquals(401, anonymous.statusCode(), path);
        assertEquals("Negotiate", anonymous.headers().firstValue("WWW-Authenticate").orElse(null), path);
      }
      // The OPTIONS answered once logged in (hadoop-auth's client logs in with one) is no way around the login.
      HttpResponse<String> options = plain.send(HttpRequest.newBuilder(base.resolve("/api/actions/move")).method(
          "OPTIONS", HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
      assertEquals(401, options.statusCode());

      SpnegoSession alice = SpnegoSession.login(base, kerberos.principal(ALICE), kerberos.keytab(ALICE));
      assertEquals(ALICE, alice.about.get("user").asText());
      HttpResponse<String> aliceMove = alice.prepareAndConfirm("path=" + OtherUsersData.BOBS_FILE
          + "&from=das&to=filer");
      assertEquals(403, aliceMove.statusCode(), aliceMove.body());
      assertTrue(aliceMove.body().contains(ALICE), "refused by HDFS for alice herself: " + aliceMove.body());

      SpnegoSession admin = SpnegoSession.login(base, kerberos.principal(ADMIN), kerberos.keytab(ADMIN));
      assertEquals(ADMIN, admin.about.get("user").asText());
      assertFalse(onTheFiler(moved.toString()));
      HttpResponse<String> adminMove = admin.prepareAndConfirm("path=" + moved + "&from=das&to=filer");
      assertEquals(200, adminMove.statusCode(), adminMove.body());
      assertTrue(new ObjectMapper().readTree(adminMove.body()).get("success").asBoolean(), adminMove.body());
      assertTrue(onTheFiler(moved.toString()), adminMove.body());
    }
  }

  /** A browser logged in to the dashboard by SPNEGO, as {@code principal}: the signed cookie it was given. */
  private record SpnegoSession(URI base, String cookie, JsonNode about) {
    static SpnegoSession login(URI base, String principal, Path keytab) throws Exception {
      UserGroupInformation user = UserGroupInformation.loginUserFromKeytabAndReturnUGI(principal, keytab.toString());
      AuthenticatedURL.Token token = new AuthenticatedURL.Token();
      String about = user.doAs((PrivilegedExceptionAction<String>) () -> {
        HttpURLConnection connection = new AuthenticatedURL(new KerberosAuthenticator()).openConnection(base
            .resolve("/api/dashboard").toURL(), token);
        assertEquals(200, connection.getResponseCode());
        try (var in = connection.getInputStream()) {
          return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
      });
      assertTrue(token.isSet(), "a login cookie");
      return new SpnegoSession(base, AuthenticatedURL.AUTH_COOKIE + "=\"" + token + "\"", new ObjectMapper()
          .readTree(about));
    }

    HttpResponse<String> post(String path, String form) throws Exception {
      return HttpClient.newHttpClient().send(HttpRequest.newBuilder(base.resolve(path)).header("Cookie", cookie)
          .header("Origin", base.getScheme() + "://" + base.getRawAuthority())
          .header("X-Strata-Action-Token", about.get("actionToken").asText())
          .header("Content-Type", "application/x-www-form-urlencoded").timeout(Duration.ofMinutes(2))
          .POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The page's two steps: the prepare's answer if it failed, else the confirm's. */
    HttpResponse<String> prepareAndConfirm(String form) throws Exception {
      HttpResponse<String> prepared = post("/api/actions/move", form);
      if (prepared.statusCode() != 200) {
        return prepared;
      }
      return post("/api/actions/confirm", "token=" + new ObjectMapper().readTree(prepared.body()).get("token")
          .asText());
    }
  }

  /** True when every block of the file has a replica on the filer (ARCHIVE). */
  private static boolean onTheFiler(String path) throws IOException {
    for (BlockLocation block : cluster.fileSystem().getFileBlockLocations(new org.apache.hadoop.fs.Path(path), 0,
        Long.MAX_VALUE)) {
      if (!Arrays.asList(block.getStorageTypes()).contains(StorageType.ARCHIVE)) {
        return false;
      }
    }
    return true;
  }

  /** One line on standard error naming the command, exit code 1 (a refusal, not bad input). */
  private static void refusedInOneLine(Run run, String command, String reason) {
    assertEquals(ExitCodes.FAILED, run.exit, run.out + run.err);
    List<String> lines = run.err.lines().toList();
    assertEquals(1, lines.size(), run.err);
    assertTrue(lines.get(0).startsWith(command + ": ") && lines.get(0).contains(reason), run.err);
  }

  @Test
  void withoutCredentialsTheToolsSayWhatIsMissing() throws Exception {
    Run noTicket = strata("report", "/data", "--conf", conf.toString());
    assertEquals(2, noTicket.exit, noTicket.out + noTicket.err);
    assertTrue(noTicket.err.contains("has no Kerberos ticket: run kinit, or pass --principal and --keytab"),
        noTicket.err);

    Run halfGiven = strata("tier", "list", "--conf", conf.toString(), "--keytab", kerberos.keytab(ADMIN).toString());
    assertEquals(2, halfGiven.exit);
    assertTrue(halfGiven.err.contains("--principal and --keytab go together"), halfGiven.err);

    String stranger = kerberos.principal("nobody");
    Run wrongKeytab = strata("monitor", "--once", "--path", "/data", "--conf", conf.toString(), "--principal",
        stranger, "--keytab", kerberos.keytab(ADMIN).toString());
    assertEquals(2, wrongKeytab.exit);
    assertTrue(wrongKeytab.err.contains("Kerberos login as " + stranger + " from "), wrongKeytab.err);

    Run missingKeytab = strata("policy", "list", "--conf", conf.toString(), "--principal", kerberos.principal(ADMIN),
        "--keytab", dir.resolve("none.keytab").toString());
    assertEquals(2, missingKeytab.exit);
    assertTrue(missingKeytab.err.contains("none.keytab: no such readable file"), missingKeytab.err);
  }

  private record Run(int exit, String out, String err) {}

  private static Run asAdmin(String... args) throws Exception {
    return as(ADMIN, args);
  }

  private static Run asAlice(String... args) throws Exception {
    return as(ALICE, args);
  }

  private static Run as(String user, String... args) throws Exception {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("--conf", conf.toString(), "--principal", kerberos.principal(user), "--keytab",
        kerberos.keytab(user).toString()));
    return strata(all.toArray(String[]::new));
  }

  /** {@code strata args...} in a JVM of its own, which knows the KDC but has no ticket cache. */
  private static Run strata(String... args) throws Exception {
    Path out = Files.createTempFile(dir, "out", ".txt");
    Path err = Files.createTempFile(dir, "err", ".txt");
    Process process = start(out, err, args);
    if (!process.waitFor(3, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new AssertionError(String.join(" ", args) + " did not finish: " + Files.readString(err));
    }
    return new Run(process.exitValue(), Files.readString(out), Files.readString(err));
  }

  /** A command that serves until stopped (SIGTERM, as Ctrl-C), started as {@link #strata} starts one. */
  private record Background(Process process, Path out, Path err) implements AutoCloseable {
    /** The port it printed it listens on. */
    int awaitPort() throws Exception {
      Pattern listening = Pattern.compile("strata dashboard: https?://[^ ]*:(\\d+)/");
      for (long until = System.currentTimeMillis() + 120_000; System.currentTimeMillis() < until;) {
        Matcher m = listening.matcher(Files.readString(out));
        if (m.find()) {
          return Integer.parseInt(m.group(1));
        }
        if (!process.isAlive()) {
          break;
        }
        Thread.sleep(200);
      }
      throw new AssertionError("no address printed: " + Files.readString(out) + Files.readString(err));
    }

    @Override
    public void close() throws Exception {
      process.destroy();
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    }
  }

  private static Background background(String... args) throws Exception {
    Path out = Files.createTempFile(dir, "out", ".txt");
    Path err = Files.createTempFile(dir, "err", ".txt");
    return new Background(start(out, err, args), out, err);
  }

  private static Process start(Path out, Path err, String... args) throws IOException {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-opens", "java.base/java.util=ALL-UNNAMED",
        "--add-opens", "java.base/java.nio=ALL-UNNAMED", "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
        "-Djava.security.krb5.conf=" + kerberos.krb5Conf(), "-cp", System.getProperty("java.class.path"),
        StrataCli.class.getName()));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
    builder.environment().remove("HADOOP_CONF_DIR");
    builder.environment().put("KRB5CCNAME", "FILE:" + dir.resolve("no-ticket-cache"));
    return builder.start();
  }
}
