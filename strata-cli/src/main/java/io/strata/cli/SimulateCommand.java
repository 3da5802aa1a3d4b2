package io.strata.cli;

import io.strata.cli.shared.ByteSizeArg;
import io.strata.cli.shared.ClusterChoice;
import io.strata.cli.shared.OptionChecks;
import io.strata.cli.shared.PolicyHelp;
import io.strata.core.config.ConfigException;
import io.strata.core.config.ConfigNode;
import io.strata.core.popularity.AdvisorConfig;
import io.strata.core.popularity.ReplicationAdvisors;
import io.strata.core.spec.ClusterSpec;
import io.strata.sim.engine.BatchRunner;
import io.strata.sim.engine.InputModel;
import io.strata.sim.engine.IntermediateIo;
import io.strata.sim.engine.SimConfig;
import io.strata.sim.metrics.SimResult;
import io.strata.sim.model.CapacityRule;
import io.strata.sim.model.DeviceModel;
import io.strata.sim.policy.SimPolicies;
import io.strata.sim.report.ComparisonTable;
import io.strata.sim.report.GroupResults;
import io.strata.sim.report.JsonReport;
import io.strata.sim.report.ScenarioReport;
import io.strata.sim.scenario.Metric;
import io.strata.sim.scenario.Scenario;
import io.strata.sim.scenario.Scenarios;
import io.strata.sim.scenario.SweepChart;
import io.strata.sim.trace.TraceSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** {@code strata simulate}: the trace-driven simulator, a paper's scenario or one run of your own. */
@Command(name = "simulate", mixinStandardHelpOptions = true,
    description = {"Replay a trace on a modeled cluster with Strata's own policies: either a paper's",
        "scenario (--scenario NAME; --list shows them), or your own runs: --spec FILE (or",
        "--preset NAME), --trace FILE|NAME, --placement P, --retrieval R. Prints a table;",
        "--out DIR also writes results.csv, results.json, a PNG chart per group of runs",
        "(and a scenario's sweep charts) and the cluster spec; scenarios write to",
        "sim-results/NAME by default."})
