package io.strata.embedded;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;

/**
 * Writes the client side of an embedded cluster's configuration into a directory, so that {@code hdfs dfs
 * --config DIR}, a Java program with DIR on its classpath, or {@code strata report --conf DIR} can connect.
 * Only the keys a client needs are written, not Hadoop's defaults.
 */
public final class ClientConfigWriter {
  /** File holding the cluster spec next to the Hadoop files, so Strata tools resolve tiers the same way. */
  public static final String SPEC_FILE = "strata-spec.yaml";
  /** Directory next to them where a cluster's power manager keeps its state, which {@code strata report} reads. */
  public static final String POWER_STATE_DIR = "power";

  private ClientConfigWriter() {}

  public static void write(EmbeddedCluster cluster, Path dir, String specText) throws IOException {
    write(dir, cluster.uri(), cluster.webUi(), cluster.miniCluster().getConfiguration(0), specText);
  }

  /** As for an embedded cluster, for a NameNode at {@code fs} and {@code webUi} running with {@code server}. */
  public static void write(Path dir, URI fs, String webUi, Configuration server, String specText)
      throws IOException {
    Files.createDirectories(dir);
    Configuration core = new Configuration(false);
    core.set("fs.defaultFS", fs.toString());
    writeXml(core, dir.resolve("core-site.xml"));

    Configuration hdfs = new Configuration(false);
    for (String key : new String[] {"dfs.blocksize", "dfs.replication", "dfs.namenode.fs-limits.min-block-size",
        "strata.placement.rules.refresh.ms", "hadoop.caller.context.enabled", "dfs.permissions.enabled"}) {
      // The rules refresh tells Strata's tools how soon the NameNode applies a rule they write; the caller context
      // whether the audit log names the tool behind a call; the permissions whether they judge the rules file's
      // owner, as the NameNode does.
      if (server.get(key) != null) {
        hdfs.set(key, server.get(key));
      }
    }
    hdfs.set("dfs.namenode.http-address", webUi.replace("http://", ""));
    writeXml(hdfs, dir.resolve("hdfs-site.xml"));
    Files.writeString(dir.resolve(SPEC_FILE), specText);
  }

  private static void writeXml(Configuration conf, Path file) throws IOException {
    try (OutputStream out = Files.newOutputStream(file)) {
      conf.writeXml(out);
    }
  }
}
