package io.strata.hdfs.kat;

import io.strata.hdfs.tier.BlockMover;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;

/**
 * {@code strata kat heal}: puts a replica of every block of a partition back on the partition's owner, with the
 * DataNode's replace operation as the Balancer uses it ({@link BlockMover}): the owner copies the block from a
 * holder and the NameNode drops the replaced replica only once the copy is stored, so no block ever has fewer
 * replicas. The replaced replica is one in the owner's rack if there is one, so the rack spread stays. A
 * partition whose owner is dead gets a new owner first: the live DataNode owning the fewest partitions, among those
 * with the storage type the directory's policy puts the owner's replica on ({@link OwnerStorage}).
 */
public final class KatHeal {
  /** What heal did: the blocks it moved, partitions given a new owner, and moves that failed. */
  public record Result(int blocksMoved, Map<Integer, String> newOwners, List<String> failures,
      KatCheck.Report after) {}

  private KatHeal() {}

  public static Result heal(DistributedFileSystem dfs, Configuration conf, Path dir, PrintStream progress)
      throws IOException, InterruptedException {
    Path qualified = dfs.makeQualified(dir);
    KatManifest manifest = KatManifest.read(dfs, qualified);
    Map<String, DatanodeInfo> live = KatIngest.liveDataNodes(dfs);
    if (live.isEmpty()) {
      throw new IOException("no live DataNode to heal " + qualified + " onto");
    }
    List<String> owners = new ArrayList<>(manifest.owners());
    Map<Integer, String> newOwners = new HashMap<>();
    Map<String, DatanodeInfo> eligible = null;
    for (int p = 0; p < owners.size(); p++) {
      if (!live.containsKey(owners.get(p))) {
        if (eligible == null) {
          List<String> warnings = new ArrayList<>();
          eligible = OwnerStorage.eligible(dfs, qualified, live, warnings);
          warnings.forEach(w -> progress.println("warning: " + w));
        }
        String replacement = eligible.keySet().stream()
            .min(Comparator.comparingLong((String h) -> owners.stream().filter(h::equals).count())
                .thenComparing(h -> h))
            .orElseThrow();
        progress.printf("partition %d: owner %s is not live, new owner %s%n", p, owners.get(p), replacement);
        owners.set(p, replacement);
        newOwners.put(p, replacement);
      }
    }
    if (!newOwners.isEmpty()) {
      manifest = manifest.withOwners(owners);
      manifest.write(dfs, qualified);
    }
    int moved = 0;
    List<String> failures = new ArrayList<>();
    try (BlockMover mover = new BlockMover(dfs, conf)) {
      for (int p = 0; p < manifest.partitions(); p++) {
        DatanodeInfo owner = live.get(owners.get(p));
        for (FileStatus file : manifest.partitionFiles(dfs, qualified, p)) {
          if (newOwners.containsKey(p)) {
            dfs.setXAttr(file.getPath(), KatManifest.XATTR_OWNER, owner.getHostName().getBytes(
                StandardCharsets.UTF_8));
          }
          for (LocatedBlock block : dfs.getClient().getLocatedBlocks(file.getPath().toUri().getPath(), 0,
              file.getLen()).getLocatedBlocks()) {
            DatanodeInfo[] holders = block.getLocations();
            if (Arrays.stream(holders).anyMatch(h -> h.getHostName().equals(owner.getHostName()))) {
              continue;
            }
            if (holders.length == 0) {
              failures.add(file.getPath() + " block " + block.getBlock().getBlockId() + ": no live replica");
              continue;
            }
            int replaced = replacedReplica(holders, owner);
            StorageType type = block.getStorageTypes().length > replaced ? block.getStorageTypes()[replaced]
                : StorageType.DEFAULT;
            if (moveToOwner(mover, block, owner, type, holders, replaced, failures, file.getPath())) {
              moved++;
              progress.printf("partition %d: block %d of %s moved from %s to %s%n", p,
                  block.getBlock().getBlockId(), file.getPath().getName(), holders[replaced].getHostName(),
                  owner.getHostName());
            }
          }
        }
      }
    }
    KatCheck.Report after = awaitNameNode(dfs, qualified, moved);
    return new Result(moved, newOwners, failures, after);
  }

  /** Tries each holder as the source until one copy succeeds. */
  private static boolean moveToOwner(BlockMover mover, LocatedBlock block, DatanodeInfo owner, StorageType type,
      DatanodeInfo[] holders, int replaced, List<String> failures, Path file) {
    IOException last = null;
    for (DatanodeInfo proxy : holders) {
      try {
        mover.replace(block.getBlock(), owner, type, proxy, holders[replaced]);
        return true;
      } catch (IOException e) {
        // The NameNode may have re-replicated the block onto the owner since its locations were read (after a
        // DataNode died): the owner then already holds it, which is what the move was for.
        if (String.valueOf(e.getMessage()).contains("ReplicaAlreadyExistsException")) {
          return true;
        }
        last = e;
      }
    }
    failures.add(file + " block " + block.getBlock().getBlockId() + " to " + owner.getHostName() + ": "
        + (last == null ? "no source" : last.getMessage()));
    return false;
  }

  /** The replica the owner's copy replaces: one in the owner's rack, else one in the rack holding the most. */
  static int replacedReplica(DatanodeInfo[] holders, DatanodeInfo owner) {
    for (int i = 0; i < holders.length; i++) {
      if (holders[i].getNetworkLocation().equals(owner.getNetworkLocation())) {
        return i;
      }
    }
    int best = 0;
    long bestCount = -1;
    for (int i = 0; i < holders.length; i++) {
      String rack = holders[i].getNetworkLocation();
      long count = Arrays.stream(holders).filter(h -> h.getNetworkLocation().equals(rack)).count();
      if (count > bestCount) {
        best = i;
        bestCount = count;
      }
    }
    return best;
  }

  /** The DataNodes report moved replicas asynchronously: wait (up to 60 s) until the NameNode knows them. */
  private static KatCheck.Report awaitNameNode(DistributedFileSystem dfs, Path dir, int moved)
      throws IOException, InterruptedException {
    KatCheck.Report report = KatCheck.check(dfs, dir);
    long deadline = System.currentTimeMillis() + 60_000;
    while (moved > 0 && !report.inPlace() && System.currentTimeMillis() < deadline) {
      Thread.sleep(250);
      report = KatCheck.check(dfs, dir);
    }
    return report;
  }
}
