package io.strata.cli;

import io.strata.cli.shared.ByteSizeArg;
import io.strata.cli.shared.ClusterChoice;
import io.strata.cli.shared.ExitCodes;
import io.strata.cli.shared.Failures;
import io.strata.cli.shared.HdfsConnection;
import io.strata.cli.shared.KerberosLogin;
import io.strata.cli.shared.OptionChecks;
import io.strata.core.config.ConfigException;
import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.DeviceAssignments;
import io.strata.core.whatif.BadInputException;
import io.strata.core.whatif.BadInputs;
import io.strata.core.whatif.PathAnonymizer;
import io.strata.hdfs.StackTraces;
import io.strata.hdfs.whatif.LiveClusterSpec;
import io.strata.hdfs.whatif.NamespaceImages;
import io.strata.sim.whatif.ReportPaths;
import io.strata.sim.whatif.WhatifCandidate;
import io.strata.sim.whatif.WhatifNamespace;
import io.strata.sim.whatif.WhatifReport;
import io.strata.sim.whatif.WhatifResult;
import io.strata.sim.whatif.WhatifRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.ipc.RemoteException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code strata whatif}: an operator's own namespace and workload replayed through the simulator per candidate. */
@Command(name = "whatif", mixinStandardHelpOptions = true,
    description = {"Replay your cluster's namespace (--fsimage: a binary fsimage or 'hdfs oiv -p Delimited'",
        "text) and workload (--audit-log, rotated and gzipped ones too) through the simulator,",
        "once per candidate configuration (--try), and compare each with today's: read",
        "throughput, job time, bytes read per tier and locality, SSD bytes written, bytes to",
        "move and the balancer's time for them, disk energy, and the commands that apply it.",
        "The cluster comes from --spec FILE, --preset NAME or, live, --conf DIR; --devices",
        "overrides its device profiles."})
final class WhatifCommand implements Callable<Integer> {
  @Option(names = "--fsimage", required = true, paramLabel = "FILE",
      description = "the namespace: an fsimage ('hdfs dfsadmin -fetchImage DIR') or its Delimited text")
  Path fsimage;

  @Option(names = "--audit-log", required = true, arity = "1..*", paramLabel = "FILE",
      description = "the NameNode's audit logs, rotated and gzipped ones too, in any order")
  List<Path> auditLogs;

  @Option(names = "--zone", paramLabel = "ZONE",
      description = "time zone of the audit log's times and the Delimited text's (default: this machine's, "
          + "${DEFAULT-VALUE})")
  String zone = ZoneId.systemDefault().getId();

  @Mixin
  ClusterChoice cluster;

  @Option(names = "--conf", paramLabel = "DIR",
      description = {"the cluster from the live one: the Hadoop client configuration directory",
          "(core-site.xml, hdfs-site.xml) of a NameNode to ask for its DataNodes' storages, as the",
          "Balancer does (needs the HDFS superuser); instead of --spec/--preset"})
  Path confDir;

  @Mixin
  KerberosLogin kerberos;

  @Option(names = "--devices", paramLabel = "KEY=PROFILE", split = ",",
      description = {"the device profile ('strata devices') that models a storage type's or a tier's",
          "volumes, e.g. SSD=pcie-ssd,DISK=hdd or sata-ssd=pcie-ssd (default: the spec's; with",
          "--conf SSD=sata-ssd, DISK=hdd, ARCHIVE=nas-filer)"})
  List<String> devices;

  @Option(names = "--try", paramLabel = "CANDIDATE", split = ",",
      description = {"PLACEMENT/RETRIEVAL[/ADVISOR[/IDLE_SECONDS]], e.g. tier-aware/hybrid or",
          "primary-backup/primary-first/none/600; today's (network/network) always comes first.",
          "Default: one candidate per technique"})
  List<String> candidates;

  @Option(names = "--block-size", paramLabel = "SIZE", defaultValue = "128MiB",
      description = "(default: ${DEFAULT-VALUE})")
  ByteSizeArg blockSize;

  @Option(names = "--replication", defaultValue = "3", description = "(default: ${DEFAULT-VALUE})")
  int replication;

  @Option(names = "--skip-bad", description = "skip and count malformed image entries and log lines (default: stop "
      + "at the first, naming its file and line)")
  boolean skipBad;

  @Option(names = "--json", description = "print JSON instead of the table")
  boolean json;

  @Option(names = "--chart", paramLabel = "FILE", description = "also write a PNG chart of the candidates")
  Path chart;

  @Option(names = "--threads", paramLabel = "N", description = "candidates replayed at once (default: CPU cores)")
  Integer threads;

  @Option(names = "--no-progress", description = "no progress bars (over the audit logs read, over the replay)")
  boolean noProgress;

  @Option(names = "--anonymize", description = {"replace every path in every output by a stable hash of each of its",
      "components (the same path gives the same tokens in every run), and name bad input lines",
      "by file and line only, so that the report can be shared"})
  boolean anonymize;

