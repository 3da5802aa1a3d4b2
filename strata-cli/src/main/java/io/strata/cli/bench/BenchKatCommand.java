package io.strata.cli.bench;

import io.strata.bench.kat.KatBenchmark;
import io.strata.bench.kat.KatReport;
import io.strata.cli.shared.ByteSizeArg;
import io.strata.cli.shared.ExitCodes;
import io.strata.cli.shared.OptionChecks;
import io.strata.cli.shared.PluginJar;
import io.strata.core.config.ConfigException;
import io.strata.embedded.hosts.HostCluster;
import io.strata.embedded.hosts.HostNetwork;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.apache.commons.io.FileUtils;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code strata bench kat}: WordCount and Grep natively and in KAT's modes, on shaped links, side by side. */
@Command(name = "kat", mixinStandardHelpOptions = true,
    description = {"Hadoop's WordCount and Grep natively and in KAT's drop-in and shuffle-free modes, on a "
        + "cluster of hosts with YARN at each NIC rate (see docs/kat.md). Needs root.",
        "The examples run unchanged over the same Zipf text, side by side in one run; each host is a network "
            + "namespace with its DataNode and NodeManager, its NIC shaped by the kernel. Prints per job: seconds and their ratio to the native job, MapReduce's REDUCE_SHUFFLE_BYTES, "
            + "MAP_OUTPUT_MATERIALIZED_BYTES and DATA_LOCAL_MAPS, the bytes the hosts' NICs sent while it ran, "
            + "whether the output equals the native one, and how many runs pay back the ingest's extra time over a "
            + "plain load. Writes a PNG chart of the job times."})
final class BenchKatCommand implements Callable<Integer> {
  @Option(names = "--size", paramLabel = "SIZE", defaultValue = "64MiB",
      description = "generated input (default: ${DEFAULT-VALUE})")
  ByteSizeArg size;

  @Option(names = "--hosts-count", paramLabel = "N", defaultValue = "4",
      description = "hosts, each a DataNode and a NodeManager; also the partitions (default: ${DEFAULT-VALUE})")
  int hosts;

  @Option(names = "--rates", paramLabel = "MBPS,...", defaultValue = "1000,500,10", split = ",",
      description = "NIC rates in Mbit/s, one phase each (default: ${DEFAULT-VALUE}; the kernel holds <= 1000)")
  List<Long> rates;

  @Option(names = "--vocabulary", paramLabel = "N", defaultValue = "500000",
      description = "distinct words the Zipf text draws from (default: ${DEFAULT-VALUE})")
  int vocabulary;

  @Option(names = "--zipf", paramLabel = "S", defaultValue = "1.0",
      description = "Zipf exponent of the word frequencies (default: ${DEFAULT-VALUE})")
  double zipf;

  @Option(names = "--chart", paramLabel = "PNG", defaultValue = "kat-bench.png",
      description = "where to write the chart (default: ${DEFAULT-VALUE})")
  Path chart;

  @Option(names = "--plugin-jar", paramLabel = "JAR",
      description = "the plugin jar (default: strata-hdfs/target/strata-hdfs-*-plugin.jar)")
  Path pluginJar;

  @Option(names = "--keep", paramLabel = "DIR",
      description = "run the cluster in DIR and keep it (task logs, data) afterwards; default: a temporary directory")
  Path keep;

  @Override
  public Integer call() throws Exception {
    OptionChecks.atLeastOne(hosts, "--hosts-count");
    OptionChecks.atLeastOne(vocabulary, "--vocabulary");
    for (long rate : rates) {
      if (rate <= 0 || rate > 1000) {
        throw new ConfigException("--rates: each rate must be in 1..1000 Mbit/s, got " + rate);
      }
    }
    if (!(zipf > 0)) {
      throw new ConfigException("--zipf must be > 0, got " + zipf);
    }
    Optional<String> unavailable = HostNetwork.unavailableReason();
    if (unavailable.isPresent()) {
      System.err.println("strata: " + unavailable.get());
      return ExitCodes.FAILED;
    }
    Path dir = keep != null ? Files.createDirectories(keep.toAbsolutePath())
        : Files.createTempDirectory("strata-bench-kat");
    try {
      KatBenchmark.Settings settings = new KatBenchmark.Settings(hosts, size.bytes(), vocabulary, zipf, rates, dir,
          PluginJar.find(pluginJar), HostCluster.hadoopJarsOfThisJvm());
      KatBenchmark.Result result = KatBenchmark.run(settings, System.err);
      KatReport.print(result, System.out);
      KatReport.chart(result, chart);
      System.out.println("chart: " + chart.toAbsolutePath());
      return 0;
    } finally {
      if (keep == null) {
        FileUtils.deleteQuietly(dir.toFile());
      }
    }
  }
}
