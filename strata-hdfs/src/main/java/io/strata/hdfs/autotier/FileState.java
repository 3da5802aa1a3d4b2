package io.strata.hdfs.autotier;

import io.strata.core.placement.TierLayout;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A file as the NameNode reports it now: its replication factor, length and the tiers of each block's replicas
 * (each list in canonical order, fastest tier first).
 */
public record FileState(String path, int replication, long length, List<List<String>> blockTiers) {
  public FileState {
    blockTiers = List.copyOf(blockTiers);
  }

  /** The tiers most blocks have, or null for a file without blocks. */
  public List<String> usualTiers() {
    Map<List<String>, Integer> counts = new HashMap<>();
    List<String> best = null;
    for (List<String> tiers : blockTiers) {
      int count = counts.merge(tiers, 1, Integer::sum);
      if (best == null || count > counts.get(best)) {
        best = tiers;
      }
    }
    return best;
  }

  /** The first block no live DataNode holds a replica of (all its holders down), or -1. */
  public int firstBlockWithoutReplica() {
    for (int i = 0; i < blockTiers.size(); i++) {
      if (blockTiers.get(i).isEmpty()) {
        return i;
      }
    }
    return -1;
  }

  /** True when the file asks for {@code replication} replicas and every block has exactly the layout's tiers. */
  public boolean has(TierLayout layout, int wantedReplication) {
    if (replication != wantedReplication) {
      return false;
    }
    for (List<String> tiers : blockTiers) {
      if (!tiers.equals(layout.tiers())) {
        return false;
      }
    }
    return true;
  }
}
