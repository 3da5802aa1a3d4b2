package io.strata.sim.engine;

import io.strata.core.device.DeviceProfile;
import io.strata.core.placement.PlacementPolicy;
import io.strata.core.popularity.AdvisorConfig;
import io.strata.core.popularity.FileAccess;
import io.strata.core.popularity.FileFacts;
import io.strata.core.popularity.PopularityPolicy;
import io.strata.core.popularity.StorageDecision;
import io.strata.core.retrieval.Locality;
import io.strata.core.retrieval.ReplicaChoice;
import io.strata.core.retrieval.RetrievalPolicy;
import io.strata.core.spec.NodeSpec;
import io.strata.core.spec.VolumeSpec;
import io.strata.sim.metrics.SimResult;
import io.strata.sim.model.FileStore;
import io.strata.sim.model.FileStore.Copy;
import io.strata.sim.model.FlowNetwork;
import io.strata.sim.model.SimCluster;
import io.strata.sim.model.SimFile;
import io.strata.sim.policy.SimPolicies;
import io.strata.sim.trace.SwimTraceReader;
import io.strata.sim.trace.TraceJob;
import io.strata.sim.trace.TraceReader;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
 *       once (intermediate data on each node's slowest local tier, HDD in hatS and AptStore, never a backup or
 *       ARCHIVE tier; map-side spill writes are not modeled), then writes its share of the output as a new file,
 *       block by block through an HDFS pipeline whose targets the placement policy chooses with the reducer as
 *       writer. Without shuffle bytes the maps write the output themselves.</li>
 *   <li>Transfers are flows over the cluster's shared devices, NICs and rack uplinks ({@link FlowNetwork}).</li>
 * </ul>
 */
public final class Simulator {
  /** Told how far the replay is. */
  public interface Progress {
    void jobsAdmitted(long admitted);

    /** Every 256 jobs: what the simulator holds now (the benchmark watches memory against these). */
    default void state(long admitted, long liveBlocks, long files, int flows) {}
  }

  private static final Progress SILENT = admitted -> { };

  /** Map nodes a reducer fetches from at once: Hadoop's default {@code mapreduce.reduce.shuffle.parallelcopies}. */
  static final int PARALLEL_COPIES = 5;

  /**
   * Copies one node sends at once for replication changes: HDFS's {@code dfs.namenode.replication.max-streams}
   * default. AptStore moves data "by a low priority background process"; this bound is how HDFS keeps it so.
   */
  static final int REPLICATION_STREAMS = 2;

  private Simulator() {}

  public static SimResult run(SimConfig config) {
    return run(config, SILENT);
  }

  /** Makes a run's popularity policy (or null for none), given the simulator's facts of every file. */
  public interface PopularityFactory {
    PopularityPolicy create(Supplier<List<FileFacts>> files);
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
  public static SimResult run(SimConfig config, Progress progress, PopularityFactory popularity) {
    return new Engine(config, progress, popularity).run();
  }

  private static final class Engine implements FileStore.Listener {
    private final SimConfig config;
    private final Progress progress;
    private final SimCluster cluster;
    private final FlowNetwork network;
    private final FileStore store;
    private final RetrievalPolicy retrieval;
    private final PopularityPolicy popularity;
    private final double byteScale;
    private final long blockSize;
    private final SplittableRandom schedulingRandom;
    private final SplittableRandom retrievalRandom;
    private final SplittableRandom inputRandom;
    private final int[] mapFree;
    private final int[] reduceFree;
    private final NodeSet freeMapNodes;
    private final NodeSet[] freeMapNodesInRack;
    private final NodeSet freeReduceNodes;
    private final int[] transfers;
    private final ArrayDeque<JobRun> mapQueue = new ArrayDeque<>();
    private final ArrayDeque<JobRun> reduceQueue = new ArrayDeque<>();
    private final ArrayDeque<Runnable> immediate = new ArrayDeque<>();
    private final int secondaryTier;
    /** Files whose storage change is under way: copies still to finish. */
    private final Map<SimFile, StorageChange> changing = new HashMap<>();
    /** Per source node: copies waiting for one of its replication streams. */
    private final Map<Integer, ArrayDeque<Copy>> copyQueues = new HashMap<>();
    private int[] copyStreams;
    private long jobsRunning;
    private InputPaths inputPaths;
    private double now;
    private long jobSequence;

