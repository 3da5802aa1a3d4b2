package io.strata.cli.bench;

import io.strata.cli.shared.ByteSizeArg;
import io.strata.core.config.ConfigException;
import io.strata.bench.inplace.InPlaceBenchmark;
import io.strata.inplace.ceph.LocalCephCluster;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.commons.io.FileUtils;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code strata bench inplace}: seed 001's initial-data-copy and MapReduce comparison. */
@Command(name = "inplace", mixinStandardHelpOptions = true,
    description = {"In-place analytics against stock Hadoop, side by side on a local Ceph + HDFS + YARN:",
        "scan rate on many small objects; for each size, scan+register the GIF against copying the objects into",
        "HDFS; then WordCount and Grep in place against over the copy (time and data-local maps)."})
final class BenchInPlaceCommand implements Callable<Integer> {
  @Option(names = "--sizes", paramLabel = "SIZE,...", defaultValue = "256MiB,1GiB,2GiB", split = ",",
      description = "data sizes (default: ${DEFAULT-VALUE})")
  List<ByteSizeArg> sizes;

  @Option(names = "--object-size", paramLabel = "SIZE", defaultValue = "16MiB",
      description = "size of each text object (default: ${DEFAULT-VALUE})")
  ByteSizeArg objectSize;

  @Option(names = "--store", paramLabel = "KIND", defaultValue = "bluestore",
      description = "OSD object store: bluestore (on disk, like HDFS) or memstore (default: ${DEFAULT-VALUE})")
  String store;

  @Option(names = "--copy-threads", paramLabel = "N", defaultValue = "1",
      description = "parallel streams copying into HDFS (`hdfs dfs -put` uses 1) (default: ${DEFAULT-VALUE})")
  int copyThreads;

  @Option(names = "--scan-objects", paramLabel = "N", defaultValue = "20000",
      description = "small objects for the scan rate, 0 to skip (default: ${DEFAULT-VALUE})")
  int scanObjects;

  @Option(names = "--mapreduce-size", paramLabel = "SIZE", defaultValue = "256MiB",
      converter = ByteSizeArg.OrZero.class,
      description = "which of the sizes the MapReduce phase runs over, 0 to skip (default: ${DEFAULT-VALUE})")
  ByteSizeArg mapReduceSize;

  @Option(names = "--rounds", paramLabel = "N", defaultValue = "3",
      description = "scans per size; the median is reported (default: ${DEFAULT-VALUE})")
  int rounds;

  @Override
  public Integer call() throws Exception {
    List<Long> sizeList = sizes.stream().map(ByteSizeArg::bytes).toList();
    long objectBytes = objectSize.bytes();
    if (objectBytes > (128L << 20)) {
      throw new ConfigException(
          "--object-size: at most 128MiB (Ceph's default osd_max_object_size), got " + objectSize);
    }
    long mrBytes = mapReduceSize.bytes();
    if (mrBytes > 0 && !sizeList.contains(mrBytes)) {
      throw new ConfigException("--mapreduce-size " + mapReduceSize + " is not one of --sizes "
          + String.join(",", sizes.stream().map(ByteSizeArg::text).toList()));
    }
    if (copyThreads <= 0 || rounds <= 0 || scanObjects < 0) {
      throw new ConfigException("--copy-threads and --rounds must be > 0 and --scan-objects >= 0");
    }
    LocalCephCluster.ObjectStore objectStore;
    try {
      objectStore = LocalCephCluster.ObjectStore.valueOf(store.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new ConfigException("--store: unknown object store '" + store + "' (known: memstore, bluestore)");
    }
    Path dir = Files.createTempDirectory("strata-bench-inplace");
    try {
      var results = InPlaceBenchmark.run(new InPlaceBenchmark.Settings(sizeList, objectBytes, objectStore, copyThreads,
          scanObjects, mrBytes, rounds), dir, System.err);
      InPlaceBenchmark.print(results, System.out);
      return 0;
    } finally {
      FileUtils.deleteQuietly(dir.toFile());
    }
  }
}
