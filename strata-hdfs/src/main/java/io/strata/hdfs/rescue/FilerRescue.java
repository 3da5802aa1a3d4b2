package io.strata.hdfs.rescue;

import io.strata.core.config.ConfigException;
import io.strata.hdfs.tier.SuperuserNamenode;
import io.strata.hdfs.tier.TierAccessException;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DFSClient;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.client.HdfsClientConfigKeys;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.protocol.LocatedBlocks;
import org.apache.hadoop.hdfs.security.token.block.ExportedBlockKeys;
import org.apache.hadoop.hdfs.server.protocol.DatanodeStorageReport;
import org.apache.hadoop.hdfs.server.protocol.StorageReport;

/**
 * Makes blocks readable again whose only replicas sit on shared storage (a filer every host mounts) behind
 * DataNodes that are down. Stock HDFS reaches a replica only through the DataNode whose volume holds it, so a
 * file demoted to one filer replica is missing while that DataNode is down, although its bytes are safe on the
 * filer. This finds each missing block's files in the down DataNodes' volumes on the share, checks them against
 * the NameNode's record (generation stamp, length, every checksum) and writes them to a live DataNode's volume of
 * the same storage type, as re-replication would; the NameNode then lists that replica, and the block is
 * readable. Nothing on the share is changed or removed. When the down DataNode comes back, its replica is one too
 * many and the NameNode removes one of the two, as it does for any excess replica.
 *
 * <p>Only volumes of DataNodes the NameNode does not list as live are read: a live DataNode's files may change
 * under it.
 */
public final class FilerRescue implements Closeable {
  /** How long the NameNode may take to list a replica a DataNode has stored. */
  private static final Duration CONFIRM_TIMEOUT = Duration.ofSeconds(60);

  /** What became of one missing block. */
  public enum Outcome {
    /** Written to a live DataNode and listed by the NameNode. */
    RECOVERED,
    /** Dry run: would be written (source and target given). */
    WOULD_RECOVER,
    /** No volume of a down DataNode among the shares holds it at the NameNode's generation stamp. */
    NOT_FOUND,
    /** No live DataNode has room for it on a volume of the storage type. */
    NO_ROOM,
    /** Every copy found was refused: damaged, or the DataNode failed. */
    FAILED,
    /** Written, but the NameNode did not list the replica in time; the next run will see. */
    UNCONFIRMED;

    /** The name reports print: lower case, e.g. {@code would_recover}. */
    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** One missing block and what was done. {@code source} and {@code target} may be null. */
  public record BlockResult(String file, String block, long bytes, Outcome outcome, String source, String target,
      String detail) {}

  /** A run's findings. */
  public record Report(String path, List<ShareVolume> searched, int liveVolumesSkipped, List<BlockResult> blocks,
      long millis) {
    public long count(Outcome outcome) {
      return blocks.stream().filter(b -> b.outcome() == outcome).count();
    }

    /** True when every missing block was recovered (or, in a dry run, would be). */
    public boolean complete() {
      return blocks.stream().allMatch(b -> b.outcome() == Outcome.RECOVERED || b.outcome() == Outcome.WOULD_RECOVER);
    }
  }

  private final DistributedFileSystem fs;
  private final Configuration conf;
  private final List<ShareVolume> volumes;
  private final StorageType type;
  private final int parallel;
  private final BlockFileSender sender;
  private final Map<String, WriteAccess> access = new HashMap<>();
  private final SuperuserNamenode namenode;

  /**
   * @param shareDirs volume directories on the share, or directories above them ({@link ShareVolume#find})
   * @param type the storage type of the share's volumes, which the new replicas get
   * @param parallel blocks written at once
   */
  public FilerRescue(DistributedFileSystem fs, Configuration conf, List<Path> shareDirs, StorageType type,
      int parallel) {
    if (parallel < 1) {
      throw new ConfigException("parallel must be >= 1, got " + parallel);
    }
    this.fs = fs;
    this.conf = conf;
    this.volumes = ShareVolume.find(shareDirs);
    this.type = type;
    this.parallel = parallel;
    this.namenode = new SuperuserNamenode(fs, conf);
    this.sender = new BlockFileSender(fs.getClient(), conf.getBoolean(
        HdfsClientConfigKeys.DFS_CLIENT_USE_DN_HOSTNAME, HdfsClientConfigKeys.DFS_CLIENT_USE_DN_HOSTNAME_DEFAULT));
  }

