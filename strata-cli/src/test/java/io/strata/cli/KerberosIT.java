package io.strata.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.cli.shared.ClusterChoice;
import io.strata.cli.shared.PluginConf;
import io.strata.embedded.EmbeddedCluster;
import io.strata.embedded.secure.KerberizedHdfs;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DFSTestUtil;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.security.ssl.KeyStoreTestUtil;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The superuser's tools against a Kerberized cluster (a real KDC, NameNode and DataNodes logged in from keytabs,
 * block access tokens, SASL data transfer, HTTPS and SPNEGO on the web UI, Strata's NameNode plugins loaded), each
 * run as an operator runs it: a JVM of its own with the cluster's client configuration and a keytab, and without
 * credentials refused with an error that says what is missing.
 */
class KerberosIT {
  private static final String ADMIN = "strata-admin";
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
        ADMIN);
    ClusterChoice.Loaded aptstore = new ClusterChoice().load("aptstore");
    conf = dir.resolve("conf");
    audit = dir.resolve("hdfs-audit.log");
    EmbeddedCluster.Options options = EmbeddedCluster.Options.defaults(dir.resolve("hdfs")).withEmulation(false)
        .withBlockSize(MIB).withAuditLog(audit).withConf(PluginConf.forSpec(conf, aptstore, null))
        .withConf(kerberos.serverConf());
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
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("--conf", conf.toString(), "--principal", kerberos.principal(ADMIN), "--keytab",
        kerberos.keytab(ADMIN).toString()));
    return strata(all.toArray(String[]::new));
  }

  /** {@code strata args...} in a JVM of its own, which knows the KDC but has no ticket cache. */
  private static Run strata(String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-opens", "java.base/java.util=ALL-UNNAMED",
        "--add-opens", "java.base/java.nio=ALL-UNNAMED", "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
        "-Djava.security.krb5.conf=" + kerberos.krb5Conf(), "-cp", System.getProperty("java.class.path"),
        StrataCli.class.getName()));
    command.addAll(List.of(args));
    Path out = Files.createTempFile(dir, "out", ".txt");
    Path err = Files.createTempFile(dir, "err", ".txt");
    ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
    builder.environment().remove("HADOOP_CONF_DIR");
    builder.environment().put("KRB5CCNAME", "FILE:" + dir.resolve("no-ticket-cache"));
    Process process = builder.start();
    if (!process.waitFor(3, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new AssertionError(String.join(" ", args) + " did not finish: " + Files.readString(err));
    }
    return new Run(process.exitValue(), Files.readString(out), Files.readString(err));
  }
}
