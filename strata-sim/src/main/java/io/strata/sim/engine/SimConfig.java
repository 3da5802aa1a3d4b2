package io.strata.sim.engine;

import io.strata.core.config.ConfigException;
import io.strata.core.spec.ClusterSpec;
import io.strata.sim.model.CapacityRule;
import io.strata.sim.model.DeviceModel;
import io.strata.sim.trace.TraceSource;

/**
 * Everything one simulation run needs. Policies are named as in a rule or in {@code strata simulate}, and created
 * by the decision core's own factories.
 *
 * @param label           name of the run in reports
 * @param spec            the cluster
 * @param trace           the jobs to replay
 * @param placement       placement policy name ({@code network}, {@code tier-aware}, {@code hybrid}, {@code ratio:P}...)
 * @param retrieval       retrieval policy name ({@code network}, {@code tier-weighted}, {@code hybrid}, {@code adaptive})
 * @param popularity      popularity hook name ({@code none} until the popularity policies exist)
 * @param seed            seed of every random choice of the run
 * @param blockSize       HDFS block size, bytes
 * @param replication     replicas per block
 * @param mapSlots        map slots per node
 * @param reduceSlots     reduce slots per node
 * @param byteScale       factor applied to the trace's byte counts; NaN for SWIM's rule, simulated nodes / traced nodes
 * @param capacityRule    what a full tier does
 * @param bytesPerReducer shuffle bytes per reduce task (reducers = ceil(shuffle / this), at least 1)
 * @param maxReducers     most reduce tasks per job
 * @param jobLimit        replay only the first N jobs; 0 for all
 * @param inputModel      how jobs pick their input files when the trace has no paths
 * @param referenceSeconds how often the popularity hook is asked for decisions (AptStore's reference time)
 * @param deviceModel     how a node's volumes become device resources ({@code pooled} by default, {@code per-volume})
 */