  /**
   * Recovers every missing block of the files under {@code path}, reporting each block to {@code progress} as it
   * is done. With {@code dryRun} nothing is written.
   */
  public Report run(String path, boolean dryRun, Consumer<BlockResult> progress) throws IOException,
      InterruptedException {
    long start = System.currentTimeMillis();
    DFSClient client = fs.getClient();
    Set<String> live = new HashSet<>();
    Targets targets;
    Set<String> files = new LinkedHashSet<>();
    try {
      for (DatanodeInfo node : client.datanodeReport(DatanodeReportType.LIVE)) {
        live.add(node.getDatanodeUuid());
      }
      targets = new Targets(client.getDatanodeStorageReport(DatanodeReportType.LIVE), type);
      // The NameNode lists a file once per block it lacks.
      RemoteIterator<org.apache.hadoop.fs.Path> listed = fs.listCorruptFileBlocks(new org.apache.hadoop.fs.Path(path));
      while (listed.hasNext()) {
        files.add(listed.next().toUri().getPath());
      }
    } catch (IOException e) {
      throw TierAccessException.explain(e, "the rescue reads the DataNode reports and the NameNode's list of lost "
          + "blocks");
    }
    List<ShareVolume> down = volumes.stream().filter(v -> !live.contains(v.datanodeUuid())).toList();
    List<BlockResult> results = Collections.synchronizedList(new ArrayList<>());
    ExecutorService pool = Executors.newFixedThreadPool(parallel, r -> {
      Thread thread = new Thread(r, "strata-rescue");
      thread.setDaemon(true);
      return thread;
    });
    try {
      List<Future<?>> pending = new ArrayList<>();
      for (String file : files) {
        LocatedBlocks located = client.getLocatedBlocks(file, 0, Long.MAX_VALUE);
        if (located == null || located.isUnderConstruction()) {
          continue; // deleted since, or still being written: not a lost replica
        }
        for (LocatedBlock block : located.getLocatedBlocks()) {
          if (block.getLocations().length > 0 || block.isStriped()) {
            // Listed with replicas: they are all corrupt, not missing. A striped block group of an erasure-coded
            // file is rebuilt by HDFS from its other internal blocks, not from one replica.
            continue;
          }
          pending.add(pool.submit(() -> {
            BlockResult result = rescue(file, block, down, targets, dryRun);
            results.add(result);
            progress.accept(result);
            return null;
          }));
        }
      }
      for (Future<?> future : pending) {
        try {
          future.get();
        } catch (ExecutionException e) {
          throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        }
      }
    } finally {
      pool.shutdownNow();
    }
    List<BlockResult> sorted = new ArrayList<>(results);
    sorted.sort((a, b) -> a.file().equals(b.file()) ? a.block().compareTo(b.block()) : a.file().compareTo(b.file()));
    return new Report(path, down, volumes.size() - down.size(), sorted, System.currentTimeMillis() - start);
  }

