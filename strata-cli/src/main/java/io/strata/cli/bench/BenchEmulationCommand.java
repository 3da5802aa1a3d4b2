package io.strata.cli.bench;

import io.strata.bench.emulation.DataNodePageCacheBenchmark;
import io.strata.bench.emulation.DeviceSpeedBenchmark;
import io.strata.bench.emulation.LocalDirSpeedBenchmark;
import io.strata.bench.emulation.PageCacheBenchmark;
import io.strata.cli.shared.ByteSizeArg;
import io.strata.cli.shared.ClusterChoice;
import io.strata.cli.shared.OptionChecks;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.commons.io.FileUtils;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code strata bench emulation}: do emulated devices read at their profile bandwidths? */
@Command(name = "emulation", mixinStandardHelpOptions = true,
    description = {"Write SIZE onto one emulated volume of each device and read it back through HDFS;",
        "compare read-time ratios with the profiles' bandwidth ratios (target: within 20%%).",
        "Then the local dirs of YARN's intermediate data: write, read and random 4 KiB reads on an emulated",
        "device of each kind, against its profile's bandwidths and positioning time (target: within 20%%).",
        "Then the page cache in front of them: a write below the dirty limit at memory speed, a long write at",
        "the device's rate (within 20%%), a re-read of fresh data from memory, a cold read at the device's rate.",
        "Last the page cache in front of DataNode volumes, on the first device: a file re-read right after it was",
        "written from memory (>= 2x the device), a working set 4x the cache at the device's rate (within 20%%)."})
final class BenchEmulationCommand implements Callable<Integer> {
  @Mixin
  ClusterChoice cluster;

  @Option(names = "--size", paramLabel = "SIZE", defaultValue = "1GiB",
      description = "bytes per device (default: ${DEFAULT-VALUE})")
  ByteSizeArg size;

  @Option(names = "--devices", paramLabel = "D,D", split = ",", defaultValue = "hdd,sata-ssd,pcie-ssd",
      description = "devices to compare, the first is the baseline (default: ${DEFAULT-VALUE})")
  List<String> devices;

  @Option(names = "--local-size", paramLabel = "SIZE", defaultValue = "256MiB", converter = ByteSizeArg.OrZero.class,
      description = "bytes per local-dir device, 0 to skip the local dirs (default: ${DEFAULT-VALUE})")
  ByteSizeArg localSize;

  @Option(names = "--random-reads", paramLabel = "N", defaultValue = "400",
      description = "random 4 KiB reads per local-dir device (default: ${DEFAULT-VALUE})")
  int randomReads;

  @Option(names = "--page-cache", paramLabel = "SIZE", defaultValue = "64MiB", converter = ByteSizeArg.OrZero.class,
      description = "node page cache in front of the local-dir devices, 0 to skip that check (default: "
          + "${DEFAULT-VALUE})")
  ByteSizeArg pageCache;

  @Option(names = "--datanode-page-cache", paramLabel = "SIZE", defaultValue = "64MiB",
      converter = ByteSizeArg.OrZero.class,
      description = "DataNode page cache in front of the first device's volume, 0 to skip that check (default: "
          + "${DEFAULT-VALUE})")
  ByteSizeArg dataNodePageCache;

  @Override
  public Integer call() throws Exception {
    long bytes = size.bytes();
    OptionChecks.atLeastOne(randomReads, "--random-reads");
    ClusterChoice.Loaded loaded = cluster.load("hats");
    Path dir = Files.createTempDirectory("strata-bench-emulation");
    try {
      var results = DeviceSpeedBenchmark.run(loaded.spec(), dir, devices, bytes, System.err);
      System.out.printf("Emulated device read speed, %s per device, spec '%s'%n", size, loaded.spec().name());
      double worst = DeviceSpeedBenchmark.printTable(results, System.out);
      System.out.printf("worst deviation from the profile ratio: %.1f%% (target: within 20%%) -> %s%n",
          worst * 100, worst <= 0.20 ? "PASS" : "FAIL");
      if (localSize.bytes() > 0) {
        var local = LocalDirSpeedBenchmark.run(loaded.spec(), dir, devices, localSize.bytes(), randomReads,
            System.err);
        System.out.printf("%nEmulated local dirs (YARN intermediate data), %s per device%n", localSize);
        double worstLocal = LocalDirSpeedBenchmark.printTable(local, System.out);
        System.out.printf("worst deviation from the profile: %.1f%% (target: within 20%%) -> %s%n",
            worstLocal * 100, worstLocal <= 0.20 ? "PASS" : "FAIL");
      }
      if (pageCache.bytes() > 0) {
        var cached = PageCacheBenchmark.run(loaded.spec(), dir, devices, pageCache.bytes(), System.err);
        System.out.printf("%nPage cache of %s in front of the local dirs (Linux's dirty ratios: 10%% background, "
            + "20%% limit)%n", pageCache);
        boolean pass = PageCacheBenchmark.printTable(cached, 0.20, System.out);
        System.out.printf("short write without waiting (>= 2x the device), long write and cold read within 20%% "
            + "of the profile, re-read all hits, cold read all misses -> %s%n", pass ? "PASS" : "FAIL");
      }
      if (dataNodePageCache.bytes() > 0) {
        var dataNode = DataNodePageCacheBenchmark.run(loaded.spec(), dir.resolve("datanode-page-cache"),
            devices.get(0), dataNodePageCache.bytes(), System.err);
        System.out.printf("%nDataNode page cache of %s in front of one %s volume, read through HDFS%n",
            dataNodePageCache, devices.get(0));
        boolean pass = DataNodePageCacheBenchmark.printTable(dataNode, 0.20, System.out);
        System.out.printf("re-read from memory, working set at the device's rate -> %s%n", pass ? "PASS" : "FAIL");
      }
      return 0;
    } finally {
      FileUtils.deleteQuietly(dir.toFile());
    }
  }
}
