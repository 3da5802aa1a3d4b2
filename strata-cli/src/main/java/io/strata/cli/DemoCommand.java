package io.strata.cli;

import io.strata.bench.demo.EnergyDemo;
import io.strata.cli.shared.ByteSizeArg;
import io.strata.cli.shared.ClusterChoice;
import io.strata.cli.shared.ExitCodes;
import io.strata.cli.shared.HostTestbedOptions;
import io.strata.cli.shared.PluginConf;
import io.strata.cli.shared.StopHook;
import io.strata.core.config.ByteSize;
import io.strata.core.config.ConfigException;
import io.strata.core.popularity.AdvisorConfig;
import io.strata.core.tier.Tier;
import io.strata.dashboard.AuditLogPlans;
import io.strata.dashboard.Dashboard;
import io.strata.dashboard.DashboardContext;
import io.strata.dashboard.DashboardServer;
import io.strata.dashboard.PlanSource;
import io.strata.dashboard.TierSource;
import io.strata.embedded.EmbeddedCluster;
import io.strata.embedded.hosts.HostCluster;
import io.strata.embedded.hosts.HostNetwork;
import io.strata.embedded.hosts.HostReaders;
import io.strata.hdfs.autotier.Advice;
import io.strata.hdfs.report.PlacementReport;
import io.strata.hdfs.report.PlacementReportCollector;
import io.strata.hdfs.report.PlacementReportFormatter;
import io.strata.workloads.dataset.DatasetWriter;
import io.strata.workloads.dataset.ParallelReader;
import io.strata.bench.demo.InPlaceDemo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.apache.commons.io.FileUtils;
import org.apache.hadoop.fs.FileSystem;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import sun.misc.Signal;

/** {@code strata demo}: the whole story on an embedded hatS cluster in a few minutes. */
@Command(name = "demo", mixinStandardHelpOptions = true,
    description = {"Run the main demo on an embedded hatS cluster and shut down.",
        "Starts the hatS testbed embedded (9 DataNodes, 3 racks, PCIe SSD / SATA SSD / HDD volumes at emulated",
        "speeds) with Strata's NameNode plugin, writes the same TeraGen-like dataset under each placement policy,",
        "reads each back, and prints where the replicas went and how fast each copy reads, side by side.",
        "With --hosts, on the cluster of hosts instead (each node a namespace with its own NIC, rack uplink and",
        "DataNode JVM): written from the root namespace, read by readers inside the hosts."})
final class DemoCommand implements Callable<Integer> {
  /** The policies the demo compares, each on its own directory. */
  static final List<String> POLICIES = List.of("default", "ratio:0.5", "tier-aware", "hybrid");

  @Option(names = "--size", paramLabel = "SIZE", defaultValue = "128MiB",
      description = "dataset size per policy (default: ${DEFAULT-VALUE})")
  ByteSizeArg size;

  @Option(names = "--files", defaultValue = "8", description = "files per dataset (default: ${DEFAULT-VALUE})")
  int files;

  @Option(names = "--keep", paramLabel = "DIR",
      description = "keep the cluster's data in DIR instead of a temporary directory")
  Path keep;

  @Mixin
  HostTestbedOptions testbed;

  @Option(names = "--full-report", description = "also print the full placement report of every dataset")
  boolean fullReport;

  @Option(names = "--inplace",
      description = "instead, the in-place analytics demo: a local Ceph cluster whose CRUSH hosts are the Hadoop "
          + "nodes, a scan into the GIF, and WordCount on YARN over the objects in place (--size, --files set the "
          + "data; about 2 minutes)")
  boolean inplace;

  @Option(names = "--energy",
      description = "instead, energy-efficient HDFS: the energy preset with its power manager (emulated disks), a "
          + "dataset under primary-backup read from its primaries, the backup arrays going to standby after their "
          + "idle timeout (a line per change), and the energy saved against all disks on (about 2.5 minutes)")
  boolean energy;

  @Option(names = "--quick-disks",
      description = "with --energy: backup arrays that spin up in 1 s instead of 15 s (an emulated device, labelled "
          + "as such), so they may sleep after 5 s idle and the demo takes under a minute")
  boolean quickDisks;

  @Option(names = "--dashboard", arity = "0..1", paramLabel = "P", fallbackValue = "" + DashboardSettings.DEFAULT_PORT,
      description = "serve the dashboard of the demo's cluster on port P of 127.0.0.1 (default "
          + DashboardSettings.DEFAULT_PORT + ", 0: any free port) and, once the demo is done, keep the cluster and the "
          + "dashboard up until Ctrl-C")
  Integer dashboardPort;

