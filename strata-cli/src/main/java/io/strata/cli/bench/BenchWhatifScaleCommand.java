package io.strata.cli.bench;

import io.strata.bench.whatif.WhatifScaleBenchmark;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code strata bench whatif-scale}: the whole of {@code strata whatif} on generated inputs of the size. */
@Command(name = "whatif-scale", mixinStandardHelpOptions = true,
    description = {"The whole of strata whatif (namespace, audit log, every default candidate's replay) on a",
        "generated namespace and audit log: wall time per phase, CPU busy share, heap (peak and most live after a",
        "collection) and the targets (<= 15 min, <= 8 GiB of heap at 10 million files and 100 million lines;",
        "smaller runs are not judged, only projected). Give the JVM the heap to prove:",
        "STRATA_JAVA_OPTS=-Xmx8g."})
final class BenchWhatifScaleCommand implements Callable<Integer> {
  @Option(names = "--files", paramLabel = "N", defaultValue = "10000000",
      description = "files in the generated namespace (default: ${DEFAULT-VALUE})")
  long files;

  @Option(names = "--lines", paramLabel = "N", defaultValue = "100000000",
      description = "lines in the generated audit log (default: ${DEFAULT-VALUE})")
  long lines;

  @Option(names = "--rotations", paramLabel = "N", defaultValue = "8",
      description = "files the audit log is rotated into, the older ones gzipped (default: ${DEFAULT-VALUE})")
  int rotations;

  @Option(names = "--dir", paramLabel = "DIR",
      description = "where the inputs go (default: a temporary directory, deleted afterwards)")
  Path dir;

  @Option(names = "--keep", description = "keep the generated inputs in --dir")
  boolean keep;

  @Option(names = "--reuse", description = "read the inputs a --keep run left in --dir instead of generating them")
  boolean reuse;

  @Option(names = "--cluster", paramLabel = "NAME", defaultValue = "hats-500",
      description = {"the modeled cluster: hats-500 (the simulator's 500 nodes, which hold a 10M-file namespace;",
          "the default) or a preset such as hats (9 nodes: most of the namespace is evicted and jobs queue up)"})
  String cluster;

  @Override
  public Integer call() throws Exception {
    WhatifScaleBenchmark.run(new WhatifScaleBenchmark.Settings(files, lines, rotations, dir, keep, reuse,
        cluster),
        System.out);
    return 0;
  }
}
