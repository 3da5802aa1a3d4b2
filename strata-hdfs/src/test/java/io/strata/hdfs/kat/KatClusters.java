package io.strata.hdfs.kat;

import io.strata.core.spec.SpecParser;
import io.strata.embedded.EmbeddedCluster;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The clusters KAT's integration tests run on: one rack of named hosts, an HDD volume each, 1 MiB blocks. */
final class KatClusters {
  private KatClusters() {}

  /** Starts HDFS (no device emulation) on {@code hosts}, each with one DISK volume of {@code capacity}. */
  static EmbeddedCluster oneRack(Path dir, List<String> hosts, String capacity, Map<String, String> conf)
      throws IOException {
    return oneRack(dir, hosts, Set.of(), capacity, conf);
  }

  /**
   * Starts HDFS (no device emulation) on {@code hosts}, each with one DISK volume of {@code capacity}; those in
   * {@code withSsd} also have an SSD volume of the same size.
   */
  static EmbeddedCluster oneRack(Path dir, List<String> hosts, Set<String> withSsd, String capacity,
      Map<String, String> conf) throws IOException {
    StringBuilder spec = new StringBuilder("""
        name: kat-test
        description: one rack of hosts for KAT's tests
        tiers:
          - {name: hdd, storageType: DISK}
        """);
    if (!withSsd.isEmpty()) {
      spec.append("  - {name: sata-ssd, storageType: SSD}\n");
    }
    spec.append("racks:\n  - name: /rack1\n    nodes:\n");
    for (String host : hosts) {
      spec.append("      - {host: ").append(host).append(", volumes: [{device: hdd, capacity: ").append(capacity)
          .append('}');
      if (withSsd.contains(host)) {
        spec.append(", {device: sata-ssd, capacity: ").append(capacity).append('}');
      }
      spec.append("]}\n");
    }
    return EmbeddedCluster.start(SpecParser.parse("kat test spec", spec.toString()), EmbeddedCluster.Options
        .defaults(dir).withEmulation(false).withBlockSize(1 << 20).withConf(conf));
  }

  /**
   * A cluster of {@link #oneRack} with {@code dfs.datanode.block-pinning.enabled}, whose host names resolve in this
   * JVM (see {@link #resolveToLoopback}) until it is closed.
   */
  record Pinned(EmbeddedCluster cluster, List<String> hosts) implements AutoCloseable {
    static Pinned start(Path dir, List<String> hosts, Set<String> withSsd, String capacity, Map<String, String> conf)
        throws IOException, ReflectiveOperationException {
      resolveToLoopback(hosts);
      Map<String, String> pinning = new java.util.HashMap<>(conf);
      pinning.put("dfs.datanode.block-pinning.enabled", "true");
      try {
        return new Pinned(oneRack(dir, hosts, withSsd, capacity, pinning), hosts);
      } catch (IOException | RuntimeException e) {
        forget(hosts);
        throw e;
      }
    }

    /** Stops the cluster and takes the names out of the cache: later test classes in this JVM must not resolve them. */
    @Override
    public void close() throws ReflectiveOperationException {
      try {
        cluster.close();
      } finally {
        forget(hosts);
      }
    }
  }

  /**
   * HDFS pins a favored replica only when the client names the node by the host name the DataNode registered,
   * and the NameNode must resolve that name to place it. On a cluster DNS does both; this machine cannot resolve
   * the tests' host names, so they are put into this JVM's name cache, resolving to the loopback address the
   * DataNodes use.
   */
  @SuppressWarnings("unchecked")
  private static void resolveToLoopback(List<String> hosts) throws ReflectiveOperationException, IOException {
    Map<String, Object> cache = nameCache();
    Constructor<?> cached = Class.forName("java.net.InetAddress$CachedAddresses").getDeclaredConstructor(
        String.class, InetAddress[].class, long.class);
    cached.setAccessible(true);
    for (String host : hosts) {
      InetAddress loopback = InetAddress.getByAddress(host, new byte[] {127, 0, 0, 1});
      cache.put(host, cached.newInstance(host, new InetAddress[] {loopback}, Long.MAX_VALUE));
    }
  }

  private static void forget(List<String> hosts) throws ReflectiveOperationException {
    hosts.forEach(nameCache()::remove);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> nameCache() throws ReflectiveOperationException {
    Field cacheField = InetAddress.class.getDeclaredField("cache");
    cacheField.setAccessible(true);
    return (Map<String, Object>) cacheField.get(null);
  }
}