    // Metrics.
    private long jobsDone;
    private long mapTasks;
    private long reduceTasks;
    private double firstSubmit = Double.NaN;
    private double lastFinish;
    private double totalJobSeconds;
    private double mapPhaseSeconds;
    private double reducePhaseSeconds;
    private long mapReadTasks;
    private double sumTaskRate;
    private double sumReadSeconds;
    private long bytesRead;
    private final long[] readBytesByTier;
    private final long[] readBytesByLocality = new long[Locality.values().length];
    private final double[] rateSumByTier;
    private final long[] readsByTier;
    private final double[] rateSumByLocality = new double[Locality.values().length];
    private final long[] readsByLocality = new long[Locality.values().length];
    private long unreadableBlocks;
    private final ActiveBlockReads activeReads = new ActiveBlockReads();
    private long bytesReadWhileBlockBusy;
    private long firstReadBytes;
    private double firstReadSeconds;
    private long networkRead;
    private long networkShuffle;
    private long networkWrite;
    private long crossRack;

    Engine(SimConfig config, Progress progress, PopularityFactory popularityFactory) {
      this.config = config;
      this.progress = progress;
      this.cluster = new SimCluster(config.spec(), config.deviceModel());
      this.network = cluster.network();
      SplittableRandom master = new SplittableRandom(config.seed());
      Random placementRandom = new Random(master.nextLong());
      this.schedulingRandom = master.split();
      this.retrievalRandom = master.split();
      this.inputRandom = master.split();
      PlacementPolicy placement = SimPolicies.placement(config.placement(), config.spec());
      this.retrieval = SimPolicies.retrieval(config.retrieval(), config.spec());
      this.store = new FileStore(cluster, placement, config.blockSize(), config.replication(), config.capacityRule(),
          placementRandom, this);
      this.popularity = popularityFactory.create(this::fileFacts);
      this.secondaryTier = SimPolicies.secondaryTier(config.spec()) == null ? -1
          : cluster.model().tierIndex(SimPolicies.secondaryTier(config.spec()));
      this.byteScale = config.effectiveByteScale();
      this.blockSize = config.blockSize();
      int nodes = cluster.nodeCount();
      mapFree = new int[nodes];
      copyStreams = new int[nodes];
      reduceFree = new int[nodes];
      transfers = new int[nodes];
      freeMapNodes = new NodeSet(nodes);
      freeReduceNodes = new NodeSet(nodes);
      freeMapNodesInRack = new NodeSet[cluster.rackCount()];
      for (int r = 0; r < freeMapNodesInRack.length; r++) {
        freeMapNodesInRack[r] = new NodeSet(nodes);
      }
      for (int n = 0; n < nodes; n++) {
        mapFree[n] = config.mapSlots();
        reduceFree[n] = config.reduceSlots();
        freeMapNodes.add(n);
        freeMapNodesInRack[cluster.rack(n)].add(n);
        freeReduceNodes.add(n);
      }
      readBytesByTier = new long[cluster.tiers().size()];
      rateSumByTier = new double[cluster.tiers().size()];
      readsByTier = new long[cluster.tiers().size()];
    }

    SimResult run() {
      long started = System.nanoTime();
      long jobs = config.trace().countJobs();
      if (config.jobLimit() > 0) {
        jobs = Math.min(jobs, config.jobLimit());
      }
      inputPaths = new InputPaths(config.inputModel(), jobs, inputRandom);
      long skipped;
      List<String> problems;
      try (TraceReader reader = config.trace().open()) {
        TraceJob next = reader.next();
        if (next == null) {
          throw SwimTraceReader.noJobs(reader);
        }
        long admitted = 0;
        double nextTick = config.referenceSeconds();
        while (true) {
          if (!immediate.isEmpty()) {
            immediate.poll().run();
            continue;
          }
          double flowTime = network.nextFinish();
          double jobTime = next != null ? next.submitSeconds() : Double.POSITIVE_INFINITY;
          // Reference times tick while jobs run; the copies of the last decisions may finish after them.
          boolean busy = next != null || jobsRunning > 0;
          double tickTime = popularity != null && busy ? nextTick : Double.POSITIVE_INFINITY;
          if (flowTime == Double.POSITIVE_INFINITY && jobTime == Double.POSITIVE_INFINITY
              && tickTime == Double.POSITIVE_INFINITY) {
            break;
          }
          if (flowTime <= jobTime && flowTime <= tickTime) {
            now = flowTime;
            network.finishNext();
          } else if (jobTime <= tickTime) {
            now = jobTime;
            admit(next);
            admitted++;
            if (admitted % 256 == 0) {
              progress.jobsAdmitted(admitted);
              progress.state(admitted, store.liveBlocks(), store.fileCount(), network.activeFlows());
            }
            next = config.jobLimit() > 0 && admitted >= config.jobLimit() ? null : reader.next();
          } else {
            now = tickTime;
            applyPopularity();
            nextTick += config.referenceSeconds();
          }
        }
        progress.jobsAdmitted(admitted);
        skipped = reader.skipped();
        problems = reader.problems();
      }
      if (!mapQueue.isEmpty() || !reduceQueue.isEmpty()) {
        throw new IllegalStateException("simulation ended with jobs still queued: " + mapQueue.size() + " map, "
            + reduceQueue.size() + " reduce");
      }
      return result(skipped, problems, (System.nanoTime() - started) / 1e9);
    }

