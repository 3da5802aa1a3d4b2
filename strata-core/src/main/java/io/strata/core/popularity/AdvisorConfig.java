package io.strata.core.popularity;

import io.strata.core.config.ConfigException;
import io.strata.core.config.ConfigNode;
import io.strata.core.config.Durations;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

/**
 * An operator's settings for the replication advisors, read from YAML ({@code strata autotier --config FILE}):
 * the PPA's constants, the decision bounds, Scarlett's constants, SLA pins and scheduled-job hints. Every key is
 * optional; what is left out keeps the default that {@link PpaSettings#defaults()}, {@link DecisionRules#defaults}
 * and {@link ScarlettSettings#defaults()} document.
 * <pre>
 * ppa:   {popularityConstant: 3600, scalability: 1, minPopularity: 0.1, maxPopularity: 100,
 *         initialPopularity: 1, intervalFloor: 1, referenceTime: 12h, load: referenceTime}
 * rules: {defaultReplication: 3, minReplication: 2, maxReplication: 10, hotFactor: 1.5, coldFactor: 0.5,
 *         mtbfYears: 3, lossPeriodDays: 1, maxLossProbability: 0.001, demoteAfterIdle: 0s}
 * scarlett:  {delta: 1, budget: 0.2, window: 60s}
 * pins:      [{path: /warehouse/finance, neverDemote: true, minReplication: 3}]
 * scheduled: [{path: /data/daily, cron: "0 2 * * *", zone: Europe/Berlin}]
 * </pre>
 */
public final class AdvisorConfig {
  private static final String[] PPA_KEYS = {"popularityConstant", "scalability", "minPopularity", "maxPopularity",
      "initialPopularity", "intervalFloor", "referenceTime", "load"};
  private static final String[] RULE_KEYS = {"defaultReplication", "minReplication", "maxReplication", "hotFactor",
      "coldFactor", "mtbfYears", "lossPeriodDays", "maxLossProbability", "demoteAfterIdle"};
  private static final AdvisorConfig NONE = new AdvisorConfig(new double[PPA_KEYS.length],
      new boolean[PPA_KEYS.length], new double[RULE_KEYS.length], new boolean[RULE_KEYS.length],
      ScarlettSettings.defaults(), List.of(), List.of(), "defaults");

  private final double[] ppa;
  private final boolean[] ppaSet;
  private final String source;
  private final double[] rules;
  private final boolean[] ruleSet;
  private final ScarlettSettings scarlett;
  private final List<DecisionRules.Pin> pins;
  private final List<ScheduledRead> scheduled;

  private AdvisorConfig(double[] ppa, boolean[] ppaSet, double[] rules, boolean[] ruleSet, ScarlettSettings scarlett,
      List<DecisionRules.Pin> pins, List<ScheduledRead> scheduled, String source) {
    this.ppa = ppa;
    this.ppaSet = ppaSet;
    this.source = source;
    this.rules = rules;
    this.ruleSet = ruleSet;
    this.scarlett = scarlett;
    this.pins = List.copyOf(pins);
    this.scheduled = List.copyOf(scheduled);
  }

  /** Where the settings came from (a file name, or {@code defaults}), for messages. */
  public String source() {
    return source;
  }

  /** No file: every default. */
  public static AdvisorConfig defaults() {
    return NONE;
  }

