package io.strata.hdfs.power;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;

/**
 * What the NameNode says about redundancy, read from its JMX servlet: blocks below their replication (the
 * {@code FSNamesystem} bean's {@code LowRedundancyBlocks}) and DataNodes being decommissioned
 * ({@code FSNamesystemState}'s {@code NumDecommissioningDataNodes}). While either is non-zero, backup disks stay
 * awake: re-replication may read or write any of them.
 */
public interface RedundancyWatch {
  /** One reading. */
  record Redundancy(long lowRedundancyBlocks, long decommissioningNodes) {}

  Redundancy read() throws IOException;

  /** Reads the NameNode web UI at {@code http://host:port}. */
  static RedundancyWatch nameNodeJmx(URI webUi) {
    return () -> {
      JsonNode system = bean(webUi, "Hadoop:service=NameNode,name=FSNamesystem");
      JsonNode state = bean(webUi, "Hadoop:service=NameNode,name=FSNamesystemState");
      long low = system.path("LowRedundancyBlocks").asLong(system.path("UnderReplicatedBlocks").asLong(0));
      return new Redundancy(low, state.path("NumDecommissioningDataNodes").asLong(0));
    };
  }

  private static JsonNode bean(URI webUi, String name) throws IOException {
    return NameNodeJmx.bean(webUi, name);
  }
}