    // ---- jobs ----

    private void admit(TraceJob trace) {
      if (Double.isNaN(firstSubmit)) {
        firstSubmit = now;
      }
      JobRun job = new JobRun(trace, jobSequence++, now);
      jobsRunning++;
      long input = Math.round(trace.inputBytes() * byteScale);
      long shuffle = Math.round(trace.shuffleBytes() * byteScale);
      long output = Math.round(trace.outputBytes() * byteScale);
      job.inputBytes = input;
      job.maps = input > 0 ? (int) ((input + blockSize - 1) / blockSize) : 1;
      job.shuffleBytes = shuffle;
      job.outputBytes = output;
      job.reducers = shuffle > 0
          ? (int) Math.min(config.maxReducers(), Math.max(1, (shuffle + config.bytesPerReducer() - 1) / config.bytesPerReducer()))
          : 0;
      if (input > 0) {
        job.input = store.input(inputPaths.pathFor(trace), input, now);
        job.input.pin();
        job.firstReadFrom = job.input.blocksEverRead();
        job.input.readUpTo(job.maps);
        if (popularity != null) {
          popularity.accessed(new FileAccess(job.input.path(), now, input, job.maps, null));
        }
      }
      job.shuffleSources = new int[Math.max(1, Math.min(job.maps, Math.max(job.reducers, PARALLEL_COPIES)))];
      job.started = new BitSet(job.maps);
      job.pendingMaps = job.maps;
      if (mapQueue.isEmpty()) {
        for (int task = 0; task < job.maps && freeMapNodes.size() > 0; task++) {
          startMap(job, task, nodeFor(job, task));
        }
      }
      if (job.pendingMaps > 0) {
        mapQueue.add(job);
      }
    }

    /** A free node for a task of a job that just arrived: one holding its block, else in such a node's rack. */
    private int nodeFor(JobRun job, int task) {
      if (job.input != null) {
        int holders = 0;
        int[] local = new int[job.input.replication()];
        int racks = 0;
        int[] rackChoices = new int[job.input.replication()];
        for (int s = 0; s < job.input.replication(); s++) {
          int packed = job.input.replica(task, s);
          if (packed == -1) {
            continue;
          }
          int node = SimFile.node(packed);
          if (mapFree[node] > 0) {
            local[holders++] = node;
          }
          if (freeMapNodesInRack[cluster.rack(node)].size() > 0) {
            rackChoices[racks++] = cluster.rack(node);
          }
        }
        if (holders > 0) {
          return local[schedulingRandom.nextInt(holders)];
        }
        if (racks > 0) {
          return freeMapNodesInRack[rackChoices[schedulingRandom.nextInt(racks)]].random(schedulingRandom);
        }
      }
      return freeMapNodes.random(schedulingRandom);
    }

    private void takeMapSlot(int node) {
      if (--mapFree[node] == 0) {
        freeMapNodes.remove(node);
        freeMapNodesInRack[cluster.rack(node)].remove(node);
      }
    }

    private void freeMapSlot(int node) {
      if (mapFree[node]++ == 0) {
        freeMapNodes.add(node);
        freeMapNodesInRack[cluster.rack(node)].add(node);
      }
      while (mapFree[node] > 0 && !mapQueue.isEmpty()) {
        JobRun job = mapQueue.peek();
        int task = job.take(node);
        startMap(job, task, node);
        if (job.pendingMaps == 0) {
          mapQueue.poll();
        }
      }
    }

