package io.strata.inplace.testbed;

import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.NodeSpec;
import io.strata.core.spec.Presets;
import io.strata.embedded.EmbeddedCluster;
import io.strata.embedded.yarn.NamedNodeYarnCluster;
import io.strata.inplace.ceph.LocalCephCluster;
import io.strata.inplace.fs.CephGifFileSystem;
import io.strata.inplace.fs.InPlaceKeys;
import io.strata.inplace.rados.CephClientConfig;
import io.strata.inplace.rados.RadosCluster;
import io.strata.inplace.rados.RadosPool;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * Everything the in-place story needs on one machine, with one set of node names: a Ceph cluster whose CRUSH
 * hosts are the nodes of the {@code inplace} preset, a real HDFS with DataNodes of the same names, and (when
 * asked) YARN with NodeManagers of the same names. Stops all of it on close, and on JVM exit if not closed.
 */
public final class InPlaceTestbed implements AutoCloseable {
  /** What to start. */
  public record Options(String pool, int replicas, LocalCephCluster.ObjectStore store, long osdBytes, boolean yarn) {
    public static Options defaults() {
      return new Options("strata", 2, LocalCephCluster.ObjectStore.MEMSTORE, 2L << 30, false);
    }

    public Options withYarn(boolean start) {
      return new Options(pool, replicas, store, osdBytes, start);
    }

    public Options withStore(LocalCephCluster.ObjectStore objectStore, long bytes) {
      return new Options(pool, replicas, objectStore, bytes, yarn);
    }
  }

  private final ClusterSpec spec;
  private final LocalCephCluster.Running ceph;
  private final EmbeddedCluster hdfs;
  private final NamedNodeYarnCluster yarn;
  private final RadosCluster rados;
  private final RadosPool pool;
  private final Configuration conf;
  private final Thread shutdownHook;
  private final PrintStream log;
  private boolean closed;

  private InPlaceTestbed(ClusterSpec spec, LocalCephCluster.Running ceph, EmbeddedCluster hdfs,
      NamedNodeYarnCluster yarn, RadosCluster rados, RadosPool pool, Configuration conf, Thread shutdownHook,
      PrintStream log) {
    this.spec = spec;
    this.ceph = ceph;
    this.hdfs = hdfs;
    this.yarn = yarn;
    this.rados = rados;
    this.pool = pool;
    this.conf = conf;
    this.shutdownHook = shutdownHook;
    this.log = log;
  }

  public static InPlaceTestbed start(Path dir, Options options, PrintStream log) throws IOException {
    ClusterSpec spec = Presets.load("inplace");
    List<String> hosts = spec.nodes().stream().map(NodeSpec::host).toList();
    LocalCephCluster.Options cephOptions = LocalCephCluster.Options.defaults(dir.resolve("ceph"), hosts)
        .withPool(options.pool(), options.replicas()).withStore(options.store(), options.osdBytes());
    LocalCephCluster.Running ceph = LocalCephCluster.start(cephOptions, log);
    // If this JVM dies before close(), the daemons must not outlive it.
    Thread hook = new Thread(() -> {
      try {
        LocalCephCluster.stop(ceph.dir(), log);
      } catch (IOException e) {
        log.println("strata: could not stop Ceph in " + ceph.dir() + ": " + e.getMessage());
      }
    }, "strata-ceph-stop");
    Runtime.getRuntime().addShutdownHook(hook);
    LocalCephCluster.stopWhenProcessEnds(ceph.dir(), ProcessHandle.current().pid());
    EmbeddedCluster hdfs = null;
    NamedNodeYarnCluster yarn = null;
    RadosCluster rados = null;
    try {
      // HDFS at the machine's real speed (no device emulation: Ceph is not emulated either), 128 MiB blocks as in
      // stock Hadoop so that a copied object is one block, and the pool's replication. A client closing a file
      // waits until the NameNode has heard of the last block from the DataNodes, polling first after 400 ms; on
      // one machine that report comes within milliseconds, so poll sooner, or every small file (the GIF, each
      // copied object) would wait 400 ms for nothing.
      hdfs = EmbeddedCluster.start(spec, EmbeddedCluster.Options.defaults(dir.resolve("hdfs")).withEmulation(false)
          .withBlockSize(128L << 20).withConf(Map.of("dfs.replication", Integer.toString(options.replicas()),
              "dfs.client.block.write.locateFollowingBlock.initial.delay.ms", "20")));
      Configuration conf = hdfs.clientConf();
      conf.set("fs.cephgif.impl", CephGifFileSystem.class.getName());
      conf.set(InPlaceKeys.CEPH_CONF_FILE, ceph.confFile().toString());
      conf.set(InPlaceKeys.GIF_DIR, InPlaceKeys.DEFAULT_GIF_DIR);
      if (options.yarn()) {
        yarn = NamedNodeYarnCluster.start(conf, hosts, dir.resolve("yarn"));
        conf = yarn.jobConf();
        conf.set("fs.cephgif.impl", CephGifFileSystem.class.getName());
        conf.set(InPlaceKeys.CEPH_CONF_FILE, ceph.confFile().toString());
      }
      rados = RadosCluster.connect(CephClientConfig.ofConfFile(ceph.confFile().toString()));
      RadosPool pool = rados.openPool(options.pool());
      return new InPlaceTestbed(spec, ceph, hdfs, yarn, rados, pool, conf, hook, log);
    } catch (IOException | RuntimeException e) {
      if (rados != null) {
        rados.close();
      }
      if (yarn != null) {
        yarn.close();
      }
      if (hdfs != null) {
        hdfs.close();
      }
      LocalCephCluster.stop(ceph.dir(), log);
      Runtime.getRuntime().removeShutdownHook(hook);
      throw e;
    }
  }

  public ClusterSpec spec() {
    return spec;
  }

  public LocalCephCluster.Running ceph() {
    return ceph;
  }

  public EmbeddedCluster hdfs() {
    return hdfs;
  }

  public RadosCluster rados() {
    return rados;
  }

  /** The pool the objects live in (open for writing test data and reading it back). */
  public RadosPool pool() {
    return pool;
  }

  /**
   * A Hadoop configuration with HDFS as the default file system, the cephgif:// keys set, and (with YARN)
   * mapreduce.framework.name=yarn.
   */
  public Configuration conf() {
    return new Configuration(conf);
  }

  public FileSystem hdfsFileSystem() throws IOException {
    return hdfs.fileSystem();
  }

  public boolean hasYarn() {
    return yarn != null;
  }

  @Override
  public synchronized void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      FileSystem.closeAll();
    } catch (IOException e) {
      log.println("strata: closing file systems: " + e.getMessage());
    }
    pool.close();
    rados.close();
    if (yarn != null) {
      yarn.close();
    }
    hdfs.close();
    LocalCephCluster.stop(ceph.dir(), log);
    Runtime.getRuntime().removeShutdownHook(shutdownHook);
  }
}
