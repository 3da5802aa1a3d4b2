package io.strata.embedded.hosts;

import io.strata.core.spec.NodeSpec;
import io.strata.core.spec.VolumeSpec;
import io.strata.embedded.ClientConfigWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * The configuration directories of a {@link HostCluster}: the NameNode's (what an operator writes, see
 * docs/install.md), each host's DataNode's, and the clients'. Every one holds a log4j.properties that logs to
 * stderr, which the launcher sends to a file per process.
 */
final class HostClusterConf {
  private HostClusterConf() {}

  /**
   * Writes the NameNode's conf dir under {@code nameNodeDir}: the rack table, core-site.xml and hdfs-site.xml with
   * the plugin's keys as the options give them.
   */
  static Path writeNameNode(HostCluster.Options options, HostNetworkState network, Path nameNodeDir)
      throws IOException {
    Path conf = nameNodeDir.resolve("conf");
    Files.createDirectories(conf);
    Path table = conf.resolve("topology.table");
    StringBuilder rows = new StringBuilder();
    for (HostNetworkState.HostEntry host : network.hosts()) {
      rows.append(host.address()).append(' ').append(host.rack()).append('\n');
      rows.append(host.name()).append(' ').append(host.rack()).append('\n');
    }
    Files.writeString(table, rows);
    String root = network.rootAddress();
    Map<String, String> core = new LinkedHashMap<>();
    core.put("fs.defaultFS", "hdfs://" + root + ":" + HostCluster.NAMENODE_RPC_PORT);
    // Racks from a table keyed by address and host name, as an operator without a topology script would do.
    core.put("net.topology.node.switch.mapping.impl", "org.apache.hadoop.net.TableMapping");
    core.put("net.topology.table.file.name", table.toString());
    core.put("hadoop.caller.context.enabled", "true");
    writeXml(core, conf.resolve("core-site.xml"));

    Map<String, String> hdfs = new LinkedHashMap<>(commonHdfsConf(options));
    hdfs.put("dfs.namenode.name.dir", nameNodeDir.resolve("name").toUri().toString());
    hdfs.put("dfs.namenode.rpc-address", root + ":" + HostCluster.NAMENODE_RPC_PORT);
    hdfs.put("dfs.namenode.http-address", root + ":" + HostCluster.NAMENODE_HTTP_PORT);
    // The hosts have no reverse DNS: register DataNodes by the address they connect from.
    hdfs.put("dfs.namenode.datanode.registration.ip-hostname-check", "false");
    hdfs.put("dfs.namenode.fs-limits.min-block-size", Long.toString(64 * 1024));
    hdfs.put("dfs.replication", Integer.toString(Math.min(3, options.spec().nodes().size())));
    hdfs.put("dfs.namenode.heartbeat.recheck-interval", "2000");
    hdfs.put("dfs.namenode.redundancy.interval.seconds", "1");
    hdfs.put("dfs.namenode.reconstruction.pending.timeout-sec", "30");
    hdfs.put("dfs.namenode.safemode.extension", "0");
    hdfs.put("dfs.namenode.accesstime.precision", "1000");
    hdfs.put("dfs.storage.policy.enabled", "true");
    // As HDFS's own default and the in-process cluster: permissions checked, so only the superuser changes
    // placement. `-D dfs.permissions.enabled=false` (options.hdfsConf(), set below) turns them off.
    hdfs.put("dfs.permissions.enabled", "true");
    hdfs.put("dfs.namenode.audit.log.async", "false");
    hdfs.putAll(options.hdfsConf());
    hdfs.putAll(options.pluginConf());
    writeXml(hdfs, conf.resolve("hdfs-site.xml"));
    writeLog4j(conf);
    return conf;
  }

  /** Keys the NameNode, the DataNodes and the clients share. */
  private static Map<String, String> commonHdfsConf(HostCluster.Options options) {
    Map<String, String> conf = new LinkedHashMap<>();
    conf.put("dfs.blocksize", Long.toString(options.blockSize()));
    conf.put("dfs.heartbeat.interval", "1");
    return conf;
  }