    private void startMap(JobRun job, int task, int node) {
      job.markStarted(task);
      takeMapSlot(node);
      mapTasks++;
      job.shuffleSources[task % job.shuffleSources.length] = node;
      new MapTask(job, task, node).start();
    }

    private void mapDone(JobRun job, int node) {
      job.mapsDone++;
      if (job.mapsDone == job.maps) {
        job.mapsFinished = now;
        if (job.reducers > 0) {
          reduceQueue.add(job);
          serveReduces();
        } else {
          jobDone(job);
        }
      }
      freeMapSlot(node);
    }

    private void serveReduces() {
      while (!reduceQueue.isEmpty() && freeReduceNodes.size() > 0) {
        JobRun job = reduceQueue.peek();
        int node = freeReduceNodes.random(schedulingRandom);
        if (--reduceFree[node] == 0) {
          freeReduceNodes.remove(node);
        }
        int index = job.reducesStarted++;
        if (job.reducesStarted == job.reducers) {
          reduceQueue.poll();
        }
        reduceTasks++;
        new ReduceTask(job, index, node).start();
      }
    }

    private void reduceDone(JobRun job, int node) {
      if (reduceFree[node]++ == 0) {
        freeReduceNodes.add(node);
      }
      if (++job.reducesDone == job.reducers) {
        jobDone(job);
      }
      serveReduces();
    }

    private void jobDone(JobRun job) {
      jobsDone++;
      jobsRunning--;
      totalJobSeconds += now - job.submitted;
      mapPhaseSeconds += job.mapsFinished - job.submitted;
      reducePhaseSeconds += now - job.mapsFinished;
      lastFinish = Math.max(lastFinish, now);
      if (job.input != null) {
        job.input.unpin();
        store.touch(job.input, now);
      }
    }

    /** The share of {@code total} that part {@code index} of {@code parts} gets (remainder spread over the first). */
    private static long share(long total, int parts, int index) {
      return total / parts + (index < total % parts ? 1 : 0);
    }

    // ---- tasks ----

    private final class MapTask implements FlowNetwork.Listener {
      private final JobRun job;
      private final int task;
      private final int node;
      private int source = -1;
      private int tier;
      private Locality locality;

      MapTask(JobRun job, int task, int node) {
        this.job = job;
        this.task = task;
        this.node = node;
      }

      void start() {
        long bytes = job.input == null ? 0 : Math.min(blockSize, job.inputBytes - (long) task * blockSize);
        if (bytes <= 0) {
          immediate.add(this::readDone);
          return;
        }
        SimFile file = job.input;
        List<ReplicaChoice> choices = new ArrayList<>(file.replication());
        int[] packedOf = new int[file.replication()];
        for (int s = 0; s < file.replication(); s++) {
          int packed = file.replica(task, s);
          if (packed == -1) {
            continue;
          }
          int holder = SimFile.node(packed);
          packedOf[choices.size()] = packed;
          choices.add(new ReplicaChoice(cluster.host(holder), cluster.rackName(holder),
              cluster.tierName(SimFile.tier(packed)), transfers[holder]));
        }
        if (choices.isEmpty()) {
          unreadableBlocks++;
          immediate.add(this::readDone);
          return;
        }
        ReplicaChoice first = retrieval.order(cluster.host(node), cluster.rackName(node), choices, retrievalRandom).get(0);
        int packed = packedOf[choices.indexOf(first)];
        source = SimFile.node(packed);
        tier = SimFile.tier(packed);
        locality = Locality.of(cluster.host(node), cluster.rackName(node), first);
        if (locality != Locality.NODE_LOCAL) {
          networkRead += bytes;
          if (locality == Locality.REMOTE) {
            crossRack += bytes;
          }
        }
        transfers[source]++;
        if (source != node) {
          transfers[node]++;
        }
        if (activeReads.begin(file.path(), task)) {
          bytesReadWhileBlockBusy += bytes;
        }
        network.start(now, bytes, false, cluster.readPath(source, tier, node, file.blockKey(task)), this);
      }

