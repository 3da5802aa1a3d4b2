package io.strata.cli.ceph;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.cli.shared.ByteSizeArg;
import io.strata.cli.shared.ClusterChoice;
import io.strata.core.config.ConfigException;
import io.strata.core.spec.NodeSpec;
import io.strata.inplace.ceph.LocalCephCluster;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code strata ceph up}: start the local Ceph cluster and return; the daemons keep running. */
@Command(name = "up", mixinStandardHelpOptions = true,
    description = {"Start a local Ceph cluster and return once its placement groups are active+clean.",
        "CRUSH hosts are the spec's node names (default preset: inplace, node1..node3), so the replica hosts a",
        "scan records are the names of the embedded Hadoop nodes. Stop it with `strata ceph down`."})
final class CephUpCommand implements Callable<Integer> {
  @Mixin
  ClusterChoice cluster;

  @Option(names = "--dir", paramLabel = "DIR", defaultValue = CephDir.DEFAULT,
      description = "where the daemons keep data, logs, pids and ceph.conf (default: ${DEFAULT-VALUE})")
  Path dir;

  @Option(names = "--pool", paramLabel = "NAME", defaultValue = "strata",
      description = "the replicated pool to create (default: ${DEFAULT-VALUE})")
  String pool;

  @Option(names = "--replicas", paramLabel = "N", defaultValue = "2",
      description = "replicas per object, at most the number of hosts (default: ${DEFAULT-VALUE})")
  int replicas;

  @Option(names = "--pgs", paramLabel = "N", defaultValue = "32",
      description = "placement groups of the pool, a power of two (default: ${DEFAULT-VALUE})")
  int pgs;

  @Option(names = "--store", paramLabel = "KIND", defaultValue = "memstore",
      description = "memstore (objects in RAM, lost on stop) or bluestore (a sparse file per OSD) (default: ${DEFAULT-VALUE})")
  String store;

  @Option(names = "--osd-size", paramLabel = "SIZE", defaultValue = "4GiB",
      description = "capacity of each OSD; memstore only uses RAM for what is written (default: ${DEFAULT-VALUE})")
  ByteSizeArg osdSize;

  @Option(names = "--json", description = "print the cluster's addresses as one JSON object")
  boolean json;

  @Override
  public Integer call() throws Exception {
    List<String> hosts = cluster.load("inplace").spec().nodes().stream().map(NodeSpec::host).toList();
    LocalCephCluster.ObjectStore objectStore;
    try {
      objectStore = LocalCephCluster.ObjectStore.valueOf(store.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new ConfigException("--store: unknown object store '" + store + "' (known: memstore, bluestore)");
    }
    LocalCephCluster.Options options;
    try {
      options = LocalCephCluster.Options.defaults(dir, hosts).withPool(pool, replicas).withPgNum(pgs)
          .withStore(objectStore, osdSize.bytes());
    } catch (IllegalArgumentException e) {
      throw new ConfigException(e.getMessage());
    }
    LocalCephCluster.Running running;
    try {
      running = LocalCephCluster.start(options, System.err);
    } catch (IllegalArgumentException | IllegalStateException e) {
      throw new ConfigException(e.getMessage());
    }
    if (json) {
      ObjectNode out = new ObjectMapper().createObjectNode();
      out.put("dir", running.dir().toString());
      out.put("conf", running.confFile().toString());
      out.put("fsid", running.fsid());
      out.put("monHost", running.monHost());
      out.put("pool", running.pool());
      out.put("replicas", running.replicas());
      out.putPOJO("hosts", running.hosts());
      out.put("startSeconds", Math.round(running.startSeconds() * 10) / 10.0);
      System.out.println(out);
    } else {
      System.out.printf("Ceph is up in %.1f s: 1 mon, 1 mgr, %d OSDs (%s) in CRUSH hosts %s%n", running.startSeconds(),
          hosts.size(), objectStore.confName(), String.join(", ", hosts));
      System.out.printf("  pool        : %s (%d replicas, %d placement groups)%n", running.pool(), running.replicas(),
          pgs);
      System.out.printf("  monitors    : %s (loopback only, no cephx)%n", running.monHost());
      System.out.printf("  config      : %s%n", running.confFile());
      System.out.printf("  try         : export CEPH_CONF=%s; rados -p %s ls%n", running.confFile(), running.pool());
      System.out.printf("  then        : strata scan ceph://%s --ceph-conf %s%n", running.pool(), running.confFile());
      System.out.printf("  stop        : strata ceph down --dir %s%n", running.dir());
    }
    return 0;
  }
}
