package io.strata.dashboard;

import io.strata.core.tier.TierMap;
import java.io.IOException;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/** Which tiers the cluster has, chosen as the command line chooses them (a spec, else the storage types). */
public interface TierSource {
  /** The tiers {@code strata report} uses: the spec's, else one tier per storage type. */
  TierMap forReport();

  /** The tiers {@code strata tier list} uses: the spec's, else the storage types the live DataNodes have. */
  TierMap forCluster(DistributedFileSystem fs) throws IOException;

  /** The same tiers for both, e.g. those of the spec a demo's cluster runs. */
  static TierSource fixed(TierMap tiers) {
    return new TierSource() {
      @Override
      public TierMap forReport() {
        return tiers;
      }

      @Override
      public TierMap forCluster(DistributedFileSystem fs) {
        return tiers;
      }
    };
  }
}
