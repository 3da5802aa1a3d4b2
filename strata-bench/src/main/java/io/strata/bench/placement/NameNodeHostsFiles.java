package io.strata.bench.placement;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.server.blockmanagement.HostFileManager;

/**
 * HDFS's include/exclude hosts files, always those named by the NameNode's own configuration
 * ({@code dfs.namenode.hosts.provider.classname}). For {@code NNThroughputBenchmark -op replication}: it writes the
 * nodes to decommission into the exclude file its configuration names and calls {@code refreshNodes}, but the
 * NameNode rereads hosts files from a new default configuration ({@code FSNamesystem.refreshNodes}), which names
 * no such file outside a cluster with an {@code hdfs-site.xml}; nothing would be decommissioned.
 */
public class NameNodeHostsFiles extends HostFileManager {
  @Override
  public void setConf(Configuration conf) {
    if (getConf() == null) {
      super.setConf(conf); // the NameNode's configuration, given when the NameNode creates this
    }
  }
}
