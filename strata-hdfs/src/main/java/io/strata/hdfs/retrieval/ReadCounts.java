package io.strata.hdfs.retrieval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import io.strata.hdfs.NameNodeJmx;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * The read counts of Strata's read-ordering plugin (hatS Fig. 6: reads per tier and per locality class), fetched
 * from the NameNode's JMX servlet, so they work against any NameNode running the plugin.
 */
public final class ReadCounts {
  private final Map<String, Long> byTier = new LinkedHashMap<>();
  private final Map<String, Long> byLocality = new LinkedHashMap<>();

  /** Reads per tier, in the order the NameNode lists them. */
  public Map<String, Long> byTier() {
    return Collections.unmodifiableMap(byTier);
  }

  /** Reads per locality class: node-local, rack-local, remote. */
  public Map<String, Long> byLocality() {
    return Collections.unmodifiableMap(byLocality);
  }

  public static ReadCounts fetch(Configuration conf) throws IOException {
    JsonNode beans = NameNodeJmx.beans(conf, "Hadoop:service=*,name=StrataReads");
    if (beans.size() == 0) {
      throw new IOException("the NameNode at " + NameNodeJmx.address(conf) + " has no StrataReads metrics: is "
          + "dfs.net.topology.impl set to io.strata.hdfs.retrieval.StrataNetworkTopology?");
    }
    ReadCounts counts = new ReadCounts();
    for (Iterator<Map.Entry<String, JsonNode>> it = beans.get(0).fields(); it.hasNext();) {
      Map.Entry<String, JsonNode> field = it.next();
      String name = field.getKey();
      if (name.startsWith("ReadsTier_")) {
        counts.byTier.put(name.substring("ReadsTier_".length()), field.getValue().asLong());
      } else if (name.equals("ReadsNodeLocal") || name.equals("ReadsRackLocal") || name.equals("ReadsRemote")) {
        counts.byLocality.put(switch (name) {
          case "ReadsNodeLocal" -> "node-local";
          case "ReadsRackLocal" -> "rack-local";
          default -> "remote";
        }, field.getValue().asLong());
      }
    }
    return counts;
  }

  public String text() {
    StringBuilder out = new StringBuilder("Reads directed by the NameNode (first replica of each block lookup)\n");
    table(out, "tier", byTier);
    table(out, "locality", byLocality);
    out.append("(JMX values refresh every 10 s)\n");
    return out.toString();
  }

  private static void table(StringBuilder out, String what, Map<String, Long> counts) {
    long total = counts.values().stream().mapToLong(Long::longValue).sum();
    out.append(String.format("  %-12s %10s %7s%n", what, "reads", "share"));
    counts.forEach((name, n) -> out.append(String.format("  %-12s %10d %6.1f%%%n", name, n,
        total == 0 ? 0.0 : 100.0 * n / total)));
  }

  public String json() {
    ObjectMapper mapper = new ObjectMapper();
    ObjectNode root = mapper.createObjectNode();
    ObjectNode tiers = root.putObject("byTier");
    byTier.forEach(tiers::put);
    ObjectNode locality = root.putObject("byLocality");
    byLocality.forEach(locality::put);
    return root.toString();
  }
}
