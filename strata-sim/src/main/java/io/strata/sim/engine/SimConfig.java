package io.strata.sim.engine;

import io.strata.core.config.ConfigException;
import io.strata.core.spec.ClusterSpec;
import io.strata.sim.model.CapacityRule;
import io.strata.sim.model.DeviceModel;
import io.strata.sim.power.PowerSettings;
import io.strata.sim.trace.TraceSource;

/**
 * Everything one simulation run needs, made with {@link #builder}. Policies are named as in a rule or in
 * {@code strata simulate}, and created by the decision core's own factories.
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
 * @param power           node and disk energy accounting and backup standby; null for none (device energy only)
 * @param intermediateIo  how much intermediate I/O is modeled on the local dirs ({@code fetches} by default,
 *                        {@code full})
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
    DeviceModel deviceModel,
    PowerSettings power,
    IntermediateIo intermediateIo) {

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
    if (intermediateIo == null) {
      throw new ConfigException("intermediate I/O model must be given (fetches or full)");
    }
  }

  /**
   * A run of {@code placement} and {@code retrieval} with hatS's simulation setup (V-A and V-H): 64 MB blocks, three
   * replicas, six map and two reduce slots per node, LRU eviction; SWIM's byte scaling; one reducer per GiB of
   * shuffle (Hive's default), at most 999; labelled {@code placement/retrieval} unless given a label.
   */
  public static Builder builder(ClusterSpec spec, TraceSource trace, String placement, String retrieval) {
    return new Builder(spec, trace, placement, retrieval);
  }

  /** A builder holding this config's settings, to derive a run that differs in a few. */
  public Builder toBuilder() {
    return new Builder(spec, trace, placement, retrieval).label(label).popularity(popularity).seed(seed)
        .blockSize(blockSize).replication(replication).slots(mapSlots, reduceSlots).byteScale(byteScale)
        .capacityRule(capacityRule).reducers(bytesPerReducer, maxReducers).jobLimit(jobLimit).inputModel(inputModel)
        .referenceSeconds(referenceSeconds).deviceModel(deviceModel).power(power).intermediateIo(intermediateIo);
  }

  /** The byte scale in force: the given one, else simulated nodes / traced nodes, else 1. */
  public double effectiveByteScale() {
    if (!Double.isNaN(byteScale)) {
      return byteScale;
    }
    return trace.tracedNodes() > 0 ? spec.nodes().size() / (double) trace.tracedNodes() : 1.0;
  }

  /** Settings of a run, each with hatS's default until set; {@link #build} checks them. */
  public static final class Builder {
    private final ClusterSpec spec;
    private final TraceSource trace;
    private final String placement;
    private final String retrieval;
    private String label;
    private String popularity = "none";
    private long seed = 42;
    private long blockSize = 64L << 20;
    private int replication = 3;
    private int mapSlots = 6;
    private int reduceSlots = 2;
    private double byteScale = Double.NaN;
    private CapacityRule capacityRule = CapacityRule.LRU;
    private long bytesPerReducer = 1L << 30;
    private int maxReducers = 999;
    private long jobLimit;
    private InputModel inputModel = InputModel.FB2010_FIT;
    private double referenceSeconds = 3600;
    private DeviceModel deviceModel = DeviceModel.POOLED;
    private PowerSettings power;
    private IntermediateIo intermediateIo = IntermediateIo.FETCHES;

    private Builder(ClusterSpec spec, TraceSource trace, String placement, String retrieval) {
      this.spec = spec;
      this.trace = trace;
      this.placement = placement;
      this.retrieval = retrieval;
    }

    public Builder label(String value) {
      label = value;
      return this;
    }

    public Builder popularity(String value) {
      popularity = value;
      return this;
    }

    public Builder seed(long value) {
      seed = value;
      return this;
    }

    public Builder blockSize(long value) {
      blockSize = value;
      return this;
    }

    public Builder replication(int value) {
      replication = value;
      return this;
    }

    public Builder slots(int maps, int reduces) {
      mapSlots = maps;
      reduceSlots = reduces;
      return this;
    }

    public Builder byteScale(double value) {
      byteScale = value;
      return this;
    }

    public Builder capacityRule(CapacityRule value) {
      capacityRule = value;
      return this;
    }

    public Builder reducers(long bytesPer, int max) {
      bytesPerReducer = bytesPer;
      maxReducers = max;
      return this;
    }

    public Builder jobLimit(long value) {
      jobLimit = value;
      return this;
    }

    public Builder inputModel(InputModel value) {
      inputModel = value;
      return this;
    }

    public Builder referenceSeconds(double value) {
      referenceSeconds = value;
      return this;
    }

    public Builder deviceModel(DeviceModel value) {
      deviceModel = value;
      return this;
    }

    /** Energy accounting, and with standby, backup volumes that sleep; null for none. */
    public Builder power(PowerSettings value) {
      power = value;
      return this;
    }

    /** How much of MapReduce's intermediate I/O the run models on the local dirs. */
    public Builder intermediateIo(IntermediateIo value) {
      intermediateIo = value;
      return this;
    }

    public SimConfig build() {
      return new SimConfig(label != null ? label : placement + "/" + retrieval, spec, trace, placement, retrieval,
          popularity, seed, blockSize, replication, mapSlots, reduceSlots, byteScale, capacityRule, bytesPerReducer,
          maxReducers, jobLimit, inputModel, referenceSeconds, deviceModel, power, intermediateIo);
    }
  }
}