      @Override
      public void finished(FlowNetwork.Flow flow, double at) {
        activeReads.end(job.input.path(), task);
        transfers[source]--;
        if (source != node) {
          transfers[node]--;
        }
        double seconds = at - flow.started();
        mapReadTasks++;
        double rate = flow.bytes() / seconds;
        sumTaskRate += rate;
        rateSumByTier[tier] += rate;
        readsByTier[tier]++;
        rateSumByLocality[locality.ordinal()] += rate;
        readsByLocality[locality.ordinal()]++;
        sumReadSeconds += seconds;
        bytesRead += flow.bytes();
        if (task >= job.firstReadFrom) {
          firstReadBytes += flow.bytes();
          firstReadSeconds += seconds;
        }
        readBytesByTier[tier] += flow.bytes();
        readBytesByLocality[locality.ordinal()] += flow.bytes();
        readDone();
      }

      private void readDone() {
        long output = job.reducers == 0 ? share(job.outputBytes, job.maps, task) : 0;
        if (output > 0) {
          SimFile file = store.createOutput("/out/" + job.sequence + "-" + job.trace.id() + "/m-" + task, now);
          new BlockWriter(file, output, node, () -> mapDone(job, node)).next();
        } else {
          mapDone(job, node);
        }
      }
    }

    private final class ReduceTask {
      private final JobRun job;
      private final int index;
      private final int node;
      private int fetching;

      ReduceTask(JobRun job, int index, int node) {
        this.job = job;
        this.index = index;
        this.node = node;
      }

      /**
       * Fetches the reducer's share of the shuffle from up to {@link #PARALLEL_COPIES} map nodes at once (Hadoop's
       * {@code mapreduce.reduce.shuffle.parallelcopies}): reducer r takes an equal part from each of the map nodes
       * recorded in slots r, r+1, ... of the job's shuffle sources.
       */
      void start() {
        long bytes = share(job.shuffleBytes, job.reducers, index);
        if (bytes <= 0) {
          immediate.add(this::shuffled);
          return;
        }
        int sources = job.shuffleSources.length;
        int copies = (int) Math.min(Math.min(PARALLEL_COPIES, sources), bytes);
        fetching = copies;
        for (int c = 0; c < copies; c++) {
          int source = job.shuffleSources[(index + c) % sources];
          long part = share(bytes, copies, c);
          if (source != node) {
            networkShuffle += part;
            if (cluster.rack(source) != cluster.rack(node)) {
              crossRack += part;
            }
          }
          transfers[source]++;
          if (source != node) {
            transfers[node]++;
          }
          network.start(now, part, false, cluster.readPath(source, cluster.intermediateTier(source), node, intermediateKey(c)),
              (flow, at) -> {
                transfers[source]--;
                if (source != node) {
                  transfers[node]--;
                }
                if (--fetching == 0) {
                  shuffled();
                }
              });
        }
      }

      /**
       * Stands for the intermediate data fetch {@code copy} of this reduce reads, so the per-volume model spreads a
       * job's map outputs over a node's volumes as MapReduce's local-directory allocator does.
       */
      private long intermediateKey(int copy) {
        return (long) job.sequence << 32 | ((index + copy) & 0xFFFFFFFFL);
      }

      private void shuffled() {
        long output = share(job.outputBytes, job.reducers, index);
        if (output > 0) {
          SimFile file = store.createOutput("/out/" + job.sequence + "-" + job.trace.id() + "/part-" + index, now);
          new BlockWriter(file, output, node, () -> reduceDone(job, node)).next();
        } else {
          reduceDone(job, node);
        }
      }
    }

    /** Writes bytes into a new file, one block at a time, each through its own pipeline. */
    private final class BlockWriter implements FlowNetwork.Listener {
      private final SimFile file;
      private final int writer;
      private final Runnable done;
      private long remaining;
      private int[] targets = new int[0];
      private int targetCount;

      BlockWriter(SimFile file, long bytes, int writer, Runnable done) {
        this.file = file;
        this.remaining = bytes;
        this.writer = writer;
        this.done = done;
      }