  @Override
  public Integer call() throws Exception {
    OptionChecks.atLeastOne(replication, "--replication");
    int threadCount = OptionChecks.atLeastOne(
        threads == null ? Runtime.getRuntime().availableProcessors() : threads, "--threads");
    ZoneId zoneId;
    try {
      zoneId = ZoneId.of(zone);
    } catch (DateTimeException e) {
      throw new ConfigException("--zone '" + zone + "': not a time zone (e.g. UTC, Europe/Berlin, +02:00)");
    }
    if (!Files.isRegularFile(fsimage)) {
      throw new ConfigException("--fsimage " + fsimage + ": no such file");
    }
    for (Path log : auditLogs) {
      if (!Files.isRegularFile(log)) {
        throw new ConfigException("--audit-log " + log + ": no such file");
      }
    }
    ClusterSpec spec;
    try {
      spec = clusterSpec();
    } catch (IOException e) {
      System.err.println("strata whatif: --conf " + confDir + ": " + (e instanceof RemoteException
          ? Failures.describe(e) : StackTraces.cut(e.getMessage())));
      return ExitCodes.FAILED;
    }
    List<WhatifCandidate> tried = candidates == null ? WhatifCandidate.defaults(spec) : withToday(candidates);
    try {
      BadInputs bad = skipBad ? BadInputs.skipping() : BadInputs.failing();
      WhatifNamespace namespace = WhatifNamespace.read(NamespaceImages.open(fsimage, zoneId, bad));
      if (bad.skipped() > 0) {
        System.err.println("strata whatif: " + fsimage + ": " + bad.summary(this::problem));
      }
      WhatifRun run = new WhatifRun(namespace, auditLogs, zoneId, skipBad, spec, blockSize.bytes(), replication);
      List<WhatifResult> results = run.run(tried, threadCount, !noProgress && !json);
      long skippedLines = results.get(0).result().run().skippedLines();
      if (skippedLines > 0) {
        System.err.println("strata whatif: " + skippedLines + " bad audit log line(s) skipped, the first: "
            + paths().problem(results.get(0).result().run().traceProblems().get(0)));
      }
      System.out.print(json ? WhatifReport.json(results, paths()) + "\n" : WhatifReport.table(results, paths()));
      if (chart != null) {
        WhatifReport.writeChart(chart, results);
        (json ? System.err : System.out).println("wrote " + chart);
      }
      return 0;
    } catch (BadInputException e) {
      return badInput(e);
    } catch (UncheckedIOException e) {
      if (e.getCause() instanceof BadInputException bad) {
        return badInput(bad);
      }
      throw e;
    }
  }

  /** The cluster of --spec, --preset or --conf, its devices as --devices assigns them. */
  private ClusterSpec clusterSpec() throws IOException {
    if (cluster.given() == (confDir != null)) {
      throw new ConfigException(cluster.given() ? "give the cluster once: --spec/--preset or --conf, not both"
          : "give the cluster: --spec FILE, --preset NAME or, from the live cluster, --conf DIR");
    }
    ClusterSpec spec = confDir != null ? liveSpec() : cluster.load(null).spec();
    if (devices == null) {
      return spec;
    }
    try {
      return DeviceAssignments.parse(devices, spec).applyTo(spec);
    } catch (ConfigException e) {
      throw new ConfigException("--devices " + e.getMessage(), e);
    }
  }

  private ClusterSpec liveSpec() throws IOException {
    if (!Files.isRegularFile(confDir.resolve("core-site.xml"))) {
      throw new ConfigException("--conf " + confDir + ": no core-site.xml in it (give the cluster's Hadoop client "
          + "configuration directory, whose fs.defaultFS names the NameNode)");
    }
    Configuration conf = HdfsConnection.configuration(confDir, null);
    kerberos.login(conf);
    LiveClusterSpec live = LiveClusterSpec.read(conf);
    live.leftOutVolumes().forEach((type, count) -> System.err.println("strata whatif: " + count + " " + type
        + " volume(s) left out: no device profile models them"));
    return live.spec();
  }

  private int badInput(BadInputException e) {
    System.err.println("strata whatif: " + problem(e) + " (--skip-bad skips and counts such lines)");
    return ExitCodes.BAD_INPUT;
  }

  private ReportPaths paths() {
    return anonymize ? ReportPaths.ANONYMIZED : ReportPaths.AS_GIVEN;
  }

  private String problem(BadInputException e) {
    return anonymize ? PathAnonymizer.problem(e) : e.getMessage();
  }

  /** The candidates given, today's first unless given first already. */
  private static List<WhatifCandidate> withToday(List<String> texts) {
    List<WhatifCandidate> parsed = texts.stream().map(WhatifCandidate::parse).toList();
    if (!parsed.isEmpty() && parsed.get(0).equals(WhatifCandidate.TODAY)) {
      return parsed;
    }
    return Stream.concat(Stream.of(WhatifCandidate.TODAY),
        parsed.stream().filter(c -> !c.equals(WhatifCandidate.TODAY))).toList();
  }
}