public record SimConfig(
    String label,
    ClusterSpec spec,
    TraceSource trace,
    String placement,
    String retrieval,
    String popularity,
    long seed,
    long blockSize,
    int replication,
    int mapSlots,
    int reduceSlots,
    double byteScale,
    CapacityRule capacityRule,
    long bytesPerReducer,
    int maxReducers,
    long jobLimit,
    InputModel inputModel,
    double referenceSeconds,
    DeviceModel deviceModel) {

  public SimConfig {
    if (blockSize <= 0) {
      throw new ConfigException("block size must be > 0, got " + blockSize);
    }
    if (replication < 1) {
      throw new ConfigException("replication must be >= 1, got " + replication);
    }
    if (mapSlots < 1 || reduceSlots < 1) {
      throw new ConfigException("map and reduce slots per node must be >= 1, got " + mapSlots + " and " + reduceSlots);
    }
    if (!Double.isNaN(byteScale) && !(byteScale > 0)) {
      throw new ConfigException("byte scale must be > 0, got " + byteScale);
    }
    if (bytesPerReducer <= 0 || maxReducers < 1) {
      throw new ConfigException("bytes per reducer and max reducers must be positive");
    }
    if (jobLimit < 0) {
      throw new ConfigException("job limit must be >= 0, got " + jobLimit);
    }
    if (!(referenceSeconds > 0)) {
      throw new ConfigException("reference time must be > 0 s, got " + referenceSeconds);
    }
    if (deviceModel == null) {
      throw new ConfigException("device model must be given (pooled or per-volume)");
    }
  }

  /**
   * hatS's simulation setup (V-A and V-H): 64 MB blocks, three replicas, six map and two reduce slots per node,
   * LRU eviction; SWIM's byte scaling; one reducer per GiB of shuffle (Hive's default), at most 999.
   */
  public static SimConfig defaults(ClusterSpec spec, TraceSource trace, String placement, String retrieval) {
    return new SimConfig(placement + "/" + retrieval, spec, trace, placement, retrieval, "none", 42, 64L << 20, 3, 6, 2,
        Double.NaN, CapacityRule.LRU, 1L << 30, 999, 0, InputModel.FB2010_FIT, 3600,
        DeviceModel.POOLED);
  }

  /** The byte scale in force: the given one, else simulated nodes / traced nodes, else 1. */
  public double effectiveByteScale() {
    if (!Double.isNaN(byteScale)) {
      return byteScale;
    }
    return trace.tracedNodes() > 0 ? spec.nodes().size() / (double) trace.tracedNodes() : 1.0;
  }

  public SimConfig withLabel(String value) {
    return new SimConfig(value, spec, trace, placement, retrieval, popularity, seed, blockSize, replication, mapSlots,
        reduceSlots, byteScale, capacityRule, bytesPerReducer, maxReducers, jobLimit, inputModel, referenceSeconds, deviceModel);
  }

  public SimConfig withPolicies(String placementName, String retrievalName) {
    return new SimConfig(label, spec, trace, placementName, retrievalName, popularity, seed, blockSize, replication,
        mapSlots, reduceSlots, byteScale, capacityRule, bytesPerReducer, maxReducers, jobLimit, inputModel,
        referenceSeconds, deviceModel);
  }

  public SimConfig withPopularity(String value) {
    return new SimConfig(label, spec, trace, placement, retrieval, value, seed, blockSize, replication, mapSlots,
        reduceSlots, byteScale, capacityRule, bytesPerReducer, maxReducers, jobLimit, inputModel, referenceSeconds, deviceModel);
  }

  public SimConfig withSeed(long value) {
    return new SimConfig(label, spec, trace, placement, retrieval, popularity, value, blockSize, replication, mapSlots,
        reduceSlots, byteScale, capacityRule, bytesPerReducer, maxReducers, jobLimit, inputModel, referenceSeconds, deviceModel);
  }

  public SimConfig withBlockSize(long value) {
    return new SimConfig(label, spec, trace, placement, retrieval, popularity, seed, value, replication, mapSlots,
        reduceSlots, byteScale, capacityRule, bytesPerReducer, maxReducers, jobLimit, inputModel, referenceSeconds, deviceModel);
  }

  public SimConfig withSlots(int maps, int reduces) {
    return new SimConfig(label, spec, trace, placement, retrieval, popularity, seed, blockSize, replication, maps,
        reduces, byteScale, capacityRule, bytesPerReducer, maxReducers, jobLimit, inputModel, referenceSeconds, deviceModel);
  }

  public SimConfig withByteScale(double value) {
    return new SimConfig(label, spec, trace, placement, retrieval, popularity, seed, blockSize, replication, mapSlots,
        reduceSlots, value, capacityRule, bytesPerReducer, maxReducers, jobLimit, inputModel, referenceSeconds, deviceModel);
  }

  public SimConfig withCapacityRule(CapacityRule value) {
    return new SimConfig(label, spec, trace, placement, retrieval, popularity, seed, blockSize, replication, mapSlots,
        reduceSlots, byteScale, value, bytesPerReducer, maxReducers, jobLimit, inputModel, referenceSeconds, deviceModel);
  }

  public SimConfig withReducers(long bytesPer, int max) {
    return new SimConfig(label, spec, trace, placement, retrieval, popularity, seed, blockSize, replication, mapSlots,
        reduceSlots, byteScale, capacityRule, bytesPer, max, jobLimit, inputModel, referenceSeconds, deviceModel);
  }

  public SimConfig withJobLimit(long value) {
    return new SimConfig(label, spec, trace, placement, retrieval, popularity, seed, blockSize, replication, mapSlots,
        reduceSlots, byteScale, capacityRule, bytesPerReducer, maxReducers, value, inputModel, referenceSeconds, deviceModel);
  }

  public SimConfig withInputModel(InputModel value) {
    return new SimConfig(label, spec, trace, placement, retrieval, popularity, seed, blockSize, replication, mapSlots,
        reduceSlots, byteScale, capacityRule, bytesPerReducer, maxReducers, jobLimit, value, referenceSeconds, deviceModel);
  }

  public SimConfig withReplication(int value) {
    return new SimConfig(label, spec, trace, placement, retrieval, popularity, seed, blockSize, value, mapSlots,
        reduceSlots, byteScale, capacityRule, bytesPerReducer, maxReducers, jobLimit, inputModel, referenceSeconds, deviceModel);
  }

  public SimConfig withDeviceModel(DeviceModel value) {
    return new SimConfig(label, spec, trace, placement, retrieval, popularity, seed, blockSize, replication, mapSlots,
        reduceSlots, byteScale, capacityRule, bytesPerReducer, maxReducers, jobLimit, inputModel, referenceSeconds, value);
  }
}
