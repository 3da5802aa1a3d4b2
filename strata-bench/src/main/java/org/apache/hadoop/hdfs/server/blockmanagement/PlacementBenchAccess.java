package org.apache.hadoop.hdfs.server.blockmanagement;

import java.util.Collection;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.server.protocol.DatanodeStorage;
import org.apache.hadoop.hdfs.server.protocol.StorageReport;
import org.apache.hadoop.net.NetworkTopology;

/**
 * The three package-private steps the NameNode's {@code DatanodeManager} takes to set up a placement policy over
 * registered DataNodes, for strata-bench's target-choice benchmark ({@code io.strata.bench.placement}).
 *
 * <p>Why a class in Hadoop's package (a split package, only on the benchmark's class path): building a policy
 * over a synthetic 500-node topology without starting a whole NameNode needs {@code
 * BlockPlacementPolicy.initialize}, whose {@link Host2NodesMap} argument is a package-private class, and a real
 * heartbeat ({@code DatanodeDescriptor.updateHeartbeat}) and storage registration ({@code updateStorage}), which
 * are package-private too. Each method is one call to the method the NameNode itself calls. The one other member,
 * {@link ScanAtOnceDecommissionMonitor}, needs the package for a package-private constructor. Nothing else lives
 * here, and the production plugin never uses it.
 */
public final class PlacementBenchAccess {
  private PlacementBenchAccess() {}

  /** As {@code BlockPlacementPolicies} does: the policy over this topology, with a host map of these nodes. */
  public static void initialize(BlockPlacementPolicy policy, Configuration conf, FSClusterStats stats,
      NetworkTopology topology, Collection<DatanodeDescriptor> nodes) {
    Host2NodesMap hosts = new Host2NodesMap();
    for (DatanodeDescriptor node : nodes) {
      hosts.add(node);
    }
    policy.initialize(conf, stats, topology, hosts);
  }

  /** As a DataNode's first report does: registers one storage (volume) of the node. */
  public static DatanodeStorageInfo addStorage(DatanodeDescriptor node, DatanodeStorage storage) {
    return node.updateStorage(storage);
  }

  /** As {@code HeartbeatManager.updateHeartbeat} does: capacities, remaining space and load of the node. */
  public static void heartbeat(DatanodeDescriptor node, StorageReport[] reports, int xceiverCount) {
    node.updateHeartbeat(reports, 0L, 0L, xceiverCount, 0, null);
  }

  /**
   * The NameNode's default decommission monitor, scanning a node's blocks as soon as its decommission starts
   * rather than at the monitor's next tick (every 30 s). For {@code NNThroughputBenchmark -op replication}: it
   * decommissions nodes and at once times the redundancy work that should re-replicate their blocks; on Hadoop 3
   * the stock monitor has queued none of them by then (it was written when decommissioning queued them at once),
   * so nothing would be placed. Selected with {@code dfs.namenode.decommission.monitor.class}; the scan is the
   * monitor's own {@code run()}, under the namesystem lock that {@code refreshNodes} already holds.
   */
  public static class ScanAtOnceDecommissionMonitor extends DatanodeAdminDefaultMonitor {
    @Override
    public void startTrackingNode(DatanodeDescriptor dn) {
      super.startTrackingNode(dn);
      run();
    }
  }
}