final class SimulateCommand
    implements
      Callable<Integer>,
      PolicyHelp.ListsPlacementPolicies,
      PolicyHelp.ListsRetrievalPolicies,
      PolicyHelp.ListsAdvisors {
  static final List<String> OWN_RUN_OPTIONS = List.of("--placement", "--retrieval", "--popularity", "--input-model",
      "--block-size", "--replication", "--map-slots", "--reduce-slots", "--byte-scale", "--capacity",
      "--intermediate-io");

  @CommandLine.Spec
  CommandLine.Model.CommandSpec commandSpec;

  @Option(names = "--scenario", paramLabel = "NAME", description = "a paper's scenario: ${COMPLETION-CANDIDATES}",
      completionCandidates = ScenarioNames.class)
  String scenario;

  @Option(names = "--list", description = "list the scenarios and the shipped traces")
  boolean list;

  @Mixin
  ClusterChoice cluster;

  @Option(names = "--trace", paramLabel = "FILE|NAME", description = "a SWIM-format trace file, or a shipped trace "
      + "(fb2010, fb2010-paths, fb2009, fb2009-50)")
  String trace;

  @Option(names = "--placement", paramLabel = "P[,P...]", defaultValue = "network",
      completionCandidates = PolicyHelp.PlacementNames.class,
      description = {"placement policy: ${COMPLETION-CANDIDATES}",
          "(default: ${DEFAULT-VALUE}); a comma-separated list runs one simulation per entry, paired with",
          "--retrieval's list and compared with the first"})
  String placement;

  @Option(names = "--retrieval", paramLabel = "R[,R...]", defaultValue = "network",
      completionCandidates = PolicyHelp.RetrievalNames.class,
      description = "retrieval policy: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}); or a list")
  String retrieval;

  @Option(names = "--popularity", paramLabel = "NAME[,NAME...]", defaultValue = "none",
      completionCandidates = PolicyHelp.PopularityNames.class,
      description = "popularity policy called at every reference time: ${COMPLETION-CANDIDATES} "
          + "(default: ${DEFAULT-VALUE}); or a list, paired with the other lists")
  String popularity;

  @Option(names = "--input-model", paramLabel = "FRESH,HOT,ZIPF",
      description = {"for traces without input paths: the share of jobs that read a dataset no other job reads,",
          "the hot datasets per job, and the Zipf exponent over them (default: 0.62,0.054,0.85, fitted to",
          "FB-2010's paths); traces with paths use their own"})
  String inputModel;

  @Option(names = "--seed", defaultValue = "42",
      description = "seed of every random choice (default: ${DEFAULT-VALUE})")
  long seed;

  @Option(names = "--jobs", paramLabel = "N", defaultValue = "0",
      description = "replay only the first N jobs of the trace (default: all)")
  long jobs;

  @Option(names = "--block-size", paramLabel = "SIZE", defaultValue = "64MiB",
      description = "(default: ${DEFAULT-VALUE})")
  ByteSizeArg blockSize;

  @Option(names = "--replication", defaultValue = "3", description = "(default: ${DEFAULT-VALUE})")
  int replication;

  @Option(names = "--map-slots", defaultValue = "6", description = "per node (default: ${DEFAULT-VALUE})")
  int mapSlots;

  @Option(names = "--reduce-slots", defaultValue = "2", description = "per node (default: ${DEFAULT-VALUE})")
  int reduceSlots;

  @Option(names = "--byte-scale", paramLabel = "X",
      description = "multiply the trace's bytes by X (default: nodes / traced nodes for shipped traces, else 1)")
  Double byteScale;

  @Option(names = "--capacity", paramLabel = "RULE", defaultValue = "lru",
      description = "when a tier fills: lru (delete least recently used files, as hatS) or fallback (default: ${DEFAULT-VALUE})")
  String capacity;

  @Option(names = "--out", paramLabel = "DIR",
      description = "write results.csv, results.json, PNG charts and spec here")
  Path out;

  @Option(names = "--json", description = "print the results as JSON instead of tables")
  boolean json;

  @Option(names = "--device-model", paramLabel = "MODEL",
      description = "how a node's volumes share bandwidth: pooled (one resource per node and tier) or per-volume "
          + "(one per disk, each replica on one disk; readers of one replica share it). Default: the scenario's "
          + "own, pooled for your own runs")
  String deviceModel;

  @Option(names = "--intermediate-io", paramLabel = "MODEL", defaultValue = "fetches",
      description = "MapReduce's intermediate I/O on each node's intermediate tier (the spec's 'intermediate' key, "
          + "else its slowest primary tier): fetches (the shuffle's reads only) or full (map spills and merges, a "
          + "positioning per shuffle segment, the reducers' merges to disk). Default: ${DEFAULT-VALUE}")
  String intermediateIo;

  @Option(names = "--advisor-config", paramLabel = "FILE",
      description = "YAML advisor settings, as 'strata autotier --config' reads (PPA constants, decision bounds, "
          + "Scarlett's constants, pins, scheduled reads), over the simulator's; the PPA's reference time stays the "
          + "simulator's 1h. Applies to --scenario runs too")
  Path advisorConfig;

  @Option(names = "--threads", paramLabel = "N", description = "runs simulated at once (default: CPU cores)")
  Integer threads;

  @Option(names = "--no-progress", description = "no progress bar")
  boolean noProgress;

  @Override
  public Integer call() throws Exception {
    if (list) {
      printList();
      return 0;
    }
    if (scenario != null && (cluster.given() || trace != null)) {
      throw new ConfigException("give either --scenario NAME or --spec/--preset with --trace, not both");
    }
    if (scenario != null) {
      // A scenario fixes its own setup; options for one's own runs would be silently ignored.
      for (String option : OWN_RUN_OPTIONS) {
        if (commandSpec.commandLine().getParseResult().hasMatchedOption(option)) {
          throw new ConfigException(option + " applies to your own runs (--spec/--preset with --trace), not to "
              + "--scenario, which fixes its setup (only --seed, --jobs, --device-model, --out, --json, --threads apply)");
        }
      }
    }
    if (jobs < 0) {
      throw new ConfigException("--jobs must be >= 0, got " + jobs);
    }
    // The simulator's own checks name its config fields; a user typed these options.
    OptionChecks.atLeastOne(replication, "--replication");
    OptionChecks.atLeastOne(mapSlots, "--map-slots");
    OptionChecks.atLeastOne(reduceSlots, "--reduce-slots");
    if (byteScale != null && !(byteScale > 0 && byteScale < Double.POSITIVE_INFINITY)) {
      throw new ConfigException("--byte-scale must be a finite number > 0, got " + byteScale);
    }
    int threadCount = OptionChecks.atLeastOne(
        threads == null ? Runtime.getRuntime().availableProcessors() : threads, "--threads");
    String name;
    List<Scenario.RunGroup> groups;
    List<Metric> metrics;
    List<String> notes;
    List<SweepChart> sweeps = List.of();
    String specText;
    Path outDir = out;
    if (scenario != null) {
      Scenario chosen = Scenarios.get(scenario);
      name = chosen.name();
      groups = chosen.groups(new Scenario.Options(seed, jobs));
      if (deviceModel != null) {
        groups = withDeviceModel(groups, DeviceModel.parse(deviceModel));
      } else {
        // A sweep's title names the device model of its groups, which --device-model would replace.
        sweeps = chosen.sweeps();
      }
      metrics = chosen.metrics();
      notes = chosen.notes();
      specText = chosen.specText();
      if (outDir == null) {
        outDir = Path.of("sim-results", name);
      }
    } else {
      if (!cluster.given()) {
        throw new ConfigException("give --scenario NAME, or --spec FILE (or --preset NAME) and --trace FILE|NAME "
            + "(see --list)");
      }
      ClusterChoice.Loaded loaded = cluster.load(null);
      if (trace == null) {
        throw new ConfigException("--trace FILE|NAME is missing: the jobs to replay on " + loaded.spec().name()
            + " (see --list)");
      }
      List<SimConfig> runs = ownRuns(loaded.spec());
      name = "simulation";
      groups = List.of(new Scenario.RunGroup(loaded.spec().name() + ", " + runs.get(0).trace().name(), runs));
      metrics = List.of(Metric.IO_RATE, Metric.READ_THROUGHPUT, Metric.NETWORK, Metric.JOB_TIME, Metric.MAKESPAN,
          Metric.ENERGY, Metric.PEAK_STORAGE);
      notes = List.of();
      specText = loaded.text();
    }
    List<SimConfig> configs = new ArrayList<>();
    groups.forEach(g -> configs.addAll(g.runs()));
    AdvisorConfig advisors = advisorSettings(configs);
    if (advisorConfig != null) {
      notes = new ArrayList<>(notes);
      notes.add("Advisors (" + configs.stream().map(c -> c.popularity().trim()).filter(p -> !p.equals(
          SimPolicies.NO_POPULARITY)).distinct().collect(Collectors.joining(", ")) + ") use " + advisorConfig
          + " over the simulator's settings.");
    }
    long started = System.nanoTime();
    List<SimResult> results = BatchRunner.run(configs, threadCount, !noProgress && !json, advisors);
    double wall = (System.nanoTime() - started) / 1e9;
    List<GroupResults> grouped = new ArrayList<>();
    int at = 0;
    for (Scenario.RunGroup group : groups) {
      grouped.add(new GroupResults(group.title(), results.subList(at, at + group.runs().size())));
      at += group.runs().size();
    }
    warnAboutTrace(results);
    if (json) {
      System.out.println(JsonReport.text(results));
    } else {
      printTables(grouped, metrics, notes, wall);
    }
    if (outDir != null) {
      List<Path> written = ScenarioReport.write(outDir, name, grouped, metrics, sweeps, specText);
      (json ? System.err : System.out)
          .println("wrote " + String.join(", ", written.stream().map(Path::toString).toList()));
    }
    return 0;
  }

  /** The --advisor-config file's settings, checked before any run starts; every default without one. */
  private AdvisorConfig advisorSettings(List<SimConfig> configs) {
    if (advisorConfig == null) {
      return AdvisorConfig.defaults();
    }
    if (configs.stream().allMatch(c -> c.popularity().trim().equals(SimPolicies.NO_POPULARITY))) {
      throw new ConfigException("--advisor-config " + advisorConfig + " applies to runs with a popularity policy, "
          + "and every run here has none (give --popularity " + String.join(", ", ReplicationAdvisors.NAMES) + ")");
    }
    if (!Files.isRegularFile(advisorConfig)) {
      throw new ConfigException("--advisor-config " + advisorConfig + ": no such file");
    }
    AdvisorConfig settings = AdvisorConfig.read(ConfigNode.parse(advisorConfig));
    // The PPA constants are checked against each other over the core's defaults when read; check them over the
    // simulator's too, which the runs will use.
    settings.ppa(SimPolicies.SIM_PPA, null);
    return settings;
  }

  /** The scenario's runs with the device model the user chose; the group title says which. */
  private static List<Scenario.RunGroup> withDeviceModel(List<Scenario.RunGroup> groups, DeviceModel model) {
    List<Scenario.RunGroup> changed = new ArrayList<>();
    for (Scenario.RunGroup group : groups) {
      List<SimConfig> runs = group.runs().stream().map(run -> run.toBuilder().deviceModel(model).build()).toList();
      changed.add(new Scenario.RunGroup(group.title() + " [" + model.label() + " devices]", runs));
    }
    return changed;
  }

  /**
   * One run per entry of the placement, retrieval and popularity lists, taken side by side; a list of one name
   * pairs with every entry of the others.
   */
  private List<SimConfig> ownRuns(ClusterSpec spec) {
    List<String> placements = List.of(placement.split(","));
    List<String> retrievals = List.of(retrieval.split(","));
    List<String> popularities = List.of(popularity.split(","));
    int runs = Math.max(placements.size(), Math.max(retrievals.size(), popularities.size()));
    for (List<String> list : List.of(placements, retrievals, popularities)) {
      if (list.size() != runs && list.size() != 1) {
        throw new ConfigException("--placement lists " + placements.size() + " policies, --retrieval "
            + retrievals.size() + " and --popularity " + popularities.size() + "; give lists of the same length, "
            + "or one name");
      }
    }
    TraceSource source = TraceSource.of(trace);
    InputModel inputs = inputModel == null ? InputModel.FB2010_FIT : parseInputModel(inputModel);
    List<SimConfig> configs = new ArrayList<>();
    for (int i = 0; i < runs; i++) {
      String p = placements.get(placements.size() == 1 ? 0 : i).trim();
      String r = retrievals.get(retrievals.size() == 1 ? 0 : i).trim();
      String pop = popularities.get(popularities.size() == 1 ? 0 : i).trim();
      // Refuse a misspelt name before any run starts, not after the others have run.
      SimPolicies.placement(p, spec);
      SimPolicies.retrieval(r, spec);
      SimPolicies.checkPopularity(pop);
      SimConfig.Builder config = ownRun(spec, source, p, r, pop).inputModel(inputs);
      configs.add((pop.equals(SimPolicies.NO_POPULARITY) ? config : config.label(p + "/" + r + " " + pop)).build());
    }
    return configs;
  }

  /** {@code FRESH,HOT,ZIPF}, e.g. {@code 0.62,0.054,0.85}. */
  static InputModel parseInputModel(String text) {
    String[] parts = text.split(",");
    if (parts.length != 3) {
      throw new ConfigException("--input-model '" + text + "': give FRESH,HOT,ZIPF (e.g. 0.62,0.054,0.85)");
    }
    double[] values = new double[3];
    for (int i = 0; i < 3; i++) {
      try {
        values[i] = Double.parseDouble(parts[i].trim());
      } catch (NumberFormatException e) {
        throw new ConfigException("--input-model '" + text + "': '" + parts[i].trim() + "' is not a number");
      }
    }
    try {
      return new InputModel(values[0], values[1], values[2]);
    } catch (ConfigException e) {
      throw new ConfigException("--input-model '" + text + "': " + e.getMessage(), e);
    }
  }

  private SimConfig.Builder ownRun(ClusterSpec spec, TraceSource source, String placement, String retrieval,
      String popularity) {
    SimConfig.Builder config = SimConfig.builder(spec, source, placement, retrieval)
        .popularity(popularity)
        .seed(seed)
        .jobLimit(jobs)
        .blockSize(blockSize.bytes())
        .replication(replication)
        .slots(mapSlots, reduceSlots)
        .capacityRule(CapacityRule.parse(capacity))
        .deviceModel(deviceModel == null ? DeviceModel.POOLED : DeviceModel.parse(deviceModel))
        .intermediateIo(parseIntermediateIo(intermediateIo));
    return byteScale == null ? config : config.byteScale(byteScale);
  }

  private static IntermediateIo parseIntermediateIo(String text) {
    try {
      return IntermediateIo.parse(text);
    } catch (ConfigException e) {
      throw new ConfigException("--intermediate-io: " + e.getMessage(), e);
    }
  }

  private static void printTables(List<GroupResults> groups, List<Metric> metrics, List<String> notes, double wall) {
    for (GroupResults group : groups) {
      System.out.print(ComparisonTable.text(group, metrics));
      System.out.print(ComparisonTable.readShares(group));
      System.out.print(ComparisonTable.power(group));
      System.out.print(ComparisonTable.writes(group));
      System.out.println();
    }
    for (String note : notes) {
      System.out.println("* " + note);
    }
    double simulated = groups.stream().flatMap(g -> g.results().stream())
        .mapToDouble(r -> r.performance().wallSeconds()).sum();
    long runs = groups.stream().mapToLong(g -> g.results().size()).sum();
    System.out.printf(Locale.ROOT, "%d run(s) in %.1f s wall (%.1f s of simulation, summed over runs)%n", runs, wall,
        simulated);
  }

  private static void warnAboutTrace(List<SimResult> results) {
    SimResult first = results.get(0);
    if (first.run().skippedLines() > 0) {
      System.err.printf("strata: %s: skipped %d malformed line(s):%n  %s%n", first.run().trace(),
          first.run().skippedLines(), String.join("\n  ", first.run().traceProblems()));
    }
  }

  private static void printList() {
    System.out.println("scenarios (strata simulate --scenario NAME):");
    int width = Scenarios.names().stream().mapToInt(String::length).max().orElse(0);
    for (Scenario s : Scenarios.ALL) {
      System.out.printf("  %-" + width + "s  %s%n", s.name(), s.description());
    }
    System.out.println("shipped traces (--trace NAME; SWIM, BSD license, see LICENSE.SWIM in strata-sim):");
    width = TraceSource.SHIPPED.stream().mapToInt(t -> t.name().length()).max().orElse(0);
    for (TraceSource.Shipped t : TraceSource.SHIPPED) {
      System.out.printf("  %-" + width + "s  %s%n", t.name(), t.description());
    }
  }

  /** Completion candidates for {@code --scenario}. */
  static final class ScenarioNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return Scenarios.names().iterator();
    }
  }
}
