package io.strata.hdfs.power;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

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
    URI uri = URI.create(webUi + "/jmx?qry=" + URLEncoder.encode(name, StandardCharsets.UTF_8));
    HttpURLConnection http = (HttpURLConnection) uri.toURL().openConnection();
    http.setConnectTimeout(5_000);
    http.setReadTimeout(10_000);
    try {
      if (http.getResponseCode() != HttpURLConnection.HTTP_OK) {
        throw new IOException(uri + " answered HTTP " + http.getResponseCode());
      }
      try (InputStream body = http.getInputStream()) {
        JsonNode beans = new ObjectMapper().readTree(body).path("beans");
        if (!beans.isArray() || beans.isEmpty()) {
          throw new IOException(uri + " has no bean " + name);
        }
        return beans.get(0);
      }
    } finally {
      http.disconnect();
    }
  }
}
