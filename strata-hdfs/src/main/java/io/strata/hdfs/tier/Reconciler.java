package io.strata.hdfs.tier;

import io.strata.core.config.ByteSize;
import io.strata.core.placement.TierLayout;
import io.strata.core.tier.TierMap;
import io.strata.hdfs.tier.MovePlanner.Blocked;
import io.strata.hdfs.tier.MovePlanner.Candidate;
import io.strata.hdfs.tier.MovePlanner.Done;
import io.strata.hdfs.tier.MovePlanner.Holder;
import io.strata.hdfs.tier.MovePlanner.Move;
import io.strata.hdfs.tier.MovePlanner.Step;
import io.strata.hdfs.tier.MovePlanner.WaitForNameNode;
import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.fs.BlockStoragePolicySpi;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.BlockStoragePolicy;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.DatanodeInfoWithStorage;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.protocol.LocatedBlocks;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings files to their wanted tier layouts and replication with block moves ({@link BlockMover}), verifying
 * each move with the NameNode before the next: the one machinery behind every tier API call and every repair
 * and demotion of the tier monitor. It starts from what the NameNode reports every time, so running it again
 * after a crash (of a DataNode or of this process) just continues.
 */
final class Reconciler {
  private static final Logger LOG = LoggerFactory.getLogger(Reconciler.class);
  private static final int MAX_PROBLEMS = 20;

  /**
   * What one file should become.
   *
   * @param file        absolute path
   * @param replication replicas per block
   * @param layout      the tier of each replica, or null when the file's policy sets no tiers per file
   */
  record Target(String file, short replication, TierLayout layout) {}

  /** Totals of one run. */
  static final class Outcome {
    final AtomicInteger files = new AtomicInteger();
    final AtomicInteger blocks = new AtomicInteger();
    final AtomicInteger blocksDone = new AtomicInteger();
    final AtomicInteger moves = new AtomicInteger();
    final AtomicInteger failedMoves = new AtomicInteger();
    final AtomicLong bytesMoved = new AtomicLong();
    final Set<String> unfinishedFiles = ConcurrentHashMap.newKeySet();
    final List<String> problems = Collections.synchronizedList(new ArrayList<>());
    final AtomicInteger problemCount = new AtomicInteger();

    boolean complete() {
      return unfinishedFiles.isEmpty();
    }

    void problem(String file, String text) {
      unfinishedFiles.add(file);
      problemCount.incrementAndGet();
      if (problems.size() < MAX_PROBLEMS) {
        problems.add(file + ": " + text);
      }
    }
  }

  private final DistributedFileSystem fs;
  private final ClusterView view;
  private final BlockMover mover;
  private final TierSettings settings;
  /** Bytes this run already sent to each volume (node UUID + tier), so targets are not overfilled. */
  private final Map<String, Long> sent = new ConcurrentHashMap<>();
  /** DataNodes that could not be reached during this run: never a target or proxy again in it. */
  private final Set<String> unreachable = ConcurrentHashMap.newKeySet();

  Reconciler(DistributedFileSystem fs, ClusterView view, BlockMover mover, TierSettings settings) {
    this.fs = fs;
    this.view = view;
    this.mover = mover;
    this.settings = settings;
  }

  /**
   * Reconciles every target; blocks of all files are moved in parallel. A thread is busy only while a DataNode
   * copies; a block waiting for the NameNode (to list a new replica, drop a replaced one, re-replicate) is looked
   * at again a poll interval later, so waits do not hold back the other blocks.
   */
  Outcome run(List<Target> targets) throws IOException {
    Outcome outcome = new Outcome();
    List<BlockTask> tasks = new ArrayList<>();
    for (Target target : targets) {
      tasks.addAll(prepare(target, outcome));
    }
    if (tasks.isEmpty()) {
      return outcome;
    }
    ScheduledThreadPoolExecutor pool = new ScheduledThreadPoolExecutor(Math.min(settings.parallelMoves(), tasks.size()),
        r -> {
          Thread thread = new Thread(r, "strata-tier-move");
          thread.setDaemon(true);
          return thread;
        });
    CountDownLatch finished = new CountDownLatch(tasks.size());
    try {
      for (BlockTask task : tasks) {
        task.start(pool, outcome, finished);
      }
      finished.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while moving blocks");
    } finally {
      pool.shutdownNow();
    }
    return outcome;
  }

