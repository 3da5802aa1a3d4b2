package io.strata.hdfs.power;

import com.fasterxml.jackson.databind.JsonNode;
import io.strata.hdfs.NameNodeJmx;
import java.io.IOException;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.HdfsConfiguration;

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

  /**
   * Reads the NameNode web UI at {@code http://host:port} (or {@code https://}, trusting what {@code ssl-client.xml}
   * names, with SPNEGO when Kerberos is on), as the other JMX readers do.
   */
  static RedundancyWatch nameNodeJmx(URI webUi) {
    return nameNodeJmx(webUi, new HdfsConfiguration());
  }

  /**
   * As {@link #nameNodeJmx(URI)}, with the settings of the client configuration {@code conf} ({@code strata power
   * run --conf}): which {@code ssl-client.xml} to trust, whether Kerberos is on.
   */
  static RedundancyWatch nameNodeJmx(URI webUi, Configuration conf) {
    return () -> {
      JsonNode system = bean(webUi, conf, "Hadoop:service=NameNode,name=FSNamesystem");
      JsonNode state = bean(webUi, conf, "Hadoop:service=NameNode,name=FSNamesystemState");
      long low = system.path("LowRedundancyBlocks").asLong(system.path("UnderReplicatedBlocks").asLong(0));
      return new Redundancy(low, state.path("NumDecommissioningDataNodes").asLong(0));
    };
  }

  /** The first bean {@code name} of the NameNode's JMX servlet at {@code webUi}. */
  static JsonNode bean(URI webUi, Configuration conf, String name) throws IOException {
    JsonNode beans = NameNodeJmx.beans(webUi, conf, name);
    if (beans.isEmpty()) {
      throw new IOException(webUi + " has no bean " + name);
    }
    return beans.get(0);
  }
}