      void next() {
        if (remaining <= 0) {
          file.unpin();
          done.run();
          return;
        }
        long bytes = Math.min(blockSize, remaining);
        remaining -= bytes;
        int block = store.appendBlock(file, bytes, writer, now);
        int[] nodes = new int[file.replication()];
        int[] tiers = new int[file.replication()];
        targetCount = 0;
        for (int s = 0; s < file.replication(); s++) {
          int packed = file.replica(block, s);
          if (packed != -1) {
            nodes[targetCount] = SimFile.node(packed);
            tiers[targetCount++] = SimFile.tier(packed);
          }
        }
        if (targetCount == 0) {
          immediate.add(this::next); // no room anywhere: the block is lost, as a failed write would be
          return;
        }
        targets = nodes;
        int from = writer;
        for (int i = 0; i < targetCount; i++) {
          int to = nodes[i];
          if (from != to) {
            networkWrite += bytes;
            if (cluster.rack(from) != cluster.rack(to)) {
              crossRack += bytes;
            }
          }
          from = to;
        }
        transfers[writer]++;
        for (int i = 0; i < targetCount; i++) {
          if (nodes[i] != writer) {
            transfers[nodes[i]]++;
          }
        }
        network.start(now, bytes, true, cluster.writePath(writer, nodes, tiers, targetCount, file.blockKey(block)), this);
      }

      @Override
      public void finished(FlowNetwork.Flow flow, double at) {
        transfers[writer]--;
        for (int i = 0; i < targetCount; i++) {
          if (targets[i] != writer) {
            transfers[targets[i]]--;
          }
        }
        next();
      }
    }

    // ---- popularity hooks ----

    /**
     * Only output files are reported created: an input file counts as loaded some time before the job that first
     * reads it, so its first read is the first the policy hears of it (AptStore's i = 0 case). Reporting a creation
     * at the read's own time would make that read look like a very frequent re-read.
     */
    @Override
    public void created(SimFile file, double at) {
      if (popularity != null && file.output()) {
        popularity.created(file.path(), file.size(), file.blocks(), at);
      }
    }

    @Override
    public void deleted(SimFile file, double at) {
      if (popularity != null) {
        popularity.deleted(file.path(), at);
      }
    }

    /** What the simulator knows of every file, for the policy's plan. */
    private List<FileFacts> fileFacts() {
      List<FileFacts> facts = new ArrayList<>(store.fileCount());
      int secondaryOnly = secondaryTier < 0 ? -1 : 1 << secondaryTier;
      for (SimFile file : store.files()) {
        facts.add(new FileFacts(file.path(), file.replication(), file.tierMask() == secondaryOnly, file.size(),
            file.blocks()));
      }
      return facts;
    }

    /**
     * Applies the policy's decisions, as the daemon does through HDFS: replicas are dropped at once, and added by
     * copies that cross the devices and network like any transfer, at most {@link #REPLICATION_STREAMS} at a time
     * per source node, so running jobs keep most of the bandwidth. A new replica is readable once copied. A file
     * being written, or still changing from an earlier decision, is left for the next reference time.
     */
    private void applyPopularity() {
      for (StorageDecision decision : popularity.decide(now)) {
        SimFile file = store.get(decision.path());
        if (file == null || changing.containsKey(file) || (file.output() && file.pins() > 0)) {
          continue;
        }
        List<Copy> copies = store.changeStorage(file, decision.replication(), decision.tier());
        if (copies.isEmpty()) {
          continue;
        }
        changing.put(file, new StorageChange(decision, copies.size()));
        for (Copy copy : copies) {
          copyQueues.computeIfAbsent(copy.sourceNode(), n -> new ArrayDeque<>()).add(copy);
        }
        for (Copy copy : copies) {
          startCopies(copy.sourceNode());
        }
      }
    }

    private void startCopies(int source) {
      ArrayDeque<Copy> queue = copyQueues.get(source);
      while (queue != null && !queue.isEmpty() && copyStreams[source] < REPLICATION_STREAMS) {
        Copy copy = queue.poll();
        copyStreams[source]++;
        int to = copy.targetNode();
        if (source != to) {
          networkWrite += copy.bytes();
          if (cluster.rack(source) != cluster.rack(to)) {
            crossRack += copy.bytes();
          }
          transfers[to]++;
        }
        transfers[source]++;
        network.start(now, copy.bytes(), true, cluster.copyPath(source, copy.sourceTier(), to, copy.targetTier(),
            copy.file().blockKey(copy.block())),
            (flow, at) -> copied(copy));
      }
    }