  /** Sets replication and storage policy, and lists the file's blocks. */
  private List<BlockTask> prepare(Target target, Outcome outcome) throws IOException {
    Path path = new Path(target.file());
    FileStatus status;
    try {
      status = fs.getFileStatus(path);
    } catch (FileNotFoundException e) {
      outcome.problem(target.file(), "deleted while the operation ran");
      return List.of();
    }
    outcome.files.incrementAndGet();
    if (target.layout() != null) {
      alignStoragePolicy(path, target.layout());
    }
    if (status.getReplication() != target.replication()) {
      fs.setReplication(path, target.replication());
      LOG.info("{}: replication {} -> {}", target.file(), status.getReplication(), target.replication());
    }
    LocatedBlocks located = fs.getClient().getLocatedBlocks(target.file(), 0, Long.MAX_VALUE);
    if (located.isUnderConstruction()) {
      outcome.problem(target.file(), "open for writing; its blocks are left alone until it is closed");
      return List.of();
    }
    List<BlockTask> tasks = new ArrayList<>();
    if (target.layout() == null) {
      return tasks; // no tiers to reach; the NameNode adjusts the replica count on its own
    }
    for (LocatedBlock block : located.getLocatedBlocks()) {
      outcome.blocks.incrementAndGet();
      tasks.add(new BlockTask(target, block.getStartOffset(), block.getBlock().getBlockId()));
    }
    return tasks;
  }

  /**
   * Gives the file the HDFS storage policy whose storage types match the layout's, when HDFS has one, so that
   * the NameNode's own choices by storage type (which replica is extra, the Mover's view) agree with the layout.
   */
  private void alignStoragePolicy(Path path, TierLayout layout) throws IOException {
    BlockStoragePolicySpi current = fs.getStoragePolicy(path);
    Optional<BlockStoragePolicy> match = storagePolicyFor(fs, layout, view.tierMap(), current.getName());
    if (match.isPresent() && !match.get().getName().equals(current.getName())) {
      fs.setStoragePolicy(path, match.get().getName());
      LOG.info("{}: HDFS storage policy {} -> {} (storage types of layout {})", path, current.getName(),
          match.get().getName(), layout);
    }
  }

  /**
   * The HDFS storage policy whose storage types for the layout's replica count are the layout's, preferring
   * {@code currentName} when it is one of several; empty when HDFS has none (e.g. a mix no policy makes).
   */
  static Optional<BlockStoragePolicy> storagePolicyFor(DistributedFileSystem fs, TierLayout layout, TierMap tierMap,
      String currentName) throws IOException {
    List<StorageType> wanted = new ArrayList<>();
    for (String tier : layout.tiers()) {
      wanted.add(StorageType.valueOf(tierMap.get(tier).storageKind().name()));
    }
    Collections.sort(wanted);
    BlockStoragePolicy match = null;
    for (BlockStoragePolicy policy : fs.getAllStoragePolicies()) {
      if (policy.isCopyOnCreateFile() || policy.getName().equals("PROVIDED")) {
        continue;
      }
      List<StorageType> types = new ArrayList<>(policy.chooseStorageTypes((short) wanted.size()));
      Collections.sort(types);
      if (types.equals(wanted) && (match == null || policy.getName().equals(currentName))) {
        match = policy;
      }
    }
    return Optional.ofNullable(match);
  }

  /**
   * Moves one block until it has its wanted tiers, one verified move at a time: each step reads the block's
   * replicas, finishes waiting for the previous move if the NameNode has not caught up, or asks the planner.
   */
  private final class BlockTask implements Runnable {
    private final Target target;
    private final long offset;
    private final long blockId;
    private final List<String> wanted;
    private final Set<String> failedTargets = ConcurrentHashMap.newKeySet();
    private ScheduledThreadPoolExecutor pool;
    private Outcome outcome;
    private CountDownLatch finished;
    private int failures;
    private int moves;
    private long waitingSince = -1;
    /** The last move, until the NameNode lists its replica and has dropped the one it replaced. */
    private Pending pending;

    private record Pending(Move move, int replicasBefore, long bytes, long deadline) {}

    BlockTask(Target target, long offset, long blockId) {
      this.target = target;
      this.offset = offset;
      this.blockId = blockId;
      this.wanted = target.layout().tiersFor(target.replication());
    }

    void start(ScheduledThreadPoolExecutor executor, Outcome totals, CountDownLatch latch) {
      this.pool = executor;
      this.outcome = totals;
      this.finished = latch;
      pool.execute(this);
    }

