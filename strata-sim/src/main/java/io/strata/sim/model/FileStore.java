package io.strata.sim.model;

import io.strata.core.device.StorageKind;
import io.strata.core.model.ClusterModel;
import io.strata.core.placement.Placement;
import io.strata.core.placement.PlacementPolicy;
import io.strata.core.placement.PlacementRequest;
import io.strata.core.placement.Replica;
import io.strata.core.placement.Scope;
import io.strata.core.placement.TargetChooser;
import io.strata.core.tier.Tier;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Iterator;
import java.util.HashMap;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.IntConsumer;

/**
 * The files of the modeled cluster and where their replicas are. New blocks are placed by the run's placement
 * policy, the decision core's own object, through the core's {@link ClusterModel} chooser, which reserves the
 * space; deleted replicas give it back. Files are kept in least-recently-used order for the LRU capacity rule.
 */
public final class FileStore {
  /** Told when files appear and disappear (the popularity hooks listen). */
  public interface Listener {
    void created(SimFile file, double now);

    void deleted(SimFile file, double now);
  }

  static final double HIGH_WATERMARK = 0.95;
  static final double LOW_WATERMARK = 0.90;

  private final SimCluster cluster;
  private final ClusterModel model;
  private final PlacementPolicy policy;
  private final long blockSize;
  private final int replication;
  private final CapacityRule capacityRule;
  private final Random random;
  private final Listener listener;
  /** The stored files by path; their least-recently-used order is {@link SimFile#lruSequence}. */
  private final HashMap<String, SimFile> files = new HashMap<>(1 << 12);
  /**
   * Per tier, the stored, unpinned files with a replica on it in LRU order (by {@link SimFile#lruSequence}), so
   * eviction walks only the files it may evict instead of every file (jobs in flight pin theirs, and a backlog of
   * them made every eviction walk them all).
   */
  private final List<TierLru> lruByTier = new ArrayList<>();
  private long lruClock;
  private final long[] usedBytes;
  private final long[] peakUsedBytes;
  /** Replica bytes written to each tier: every placed block and every finished copy (write endurance). */
  private final long[] writtenBytes;
  /** The part of {@link #writtenBytes} that loaded jobs' input files (not job output). */
  private final long[] loadedBytes;
  private long totalUsedBytes;
  private long peakTotalBytes;
  private long liveBlocks;
  private long peakLiveBlocks;
  private long fallbacks;
  private long unplacedReplicas;
  private long evictedFiles;
  private long evictedBytes;
  private long movedReplicaBytes;

  public FileStore(SimCluster cluster, PlacementPolicy policy, long blockSize, int replication,
      CapacityRule capacityRule, Random random, Listener listener) {
    this.cluster = cluster;
    this.model = cluster.model();
    this.policy = policy;
    this.blockSize = blockSize;
    this.replication = replication;
    this.capacityRule = capacityRule;
    this.random = random;
    this.listener = listener;
    this.usedBytes = new long[cluster.tiers().size()];
    this.peakUsedBytes = new long[cluster.tiers().size()];
    this.writtenBytes = new long[cluster.tiers().size()];
    this.loadedBytes = new long[cluster.tiers().size()];
    for (int t = 0; t < cluster.tiers().size(); t++) {
      lruByTier.add(new TierLru(t, cluster.tiers().size()));
    }
  }

  /** {@code files.get(path)}, made the most recently used. */
  private SimFile lookup(String path) {
    SimFile file = files.get(path);
    if (file != null) {
      used(file);
    }
    return file;
  }

  /** {@code files.put(path, file)}, which makes {@code file} the most recently used; returns the file replaced. */
  private SimFile store(String path, SimFile file) {
    SimFile previous = files.put(path, file);
    if (previous != null && previous != file) {
      previous.owner = null;
      unindex(previous);
    }
    file.owner = this;
    used(file);
    index(file);
    return previous;
  }

  /** {@code files.remove(path)}. */
  private void unstore(String path) {
    SimFile removed = files.remove(path);
    if (removed != null) {
      removed.owner = null;
      unindex(removed);
    }
  }

  private void used(SimFile file) {
    forEachTier(file.indexedTiers, t -> lruByTier.get(t).remove(file));
    file.lruSequence = ++lruClock;
    forEachTier(file.indexedTiers, t -> lruByTier.get(t).add(file));
  }

