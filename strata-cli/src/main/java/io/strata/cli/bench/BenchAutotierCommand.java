package io.strata.cli.bench;

import io.strata.bench.autotier.AutotierImpactBenchmark;
import io.strata.cli.shared.BadOptionValue;
import io.strata.cli.shared.ByteSizeArg;
import io.strata.core.config.ConfigException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.commons.io.FileUtils;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code strata bench autotier}: how much of a running job's read bandwidth the daemon's copying takes. */
@Command(name = "autotier", mixinStandardHelpOptions = true,
    description = "On the embedded aptstore preset with emulated device speeds, six readers stream the job files "
        + "without pause while 'strata autotier run --once' demotes a new set of cold files to the filer, once per "
        + "setting of --phases. Prints, per phase, the plan's time and copy rate and the readers' rate during the "
        + "plan over their rate just before it, measured in the same run.")
final class BenchAutotierCommand implements Callable<Integer> {
  @Option(names = "--job-size", paramLabel = "SIZE", defaultValue = "192MiB",
      description = "the job files' total size, six files (default: ${DEFAULT-VALUE})")
  ByteSizeArg jobSize;

  @Option(names = "--cold-size", paramLabel = "SIZE", defaultValue = "128MiB",
      description = "the cold files demoted in each phase, eight files (default: ${DEFAULT-VALUE})")
  ByteSizeArg coldSize;

  @Option(names = "--phases", paramLabel = "CAP/N[,CAP/N...]", defaultValue = "8MiB/1,1GiB/1,1GiB/4",
      description = "each phase's --max-bytes-per-second and --files-at-once (default: ${DEFAULT-VALUE}; 1GiB is "
          + "above what the emulated devices can copy, so no cap)")
  String phases;

  @Override
  public Integer call() throws Exception {
    long jobs = jobSize.bytes();
    long cold = coldSize.bytes();
    List<AutotierImpactBenchmark.Setting> settings = new ArrayList<>();
    for (String phase : phases.split(",")) {
      String[] parts = phase.trim().split("/");
      if (parts.length != 2) {
        throw new ConfigException("--phases: give CAP/N per phase (e.g. 8MiB/1), got '" + phase + "'");
      }
      try {
        ByteSizeArg.parsePositive(parts[0]);
      } catch (BadOptionValue e) {
        throw new ConfigException("--phases: " + e.getMessage());
      }
      int filesAtOnce;
      try {
        filesAtOnce = Integer.parseInt(parts[1]);
      } catch (NumberFormatException e) {
        filesAtOnce = 0;
      }
      if (filesAtOnce < 1) {
        throw new ConfigException("--phases: files at once must be a whole number >= 1, got '" + phase + "'");
      }
      settings.add(new AutotierImpactBenchmark.Setting(parts[0], filesAtOnce));
    }
    if (cold < 8L * AutotierImpactBenchmark.MIB) {
      throw new ConfigException("--cold-size must be at least 8MiB (eight files of at least 1 MiB), got " + coldSize);
    }
    Path dir = Files.createTempDirectory("strata-bench-autotier");
    try {
      List<AutotierImpactBenchmark.Phase> results = AutotierImpactBenchmark.run(dir, jobs, cold, settings,
          System.err);
      System.out.printf("Autotier plans applied under a running read load: aptstore preset, emulated device speeds,"
          + " 6 readers over %s of job files, %s of cold files demoted per phase%n", jobSize, coldSize);
      System.out.printf("%-10s %8s %8s %12s %10s %18s %19s %13s%n", "cap (/s)", "at once", "plan s", "copied MiB",
          "copy MB/s", "reads alone MB/s", "reads during MB/s", "during/alone");
      for (AutotierImpactBenchmark.Phase phase : results) {
        System.out.printf("%-10s %8d %8.1f %12d %10.1f %18.1f %19.1f %13.2f%n", phase.setting().cap(),
            phase.setting().filesAtOnce(), phase.applySeconds(),
            phase.bytesMoved() / AutotierImpactBenchmark.MIB, phase.copyMBps(), phase.readAloneMBps(),
            phase.readDuringMBps(), phase.ratio());
      }
      return 0;
    } finally {
      FileUtils.deleteQuietly(dir.toFile());
    }
  }
}
