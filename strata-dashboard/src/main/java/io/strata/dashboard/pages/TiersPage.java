package io.strata.dashboard.pages;

import io.strata.dashboard.DashboardPage;
import io.strata.dashboard.Endpoint;
import io.strata.hdfs.tier.TierListing;
import java.util.Map;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/** Each tier's capacity, use, DataNodes and volumes: {@code strata tier list --json}. */
public final class TiersPage implements DashboardPage {
  @Override
  public String id() {
    return "tiers";
  }

  @Override
  public String title() {
    return "Tiers";
  }

  @Override
  public Map<String, Endpoint> endpoints() {
    return Map.of("", (context, query) -> {
      DistributedFileSystem fs = context.fs();
      return TierListing.json(TierListing.fetch(fs, context.tiers().forCluster(fs)));
    });
  }
}