  /**
   * Brings the file's per-tier entries in step with its tier mask, if it is stored; none while it is pinned (its
   * {@link SimFile} calls this when it becomes pinned or unpinned), since only unpinned files may be evicted.
   */
  void index(SimFile file) {
    if (file.owner != this) {
      return;
    }
    int mask = file.pins() > 0 ? 0 : file.tierMask();
    forEachTier(file.indexedTiers & ~mask, t -> lruByTier.get(t).remove(file));
    forEachTier(mask & ~file.indexedTiers, t -> lruByTier.get(t).add(file));
    file.indexedTiers = mask;
  }

  private void unindex(SimFile file) {
    forEachTier(file.indexedTiers, t -> lruByTier.get(t).remove(file));
    file.indexedTiers = 0;
  }

  private static void forEachTier(int mask, IntConsumer action) {
    for (int bits = mask; bits != 0; bits &= bits - 1) {
      action.accept(Integer.numberOfTrailingZeros(bits));
    }
  }

  public long blockSize() {
    return blockSize;
  }

  public PlacementPolicy policy() {
    return policy;
  }

  public SimFile get(String path) {
    return lookup(path);
  }

  /**
   * The input file at {@code path}, made to hold at least {@code bytes}: created when new, grown when shorter.
   * Input data is taken as loaded before the job, by a parallel loader: each new block is written from a node
   * drawn at random, and costs no simulated time.
   */
  public SimFile input(String path, long bytes, double now) {
    SimFile file = lookup(path);
    boolean created = file == null;
    if (created) {
      file = new SimFile(path, replication, false, now);
      store(path, file);
    }
    file.touch(now);
    if (bytes > file.size()) {
      grow(file, bytes, now);
    }
    if (created) {
      listener.created(file, now);
    }
    return file;
  }

  private void grow(SimFile file, long bytes, double now) {
    file.pin(); // eviction must not pick the file being grown
    try {
      if (file.blocks() > 0) {
        // The partial last block fills up first, on the replicas it already has.
        int last = file.blocks() - 1;
        long had = file.blockBytes(last, blockSize);
        long extra = Math.min(blockSize, bytes - (long) last * blockSize) - had;
        if (extra > 0) {
          for (int s = 0; s < file.replication(); s++) {
            int packed = file.replica(last, s);
            if (packed != SimFile.EMPTY) {
              model.release(SimFile.node(packed), SimFile.tier(packed), -extra);
              addUsed(SimFile.tier(packed), extra);
            }
          }
          file.setSize(file.size() + extra);
        }
      }
      while (file.size() < bytes) {
        long blockBytes = Math.min(blockSize, bytes - file.size());
        appendBlock(file, blockBytes, random.nextInt(cluster.nodeCount()), now);
      }
    } finally {
      file.unpin();
    }
  }

  /** A new output file, pinned until its writer is done. */
  public SimFile createOutput(String path, double now) {
    SimFile file = new SimFile(path, replication, true, now);
    SimFile previous = store(path, file);
    if (previous != null) {
      delete(previous, now);
      store(path, file);
    }
    file.pin();
    listener.created(file, now);
    return file;
  }

  /**
   * Appends a block of {@code bytes} written from node {@code writer} (-1: from outside the cluster) and places its
   * replicas with the run's policy. Returns the block's index.
   */
  public int appendBlock(SimFile file, long bytes, int writer, double now) {
    ensureRoom(now);
    int index = file.addBlock();
    file.setSize(file.size() + bytes);
    String writerHost = writer < 0 ? null : cluster.host(writer);
    String writerRack = writer < 0 ? null : cluster.rackName(writer);
    TargetChooser chooser = model.chooser(bytes, Set.of(), random);
    Placement placement = policy.place(
        PlacementRequest.newBlock(file.path(), index, file.replication(), writerHost, writerRack), chooser);
    record(file, index, 0, placement.targets(), bytes);
    fallbacks += placement.fallbacks().size();
    unplacedReplicas += file.replication() - placement.targets().size();
    liveBlocks++;
    peakLiveBlocks = Math.max(peakLiveBlocks, liveBlocks);
    return index;
  }

  private void record(SimFile file, int block, int firstSlot, List<Replica> targets, long bytes) {
    int slot = firstSlot;
    for (Replica target : targets) {
      int node = model.node(target.host()).index();
      int tier = model.tierIndex(target.tier());
      file.setReplica(block, slot++, SimFile.pack(node, tier));
      addUsed(tier, bytes);
      writtenBytes[tier] += bytes;
      if (!file.output()) {
        loadedBytes[tier] += bytes;
      }
    }
    index(file);
  }

