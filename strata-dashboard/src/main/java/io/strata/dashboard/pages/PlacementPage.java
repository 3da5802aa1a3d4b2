package io.strata.dashboard.pages;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.dashboard.DashboardPage;
import io.strata.dashboard.Endpoint;
import io.strata.hdfs.report.PlacementReport;
import io.strata.hdfs.report.PlacementReportCollector;
import io.strata.hdfs.report.PlacementReportFormatter;
import java.util.Map;
import org.apache.hadoop.fs.Path;

/** Where the replicas under a path are, per tier, rack and node: {@code strata report PATH --json}. */
public final class PlacementPage implements DashboardPage {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Override
  public String id() {
    return "placement";
  }

  @Override
  public String title() {
    return "Placement";
  }

  @Override
  public Map<String, Endpoint> endpoints() {
    return Map.of("", (context, query) -> {
      String path = query.absolutePath("path", "/");
      PlacementReport report = new PlacementReportCollector(context.fs()).collect(new Path(path),
          context.tiers().forReport());
      return JSON.readTree(PlacementReportFormatter.json(report));
    });
  }
}
