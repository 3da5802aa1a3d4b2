package io.strata.hdfs.tier;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.strata.core.tier.TierMap;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/**
 * The tiers' capacity, use, DataNodes and volumes, live from the NameNode, as {@code strata tier list} and the
 * dashboard show them.
 */
public final class TierListing {
  private static final ObjectMapper JSON = new ObjectMapper();

  private TierListing() {}

  /** Each tier's usage, fastest first. */
  public static List<TierUsage> fetch(DistributedFileSystem fs, TierMap tiers) throws IOException {
    try (TierManager manager = new TierManager(fs, tiers, TierSettings.from(fs.getConf()))) {
      return manager.tiers();
    }
  }

  /** The JSON of {@code strata tier list --json}: one object per tier, fastest first. */
  public static ArrayNode json(List<TierUsage> tiers) {
    ArrayNode out = JSON.createArrayNode();
    for (TierUsage tier : tiers) {
      out.addObject().put("tier", tier.tier()).put("rank", tier.rank()).put("storageType", tier.storageType())
          .put("capacity", tier.capacity()).put("used", tier.dfsUsed()).put("remaining", tier.remaining())
          .put("usedFraction", tier.usedFraction()).put("dataNodes", tier.dataNodes()).put("volumes", tier.volumes());
    }
    return out;
  }
}