  /** One policy's outcome. */
  record Outcome(String policy, PlacementReport report, DatasetWriter.Result written, ParallelReader.Result read) {}

  @Override
  public Integer call() throws Exception {
    long bytes = size.bytes();
    if (files <= 0) {
      throw new ConfigException("--files must be > 0, got " + files);
    }
    testbed.check();
    if (dashboardPort != null && (inplace || testbed.hosts())) {
      throw new ConfigException("--dashboard shows the embedded demo's cluster; for the cluster of hosts start "
          + "'strata cluster up --hosts' and 'strata dashboard --conf DIR' against it");
    }
    if (dashboardPort != null) {
      DashboardSettings.forDemo(dashboardPort);
    }
    if (quickDisks && !energy) {
      throw new ConfigException("--quick-disks is for --energy only");
    }
    if (energy) {
      if (inplace || testbed.hosts()) {
        throw new ConfigException("--energy runs on the embedded energy cluster; drop " + (inplace ? "--inplace"
            : "--hosts"));
      }
      Path energyDir = keep != null ? keep.toAbsolutePath() : Files.createTempDirectory("strata-demo-energy");
      try {
        new EnergyDemo(new EnergyDemo.Settings(bytes, files, quickDisks, energyDir), System.out,
            total -> writeProgress(progress("write", total))).run(
                dashboardPort == null ? null
                    : (cluster, powerState) -> keepUpForDashboard(cluster, powerState, energyDir));
        return 0;
      } finally {
        if (keep == null) {
          FileUtils.deleteQuietly(energyDir.toFile());
        }
      }
    }
    if (inplace && testbed.hosts()) {
      throw new ConfigException("--inplace runs on Ceph, not on the cluster of hosts; drop --hosts");
    }
    if (inplace) {
      if (bytes / files > (128L << 20)) {
        throw new ConfigException("--size / --files must be at most 128MiB per object (Ceph's osd_max_object_size)");
      }
      Path inplaceDir = keep != null ? keep.toAbsolutePath() : Files.createTempDirectory("strata-demo-inplace");
      try {
        InPlaceDemo.run(inplaceDir, files, bytes, System.out, System.err);
      } finally {
        if (keep == null) {
          FileUtils.deleteQuietly(inplaceDir.toFile());
        }
      }
      return 0;
    }
    if (testbed.hosts() && HostNetwork.unavailableReason().isPresent()) {
      System.err.println("strata: " + HostNetwork.unavailableReason().get());
      return ExitCodes.FAILED;
    }
    ClusterChoice.Loaded hats = testbed.applyRates(new ClusterChoice().load("hats"));
    Path dir = keep != null ? keep.toAbsolutePath() : Files.createTempDirectory("strata-demo");
    long started = System.nanoTime();
    StringBuilder rules = new StringBuilder();
    for (String policy : POLICIES) {
      rules.append(rules.length() == 0 ? "" : ";").append(directory(policy)).append('=').append(policy);
    }
    System.out.printf("Starting the %s '%s' cluster: %d DataNodes, %d racks, tiers %s%n",
        testbed.hosts() ? "host testbed" : "embedded", hats.spec().name(), hats.spec().nodes().size(),
        hats.spec().racks().size(),
        hats.spec().tierMap().tiers().stream().map(Tier::describe).toList());
    List<Outcome> outcomes;
    try {
      outcomes = testbed.hosts() ? runOnHosts(hats, dir, rules.toString(), bytes, started)
          : runEmbedded(hats, dir, rules.toString(), bytes, started);
    } finally {
      if (keep == null) {
        FileUtils.deleteQuietly(dir.toFile());
      }
    }
    if (dashboardPort == null) {
      printResults(outcomes, hats, bytes, started);
    }
    return 0;
  }

  private void printResults(List<Outcome> outcomes, ClusterChoice.Loaded hats, long bytes, long started) {
    printComparison(outcomes, hats.spec().tierMap().tiers(), bytes);
    if (fullReport) {
      for (Outcome outcome : outcomes) {
        System.out.printf("%n=== %s ===%n%s", outcome.policy(), PlacementReportFormatter.text(outcome.report()));
      }
    }
    System.out.printf("%nDemo finished in %.1f s. Details of any dataset: strata report PATH (try --full-report).%n",
        seconds(started));
  }

