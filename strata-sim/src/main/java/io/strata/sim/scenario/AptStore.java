package io.strata.sim.scenario;

import io.strata.core.spec.ClusterSpec;
import io.strata.sim.engine.SimConfig;
import io.strata.sim.model.CapacityRule;
import io.strata.core.popularity.ReplicationAdvisors;
import io.strata.sim.trace.TraceSource;
import java.util.ArrayList;
import java.util.List;

/**
 * AptStore IV-D1, Figs. 8-9: default Hadoop vs Scarlett vs AptStore-perf vs AptStore on the FB-2010 trace with its
 * input paths, read throughput and storage normalized to default Hadoop. Each of the last three is the decision
 * core's replication advisor of that name ({@code SimPolicies.popularity}), asked every hour (AptStore's
 * simulation rearranges hourly) and carried out by the simulator's copies.
 */
public final class AptStore implements Scenario {
  /** The runs after default Hadoop: label and popularity policy. */
  static final List<String[]> POLICIES = List.of(
      new String[] {"Scarlett", "scarlett"},
      new String[] {"AptStore-perf", "aptstore-perf"},
      new String[] {"AptStore", "aptstore"});

  @Override
  public String name() {
    return "aptstore";
  }

  @Override
  public String description() {
    return "AptStore Figs. 8-9: default Hadoop vs Scarlett vs AptStore-perf vs AptStore, 500 nodes + filer, FB-2010";
  }

  @Override
  public String specText() {
    return ClusterSpecs.aptstore500();
  }

  @Override
  public List<RunGroup> groups(Options options) {
    ClusterSpec spec = ClusterSpecs.parse(name(), specText());
    SimConfig hadoop = SimConfig.builder(spec, TraceSource.of("fb2010-paths"), "default", "network")
        .label("default Hadoop").capacityRule(CapacityRule.FALLBACK).seed(options.seed())
        .jobLimit(options.jobLimit()).build();
    List<SimConfig> runs = new ArrayList<>();
    runs.add(hadoop);
    for (String[] policy : POLICIES) {
      runs.add(hadoop.toBuilder().label(policy[0]).popularity(policy[1]).build());
    }
    return List.of(new RunGroup("aptstore: 500 DAS nodes + filer, FB-2010 with input paths "
        + Hats500.jobs(options, "25,428"), runs));
  }

  @Override
  public List<Metric> metrics() {
    return List.of(Metric.READ_THROUGHPUT, Metric.PEAK_STORAGE);
  }

  @Override
  public List<String> notes() {
    return List.of(
        "Scarlett, AptStore-perf and AptStore are the decision core's advisors (" + String.join(", ",
            ReplicationAdvisors.NAMES) + ") with the core's decision rules and the simulator's PPA constants "
            + "(SimPolicies.SIM_PPA: c = 36,000 s, s = 1e-3, P_min = 0.01, each with its reason), asked every hour "
            + "(AptStore's simulation rearranges hourly). New replicas are copies over the modeled devices and "
            + "network, at most 2 per source node at once (HDFS's replication max-streams), readable once copied; "
            + "demoted files go to the filer tier at one replica (the filer is RAID-protected).",
        "Storage is the peak of replica bytes on all tiers together (filer bytes count like DAS bytes).",
        "A map reads one block from one disk, at most one HDD's 61 MB/s, so no policy can raise read throughput "
            + "more than 61 / default's MB/s (pooled devices: about +12%); filer reads run at a node's filer share "
            + "(40 MB/s, shared by the node's readers and moves).",
        "'First reads' are bytes of blocks no earlier job had read, which no popularity policy can foresee; the "
            + "re-read ceiling is the read throughput had every other byte been read at 61 MB/s and first reads as "
            + "they were: more than that needs faster first reads, not more replicas of read data.",
        "AptStore Figs. 8-9 report, normalized to default Hadoop: Scarlett +19.6%, AptStore-perf +23.7%, AptStore "
            + "+18.6% read throughput; storage 113%, 110%, 57%.");
  }
}
