package io.strata.hdfs.kat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.fs.BlockStoragePolicySpi;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.apache.hadoop.hdfs.server.protocol.DatanodeStorageReport;
import org.apache.hadoop.hdfs.server.protocol.StorageReport;

/**
 * Which DataNodes can own a partition under the destination's storage policy. HDFS writes a block's first
 * replica, the one on the favored owner, to the first storage type the policy names ({@code DISK} for the
 * default {@code HOT}, {@code SSD} for {@code ONE_SSD}). An owner without a volume of that type gets no replica:
 * the NameNode writes it to another node that has one, and the Mover would move it there later.
 */
final class OwnerStorage {
  private OwnerStorage() {}

  /**
   * Of {@code live}, the DataNodes with a volume of the type DST's policy puts the first replica on; every one
   * left out is named in {@code warnings}. If none has that type, all of {@code live}, with a warning.
   */
  static Map<String, DatanodeInfo> eligible(DistributedFileSystem dfs, Path dst, Map<String, DatanodeInfo> live,
      List<String> warnings) throws IOException {
    Path governing = nearestExisting(dfs, dst);
    BlockStoragePolicySpi policy = dfs.getStoragePolicy(governing);
    StorageType first = policy.getStorageTypes()[0];
    Map<String, DatanodeInfo> eligible = new TreeMap<>();
    List<String> without = new ArrayList<>();
    for (DatanodeStorageReport report : dfs.getClient().getDatanodeStorageReport(DatanodeReportType.LIVE)) {
      String host = report.getDatanodeInfo().getHostName();
      if (!live.containsKey(host)) {
        continue;
      }
      boolean has = false;
      for (StorageReport storage : report.getStorageReports()) {
        has |= storage.getStorage().getStorageType() == first && !storage.isFailed();
      }
      if (has) {
        eligible.put(host, live.get(host));
      } else {
        without.add(host);
      }
    }
    String why = " has no " + first + " volume, and the storage policy " + policy.getName() + " of " + governing
        + " puts a block's first replica, the owner's, on " + first;
    if (eligible.isEmpty()) {
      warnings.add("no live DataNode" + why + "; owners chosen among all of them, and HDFS will place the "
          + "owners' replicas elsewhere");
      return live;
    }
    if (!without.isEmpty()) {
      warnings.add(String.join(", ", without) + " owns no partition: " + (without.size() == 1 ? "it" : "each")
          + why);
    }
    return eligible;
  }

  private static Path nearestExisting(DistributedFileSystem dfs, Path dst) throws IOException {
    Path path = dfs.makeQualified(dst);
    while (!dfs.exists(path) && path.getParent() != null) {
      path = path.getParent();
    }
    return path;
  }
}