  private List<Outcome> runEmbedded(ClusterChoice.Loaded hats, Path dir, String rules, long bytes, long started)
      throws Exception {
    Path auditLog = dir.resolve("hdfs-audit.log");
    EmbeddedCluster.Options options = EmbeddedCluster.Options.defaults(dir.resolve("hdfs"))
        .withConf(PluginConf.forSpec(dir, hats, rules));
    if (dashboardPort != null) {
      options = options.withAuditLog(auditLog);
    }
    List<Outcome> outcomes = new ArrayList<>();
    try (EmbeddedCluster cluster = EmbeddedCluster.start(hats.spec(), options);
         DashboardServer dashboard = dashboardPort == null ? null : startDashboard(cluster, hats, auditLog)) {
      System.out.printf("  up in %.1f s at %s (web UI %s), placement rules: %s%n%n", seconds(started), cluster.uri(),
          cluster.webUi(), rules);
      FileSystem fs = cluster.fileSystem();
      int threads = Math.min(files, 4);
      for (String policy : POLICIES) {
        org.apache.hadoop.fs.Path data = new org.apache.hadoop.fs.Path(directory(policy));
        DatasetWriter.Result written = write(fs, policy, data, bytes);
        ParallelReader.Result read = ParallelReader.readAll(fs, written.files(), threads);
        outcomes.add(new Outcome(policy, new PlacementReportCollector(fs).collect(data, hats.spec().tierMap()),
            written, read));
      }
      if (dashboard != null) {
        printResults(outcomes, hats, bytes, started);
        System.out.printf("%nThe cluster stays up for the dashboard at %s: Ctrl-C to stop.%n", dashboard.address());
        System.out.flush();
        CountDownLatch stop = new CountDownLatch(1);
        StopHook hook = StopHook.install("strata-demo-stop", stop::countDown, Duration.ofSeconds(30));
        try {
          stop.await();
        } finally {
          hook.finished();
        }
      }
    }
    return outcomes;
  }

  /** The dashboard of the demo's cluster, its popularity page planning from the cluster's audit log. */
  private DashboardServer startDashboard(EmbeddedCluster cluster, ClusterChoice.Loaded hats, Path auditLog)
      throws IOException {
    TierSource tierSource = TierSource.fixed(hats.spec().tierMap());
    AdvisorConfig advisorDefaults = AdvisorConfig.defaults();
    long referenceSeconds = advisorDefaults.ppa(null).referenceTimeSeconds();
    PlanSource plans = new AuditLogPlans(
        nodes -> Advice.of("aptstore", advisorDefaults, referenceSeconds, nodes, nodes, false), auditLog,
        ZoneId.systemDefault(), "/demo", "aptstore");
    return Dashboard.start(DashboardSettings.forDemo(dashboardPort),
        new DashboardContext(cluster.clientConf(), tierSource, plans), System.out);
  }

  /**
   * The demo on the cluster of hosts: written from the root namespace as from an edge node outside the racks, read
   * by one reader per file, spread over the hosts and each inside its host's namespace, all at once.
   */
  private List<Outcome> runOnHosts(ClusterChoice.Loaded hats, Path dir, String rules, long bytes, long started)
      throws Exception {
    HostCluster.Options options = testbed.clusterOptions(dir, hats, PluginConf.forSpec(dir, hats, rules));
    List<Outcome> outcomes = new ArrayList<>();
    try (HostCluster cluster = HostCluster.start(options, System.err);
         // The client configuration carries the cluster's block size; HDFS's default (128 MiB) would make one block.
         FileSystem fs = FileSystem.newInstance(cluster.uri(), cluster.clientConf())) {
      System.out.printf("  up in %.1f s at %s (web UI %s), %s, placement rules: %s%n%n", seconds(started),
          cluster.uri(), cluster.webUi(), HostTestbedOptions.rates(hats), rules);
      List<String> hosts = cluster.hosts();
      for (String policy : POLICIES) {
        org.apache.hadoop.fs.Path data = new org.apache.hadoop.fs.Path(directory(policy));
        DatasetWriter.Result written = write(fs, policy, data, bytes);
        Map<String, List<String>> filesByHost = new LinkedHashMap<>();
        for (int i = 0; i < written.files().size(); i++) {
          filesByHost.computeIfAbsent(hosts.get(i % hosts.size()), h -> new ArrayList<>())
              .add(written.files().get(i).toUri().getPath());
        }
        HostReaders.Result read = HostReaders.read(cluster, filesByHost,
            cluster.dir().resolve("logs").resolve("readers"));
        outcomes.add(new Outcome(policy, new PlacementReportCollector(fs).collect(data, hats.spec().tierMap()),
            written, new ParallelReader.Result(read.bytes(), read.seconds())));
      }
    }
    return outcomes;
  }