    private void copied(Copy copy) {
      int source = copy.sourceNode();
      copyStreams[source]--;
      transfers[source]--;
      if (copy.targetNode() != source) {
        transfers[copy.targetNode()]--;
      }
      StorageChange change = changing.get(copy.file());
      store.finishCopy(copy, change.decision.replication(), change.decision.tier());
      if (--change.pending == 0) {
        changing.remove(copy.file());
        if (store.get(copy.file().path()) == copy.file()) {
          store.finishChange(copy.file());
        }
      }
      startCopies(source);
    }

    /** A decision being carried out. */
    private static final class StorageChange {
      final StorageDecision decision;
      int pending;

      StorageChange(StorageDecision decision, int pending) {
        this.decision = decision;
        this.pending = pending;
      }
    }

    // ---- results ----

    private SimResult result(long skipped, List<String> problems, double wallSeconds) {
      int tiers = cluster.tiers().size();
      Map<String, Double> byTier = new LinkedHashMap<>();
      for (int t = 0; t < tiers; t++) {
        byTier.put(cluster.tierName(t), fraction(readBytesByTier[t], bytesRead));
      }
      Map<String, Double> rateByTier = new LinkedHashMap<>();
      for (int t = 0; t < tiers; t++) {
        rateByTier.put(cluster.tierName(t), readsByTier[t] == 0 ? 0 : rateSumByTier[t] / readsByTier[t] / 1e6);
      }
      Map<String, Double> byLocality = new LinkedHashMap<>();
      Map<String, Double> rateByLocality = new LinkedHashMap<>();
      for (Locality locality : Locality.values()) {
        String name = locality.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        int l = locality.ordinal();
        byLocality.put(name, fraction(readBytesByLocality[l], bytesRead));
        rateByLocality.put(name, readsByLocality[l] == 0 ? 0 : rateSumByLocality[l] / readsByLocality[l] / 1e6);
      }
      Map<String, Long> stored = new LinkedHashMap<>();
      Map<String, Long> peak = new LinkedHashMap<>();
      long storedTotal = 0;
      double cost = 0;
      double[] costPerGb = tierCostPerGb();
      for (int t = 0; t < tiers; t++) {
        stored.put(cluster.tierName(t), store.usedBytes(t));
        peak.put(cluster.tierName(t), store.peakUsedBytes(t));
        storedTotal += store.usedBytes(t);
        cost += store.peakUsedBytes(t) / 1e9 * costPerGb[t];
      }
      double end = now;
      double[] joules = new double[tiers];
      for (SimCluster.DeviceGroup group : cluster.deviceGroups()) {
        double busy = network.busyDeviceSeconds(group.resource(), end);
        joules[group.tier()] += busy * group.activeWatts() + (group.devices() * end - busy) * group.idleWatts();
      }
      Map<String, Double> energyByTier = new LinkedHashMap<>();
      double energy = 0;
      for (int t = 0; t < tiers; t++) {
        energyByTier.put(cluster.tierName(t), joules[t]);
        energy += joules[t];
      }
      SimResult.Run run = new SimResult.Run(config.label(), config.placement(), config.retrieval(), config.popularity(),
          config.seed(), config.spec().name(), cluster.nodeCount(), cluster.rackCount(), config.trace().name(),
          byteScale, blockSize, config.capacityRule().label(), skipped, problems);
      SimResult.Io io = new SimResult.Io(mapReadTasks == 0 ? 0 : sumTaskRate / mapReadTasks / 1e6,
          sumReadSeconds == 0 ? 0 : bytesRead / sumReadSeconds / 1e6, bytesRead, byTier, byLocality, rateByTier,
          rateByLocality, unreadableBlocks, bytesRead == 0 ? 0 : (double) bytesReadWhileBlockBusy / bytesRead,
          bytesRead == 0 ? 0 : (double) firstReadBytes / bytesRead,
          firstReadSeconds == 0 ? 0 : firstReadBytes / firstReadSeconds / 1e6, rereadCeilingMBps());
      SimResult.Network net = new SimResult.Network(networkRead + networkShuffle + networkWrite, crossRack, networkRead,
          networkShuffle, networkWrite);
      SimResult.Time time = new SimResult.Time(jobsDone == 0 ? 0 : totalJobSeconds / jobsDone, totalJobSeconds,
          Double.isNaN(firstSubmit) ? 0 : lastFinish - firstSubmit, mapPhaseSeconds, reducePhaseSeconds);
      SimResult.Storage storage = new SimResult.Storage(stored, peak, storedTotal, store.peakTotalBytes(),
          cost, store.fallbacks(), store.unplacedReplicas(), store.evictedFiles(), store.evictedBytes(),
          store.movedReplicaBytes());
      SimResult.Performance performance = new SimResult.Performance(wallSeconds, network.flowsStarted(),
          network.peakFlows(), store.peakLiveBlocks(), store.liveBlocks());
      return new SimResult(run, jobsDone, mapTasks, reduceTasks, io, net, time, storage,
          new SimResult.Energy(energyByTier, energy), performance);
    }

