package io.strata.hdfs.kat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;

/**
 * {@code strata kat check}: for every partition of a KAT directory, whether each block of its files still has a
 * replica on the partition's owner. The Balancer, the Mover, decommissioning and re-replication after a failure
 * move replicas without knowing about partitions; this finds where they did.
 */
public final class KatCheck {
  /** One partition: its owner, whether the owner is live, its blocks and how many have no replica there. */
  public record PartitionState(int partition, String owner, boolean ownerLive, long bytes, int blocks,
      int blocksOffOwner, List<String> offOwnerHosts) {
    public boolean inPlace() {
      return ownerLive && blocksOffOwner == 0;
    }
  }

  /** The whole directory. */
  public record Report(String dir, String keyFunction, int partitions, List<PartitionState> states) {
    public long misplacedPartitions() {
      return states.stream().filter(s -> !s.inPlace()).count();
    }

    public int blocksOffOwner() {
      return states.stream().mapToInt(PartitionState::blocksOffOwner).sum();
    }

    public boolean inPlace() {
      return misplacedPartitions() == 0;
    }
  }

  private KatCheck() {}

  public static Report check(DistributedFileSystem dfs, Path dir) throws IOException {
    Path qualified = dfs.makeQualified(dir);
    KatManifest manifest = KatManifest.read(dfs, qualified);
    Map<String, DatanodeInfo> live = KatIngest.liveDataNodes(dfs);
    List<PartitionState> states = new ArrayList<>();
    for (int p = 0; p < manifest.partitions(); p++) {
      String owner = manifest.owners().get(p);
      long bytes = 0;
      int blocks = 0;
      int off = 0;
      List<String> elsewhere = new ArrayList<>();
      for (FileStatus file : manifest.partitionFiles(dfs, qualified, p)) {
        bytes += file.getLen();
        for (BlockLocation block : dfs.getFileBlockLocations(file, 0, file.getLen())) {
          blocks++;
          List<String> hosts = Arrays.asList(block.getHosts());
          if (!hosts.contains(owner)) {
            off++;
            hosts.stream().filter(h -> !elsewhere.contains(h)).forEach(elsewhere::add);
          }
        }
      }
      states.add(new PartitionState(p, owner, live.containsKey(owner), bytes, blocks, off, elsewhere));
    }
    return new Report(qualified.toString(), manifest.keyFunction(), manifest.partitions(), states);
  }
}