  /**
   * Writes {@code host}'s conf dir (DataNode keys, its volumes in spec order, its {@code address} on the host
   * network) and makes its volume dirs.
   */
  static Path writeDataNode(HostCluster.Options options, String host, String address, URI fs)
      throws IOException {
    NodeSpec node = options.spec().nodes().stream().filter(n -> n.host().equals(host)).findFirst().orElseThrow();
    Path hostDir = options.dir().resolve("hosts").resolve(host);
    Path conf = hostDir.resolve("conf");
    Files.createDirectories(conf);
    List<String> dataDirs = new ArrayList<>();
    for (int i = 0; i < node.volumes().size(); i++) {
      VolumeSpec volume = node.volumes().get(i);
      Path data = hostDir.resolve("data").resolve("v" + i);
      Files.createDirectories(data);
      dataDirs.add("[" + volume.storageKind().name() + "]" + data.toUri());
    }
    Map<String, String> hdfs = new LinkedHashMap<>(commonHdfsConf(options));
    hdfs.put("dfs.datanode.data.dir", String.join(",", dataDirs));
    hdfs.put("dfs.datanode.hostname", host);
    hdfs.put("dfs.datanode.address", address + ":9866");
    hdfs.put("dfs.datanode.http.address", address + ":9864");
    hdfs.put("dfs.datanode.ipc.address", address + ":9867");
    // Emulated HDDs are slow on purpose; keep the DataNode from logging every packet as a slow disk.
    hdfs.put("dfs.datanode.slow.io.warning.threshold.ms", "60000");
    // Spec capacities are small (a preset's SSD can be under 1 GiB); Hadoop's round-robin volume chooser would
    // refuse every volume with less than a block plus 1 GiB free, and so every write to such a tier.
    hdfs.put("dfs.datanode.round-robin-volume-choosing-policy.additional-available-space", "0");
    hdfs.putAll(options.hdfsConf());
    writeXml(Map.of("fs.defaultFS", fs.toString()), conf.resolve("core-site.xml"));
    writeXml(hdfs, conf.resolve("hdfs-site.xml"));
    writeLog4j(conf);
    return conf;
  }

  /** Writes the client configuration into the cluster dir, as for the in-process cluster. */
  static void writeClient(HostCluster.Options options, URI fs, String webUi) throws IOException {
    Map<String, String> server = new LinkedHashMap<>(commonHdfsConf(options));
    server.put("dfs.replication", Integer.toString(Math.min(3, options.spec().nodes().size())));
    server.put("dfs.namenode.fs-limits.min-block-size", Long.toString(64 * 1024));
    server.putAll(options.hdfsConf());
    server.putAll(options.pluginConf());
    Configuration conf = new Configuration(false);
    server.forEach(conf::set);
    ClientConfigWriter.write(options.dir(), fs, webUi, conf, options.specText());
  }

  private static void writeXml(Map<String, String> values, Path file) throws IOException {
    Configuration conf = new Configuration(false);
    values.forEach(conf::set);
    try (OutputStream out = Files.newOutputStream(file)) {
      conf.writeXml(out);
    }
  }

  private static void writeLog4j(Path conf) throws IOException {
    Files.writeString(conf.resolve("log4j.properties"), String.join("\n",
        "log4j.rootLogger=INFO,console",
        "log4j.appender.console=org.apache.log4j.ConsoleAppender",
        "log4j.appender.console.target=System.err",
        "log4j.appender.console.layout=org.apache.log4j.PatternLayout",
        "log4j.appender.console.layout.ConversionPattern=%d{ISO8601} %p %c{2}: %m%n",
        "log4j.logger.org.apache.hadoop.hdfs.StateChange=WARN",
        "log4j.logger.BlockStateChange=WARN", ""));
  }
}
