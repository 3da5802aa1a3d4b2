package io.strata.cli;

import io.strata.core.config.ConfigException;
import io.strata.core.popularity.DecisionRules;
import io.strata.core.popularity.PpaSettings;
import io.strata.core.popularity.ReplicationAdvisor;
import io.strata.core.popularity.ReplicationAdvisors;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Option;

/** The advisor options {@code strata autotier plan} and {@code run} share, and the advisor they make. */
final class AdvisorOptions {
  private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m|h|d)");

  @Option(names = "--advisor", defaultValue = "aptstore",
      description = "aptstore, aptstore-perf (never demotes) or scarlett (default: ${DEFAULT-VALUE})")
  String advisor;

  @Option(names = "--secondary-redundant", negatable = true, description = "the secondary tier protects its data "
      + "itself (a RAID filer), so one replica there is enough (default: from the spec's devices)")
  Boolean secondaryRedundant;

  @Option(names = "--reference-time", paramLabel = "DURATION",
      description = "RT, how often popularity is predicted and a plan made, e.g. 12h, 30m, 90s (default: 12h, "
          + "after Scarlett: long enough to see a day's pattern, short enough to follow it)")
  String referenceTime;

  /** The advisor and the rules it decides within. */
  record Made(ReplicationAdvisor advisor, DecisionRules rules, long referenceSeconds) {}

  /**
   * @param nodes          live DataNodes, for the data-loss model
   * @param maxReplication most replicas a file can get (a DataNode holds one replica of a block, so at most the
   *                       DataNodes of the tier popular files live on)
   * @param redundant      whether the secondary tier is internally redundant, unless the option says
   */
  Made make(int nodes, int maxReplication, boolean redundant) {
    long seconds = referenceSeconds();
    PpaSettings d = PpaSettings.defaults();
    PpaSettings ppa = new PpaSettings(d.popularityConstant(), d.scalability(), d.minPopularity(), d.maxPopularity(),
        d.initialPopularity(), d.intervalFloorSeconds(), seconds);
    DecisionRules defaults = DecisionRules.defaults(Math.max(nodes, 3),
        secondaryRedundant != null ? secondaryRedundant : redundant);
    int max = Math.max(defaults.defaultReplication(), Math.min(defaults.maxReplication(), maxReplication));
    DecisionRules rules = new DecisionRules(defaults.defaultReplication(), defaults.minReplication(), max,
        defaults.secondaryRedundant(), defaults.hotFactor(), defaults.coldFactor(), defaults.pins(),
        defaults.scheduledPaths(), defaults.nodes(), defaults.mtbfYears(), defaults.lossPeriodDays(),
        defaults.maxLossProbability());
    check();
    return new Made(ReplicationAdvisors.create(advisor, ppa, rules, 1 << 16), rules, seconds);
  }

  /** Checks the options before anything connects. */
  void check() {
    if (!ReplicationAdvisors.NAMES.contains(advisor)) {
      throw new ConfigException("--advisor: unknown advisor '" + advisor + "' (known: "
          + String.join(", ", ReplicationAdvisors.NAMES) + ")");
    }
    referenceSeconds();
  }

  /** RT in seconds, checked. */
  long referenceSeconds() {
    if (referenceTime == null) {
      return PpaSettings.defaults().referenceTimeSeconds();
    }
    long millis = parseMillis(referenceTime, "--reference-time");
    if (millis < 1000) {
      throw new ConfigException("--reference-time must be at least 1s, got '" + referenceTime + "'");
    }
    return millis / 1000;
  }

  /** A duration such as {@code 90s}, {@code 30m}, {@code 12h}, {@code 2d} or {@code 500ms}, in milliseconds. */
  static long parseMillis(String text, String option) {
    Matcher m = DURATION.matcher(text.trim().toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      throw new ConfigException(option + ": not a duration: '" + text + "' (examples: 500ms, 90s, 30m, 12h, 1d)");
    }
    long value = Long.parseLong(m.group(1));
    long unit = switch (m.group(2)) {
      case "ms" -> 1;
      case "s" -> 1000;
      case "m" -> 60_000;
      case "h" -> 3_600_000;
      default -> 86_400_000;
    };
    return value * unit;
  }
}
