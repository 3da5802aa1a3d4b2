package io.strata.cli.cluster;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.bench.energy.EmbeddedClusterPower;
import io.strata.cli.shared.ByteSizeArg;
import io.strata.cli.shared.ClusterChoice;
import io.strata.cli.shared.DurationArg;
import io.strata.cli.shared.PluginConf;
import io.strata.cli.shared.PolicyHelp;
import io.strata.cli.shared.Verbosity;
import io.strata.core.config.ConfigException;
import io.strata.core.retrieval.RetrievalPolicies;
import io.strata.embedded.ClientConfigWriter;
import io.strata.embedded.EmbeddedCluster;
import io.strata.embedded.control.ClusterControl;
import io.strata.embedded.control.EmbeddedClusterTarget;
import io.strata.hdfs.HadoopSettings;
import io.strata.hdfs.StrataKeys;
import io.strata.hdfs.power.EmbeddedPower;
import io.strata.hdfs.power.PowerManager;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import sun.misc.Signal;

/** {@code strata cluster up}: start the embedded cluster and keep it running until interrupted. */
@Command(name = "up", mixinStandardHelpOptions = true,
    description = {"Start the embedded cluster and keep it running until Ctrl-C.",
        "Starts a real NameNode and one DataNode per spec node (one volume per device, with its storage type,",
        "capacity and rack), write a client core-site.xml/hdfs-site.xml into DIR, and run until Ctrl-C."})
final class ClusterUpCommand implements Callable<Integer>, PolicyHelp.ListsPlacementPolicies {
  @Mixin
  ClusterChoice cluster;

  @Option(names = "--dir", paramLabel = "DIR", defaultValue = "strata-cluster",
      description = "where the cluster keeps its data and client configuration (reformatted on start; default: ${DEFAULT-VALUE})")
  Path dir;

  @Option(names = "--no-emulation", description = "do not limit volumes to their devices' bandwidth")
  boolean noEmulation;

  @Option(names = "--speed-scale", paramLabel = "X", defaultValue = "1.0",
      description = "multiply every emulated device bandwidth by X (keeps the ratios; default: ${DEFAULT-VALUE})")
  double speedScale;

  @Option(names = "--block-size", paramLabel = "SIZE", defaultValue = "8MiB",
      description = "HDFS block size for new files (default: ${DEFAULT-VALUE})")
  ByteSizeArg blockSize;

  @Option(names = "--port", paramLabel = "PORT", defaultValue = "0",
      description = "NameNode RPC port (default: any free port)")
  int port;

  @Option(names = "--http-port", paramLabel = "PORT", defaultValue = "0",
      description = "NameNode web UI port (default: any free port)")
  int httpPort;

  @Option(names = "--json", description = "print the addresses as one JSON object")
  boolean json;

  @Option(names = "--rules", paramLabel = "PATH=POLICY;...",
      description = "placement rules to start with (more with `strata policy set`), e.g. /hot=tier-aware;/data=ratio:0.2")
  String rules;

  @Option(names = "--power", description = {"energy-efficient HDFS: the power manager puts backup volumes to sleep "
      + "(emulated disks: the first I/O on a sleeping volume waits its spin-up) and reads go to primary replicas "
      + "first; see `strata power status --state-dir DIR/power`. Needs a spec with backup volumes (--preset energy)"})
  boolean power;

  @Option(names = "--idle-timeout", paramLabel = "DURATION",
      description = "with --power: backup idle time before standby (default: the device's break-even time)")
  DurationArg idleTimeout;

  @Option(names = "--write-group", paramLabel = "SIZE/PERIOD",
      description = {"with --power: backup replicas of new blocks go to a rotating group of the nodes, whose backups "
          + "stay awake through its turn while the others sleep, e.g. 25%%/1h or 2/1h (default: off)"})
  String writeGroup;

  @Option(names = "--stock", description = "run stock HDFS without Strata's NameNode plugins")
  boolean stock;

  @Option(names = "--retrieval", paramLabel = "POLICY", completionCandidates = RetrievalNames.class,
      description = "the read order the NameNode gives clients: ${COMPLETION-CANDIDATES} (default: network)")
  String retrieval;

  @Option(names = "-D", paramLabel = "KEY=VALUE",
      description = {"a NameNode and DataNode setting, as Hadoop's tools take it (repeatable), e.g. "
          + "-D dfs.replication=2; unknown keys and values of the wrong type are refused"})
  List<String> settings = new ArrayList<>();

  @Option(names = "--hosts", description = {"run every spec node as its own host: a network namespace with its own "
      + "address, NIC and rack uplink at the spec's bandwidth, and its own DataNode JVM; the NameNode runs in its own "
      + "JVM from the plugin jar, as docs/install.md says (needs root; see docs/cluster.md)"})
  boolean hosts;

