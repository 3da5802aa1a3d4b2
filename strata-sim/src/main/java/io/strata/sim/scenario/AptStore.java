package io.strata.sim.scenario;

import io.strata.core.spec.ClusterSpec;
import io.strata.sim.engine.SimConfig;
import io.strata.sim.model.CapacityRule;
import io.strata.sim.policy.SimPolicies;
import io.strata.sim.trace.TraceSource;
import java.util.List;

/**
 * AptStore IV-D1, Figs. 8-9: default Hadoop vs Scarlett vs AptStore-perf vs AptStore on the FB-2010 trace with its
 * input paths, read throughput and storage normalized to default. Only default Hadoop runs until the core's
 * advisors are adapted to the simulator's popularity hook ({@code SimPolicies.popularity}).
 */
public final class AptStore implements Scenario {
  @Override
  public String name() {
    return "aptstore";
  }

  @Override
  public String description() {
    return "AptStore Figs. 8-9: default Hadoop (Scarlett, AptStore-perf, AptStore await an adapter to the hook)";
  }

  @Override
  public String specText() {
    return ClusterSpecs.aptstore500();
  }

  @Override
  public List<RunGroup> groups(Options options) {
    ClusterSpec spec = ClusterSpecs.parse(name(), specText());
    SimConfig hadoop = SimConfig.defaults(spec, TraceSource.of("fb2010-paths"), "default", "network")
        .withLabel("default Hadoop").withCapacityRule(CapacityRule.FALLBACK).withSeed(options.seed())
        .withJobLimit(options.jobLimit());
    return List.of(new RunGroup("aptstore: 500 DAS nodes + filer, FB-2010 with input paths "
        + Hats500.jobs(options, "25,428"),
        List.of(hadoop)));
  }

  @Override
  public List<Metric> metrics() {
    return List.of(Metric.READ_THROUGHPUT, Metric.PEAK_STORAGE);
  }

  @Override
  public List<String> notes() {
    return List.of(
        "Scarlett, AptStore-perf and AptStore (" + String.join(", ", SimPolicies.PENDING_POPULARITY) + ") are in "
            + "the decision core as ReplicationAdvisors but not yet adapted to the simulator's PopularityPolicy "
            + "hook, which it calls at every reference time (1 h, as AptStore's simulation) to apply "
            + "replication/tier decisions; only default Hadoop runs now.",
        "AptStore Figs. 8-9 report, normalized to default Hadoop: Scarlett +19.6%, AptStore-perf +23.7%, AptStore "
            + "+18.6% read throughput; storage 113%, 110%, 57%.");
  }
}