    @Override
    public void run() {
      String unfinished;
      try {
        Long again = step();
        if (again != null) {
          if (pool.isShutdown()) {
            throw new InterruptedIOException("stopped");
          }
          pool.schedule(this, again, TimeUnit.MILLISECONDS);
          return;
        }
        unfinished = null;
      } catch (Unfinished e) {
        unfinished = e.getMessage();
      } catch (InterruptedIOException | RejectedExecutionException e) {
        unfinished = "interrupted";
      } catch (Throwable e) { // whatever happens, the block is reported and the caller released
        LOG.warn("{} block {}: {}", target.file(), blockId, e.toString());
        unfinished = e.toString();
      }
      if (unfinished == null) {
        outcome.blocksDone.incrementAndGet();
      } else {
        outcome.problem(target.file(), "block " + blockId + ": " + unfinished);
      }
      finished.countDown();
    }

    /** One step; returns when to look again (ms), or null when the block is done. */
    private Long step() throws IOException {
      long poll = settings.pollInterval().toMillis();
      LocatedBlock block = locate();
      if (block == null) {
        throw new Unfinished("the file changed while the operation ran (block gone)");
      }
      List<Holder> holders = holders(block);
      if (pending != null && !caughtUp(holders)) {
        return poll;
      }
      Step step = MovePlanner.next(holders, wanted, candidates(), block.getBlockSize());
      if (step instanceof Done) {
        return null;
      }
      if (step instanceof Blocked blocked) {
        throw new Unfinished(blocked.reason());
      }
      if (step instanceof WaitForNameNode wait) {
        long now = System.nanoTime();
        if (waitingSince < 0) {
          waitingSince = now;
        } else if (now - waitingSince > settings.nameNodeWait().toNanos()) {
          throw new Unfinished("pending: " + wait.reason());
        }
        return poll;
      }
      waitingSince = -1;
      Move move = (Move) step;
      if (++moves > 4 * wanted.size() + 4) {
        throw new Unfinished("no progress after " + (moves - 1) + " moves");
      }
      try {
        execute(block, move);
        pending = new Pending(move, holders.size(), block.getBlockSize(),
            System.nanoTime() + settings.confirmTimeout().toNanos());
      } catch (IOException e) {
        outcome.failedMoves.incrementAndGet();
        if (++failures >= settings.maxFailuresPerBlock()) {
          throw new Unfinished("gave up after " + failures + " failed moves, last: " + e.getMessage());
        }
      }
      return 0L;
    }

    /**
     * Whether the NameNode shows the last move's new replica and, for a copy to another node, has dropped one
     * replica again (normally the replaced one). Until then the next decision would start from a stale view.
     */
    private boolean caughtUp(List<Holder> now) throws Unfinished {
      Pending last = pending;
      Move move = last.move();
      boolean arrived = now.stream()
          .anyMatch(h -> h.node().equals(move.target().node()) && h.tier().equals(move.target().tier()));
      // The NameNode deletes only beyond the replication factor.
      boolean settled = move.sameNode()
          ? now.stream().noneMatch(h -> h.node().equals(move.source().node()) && h.tier().equals(move.source().tier()))
          : now.size() <= Math.max(last.replicasBefore(), target.replication());
      if (arrived && settled) {
        pending = null;
        return true;
      }
      if (System.nanoTime() < last.deadline()) {
        return false;
      }
      pending = null;
      if (!arrived) {
        outcome.failedMoves.incrementAndGet();
        outcome.moves.decrementAndGet();
        outcome.bytesMoved.addAndGet(-last.bytes());
        if (++failures >= settings.maxFailuresPerBlock()) {
          throw new Unfinished("the NameNode does not list the moved replicas on " + move.target().host());
        }
      }
      return true; // listed but the replaced replica not yet dropped: the planner waits for the NameNode
    }