  @Option(names = "--yarn", description = {"with --hosts: also YARN for MapReduce, a ResourceManager and a "
      + "JobHistoryServer beside the NameNode and a NodeManager on every host; DIR gets yarn-site.xml and "
      + "mapred-site.xml (see docs/cluster.md)"})
  boolean yarn;

  @Option(names = "--plugin-jar", paramLabel = "JAR",
      description = "with --hosts: the NameNode plugin jar (default: strata-hdfs/target/strata-hdfs-*-plugin.jar)")
  Path pluginJar;

  @Override
  public Integer call() throws Exception {
    ClusterChoice.Loaded loaded = cluster.load("hats");
    if (speedScale <= 0) {
      throw new ConfigException("--speed-scale must be > 0, got " + speedScale);
    }
    hdfsSettings();
    retrievalConf();
    if (hosts) {
      return new HostClusterUp(new HostClusterUp.Settings(dir, port, httpPort, stock, rules, retrievalConf(),
          retrievalPolicy(), pluginJar, blockSize.bytes(), noEmulation, speedScale, yarn, hdfsSettings(), json))
          .run(loaded);
    } else if (pluginJar != null) {
      throw new ConfigException("--plugin-jar is for --hosts only");
    } else if (yarn) {
      throw new ConfigException("--yarn is for --hosts only");
    }
    Path base = dir.toAbsolutePath();
    EmbeddedCluster.Options options = EmbeddedCluster.Options.defaults(base.resolve("hdfs"))
        .withEmulation(!noEmulation)
        .withSpeedScale(speedScale)
        .withBlockSize(blockSize.bytes())
        .withPorts(port, httpPort)
        .withAuditLog(base.resolve("hdfs-audit.log"))
        // The tier monitor demotes the least recently read files; HDFS records read times hourly by default.
        .withConf(java.util.Map.of("dfs.namenode.accesstime.precision", "1000"))
        .withConf(hdfsSettings());
    if (!stock) {
      options = options.withConf(PluginConf.forSpec(base, loaded, rules)).withConf(retrievalConf());
    } else if (rules != null) {
      throw new ConfigException("--rules needs Strata's plugins; drop --stock");
    }
    if (power) {
      if (stock) {
        throw new ConfigException("--power needs Strata's plugins (primary-first reads); drop --stock");
      }
      if (loaded.spec().nodes().stream().flatMap(n -> n.volumes().stream()).noneMatch(v -> v.backup())) {
        throw new ConfigException("--power: spec '" + loaded.spec().name() + "' has no backup volumes to put to "
            + "sleep (try --preset energy)");
      }
      options = options.withConf(java.util.Map.of(io.strata.hdfs.StrataKeys.RETRIEVAL_POLICY, "primary-first",
          // The block scanner would read every backup replica at 1 MB/s, keeping the disks awake.
          "dfs.block.scanner.volume.bytes.per.second", "0"));
    } else if (idleTimeout != null) {
      throw new ConfigException("--idle-timeout is for --power only");
    }
    io.strata.core.energy.WriteGroup group = io.strata.core.energy.WriteGroups.parse(writeGroup, "--write-group")
        .orElse(null);
    if (group != null && !power) {
      throw new ConfigException("--write-group is for --power only");
    }
    if (group != null) {
      options = options.withConf(java.util.Map.of(io.strata.hdfs.StrataKeys.WRITE_GROUP, group.parameters()));
    }
    // The NameNode runs in this JVM, so its log is this daemon's: the plugins' start-up and rules lines stay in it.
    Verbosity.showNameNodePlugins();
    EmbeddedCluster running = EmbeddedCluster.start(loaded.spec(), options);
    EmbeddedPower powerManager = power
        ? EmbeddedClusterPower.start(running,
            PowerManager.Settings.defaults(base.resolve(ClientConfigWriter.POWER_STATE_DIR))
                .withIdleTimeout(idleTimeout == null ? null : idleTimeout.duration()),
            null, group)
        : null;
    // Ctrl-C and SIGTERM stop the cluster before the JVM begins to shut down: a stopping DataNode removes shutdown
    // hooks of its own, which the JVM refuses during its shutdown, and the DataNode's stop is then cut short.
    CountDownLatch stopRequested = new CountDownLatch(1);
    for (String signal : List.of("INT", "TERM")) {
      try {
        Signal.handle(new Signal(signal), s -> stopRequested.countDown());
      } catch (IllegalArgumentException e) {
        // not available to handle on this platform: the shutdown hook below stops the cluster
      }
    }
    Runnable shutDown = () -> {
      System.err.println("strata: shutting down the embedded cluster");
      ClusterControl.stopServing(base);
      if (powerManager != null) {
        try {
          powerManager.close();
        } catch (java.io.IOException e) {
          System.err.println("strata: stopping the power manager: " + e.getMessage());
        }
      }
      running.close();
    };
    Thread hook = new Thread(shutDown, "strata-cluster-shutdown");
    Runtime.getRuntime().addShutdownHook(hook);
    ClientConfigWriter.write(running, base, loaded.text());
    ClusterControl.serve(base, new EmbeddedClusterTarget(running));
    if (json) {
      ObjectNode out = new ObjectMapper().createObjectNode();
      out.put("spec", loaded.spec().name());
      out.put("fs", running.uri().toString());
      out.put("webUi", running.webUi());
      out.put("confDir", base.toString());
      out.put("auditLog", base.resolve("hdfs-audit.log").toString());
      out.put("dataNodes", loaded.spec().nodes().size());
      out.put("emulatedDeviceSpeed", !noEmulation);
      out.put("strataPlugins", !stock);
      if (powerManager != null) {
        out.put("powerStateDir", base.resolve(ClientConfigWriter.POWER_STATE_DIR).toString());
      }
      if (!stock) {
        out.put("retrieval", retrievalPolicy());
      }
      ObjectNode volumeDirs = out.putObject("volumeDirs");
      running.volumeDirectories().forEach((type, dirs) -> {
        ArrayNode list = volumeDirs.putArray(type.name());
        dirs.forEach(d -> list.add(d.toString()));
      });
      System.out.println(out);
    } else {
      System.out.printf("Embedded cluster '%s' is up: %d DataNodes in %d racks%n",
          loaded.spec().name(), loaded.spec().nodes().size(), loaded.spec().racks().size());
      System.out.printf("  NameNode RPC : %s%n", running.uri());
      System.out.printf("  NameNode web : %s%n", running.webUi());
      System.out.printf("  client conf  : %s (core-site.xml, hdfs-site.xml, %s)%n", base, ClientConfigWriter.SPEC_FILE);
      System.out.printf("  audit log    : %s%n", base.resolve("hdfs-audit.log"));
      System.out.printf("  device speed : %s%n", noEmulation ? "not emulated" : "emulated per volume, x" + speedScale);
      System.out.printf("  placement    : %s%n", stock ? "stock HDFS" : "Strata plugin, rules: "
          + (rules == null ? "none yet (strata policy set PATH POLICY --conf " + base + ")" : rules));
      System.out.printf("  read order   : %s%n", stock ? "stock HDFS" : retrievalPolicy());
      System.out.printf("  try          : hdfs --config %s dfs -ls /   or   strata report / --conf %s%n", base, base);
      if (powerManager != null) {
        System.out.printf("  power        : backup volumes sleep when idle, reads go to primaries first; "
            + "strata power status --state-dir %s%n", base.resolve(ClientConfigWriter.POWER_STATE_DIR));
      }
      running.volumeDirectories().forEach((type, dirs) -> System.out.printf("  %-12s : %s%n",
          type + " dirs", String.join(",", dirs.stream().map(Path::toString).toList())));
      System.out.printf("  fail a node  : strata cluster datanode stop|start HOST --dir %s   (hosts: %s)%n", base,
          String.join(", ", running.hosts()));
      System.out.println("Press Ctrl-C to stop.");
    }
    System.out.flush();
    stopRequested.await();
    Runtime.getRuntime().removeShutdownHook(hook);
    shutDown.run();
    return 0;
  }