  private BlockResult rescue(String file, LocatedBlock located, List<ShareVolume> down, Targets targets,
      boolean dryRun) throws IOException, InterruptedException {
    ExtendedBlock block = located.getBlock();
    List<ShareVolume.BlockFiles> copies = new ArrayList<>();
    for (ShareVolume volume : down) {
      volume.locate(block.getBlockPoolId(), block.getBlockId(), block.getGenerationStamp()).ifPresent(copies::add);
    }
    String name = block.getBlockName() + "_" + block.getGenerationStamp();
    if (copies.isEmpty()) {
      return new BlockResult(file, name, block.getNumBytes(), Outcome.NOT_FOUND, null, null, down.isEmpty()
          ? "no share volume belongs to a DataNode that is down"
          : "not in the " + down.size() + " volume(s) of DataNodes that are down at generation stamp "
              + block.getGenerationStamp());
    }
    DatanodeInfo target = targets.take(block.getNumBytes());
    if (target == null) {
      return new BlockResult(file, name, block.getNumBytes(), Outcome.NO_ROOM, copies.get(0).data().toString(), null,
          "no live DataNode has " + block.getNumBytes() + " bytes free on a " + type + " volume");
    }
    if (dryRun) {
      return new BlockResult(file, name, block.getNumBytes(), Outcome.WOULD_RECOVER, copies.get(0).data().toString(),
          target.getXferAddr(), "dry run");
    }
    List<String> refusals = new ArrayList<>();
    boolean stored = false;
    for (ShareVolume.BlockFiles copy : copies) {
      try {
        sender.send(block, copy, target, type, access(block.getBlockPoolId()));
      } catch (IOException e) {
        refusals.add(e.getMessage());
        continue;
      }
      if (listed(file, located)) {
        return new BlockResult(file, name, block.getNumBytes(), Outcome.RECOVERED, copy.data().toString(),
            target.getXferAddr(), null);
      }
      stored = true;
      refusals.add(target.getXferAddr() + " took " + copy.data() + " but the NameNode did not list a replica within "
          + CONFIRM_TIMEOUT.toSeconds() + " s (the DataNode's log says why)");
    }
    targets.giveBack(target, block.getNumBytes());
    return new BlockResult(file, name, block.getNumBytes(), stored ? Outcome.UNCONFIRMED : Outcome.FAILED,
        copies.get(0).data().toString(), target.getXferAddr(), String.join("; ", refusals));
  }

  /** Whether the NameNode lists a replica of the block within the confirmation timeout. */
  private boolean listed(String file, LocatedBlock located) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + CONFIRM_TIMEOUT.toNanos();
    while (true) {
      LocatedBlocks now = fs.getClient().getLocatedBlocks(file, located.getStartOffset(), 1);
      for (LocatedBlock block : now.getLocatedBlocks()) {
        if (block.getBlock().getBlockId() == located.getBlock().getBlockId() && block.getLocations().length > 0) {
          return true;
        }
      }
      if (System.nanoTime() > deadline) {
        return false;
      }
      Thread.sleep(200);
    }
  }

  private synchronized WriteAccess access(String blockPoolId) throws IOException {
    WriteAccess writeAccess = access.get(blockPoolId);
    if (writeAccess == null) {
      ExportedBlockKeys keys;
      try {
        keys = namenode.get().getBlockKeys();
      } catch (IOException e) {
        throw TierAccessException.explain(e, "the rescue reads the NameNode's block keys, as the Balancer does");
      }
      writeAccess = new WriteAccess(blockPoolId, keys, fs.getServerDefaults().getEncryptDataTransfer(), conf);
      access.put(blockPoolId, writeAccess);
    }
    return writeAccess;
  }

  @Override
  public synchronized void close() {
    namenode.close();
  }

  /** Live DataNodes with a volume of the storage type, the one with the most room first. */
  private static final class Targets {
    private final Map<DatanodeInfo, Long> free = new HashMap<>();

    Targets(DatanodeStorageReport[] reports, StorageType type) {
      for (DatanodeStorageReport report : reports) {
        long room = 0;
        for (StorageReport storage : report.getStorageReports()) {
          if (!storage.isFailed() && storage.getStorage().getStorageType() == type) {
            room = Math.max(room, storage.getRemaining());
          }
        }
        if (room > 0) {
          free.put(report.getDatanodeInfo(), room);
        }
      }
    }

    synchronized DatanodeInfo take(long bytes) {
      DatanodeInfo best = null;
      for (Map.Entry<DatanodeInfo, Long> node : free.entrySet()) {
        if (node.getValue() >= bytes && (best == null || node.getValue() > free.get(best))) {
          best = node.getKey();
        }
      }
      if (best != null) {
        free.merge(best, -bytes, Long::sum);
      }
      return best;
    }

    synchronized void giveBack(DatanodeInfo node, long bytes) {
      free.merge(node, bytes, Long::sum);
    }
  }
}