    private void execute(LocatedBlock block, Move move) throws IOException {
      DatanodeInfo targetNode = view.nodes().get(move.target().node());
      DatanodeInfo sourceNode = node(block, move.source().node());
      DatanodeInfo proxy = move.sameNode() ? targetNode : proxy(block, move);
      StorageType type = StorageType.valueOf(view.tierMap().get(move.target().tier()).storageKind().name());
      MoveListener.Move event = new MoveListener.Move(target.file(), blockId, block.getBlockSize(),
          move.source().host(), move.source().tier(), move.target().host(), move.target().tier(), move.reason());
      String volumeKey = move.target().node() + "/" + move.target().tier();
      sent.merge(volumeKey, block.getBlockSize(), Long::sum);
      settings.listener().starting(event);
      try {
        if (proxy == null) {
          throw new IOException("no reachable DataNode holds a replica to copy from");
        }
        mover.replace(block.getBlock(), targetNode, type, proxy, move.sameNode() ? null : sourceNode);
      } catch (IOException e) {
        sent.merge(volumeKey, -block.getBlockSize(), Long::sum);
        if (isUnreachable(e)) {
          unreachable.add(move.target().node());
        } else if (proxy != null && !move.sameNode() && mentionsUnreachablePeer(e)) {
          // The target answered but could not reach the replica it was to copy from.
          unreachable.add(proxy.getDatanodeUuid());
        }
        failedTargets.add(volumeKey);
        LOG.warn("{} block {} ({}): {} {} -> {} {} failed: {}", target.file(), blockId,
            ByteSize.format(block.getBlockSize()), move.source().host(), move.source().tier(), move.target().host(),
            move.target().tier(), e.getMessage());
        settings.listener().failed(event, e);
        throw e;
      }
      outcome.moves.incrementAndGet();
      outcome.bytesMoved.addAndGet(block.getBlockSize());
      LOG.info("{} block {} ({}): moved {} {} -> {} {} ({})", target.file(), blockId,
          ByteSize.format(block.getBlockSize()), move.source().host(), move.source().tier(), move.target().host(),
          move.target().tier(), move.reason());
      settings.listener().done(event);
    }

    private LocatedBlock locate() throws IOException {
      LocatedBlocks blocks;
      try {
        blocks = fs.getClient().getLocatedBlocks(target.file(), offset, 1);
      } catch (FileNotFoundException e) {
        return null;
      }
      for (LocatedBlock block : blocks.getLocatedBlocks()) {
        if (block.getBlock().getBlockId() == blockId) {
          return block;
        }
      }
      return null;
    }

    private List<Holder> holders(LocatedBlock block) {
      List<Holder> holders = new ArrayList<>();
      DatanodeInfoWithStorage[] locations = block.getLocations();
      for (DatanodeInfoWithStorage location : locations) {
        if (!view.nodes().containsKey(location.getDatanodeUuid())) {
          continue; // not live when the operation started; the NameNode counts it out soon
        }
        holders.add(new Holder(location.getDatanodeUuid(), location.getHostName(), location.getNetworkLocation(),
            view.tierOf(location, location.getStorageType()), !unreachable.contains(location.getDatanodeUuid())));
      }
      return holders;
    }

    private List<Candidate> candidates() {
      List<Candidate> candidates = new ArrayList<>();
      for (ClusterView.Volume volume : view.volumes()) {
        String key = volume.uuid() + "/" + volume.tier();
        if (unreachable.contains(volume.uuid()) || failedTargets.contains(key)) {
          continue;
        }
        long room = volume.remaining() - sent.getOrDefault(key, 0L);
        candidates.add(new Candidate(volume.uuid(), volume.host(), volume.rack(), volume.tier(), room));
      }
      return candidates;
    }

    private DatanodeInfo node(LocatedBlock block, String uuid) {
      for (DatanodeInfo location : block.getLocations()) {
        if (location.getDatanodeUuid().equals(uuid)) {
          return location;
        }
      }
      return view.nodes().get(uuid);
    }

    /** The replica to copy from: the replaced one, else a reachable one in the target's rack, else any. */
    private DatanodeInfo proxy(LocatedBlock block, Move move) {
      if (move.source().usable()) {
        return node(block, move.source().node());
      }
      DatanodeInfo any = null;
      for (DatanodeInfo location : block.getLocations()) {
        if (unreachable.contains(location.getDatanodeUuid()) || !view.nodes().containsKey(location.getDatanodeUuid())) {
          continue;
        }
        if (location.getNetworkLocation().equals(move.target().rack())) {
          return location;
        }
        any = any == null ? location : any;
      }
      return any;
    }
  }

  /** A block that cannot reach its tiers in this run, and why. */
  private static final class Unfinished extends IOException {
    private static final long serialVersionUID = 1L;

    Unfinished(String reason) {
      super(reason);
    }
  }

  private static boolean isUnreachable(IOException e) {
    Throwable cause = e;
    while (cause != null) {
      if (cause instanceof ConnectException || cause instanceof NoRouteToHostException
          || cause instanceof SocketTimeoutException || cause instanceof EOFException) {
        return true;
      }
      cause = cause.getCause();
    }
    return false;
  }

  /** The DataNode's error text when it could not connect to the proxy it was to copy from. */
  private static boolean mentionsUnreachablePeer(IOException e) {
    String message = String.valueOf(e.getMessage());
    return message.contains("ConnectException") || message.contains("Connection refused")
        || message.contains("NoRouteToHostException") || message.contains("SocketTimeoutException");
  }
}