  /** Reads and checks a document; every error names the file, line, column and key. */
  public static AdvisorConfig read(ConfigNode root) {
    root.allowOnly("ppa", "rules", "scarlett", "pins", "scheduled");
    double[] constants = new double[PPA_KEYS.length];
    boolean[] given = new boolean[PPA_KEYS.length];
    ConfigNode p = root.get("ppa");
    if (readSection(p, PPA_KEYS, constants, given,
        (key, v) -> switch (key) {
          case "referenceTime" -> atLeastOneSecond(v);
          case "load" -> loadTaken(v);
          default -> v.positive();
        })) {
      // Check the constants against each other over the core's defaults now; ppa(base, ...) checks them again
      // over the base it is given.
      try {
        new AdvisorConfig(constants, given, new double[RULE_KEYS.length], new boolean[RULE_KEYS.length], null,
            List.of(), List.of(), root.source()).ppa(PpaSettings.defaults(), null);
      } catch (ConfigException e) {
        throw p.error(e.getMessage().substring(e.getMessage().indexOf("need ")));
      }
    }

    double[] values = new double[RULE_KEYS.length];
    boolean[] set = new boolean[RULE_KEYS.length];
    ConfigNode r = root.get("rules");
    readSection(r, RULE_KEYS, values, set, (key, v) -> switch (key) {
      case "defaultReplication", "minReplication", "maxReplication" -> wholeAtLeastOne(v);
      case "maxLossProbability" -> probability(v);
      case "coldFactor" -> v.nonNegative(); // 0: nothing is ever cold enough to demote
      case "demoteAfterIdle" -> idleSeconds(v);
      default -> v.positive();
    });
    AdvisorConfig partial = new AdvisorConfig(constants, given, values, set, null, List.of(), List.of(),
        root.source());
    // Check the bounds against each other now, with a cluster large enough for any replica count, not when the
    // daemon has connected.
    DecisionRules checked;
    try {
      checked = partial.rules(DecisionRules.defaults(1000, true));
    } catch (IllegalArgumentException e) {
      throw (r != null ? r : root).error(e.getMessage());
    }
    if (checked.coldFactor() >= checked.hotFactor()) {
      throw (r != null ? r : root).error("coldFactor (" + checked.coldFactor() + ") must be below hotFactor ("
          + checked.hotFactor() + ")");
    }

    ScarlettSettings scarlett = readScarlett(root.get("scarlett"));

    List<DecisionRules.Pin> pins = new ArrayList<>();
    ConfigNode pinList = root.get("pins");
    if (pinList != null && !pinList.isEmpty()) {
      for (ConfigNode pin : pinList.items()) {
        pin.allowOnly("path", "neverDemote", "minReplication");
        String path = absolutePath(pin.require("path"));
        boolean neverDemote = pin.get("neverDemote") != null && pin.get("neverDemote").bool();
        int min = pin.get("minReplication") == null ? 0 : wholeAtLeastOne(pin.get("minReplication"));
        if (!neverDemote && min == 0) {
          throw pin.error("a pin needs neverDemote: true, minReplication: N, or both");
        }
        if (min > checked.maxReplication()) {
          throw pin.get("minReplication").error("must not exceed rules.maxReplication (" + checked.maxReplication()
              + "), got " + min);
        }
        pins.add(new DecisionRules.Pin(path, neverDemote, min));
      }
    }

    List<ScheduledRead> scheduled = new ArrayList<>();
    ConfigNode readList = root.get("scheduled");
    if (readList != null && !readList.isEmpty()) {
      for (ConfigNode read : readList.items()) {
        read.allowOnly("path", "cron", "zone");
        String path = absolutePath(read.require("path"));
        ZoneId zone = ZoneId.systemDefault();
        if (read.get("zone") != null) {
          try {
            zone = ZoneId.of(read.get("zone").text());
          } catch (DateTimeException e) {
            throw read.get("zone").error("not a time zone: '" + read.get("zone").text()
                + "' (e.g. UTC, Europe/Berlin, +02:00)");
          }
        }
        ConfigNode cron = read.require("cron");
        try {
          scheduled.add(ScheduledRead.of(path, cron.text(), zone));
        } catch (ConfigException e) {
          throw cron.error(e.getMessage());
        }
      }
    }
    return new AdvisorConfig(constants, given, values, set, scarlett, pins, scheduled, root.source());
  }

  /** The core's PPA constants with the file's over them; {@code referenceSeconds}, when not null, wins over both. */
  public PpaSettings ppa(Long referenceSeconds) {
    return ppa(PpaSettings.defaults(), referenceSeconds);
  }

  /**
   * {@code base}'s PPA constants with the file's over them; {@code referenceSeconds}, when not null, wins over both.
   *
   * @throws ConfigException when the result is inconsistent (P_min above the initial popularity, ...)
   */
  public PpaSettings ppa(PpaSettings base, Long referenceSeconds) {
    double rt = referenceSeconds != null ? referenceSeconds : constant(6, base.referenceTimeSeconds());
    try {
      return new PpaSettings(constant(0, base.popularityConstant()), constant(1, base.scalability()),
          constant(2, base.minPopularity()), constant(3, base.maxPopularity()), constant(4, base.initialPopularity()),
          constant(5, base.intervalFloorSeconds()), (long) rt, constant(7, base.loadPerAccess() ? 1 : 0) == 1);
    } catch (IllegalArgumentException e) {
      throw new ConfigException(source + ": ppa: need minPopularity <= initialPopularity <= maxPopularity, got "
          + e.getMessage().replace("inconsistent PPA settings: ", ""));
    }
  }

