package io.strata.sim.scenario;

import io.strata.core.spec.ClusterSpec;
import io.strata.sim.engine.SimConfig;
import io.strata.sim.trace.TraceSource;
import java.util.List;

/**
 * hatS V-H, Fig. 13: placement and retrieval policies on a 500-node cluster replaying a day of Facebook jobs,
 * normalized to the network-aware policy.
 */
public final class Hats500 implements Scenario {
  /** Each hatS policy is a placement paired with its retrieval; Strata's adaptive retrieval rides on hybrid. */
  static final List<String[]> PAIRS = List.of(
      new String[] {"network", "network"},
      new String[] {"tier-aware", "tier-weighted"},
      new String[] {"hybrid", "hybrid"},
      new String[] {"hybrid", "adaptive"});

  @Override
  public String name() {
    return "hats-500";
  }

  @Override
  public String description() {
    return "hatS Fig. 13: network vs tier-aware vs hybrid (and Strata's adaptive retrieval), 500 nodes, FB-2010 day";
  }

  @Override
  public String specText() {
    return ClusterSpecs.hats500();
  }

  @Override
  public List<RunGroup> groups(Options options) {
    ClusterSpec spec = ClusterSpecs.parse(name(), specText());
    TraceSource trace = TraceSource.of("fb2010");
    List<SimConfig> runs = PAIRS.stream()
        .map(p -> SimConfig.builder(spec, trace, p[0], p[1]).seed(options.seed()).jobLimit(options.jobLimit()).build())
        .toList();
    return List.of(new RunGroup("hats-500: 500 nodes, FB-2010 " + jobs(options, "24,442"), runs));
  }

  static String jobs(Options options, String all) {
    return options.jobLimit() > 0 ? "(first " + options.jobLimit() + " jobs)" : "(" + all + " jobs)";
  }

  @Override
  public List<Metric> metrics() {
    return List.of(Metric.IO_RATE, Metric.NETWORK, Metric.JOB_TIME);
  }

  @Override
  public List<String> notes() {
    return List.of(
        "hatS Fig. 13 reports, normalized to network: hybrid +37% I/O rate, +9% network, -26% execution time; "
            + "tier-aware +23% network.",
        "Trace bytes scaled by 500/3000 (SWIM's rule); input files chosen by the FB-2010-fitted popularity model; "
            + "64 MB blocks, 3 replicas, 6 map + 2 reduce slots per node, LRU eviction at 95% of a tier.",
        "Execution time here is the sum of job times, submit to finish, in job-hours; the makespan hardly moves because the "
            + "trace spans a day and the cluster is mostly idle.");
  }
}
