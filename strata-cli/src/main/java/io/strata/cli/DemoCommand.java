package io.strata.cli;

import io.strata.core.config.ByteSize;
import io.strata.embedded.EmbeddedCluster;
import io.strata.hdfs.report.PlacementReport;
import io.strata.hdfs.report.PlacementReportCollector;
import io.strata.hdfs.report.PlacementReportFormatter;
import io.strata.hdfs.workload.DatasetWriter;
import io.strata.hdfs.workload.ParallelReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.apache.commons.io.FileUtils;
import org.apache.hadoop.fs.FileSystem;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code strata demo}: the whole story on an embedded hatS cluster in a few minutes. */
@Command(name = "demo", mixinStandardHelpOptions = true,
    description = {"Run the main demo on an embedded hatS cluster and shut down.",
        "Starts the hatS testbed embedded (9 DataNodes, 3 racks, PCIe SSD / SATA SSD / HDD volumes at",
        "emulated speeds), write a TeraGen-like dataset, print where its replicas went and how fast it reads",
        "back, and shut down."})
final class DemoCommand implements Callable<Integer> {
  @Option(names = "--size", paramLabel = "SIZE", defaultValue = "256MiB", description = "dataset size (default: ${DEFAULT-VALUE})")
  String size;

  @Option(names = "--files", defaultValue = "8", description = "number of files (default: ${DEFAULT-VALUE})")
  int files;

  @Option(names = "--keep", paramLabel = "DIR", description = "keep the cluster's data in DIR instead of a temporary directory")
  Path keep;

  @Override
  public Integer call() throws Exception {
    long bytes = ClusterUpCommand.parseSize(size, "--size");
    if (files <= 0) {
      throw new io.strata.core.config.ConfigException("--files must be > 0, got " + files);
    }
    ClusterChoice.Loaded hats = new ClusterChoice().load("hats");
    Path dir = keep != null ? keep.toAbsolutePath() : Files.createTempDirectory("strata-demo");
    long started = System.nanoTime();
    System.out.printf("Starting the embedded '%s' cluster: %d DataNodes, %d racks, tiers %s...%n", hats.spec().name(),
        hats.spec().nodes().size(), hats.spec().racks().size(),
        hats.spec().tierMap().tiers().stream().map(t -> t.name() + " (" + (int) t.readMBps() + " MB/s)").toList());
    try (EmbeddedCluster cluster = EmbeddedCluster.start(hats.spec(), EmbeddedCluster.Options.defaults(dir.resolve("hdfs")))) {
      System.out.printf("  up in %.1f s at %s (web UI %s)%n%n", seconds(started), cluster.uri(), cluster.webUi());
      FileSystem fs = cluster.fileSystem();
      org.apache.hadoop.fs.Path data = new org.apache.hadoop.fs.Path("/demo/default/teragen");

      System.out.printf("Policy 'default' (stock HDFS placement): writing %s in %d files...%n", ByteSize.format(bytes), files);
      DatasetWriter.Result written;
      try (ProgressBar bar = progress("write", bytes)) {
        written = DatasetWriter.write(fs, data, files, bytes / files, Math.min(files, 4), 42, bar::stepBy);
      }
      System.out.printf("  wrote %s in %.1f s (%.1f MB/s)%n", ByteSize.format(written.bytes()), written.seconds(),
          written.megabytesPerSecond());

      ParallelReader.Result read = ParallelReader.readAll(fs, written.files(), Math.min(files, 4));
      System.out.printf("  read it back in %.1f s: %.1f MB/s aggregate with %d readers%n%n", read.seconds(),
          read.megabytesPerSecond(), Math.min(files, 4));

      PlacementReport report = new PlacementReportCollector(fs).collect(data, hats.spec().tierMap());
      System.out.print(PlacementReportFormatter.text(report));
      System.out.println();
      System.out.println("Stock HDFS placed replicas by network distance only, and its default HOT storage policy");
      System.out.println("stores them all on DISK: the HDD tier holds everything, both SSD tiers sit idle.");
    } finally {
      if (keep == null) {
        FileUtils.deleteQuietly(dir.toFile());
      }
    }
    System.out.printf("%nDemo finished in %.1f s.%n", seconds(started));
    return 0;
  }

  private static ProgressBar progress(String task, long bytes) {
    return new ProgressBarBuilder().setTaskName(task).setInitialMax(bytes).setUnit(" MiB", 1L << 20)
        .setStyle(ProgressBarStyle.ASCII).setConsumer(new me.tongfei.progressbar.ConsoleProgressBarConsumer(System.err))
        .build();
  }

  private static double seconds(long startNanos) {
    return (System.nanoTime() - startNanos) / 1e9;
  }
}