  /** {@code load}: {@code referenceTime} (0) or {@code access} (1), when Eq. 1's cluster load is taken. */
  private static double loadTaken(ConfigNode v) {
    return switch (v.text()) {
      case "referenceTime" -> 0;
      case "access" -> 1;
      default -> throw v.error("must be referenceTime or access, got '" + v.text() + "'");
    };
  }

  private double constant(int index, double fallback) {
    return ppaSet[index] ? ppa[index] : fallback;
  }

  /** Scarlett's constants: the file's, each default where it has none. */
  public ScarlettSettings scarlett() {
    return scarlett;
  }

  /** {@code defaults} (which know the cluster) with the file's bounds, pins and scheduled reads over them. */
  public DecisionRules rules(DecisionRules defaults) {
    return new DecisionRules(
        (int) value(0, defaults.defaultReplication()), (int) value(1, defaults.minReplication()),
        (int) value(2, defaults.maxReplication()), defaults.secondaryRedundant(), value(3, defaults.hotFactor()),
        value(4, defaults.coldFactor()), (long) value(8, defaults.demoteAfterIdleSeconds()),
        concat(defaults.pins(), pins), concat(defaults.scheduledReads(), scheduled), defaults.nodes(),
        value(5, defaults.mtbfYears()), value(6, defaults.lossPeriodDays()),
        value(7, defaults.maxLossProbability()));
  }

  private double value(int index, double fallback) {
    return ruleSet[index] ? rules[index] : fallback;
  }

  private static <T> List<T> concat(List<T> a, List<T> b) {
    List<T> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  /** How one key's value is read and checked. */
  private interface KeyReader {
    double read(String key, ConfigNode value);
  }

  /** Reads a section's numbers into {@code values}, marking each given one in {@code given}; false when absent. */
  private static boolean readSection(ConfigNode section, String[] keys, double[] values, boolean[] given,
      KeyReader reader) {
    if (section == null || section.isEmpty()) {
      return false;
    }
    section.allowOnly(keys);
    for (int i = 0; i < keys.length; i++) {
      ConfigNode v = section.get(keys[i]);
      if (v != null) {
        values[i] = reader.read(keys[i], v);
        given[i] = true;
      }
    }
    return true;
  }

  private static ScarlettSettings readScarlett(ConfigNode section) {
    ScarlettSettings d = ScarlettSettings.defaults();
    if (section == null || section.isEmpty()) {
      return d;
    }
    section.allowOnly("delta", "budget", "window");
    int delta = d.delta();
    ConfigNode v = section.get("delta");
    if (v != null) {
      double value = v.number();
      if (value != Math.rint(value) || value < 0 || value > 1000) {
        throw v.error("must be a whole number from 0 to 1000, got " + v.text());
      }
      delta = (int) value;
    }
    double budget = d.budgetFraction();
    v = section.get("budget");
    if (v != null) {
      budget = v.nonNegative();
      if (budget > 100) {
        throw v.error("must be a fraction of the base replicas' bytes from 0 to 100, got " + v.text());
      }
    }
    long window = d.windowSeconds();
    v = section.get("window");
    if (v != null) {
      window = atLeastOneSecond(v);
    }
    return new ScarlettSettings(delta, budget, window);
  }

  private static int wholeAtLeastOne(ConfigNode v) {
    double value = v.number();
    if (value != Math.rint(value) || value < 1 || value > 1000) {
      throw v.error("must be a whole number from 1 to 1000, got " + v.text());
    }
    return (int) value;
  }

  private static double probability(ConfigNode v) {
    double value = v.number();
    if (!(value > 0 && value <= 1)) {
      throw v.error("must be a probability in (0, 1], got " + v.text());
    }
    return value;
  }

  private static long idleSeconds(ConfigNode v) {
    try {
      return Durations.parseMillis(v.text(), "duration") / 1000;
    } catch (ConfigException e) {
      throw v.error(e.getMessage().substring("duration: ".length()));
    }
  }

  private static long atLeastOneSecond(ConfigNode v) {
    long millis;
    try {
      millis = Durations.parseMillis(v.text(), "duration");
    } catch (ConfigException e) {
      throw v.error(e.getMessage().substring("duration: ".length()));
    }
    if (millis < 1000) {
      throw v.error("must be at least 1s, got '" + v.text() + "'");
    }
    return millis / 1000;
  }

  private static String absolutePath(ConfigNode v) {
    String path = v.text();
    if (!path.startsWith("/")) {
      throw v.error("must be an absolute HDFS path (start with /), got '" + path + "'");
    }
    return path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
  }
}