  private void addUsed(int tier, long bytes) {
    usedBytes[tier] += bytes;
    peakUsedBytes[tier] = Math.max(peakUsedBytes[tier], usedBytes[tier]);
    totalUsedBytes += bytes;
    peakTotalBytes = Math.max(peakTotalBytes, totalUsedBytes);
  }

  private void removeUsed(int tier, long bytes) {
    usedBytes[tier] -= bytes;
    totalUsedBytes -= bytes;
  }

  /** Marks a file used now (LRU order), if it is still stored. */
  public void touch(SimFile file, double now) {
    if (file.owner == this) {
      used(file); // no lookup by path: the file knows it is stored, and the lookups were a tenth of a replay
    }
    file.touch(now);
  }

  /** Deletes a file and gives its space back. */
  public void delete(SimFile file, double now) {
    unstore(file.path());
    releaseAll(file);
    listener.deleted(file, now);
  }

  private void releaseAll(SimFile file) {
    for (int b = 0; b < file.blocks(); b++) {
      long bytes = file.blockBytes(b, blockSize);
      for (int s = 0; s < file.replication(); s++) {
        int packed = file.replica(b, s);
        if (packed != SimFile.EMPTY) {
          model.release(SimFile.node(packed), SimFile.tier(packed), bytes);
          removeUsed(SimFile.tier(packed), bytes);
          file.setReplica(b, s, SimFile.EMPTY);
        }
      }
    }
    liveBlocks -= file.blocks();
  }

  /** Under the LRU rule, frees every tier above the high watermark down to the low one. */
  private void ensureRoom(double now) {
    if (capacityRule != CapacityRule.LRU) {
      return;
    }
    for (int t = 0; t < usedBytes.length; t++) {
      long capacity = cluster.tierCapacity(t);
      if (usedBytes[t] > HIGH_WATERMARK * capacity) {
        evict(t, (long) (LOW_WATERMARK * capacity), now);
      }
    }
  }

  private void evict(int tier, long target, double now) {
    Iterator<SimFile> eldest = lruByTier.get(tier).iterator();
    List<SimFile> victims = new ArrayList<>();
    long freed = 0;
    while (eldest.hasNext() && usedBytes[tier] - freed > target) {
      SimFile file = eldest.next();
      // The tier mask is checked again: a file whose index lags its replicas must never lose a replica elsewhere.
      if (file.pins() > 0 || (file.tierMask() & (1 << tier)) == 0) {
        continue;
      }
      victims.add(file);
      freed += bytesOn(file, tier);
    }
    for (SimFile victim : victims) {
      evictedFiles++;
      evictedBytes += victim.size();
      delete(victim, now);
    }
  }

  private long bytesOn(SimFile file, int tier) {
    long bytes = 0;
    for (int b = 0; b < file.blocks(); b++) {
      for (int s = 0; s < file.replication(); s++) {
        int packed = file.replica(b, s);
        if (packed != SimFile.EMPTY && SimFile.tier(packed) == tier) {
          bytes += file.blockBytes(b, blockSize);
        }
      }
    }
    return bytes;
  }

  /**
   * One replica being copied for a storage change: from a live replica of the block to a target whose space is
   * already reserved. The target becomes a replica (readable) only when {@link #finishCopy} is called.
   *
   * @param source packed node and tier of the replica read
   * @param target packed node and tier of the new replica
   */
  public record Copy(SimFile file, int block, long bytes, int source, int target) {
    public int sourceNode() {
      return SimFile.node(source);
    }

    public int sourceTier() {
      return SimFile.tier(source);
    }

    public int targetNode() {
      return SimFile.node(target);
    }

    public int targetTier() {
      return SimFile.tier(target);
    }
  }

