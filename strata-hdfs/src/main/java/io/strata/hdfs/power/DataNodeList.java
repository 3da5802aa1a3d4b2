package io.strata.hdfs.power;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.HdfsConfiguration;

/**
 * The DataNodes a write group is dealt from, as the NameNode knows them: the host names of its live DataNodes, the
 * same nodes its placement plugin deals the group from (those in its topology).
 */
public interface DataNodeList {
  /** The hosts, sorted. */
  List<String> hosts() throws IOException;

  /** Reads {@code NameNodeInfo}'s {@code LiveNodes} from the NameNode web UI at {@code http://host:port}. */
  static DataNodeList nameNodeJmx(URI webUi) {
    return nameNodeJmx(webUi, new HdfsConfiguration());
  }

  /** As {@link #nameNodeJmx(URI)}, with the SSL and Kerberos settings of the client configuration {@code conf}. */
  static DataNodeList nameNodeJmx(URI webUi, Configuration conf) {
    return () -> {
      JsonNode info = RedundancyWatch.bean(webUi, conf, "Hadoop:service=NameNode,name=NameNodeInfo");
      String live = info.path("LiveNodes").asText("");
      if (live.isEmpty()) {
        throw new IOException("the NameNode at " + webUi + " reports no LiveNodes");
      }
      return hostsOf(new ObjectMapper().readTree(live));
    };
  }

  /** The host part of each key of {@code LiveNodes} ({@code host:port}). */
  static List<String> hostsOf(JsonNode liveNodes) {
    List<String> hosts = new ArrayList<>();
    for (Iterator<String> keys = liveNodes.fieldNames(); keys.hasNext();) {
      String key = keys.next();
      int colon = key.lastIndexOf(':');
      String host = colon < 0 ? key : key.substring(0, colon);
      if (!hosts.contains(host)) {
        hosts.add(host);
      }
    }
    hosts.sort(null);
    return List.copyOf(hosts);
  }
}
