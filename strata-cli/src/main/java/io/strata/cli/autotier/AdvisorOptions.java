package io.strata.cli.autotier;

import io.strata.cli.shared.DurationArg;
import io.strata.cli.shared.PolicyHelp;
import io.strata.core.config.ConfigException;
import io.strata.core.config.ConfigNode;
import io.strata.core.popularity.AdvisorConfig;
import io.strata.core.popularity.ReplicationAdvisors;
import io.strata.hdfs.autotier.Advice;
import io.strata.hdfs.autotier.AdvisorSource;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import picocli.CommandLine.Option;

/** The advisor options {@code strata autotier plan} and {@code run} share, and the advisor they make. */
public final class AdvisorOptions implements PolicyHelp.ListsAdvisors {
  @Option(names = "--advisor", defaultValue = "aptstore", completionCandidates = PolicyHelp.AdvisorNames.class,
      description = "the replication advisor: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE})")
  String advisor;

  @Option(names = "--secondary-redundant", negatable = true, description = "the secondary tier protects its data "
      + "itself (a RAID filer), so one replica there is enough (default: from the spec's devices)")
  Boolean secondaryRedundant;

  @Option(names = "--reference-time", paramLabel = "DURATION",
      description = "RT, how often popularity is predicted and a plan made, e.g. 12h, 30m, 90s (default: 12h, "
          + "after Scarlett: long enough to see a day's pattern, short enough to follow it)")
  DurationArg referenceTime;

  @Option(names = "--config", paramLabel = "FILE",
      description = "YAML with the PPA's constants, decision bounds, Scarlett's constants, SLA pins and "
          + "scheduled-job hints (see the README's 'Advisor settings'); --reference-time overrides its "
          + "ppa.referenceTime. 'autotier run' takes a changed file without a restart and keeps its settings "
          + "when the new file is bad")
  Path config;

  private AdvisorConfig loaded;
  /** The --config file's bytes the settings were read from, and the last bytes refused, to see a change. */
  private byte[] loadedBytes;
  private byte[] refusedBytes;

  /** The advisor's name, as given. */
  public String advisor() {
    return advisor;
  }

  /**
   * @param nodes          live DataNodes, for the data-loss model
   * @param maxReplication most replicas a file can get (a DataNode holds one replica of a block, so at most the
   *                       DataNodes of the tier popular files live on)
   * @param redundant      whether the secondary tier is internally redundant, unless the option says
   */
  public Advice make(int nodes, int maxReplication, boolean redundant) {
    check();
    return Advice.of(advisor, settings(), referenceSeconds(), nodes, maxReplication,
        secondaryRedundant != null ? secondaryRedundant : redundant);
  }

  /**
   * The advisor as the autotier daemon makes it at each (re)start, {@code redundant} asked each time; a changed
   * --config restarts it.
   */
  AdvisorSource source(BooleanSupplier redundant) {
    return new AdvisorSource() {
      @Override
      public String advisorName() {
        return advisor;
      }

      @Override
      public Advice make(int nodes, int maxReplication) {
        return AdvisorOptions.this.make(nodes, maxReplication, redundant.getAsBoolean());
      }

      @Override
      public boolean reload(Consumer<String> refused) {
        return reloadIfChanged(refused) == Reload.RELOADED;
      }
    };
  }

  /** Checks the options and reads --config before anything connects. */
  public void check() {
    if (!ReplicationAdvisors.NAMES.contains(advisor)) {
      throw new ConfigException("--advisor: unknown advisor '" + advisor + "' (known: "
          + String.join(", ", ReplicationAdvisors.NAMES) + ")");
    }
    settings();
    referenceSeconds();
  }

  /** The --config file's settings, read once; every default without one. */
  AdvisorConfig settings() {
    if (loaded == null) {
      if (config == null) {
        loaded = AdvisorConfig.defaults();
      } else if (!Files.isRegularFile(config)) {
        throw new ConfigException("--config " + config + ": no such file");
      } else {
        byte[] bytes = read(config);
        loaded = parse(bytes);
        loadedBytes = bytes;
      }
    }
    return loaded;
  }

  /** What {@link #reloadIfChanged()} found. */
  enum Reload { UNCHANGED, RELOADED, REFUSED }

  /**
   * Reads --config again when its content changed since the settings were read: new settings when the file is
   * good, the old ones kept when it is not (the error goes to {@code refused}, once per bad version), so an
   * operator's half-saved edit never stops the daemon or leaves it without settings.
   */
  Reload reloadIfChanged(Consumer<String> refused) {
    if (config == null) {
      return Reload.UNCHANGED;
    }
    byte[] bytes;
    try {
      bytes = read(config);
    } catch (ConfigException e) {
      bytes = new byte[0];
      if (!Arrays.equals(bytes, refusedBytes)) {
        refusedBytes = bytes;
        refused.accept(e.getMessage());
        return Reload.REFUSED;
      }
      return Reload.UNCHANGED;
    }
    if (Arrays.equals(bytes, loadedBytes) || Arrays.equals(bytes, refusedBytes)) {
      return Reload.UNCHANGED;
    }
    try {
      loaded = parse(bytes);
      loadedBytes = bytes;
      refusedBytes = null;
      return Reload.RELOADED;
    } catch (ConfigException e) {
      refusedBytes = bytes;
      refused.accept(e.getMessage());
      return Reload.REFUSED;
    }
  }

  private static byte[] read(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new ConfigException("--config " + file + ": cannot read: " + e.getMessage(), e);
    }
  }

  private AdvisorConfig parse(byte[] bytes) {
    return AdvisorConfig.read(ConfigNode.parse(config.toString(), new String(bytes, StandardCharsets.UTF_8)));
  }

  /** RT in seconds, checked: --reference-time, else the --config file's, else the default. */
  long referenceSeconds() {
    if (referenceTime == null) {
      return settings().ppa(null).referenceTimeSeconds();
    }
    long millis = referenceTime.millis();
    if (millis < 1000) {
      throw new ConfigException("--reference-time must be at least 1s, got '" + referenceTime + "'");
    }
    return millis / 1000;
  }
}