  /**
   * Starts giving every block of the file {@code replicas} replicas, all on {@code tier} when one is given, the
   * way HDFS does it: surplus replicas are dropped at once (most recently placed first, those on the wrong tier
   * before the others); missing ones are chosen now (by the file's placement policy, as HDFS re-replication asks
   * it, block position unknown, existing replicas given; on the wanted tier by the cluster's chooser where the
   * policy does not put them there) and returned as copies for the caller to transfer. A replica on the wrong tier
   * stays until the block has its replicas on the right one ({@link #finishCopy}), so no block is ever left with
   * fewer replicas than it had or wants. The caller calls {@link #finishChange} when every copy is done (at once
   * when the list is empty).
   */
  public List<Copy> changeStorage(SimFile file, int replicas, String tier) {
    if (replicas < 1) {
      throw new IllegalArgumentException("replication must be >= 1 for " + file.path() + ", got " + replicas);
    }
    int tierIndex = tier == null ? -1 : model.tierIndex(tier);
    if (tier != null && tierIndex < 0) {
      throw new IllegalArgumentException("no tier '" + tier + "' for " + file.path() + " (tiers: "
          + cluster.tiers().stream().map(t -> t.name()).toList() + ")");
    }
    List<Copy> copies = new ArrayList<>();
    for (int b = 0; b < file.blocks(); b++) {
      long bytes = file.blockBytes(b, blockSize);
      List<Integer> live = live(file, b);
      if (live.isEmpty()) {
        continue; // nothing to copy from
      }
      List<Replica> good = new ArrayList<>();
      for (int packed : live) {
        if (tierIndex < 0 || SimFile.tier(packed) == tierIndex) {
          good.add(replicaOf(packed));
        }
      }
      if (good.size() >= replicas) {
        settle(file, b, replicas, tierIndex);
        continue;
      }
      // Only the right-tier replicas' nodes are excluded: a node may move its own replica to another of its tiers,
      // as HDFS's Mover prefers (no network crossed).
      Set<String> holders = new HashSet<>();
      good.forEach(r -> holders.add(r.host()));
      TargetChooser chooser = model.chooser(bytes, holders, random);
      int missing = replicas - good.size();
      List<Replica> added = new ArrayList<>();
      List<Integer> sources = new ArrayList<>();
      if (tierIndex >= 0 && !placesOn(tierIndex)) {
        for (int packed : live) {
          if (added.size() < missing && SimFile.tier(packed) != tierIndex) {
            Replica local = chooser.choose(List.of(tier), new Scope.OnHost(cluster.host(SimFile.node(packed))));
            if (local != null) {
              added.add(local);
              sources.add(packed);
            }
          }
        }
      }
      if (tierIndex < 0 || placesOn(tierIndex)) {
        Placement placement = policy.place(new PlacementRequest(file.path(), -1, replicas, missing, good, null, null),
            chooser);
        fallbacks += placement.fallbacks().size();
        for (Replica r : placement.targets()) {
          if (tierIndex < 0 || model.tierIndex(r.tier()) == tierIndex) {
            added.add(r);
          } else {
            model.release(r, bytes); // the policy put it elsewhere: give the space back, choose on the tier below
          }
        }
      }
      while (tierIndex >= 0 && added.size() < missing) {
        Replica r = chooser.choose(List.of(tier), Scope.ANYWHERE);
        if (r == null) {
          break;
        }
        added.add(r);
      }
      for (int i = 0; i < added.size(); i++) {
        Replica r = added.get(i);
        int target = SimFile.pack(model.node(r.host()).index(), model.tierIndex(r.tier()));
        addUsed(SimFile.tier(target), bytes); // reserved from now on, as the target's disk space is
        int source = i < sources.size() ? sources.get(i) : live.get(random.nextInt(live.size()));
        copies.add(new Copy(file, b, bytes, source, target));
      }
    }
    if (copies.isEmpty()) {
      finishChange(file);
    }
    return copies;
  }

  /**
   * Whether placement policies place on this tier: primary tiers yes; an ARCHIVE (filer) or backup tier is only
   * ever reached by an explicit move.
   */
  private boolean placesOn(int tierIndex) {
    Tier t = cluster.tiers().get(tierIndex);
    return !t.backup() && t.storageKind() != StorageKind.ARCHIVE;
  }