  private DatasetWriter.Result write(FileSystem fs, String policy, org.apache.hadoop.fs.Path data, long bytes)
      throws Exception {
    try (ProgressBar bar = progress(String.format("%-10s write", policy), bytes)) {
      return DatasetWriter.write(fs, data, files, bytes / files, Math.min(files, 4), 42, bar::stepBy);
    }
  }

  static String directory(String policy) {
    return "/demo/" + policy.replace(':', '-');
  }

  private static void printComparison(List<Outcome> outcomes, List<Tier> tiers, long bytes) {
    System.out.printf("%nSame %s TeraGen-like dataset, written %d ways (share of replicas per tier):%n",
        ByteSize.format(bytes), outcomes.size());
    StringBuilder header = new StringBuilder(String.format("  %-11s", "policy"));
    tiers.forEach(t -> header.append(String.format(" %9s", t.name())));
    header.append(String.format(" %11s %10s %11s %10s %10s", "1-rack blks", "split files", "under-repl", "write MB/s",
        "read MB/s"));
    System.out.println(header);
    for (Outcome o : outcomes) {
      Map<String, Double> shares = new LinkedHashMap<>();
      o.report().tiers().forEach(row -> shares.put(row.name(), row.share()));
      StringBuilder line = new StringBuilder(String.format("  %-11s", o.policy()));
      tiers.forEach(t -> line.append(String.format(" %8.1f%%", 100 * shares.getOrDefault(t.name(), 0.0))));
      line.append(String.format(" %11d %10d %11d %10.1f %10.1f", o.report().singleRackBlocks().total(),
          o.report().wholeFileViolations().total(), o.report().underReplicatedBlocks().total(),
          o.written().megabytesPerSecond(), o.read().megabytesPerSecond()));
      System.out.println(line);
    }
    System.out.println();
    System.out
        .println("  default     stock HDFS: network-aware, and its HOT storage policy keeps every replica on HDD.");
    System.out.println("  ratio:0.5   HDFS-H: half of each file's blocks wholly on SSD, round-robin over the file.");
    System.out
        .println("  tier-aware  hatS: each file on a fast, a slow and an intermediate tier; two racks per block.");
    System.out.println("  hybrid      hatS: writer-local first replica, second off-rack on another tier, third");
    System.out.println("              rack-local on the third tier.");
    System.out.println("  split files counts tiers holding only part of a file: by design for ratio, never for hatS.");
  }

  /**
   * Serves the dashboard of the energy demo's cluster until Ctrl-C or SIGTERM, which end the wait before the JVM
   * begins to shut down, so the DataNodes stop in full (as in `cluster up`): a stopping DataNode removes shutdown
   * hooks, which the JVM refuses during its shutdown.
   */
  private void keepUpForDashboard(EmbeddedCluster cluster, Path powerState, Path dir) throws Exception {
    try (DashboardServer dashboard = Dashboard.start(DashboardSettings.forDemo(dashboardPort),
        new DashboardContext(cluster.clientConf(), TierSource.fixed(cluster.spec().tierMap()), null, powerState),
        System.out)) {
      System.out.printf("%nThe cluster stays up for the dashboard at %s (its Energy page) and for 'strata report %s "
          + "--conf %s': Ctrl-C to stop.%n", dashboard.address(), EnergyDemo.DATA, dir);
      System.out.flush();
      CountDownLatch stop = new CountDownLatch(1);
      for (String signal : List.of("INT", "TERM")) {
        try {
          Signal.handle(new Signal(signal), s -> stop.countDown());
        } catch (IllegalArgumentException e) {
          // not available to handle on this platform: the JVM's own handling stops the demo
        }
      }
      stop.await();
      System.out.println("strata: shutting down the demo's cluster");
    }
  }

  /** A progress bar as the energy demo shows its write. */
  private static EnergyDemo.WriteProgress writeProgress(ProgressBar bar) {
    return new EnergyDemo.WriteProgress() {
      @Override
      public void accept(long bytes) {
        bar.stepBy(bytes);
      }

      @Override
      public void close() {
        bar.close();
      }
    };
  }

  private static ProgressBar progress(String task, long bytes) {
    return new ProgressBarBuilder().setTaskName(task).setInitialMax(bytes).setUnit(" MiB", 1L << 20)
        .setStyle(ProgressBarStyle.ASCII).setConsumer(new ConsoleProgressBarConsumer(System.err)).build();
  }

  private static double seconds(long startNanos) {
    return (System.nanoTime() - startNanos) / 1e9;
  }
}
