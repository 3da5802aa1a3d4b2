package io.strata.sim.engine;

import io.strata.core.config.ConfigException;
import io.strata.core.energy.CurrentWriteGroup;
import io.strata.core.model.ClusterModel;
import io.strata.core.placement.PlacementPolicy;
import io.strata.core.popularity.AdvisorConfig;
import io.strata.core.popularity.FileFacts;
import io.strata.core.popularity.PopularityPolicy;
import io.strata.sim.metrics.IntermediateStatistics;
import io.strata.sim.metrics.JobStatistics;
import io.strata.sim.metrics.ReadStatistics;
import io.strata.sim.metrics.SimResult;
import io.strata.sim.metrics.TrafficStatistics;
import io.strata.sim.model.FileStore;
import io.strata.sim.model.SimCluster;
import io.strata.sim.policy.SimPolicies;
import io.strata.sim.power.BackupPower;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * Replays a trace on a modeled cluster, event by event, with the decision core's placement, retrieval and
 * popularity policies making every choice they make on a real cluster.
 *
 * <p>The job model (Hadoop 1 MapReduce, as hatS and AptStore simulated it):
 * <ul>
 *   <li>A job reads its input file (the first {@code input bytes} of it), one map task per block. Maps take free
 *       map slots in FIFO job order; a free slot takes a task whose block has a replica on its node, else in its
 *       rack, else any (no delay scheduling). The map reads its block from the replica the retrieval policy puts
 *       first for the map's node. Map compute time is not modeled: tasks are I/O-bound.</li>
 *   <li>With shuffle bytes, {@code ceil(shuffle / bytesPerReducer)} reducers start when all maps are done, on
 *       free reduce slots drawn at random. Each reducer fetches its share of the shuffle from five map nodes at
 *       once (intermediate data on each node's intermediate tier: the spec's {@code intermediate} key, else its
 *       slowest local tier, HDD in hatS and AptStore, never a backup or ARCHIVE tier; with
 *       {@link IntermediateIo#FULL} also the maps' spills and merges, a positioning per shuffle segment and the
 *       reducer's merge to disk, {@link LocalDirIo}), then writes its share of the output as a new file,
 *       block by block through an HDFS pipeline whose targets the placement policy chooses with the reducer as
 *       writer. Without shuffle bytes the maps write the output themselves.</li>
 *   <li>Transfers are flows over the cluster's shared devices, NICs and rack uplinks
 *       ({@link io.strata.sim.model.FlowNetwork}).</li>
 * </ul>
 *
 * <p>This class wires one run's parts: {@link EventLoop} drives the clock, {@link JobScheduler} hands out slots to
 * {@link MapTask}s (which read through {@link BlockReader}) and {@link ReduceTask}s (both write through
 * {@link BlockWriter}), {@link PopularityFeed} tells the popularity policy and {@link StorageChanges} carries out its
 * decisions; the statistics in {@code io.strata.sim.metrics} only count, and {@link ResultAssembler} sums up.
 */
public final class Simulator {
  /** Told how far the replay is. */
  public interface Progress {
    void jobsAdmitted(long admitted);

    /** Every 256 jobs: what the simulator holds now (the benchmark watches memory against these). */
    default void state(long admitted, long liveBlocks, long files, int flows) {}
  }

  /** Makes a run's popularity policy (or null for none), given the simulator's facts of every file. */
  public interface PopularityFactory {
    PopularityPolicy create(Supplier<List<FileFacts>> files);
  }

  private static final Progress SILENT = admitted -> {};

  private Simulator() {}

  public static SimResult run(SimConfig config) {
    return run(config, SILENT);
  }

  /**
   * Runs with the popularity policy the config names, made by {@link SimPolicies#popularity} with the simulator's
   * constants and the config's reference time.
   */
  public static SimResult run(SimConfig config, Progress progress) {
    return run(config, progress, files -> SimPolicies.popularity(config.popularity(), config.spec(), files,
        AdvisorConfig.defaults(), Math.round(config.referenceSeconds())));
  }

  /** Runs with a given popularity policy object (null for none) instead of the one named in the config. */
  public static SimResult run(SimConfig config, Progress progress, PopularityPolicy popularity) {
    return run(config, progress, files -> popularity);
  }

  /** Runs with the popularity policy the factory makes (tests wrap the named ones to watch them). */
  public static SimResult run(SimConfig config, Progress progress, PopularityFactory popularityFactory) {
    try {
      return replay(config, progress, popularityFactory);
    } catch (RuntimeException | Error e) {
      if (config.power() != null && config.power().recorder() != null) {
        config.power().recorder().fail(e);
      }
      throw e;
    }
  }

  private static SimResult replay(SimConfig config, Progress progress, PopularityFactory popularityFactory) {
    if (config.power() != null && config.power().standby() && !config.popularity().trim().equals(
        SimPolicies.NO_POPULARITY)) {
      throw new ConfigException("backup standby in the simulator does not model the copies a popularity policy "
          + "makes; run '" + config.label() + "' with popularity none");
    }
    SimCluster cluster = new SimCluster(config.spec(), config.deviceModel());
    // The random streams are drawn in this order so that a seed gives the same run as it always did.
    SplittableRandom master = new SplittableRandom(config.seed());
    Random placementRandom = new Random(master.nextLong());
    SplittableRandom schedulingRandom = master.split();
    SplittableRandom retrievalRandom = master.split();
    SplittableRandom inputRandom = master.split();
    PlacementPolicy placement = SimPolicies.placement(config.placement(), config.spec());
    PopularityFeed popularity = new PopularityFeed(secondaryTier(config, cluster));
    FileStore store = new FileStore(cluster, placement, config.blockSize(), config.replication(),
        config.capacityRule(), placementRandom, popularity);
    BackupPower power = config.power() == null ? null : new BackupPower(cluster, config.power());
    RunContext run = new RunContext(cluster, cluster.network(), store, new EventClock(),
        new NodeTransfers(cluster.nodeCount()), new ReadStatistics(cluster.tiers().size()), new TrafficStatistics(),
        config.blockSize(), power, config.intermediateIo(), new IntermediateStatistics(cluster.tiers().size()));
    if (config.power() != null && config.power().writeGroup() != null) {
      List<String> hosts = cluster.model().nodes().stream().map(ClusterModel.Node::host).toList();
      cluster.model().useWriteGroup(new CurrentWriteGroup(config.power().writeGroup(), () -> hosts, run::now)::members);
    }
    popularity.start(run, popularityFactory);
    BlockReader reader = new BlockReader(run, SimPolicies.retrieval(config.retrieval(), config.spec()),
        retrievalRandom);
    JobStatistics jobs = new JobStatistics();
    long started = System.nanoTime();
    InputPaths inputPaths = new InputPaths(config.inputModel(), jobsToReplay(config), inputRandom);
    JobScheduler scheduler = new JobScheduler(run, config, schedulingRandom, inputPaths, reader, popularity, jobs);
    EventLoop.TraceEnd trace = new EventLoop(config, run, scheduler, popularity, progress).run();
    return new ResultAssembler(config, run, jobs).assemble(trace, (System.nanoTime() - started) / 1e9);
  }

  private static long jobsToReplay(SimConfig config) {
    long jobs = config.trace().countJobs();
    return config.jobLimit() > 0 ? Math.min(jobs, config.jobLimit()) : jobs;
  }

  /** The index of AptStore's secondary storage tier, whose files count as demoted; -1 without one. */
  private static int secondaryTier(SimConfig config, SimCluster cluster) {
    String secondary = SimPolicies.secondaryTier(config.spec());
    return secondary == null ? -1 : cluster.model().tierIndex(secondary);
  }
}