  /**
   * A copy has been transferred: the target becomes a replica of the block, and once the block has its
   * {@code replicas} on the wanted tier ({@code tier}, or null for any) the others are dropped. False when the
   * file was deleted meanwhile (the reserved space is given back).
   */
  public boolean finishCopy(Copy copy, int replicas, String tier) {
    SimFile file = copy.file();
    if (lookup(file.path()) != file) {
      model.release(copy.targetNode(), copy.targetTier(), copy.bytes());
      removeUsed(copy.targetTier(), copy.bytes());
      return false;
    }
    int slot = -1;
    for (int s = 0; s < file.replication() && slot < 0; s++) {
      if (file.replica(copy.block(), s) == SimFile.EMPTY) {
        slot = s;
      }
    }
    if (slot < 0) {
      file.restride(file.replication() + 1);
      slot = file.replication() - 1;
    }
    file.setReplica(copy.block(), slot, copy.target());
    movedReplicaBytes += copy.bytes();
    writtenBytes[copy.targetTier()] += copy.bytes();
    settle(file, copy.block(), replicas, tier == null ? -1 : model.tierIndex(tier));
    return true;
  }

  /** Ends a storage change: the file's replica slots shrink to the most replicas any block kept. */
  public void finishChange(SimFile file) {
    int most = 1;
    for (int b = 0; b < file.blocks(); b++) {
      most = Math.max(most, live(file, b).size());
    }
    if (most != file.replication()) {
      file.restride(most);
    }
    file.recomputeTierMask();
    index(file);
  }

  /**
   * When block {@code b} has at least {@code replicas} replicas on the wanted tier, keeps the first of them and
   * drops every other replica; otherwise keeps them all. Live replicas end up in the first slots.
   */
  private void settle(SimFile file, int b, int replicas, int tierIndex) {
    long bytes = file.blockBytes(b, blockSize);
    List<Integer> live = live(file, b);
    List<Integer> good = new ArrayList<>();
    for (int packed : live) {
      if (tierIndex < 0 || SimFile.tier(packed) == tierIndex) {
        good.add(packed);
      }
    }
    List<Replica> keep = new ArrayList<>();
    if (good.size() >= replicas) {
      for (int packed : live) {
        if (keep.size() < replicas && good.contains(packed)) {
          keep.add(replicaOf(packed));
        } else {
          model.release(SimFile.node(packed), SimFile.tier(packed), bytes);
          removeUsed(SimFile.tier(packed), bytes);
        }
      }
    } else {
      live.forEach(p -> keep.add(replicaOf(p)));
    }
    compact(file, b, keep);
  }

  private static List<Integer> live(SimFile file, int block) {
    List<Integer> live = new ArrayList<>(file.replication());
    for (int s = 0; s < file.replication(); s++) {
      int packed = file.replica(block, s);
      if (packed != SimFile.EMPTY) {
        live.add(packed);
      }
    }
    return live;
  }

  private void compact(SimFile file, int block, List<Replica> keep) {
    for (int s = 0; s < file.replication(); s++) {
      file.setReplica(block, s, SimFile.EMPTY);
    }
    for (int s = 0; s < keep.size(); s++) {
      Replica r = keep.get(s);
      file.setReplica(block, s, SimFile.pack(model.node(r.host()).index(), model.tierIndex(r.tier())));
    }
    index(file);
  }

  private Replica replicaOf(int packed) {
    int node = SimFile.node(packed);
    return new Replica(cluster.host(node), cluster.rackName(node), cluster.tierName(SimFile.tier(packed)));
  }

  public int fileCount() {
    return files.size();
  }

  /** The stored files, least recently used first. */
  public List<SimFile> files() {
    List<SimFile> ordered = new ArrayList<>(files.values());
    ordered.sort(Comparator.comparingLong(f -> f.lruSequence));
    return ordered;
  }

  public long usedBytes(int tier) {
    return usedBytes[tier];
  }

  /** Replica bytes written to the tier so far: placed blocks (input loads, job output) and finished copies. */
  public long writtenBytes(int tier) {
    return writtenBytes[tier];
  }

  /** The part of {@link #writtenBytes} that loaded input files before their jobs. */
  public long loadedBytes(int tier) {
    return loadedBytes[tier];
  }

  public long peakUsedBytes(int tier) {
    return peakUsedBytes[tier];
  }

  /** The most replica bytes stored at once, all tiers together. */
  public long peakTotalBytes() {
    return peakTotalBytes;
  }

  public long liveBlocks() {
    return liveBlocks;
  }

  public long peakLiveBlocks() {
    return peakLiveBlocks;
  }

  public long fallbacks() {
    return fallbacks;
  }

  public long unplacedReplicas() {
    return unplacedReplicas;
  }

  public long evictedFiles() {
    return evictedFiles;
  }

  public long evictedBytes() {
    return evictedBytes;
  }

  public long movedReplicaBytes() {
    return movedReplicaBytes;
  }
}