    /**
     * Read throughput had every block read before been read again at the fastest device's full rate, the first
     * reads taking the time they took: the most any replication or tiering policy can give without making first
     * reads faster, since it knows nothing of a block before its first read.
     */
    private double rereadCeilingMBps() {
      double seconds = firstReadSeconds + (bytesRead - firstReadBytes) / cluster.fastestReadBytesPerSecond();
      return seconds == 0 ? 0 : bytesRead / seconds / 1e6;
    }

    /** Each tier's purchase cost per GB: the capacity-weighted mean of its devices' costs. */
    private double[] tierCostPerGb() {
      int tiers = cluster.tiers().size();
      double[] dollars = new double[tiers];
      double[] bytes = new double[tiers];
      for (NodeSpec node : config.spec().nodes()) {
        for (int v = 0; v < node.volumes().size(); v++) {
          VolumeSpec volume = node.volumes().get(v);
          int t = cluster.model().tierIndex(config.spec().tierOf(node, v));
          DeviceProfile device = volume.device();
          dollars[t] += volume.capacityBytes() / 1e9 * device.costPerGB();
          bytes[t] += volume.capacityBytes() / 1e9;
        }
      }
      double[] perGb = new double[tiers];
      for (int t = 0; t < tiers; t++) {
        perGb[t] = bytes[t] == 0 ? 0 : dollars[t] / bytes[t];
      }
      return perGb;
    }

    private static double fraction(long part, long total) {
      return total == 0 ? 0 : part / (double) total;
    }

    // ---- a job in flight ----

    private final class JobRun {
      final TraceJob trace;
      final long sequence;
      final double submitted;
      SimFile input;
      /** Maps from this index on read a block no job read before. */
      int firstReadFrom;
      long inputBytes;
      long shuffleBytes;
      long outputBytes;
      int maps;
      int reducers;
      int pendingMaps;
      int mapsDone;
      int reducesStarted;
      int reducesDone;
      double mapsFinished;
      int[] shuffleSources;
      BitSet started;
      private IntStack[] byNode;
      private IntStack[] byRack;
      private int anyCursor;

      JobRun(TraceJob trace, long sequence, double submitted) {
        this.trace = trace;
        this.sequence = sequence;
        this.submitted = submitted;
      }

      void markStarted(int task) {
        started.set(task);
        pendingMaps--;
      }

      /** A pending task for a free slot on {@code node}: node-local, else rack-local, else the first pending. */
      int take(int node) {
        if (input != null) {
          if (byNode == null) {
            index();
          }
          int task = pop(byNode[node]);
          if (task < 0) {
            task = pop(byRack[cluster.rack(node)]);
          }
          if (task >= 0) {
            return task;
          }
        }
        anyCursor = started.nextClearBit(anyCursor);
        return anyCursor;
      }

      private int pop(IntStack stack) {
        while (stack != null && !stack.isEmpty()) {
          int task = stack.pop();
          if (!started.get(task)) {
            return task;
          }
        }
        return -1;
      }

      /** Which pending tasks have a replica on each node and in each rack, built when the job first waits. */
      private void index() {
        byNode = new IntStack[cluster.nodeCount()];
        byRack = new IntStack[cluster.rackCount()];
        for (int task = maps - 1; task >= 0; task--) {
          if (started.get(task)) {
            continue;
          }
          for (int s = 0; s < input.replication(); s++) {
            int packed = input.replica(task, s);
            if (packed == -1) {
              continue;
            }
            int node = SimFile.node(packed);
            int rack = cluster.rack(node);
            (byNode[node] == null ? byNode[node] = new IntStack() : byNode[node]).push(task);
            (byRack[rack] == null ? byRack[rack] = new IntStack() : byRack[rack]).push(task);
          }
        }
      }
    }
  }
}
