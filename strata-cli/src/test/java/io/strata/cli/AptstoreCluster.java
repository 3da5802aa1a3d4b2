package io.strata.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.embedded.ClientConfigWriter;
import io.strata.embedded.EmbeddedCluster;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/**
 * The embedded aptstore preset as the auto-tiering tests run it: Strata's plugin configuration (which has the
 * NameNode log caller contexts), the NameNode's audit log in {@code DIR/hdfs-audit.log}, 1 MiB blocks, and the
 * client configuration written to {@code DIR}, so that {@code strata ... --conf DIR} reaches it.
 */
final class AptstoreCluster implements AutoCloseable {
  static final int MIB = 1 << 20;

  final ClusterChoice.Loaded preset;
  final EmbeddedCluster cluster;
  final DistributedFileSystem fs;
  final Path dir;
  final Path audit;

  private AptstoreCluster(ClusterChoice.Loaded preset, EmbeddedCluster cluster, Path dir, Path audit)
      throws Exception {
    this.preset = preset;
    this.cluster = cluster;
    this.fs = cluster.fileSystem();
    this.dir = dir;
    this.audit = audit;
  }

  static AptstoreCluster start(Path dir) throws Exception {
    ClusterChoice.Loaded aptstore = new ClusterChoice().load("aptstore");
    Path audit = dir.resolve("hdfs-audit.log");
    EmbeddedCluster.Options options = EmbeddedCluster.Options.defaults(dir.resolve("hdfs")).withEmulation(false)
        .withBlockSize(MIB).withAuditLog(audit).withConf(ClusterUpCommand.pluginConf(dir, aptstore, null));
    EmbeddedCluster cluster = EmbeddedCluster.start(aptstore.spec(), options);
    try {
      ClientConfigWriter.write(cluster, dir, aptstore.text());
      return new AptstoreCluster(aptstore, cluster, dir, audit);
    } catch (Exception | Error e) {
      cluster.close();
      throw e;
    }
  }

  /** Writes {@code data} as a new file with three replicas. */
  void write(String path, byte[] data) throws Exception {
    try (OutputStream out = fs.create(new org.apache.hadoop.fs.Path(path), (short) 3)) {
      out.write(data);
    }
  }

  /** Opens the file and reads a byte, {@code times} times: each open is one read in the audit log. */
  void read(String path, int times) throws Exception {
    for (int i = 0; i < times; i++) {
      try (InputStream in = fs.open(new org.apache.hadoop.fs.Path(path))) {
        in.read();
      }
    }
  }

  /** {@code strata autotier run --once --json} over {@code /data}, planning at 5 s reference times. */
  String[] autotierOnce() {
    return new String[] {"autotier", "run", "--once", "--json", "--audit-log", audit.toString(), "--path", "/data",
        "--conf", dir.toString(), "--reference-time", "5s"};
  }

  /** The {@code "event":"change"} lines {@code strata autotier run --json} printed. */
  static List<JsonNode> changes(String output) throws Exception {
    ObjectMapper json = new ObjectMapper();
    List<JsonNode> changes = new ArrayList<>();
    for (String line : output.lines().filter(l -> l.startsWith("{")).toList()) {
      JsonNode event = json.readTree(line);
      if ("change".equals(event.path("event").asText())) {
        changes.add(event);
      }
    }
    return changes;
  }

  static void waitFor(Duration timeout, BooleanSupplier condition, String what) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out waiting for " + what);
      }
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("interrupted waiting for " + what);
      }
    }
  }

  @Override
  public void close() {
    cluster.close();
  }
}
