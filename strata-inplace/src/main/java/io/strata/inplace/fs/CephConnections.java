package io.strata.inplace.fs;

import io.strata.core.config.ConfigException;
import io.strata.inplace.rados.CephClientConfig;
import io.strata.inplace.rados.RadosCluster;
import io.strata.inplace.rados.RadosException;
import io.strata.inplace.rados.RadosPool;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * One librados connection per configuration per JVM, shared by every cephgif:// file system and stream (a
 * connection costs a monitor handshake and threads; librados is thread-safe), closed when its last user is.
 */
public final class CephConnections {
  private static final Map<CephClientConfig, Shared> OPEN = new HashMap<>();

  private CephConnections() {}

  private static final class Shared {
    final RadosCluster cluster;
    final Map<String, RadosPool> pools = new HashMap<>();
    int users;

    Shared(RadosCluster cluster) {
      this.cluster = cluster;
    }
  }

  /** A use of a shared connection; close it once. */
  static final class Lease implements AutoCloseable {
    private final CephClientConfig config;
    private boolean closed;

    private Lease(CephClientConfig config) {
      this.config = config;
    }

    RadosPool pool(String name) throws RadosException {
      synchronized (OPEN) {
        Shared shared = OPEN.get(config);
        RadosPool pool = shared.pools.get(name);
        if (pool == null) {
          pool = shared.cluster.openPool(name);
          shared.pools.put(name, pool);
        }
        return pool;
      }
    }

    @Override
    public void close() {
      synchronized (OPEN) {
        if (closed) {
          return;
        }
        closed = true;
        Shared shared = OPEN.get(config);
        if (shared != null && --shared.users == 0) {
          OPEN.remove(config);
          shared.pools.values().forEach(RadosPool::close);
          shared.cluster.close();
        }
      }
    }
  }

  static Lease acquire(CephClientConfig config) throws RadosException {
    synchronized (OPEN) {
      Shared shared = OPEN.get(config);
      if (shared == null) {
        shared = new Shared(RadosCluster.connect(config));
        OPEN.put(config, shared);
      }
      shared.users++;
      return new Lease(config);
    }
  }

  /** The client settings the keys in {@link InPlaceKeys} describe; a missing essential is a clear error. */
  public static CephClientConfig clientConfig(Configuration conf) throws IOException {
    String confFile = conf.getTrimmed(InPlaceKeys.CEPH_CONF_FILE);
    String monHost = conf.getTrimmed(InPlaceKeys.CEPH_MON_HOST);
    if (confFile == null && monHost == null && Files.isRegularFile(Path.of("/etc/ceph/ceph.conf"))) {
      confFile = "/etc/ceph/ceph.conf";
    }
    if (confFile == null && monHost == null) {
      throw new ConfigException("cephgif: no Ceph cluster configured: set " + InPlaceKeys.CEPH_CONF_FILE
          + " (a ceph.conf) or " + InPlaceKeys.CEPH_MON_HOST);
    }
    if (confFile != null && !Files.isRegularFile(Path.of(confFile))) {
      throw new ConfigException(InPlaceKeys.CEPH_CONF_FILE + ": no such file " + confFile);
    }
    char[] key = conf.getPassword(InPlaceKeys.CEPH_KEY);
    Map<String, String> options = new LinkedHashMap<>();
    options.put("client_mount_timeout", Integer.toString(positive(conf, InPlaceKeys.CONNECT_TIMEOUT_SECONDS, 30)));
    options.put("rados_osd_op_timeout", Integer.toString(positive(conf, InPlaceKeys.OP_TIMEOUT_SECONDS, 120)));
    if (conf.getBoolean(InPlaceKeys.LOCALIZE_READS, true)) {
      options.put("crush_location", "host=" + clientHost(conf));
    }
    return new CephClientConfig(confFile, conf.getTrimmed(InPlaceKeys.CEPH_USER, "admin"),
        conf.getTrimmed(InPlaceKeys.CEPH_KEYRING), key == null ? null : new String(key), monHost, options);
  }

  static String clientHost(Configuration conf) {
    String configured = conf.getTrimmed(InPlaceKeys.CLIENT_HOST);
    if (configured != null && !configured.isEmpty()) {
      return configured;
    }
    String nodeManagerHost = System.getenv("NM_HOST");
    if (nodeManagerHost != null && !nodeManagerHost.isEmpty()) {
      return nodeManagerHost;
    }
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      return "localhost";
    }
  }

  private static int positive(Configuration conf, String key, int defaultValue) {
    int value = conf.getInt(key, defaultValue);
    if (value <= 0) {
      throw new ConfigException(key + " must be > 0, got " + value);
    }
    return value;
  }
}