  /** The {@code -D} settings, checked (bad ones start nothing). */
  private Map<String, String> hdfsSettings() {
    return HadoopSettings.parse(settings, "-D");
  }

  /**
   * {@code strata.retrieval.policy} as {@code --retrieval} gives it (checked; it wins over a {@code -D}), or
   * nothing when it is not given.
   */
  private Map<String, String> retrievalConf() {
    if (retrieval == null) {
      return Map.of();
    }
    if (stock) {
      throw new ConfigException("--retrieval needs Strata's plugins; drop --stock");
    }
    if (!RetrievalPolicies.NAMES.contains(retrieval)) {
      throw new ConfigException("--retrieval: unknown retrieval policy '" + retrieval + "' (known: "
          + String.join(", ", RetrievalPolicies.NAMES) + ")");
    }
    return Map.of(StrataKeys.RETRIEVAL_POLICY, retrieval);
  }

  /** The read order the NameNode will use. */
  private String retrievalPolicy() {
    return retrieval != null ? retrieval
        : hdfsSettings().getOrDefault(StrataKeys.RETRIEVAL_POLICY, StrataKeys.RETRIEVAL_POLICY_DEFAULT);
  }

  /** Completion candidates for {@code --retrieval}. */
  static final class RetrievalNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return RetrievalPolicies.NAMES.iterator();
    }
  }
}
