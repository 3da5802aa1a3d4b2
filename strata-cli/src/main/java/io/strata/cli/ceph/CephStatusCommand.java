package io.strata.cli.ceph;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.cli.shared.ExitCodes;
import io.strata.inplace.ceph.LocalCephCluster;
import io.strata.inplace.rados.CephClientConfig;
import io.strata.inplace.rados.RadosCluster;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code strata ceph status}: is the local cluster running, healthy, and where are its OSDs. */
@Command(name = "status", mixinStandardHelpOptions = true,
    description = {"Show the local Ceph cluster's health, its CRUSH hosts with their OSDs, and its pools.",
        "Exits 1 when no cluster runs in DIR."})
final class CephStatusCommand implements Callable<Integer> {
  @Option(names = "--dir", paramLabel = "DIR", defaultValue = CephDir.DEFAULT,
      description = "the cluster's directory (default: ${DEFAULT-VALUE})")
  Path dir;

  @Option(names = "--json", description = "print the status as one JSON object")
  boolean json;

  @Override
  public Integer call() throws Exception {
    Properties state = LocalCephCluster.state(dir);
    if (state.isEmpty()) {
      System.err.println("strata: no Strata Ceph cluster in " + dir.toAbsolutePath() + " (start one: strata ceph up)");
      return ExitCodes.FAILED;
    }
    List<String> alive = LocalCephCluster.livePids(dir);
    if (alive.stream().noneMatch(d -> d.startsWith("mon."))) {
      System.err.println("strata: the Ceph cluster in " + dir.toAbsolutePath() + " is not running"
          + (alive.isEmpty() ? "" : " (still alive: " + String.join(", ", alive) + ")"));
      return ExitCodes.FAILED;
    }
    ObjectMapper mapper = new ObjectMapper();
    CephClientConfig client = CephClientConfig.ofConfFile(dir.resolve(LocalCephCluster.CONF_FILE).toString())
        .withOption("client_mount_timeout", "10");
    try (RadosCluster cluster = RadosCluster.connect(client)) {
      JsonNode status = mapper.readTree(cluster.monCommand("{\"prefix\":\"status\",\"format\":\"json\"}"));
      JsonNode tree = mapper.readTree(cluster.monCommand("{\"prefix\":\"osd tree\",\"format\":\"json\"}"));
      JsonNode pools = mapper.readTree(cluster.monCommand("{\"prefix\":\"osd pool ls\",\"detail\":\"detail\","
          + "\"format\":\"json\"}"));
      Map<Integer, JsonNode> nodes = new HashMap<>();
      tree.path("nodes").forEach(n -> nodes.put(n.path("id").asInt(), n));
      List<String> hostLines = new ArrayList<>();
      ObjectNode hostsJson = mapper.createObjectNode();
      for (JsonNode node : tree.path("nodes")) {
        if (!"host".equals(node.path("type").asText())) {
          continue;
        }
        List<String> osds = new ArrayList<>();
        var osdsJson = hostsJson.putArray(node.path("name").asText());
        for (JsonNode child : node.path("children")) {
          JsonNode osd = nodes.get(child.asInt());
          if (osd != null) {
            osds.add(osd.path("name").asText() + " " + osd.path("status").asText());
            osdsJson.addObject().put("osd", osd.path("name").asText()).put("status", osd.path("status").asText());
          }
        }
        hostLines.add(String.format("    %-10s %s", node.path("name").asText(), String.join(", ", osds)));
      }
      String health = status.path("health").path("status").asText();
      JsonNode pgmap = status.path("pgmap");
      if (json) {
        ObjectNode out = mapper.createObjectNode();
        out.put("dir", dir.toAbsolutePath().toString());
        out.put("conf", client.confFile());
        out.put("fsid", cluster.fsid());
        out.put("health", health);
        out.set("hosts", hostsJson);
        var poolsJson = out.putArray("pools");
        pools.forEach(p -> poolsJson.addObject().put("name", p.path("pool_name").asText())
            .put("size", p.path("size").asInt()).put("pgs", p.path("pg_num").asInt()));
        out.put("objects", pgmap.path("num_objects").asLong());
        out.put("bytes", pgmap.path("data_bytes").asLong());
        System.out.println(out);
        return 0;
      }
      System.out.printf("Ceph in %s: %s, fsid %s%n", dir.toAbsolutePath(), health, cluster.fsid());
      System.out.printf("  daemons  : %s%n", String.join(", ", alive));
      System.out.println("  CRUSH hosts:");
      hostLines.forEach(System.out::println);
      System.out.println("  pools:");
      for (JsonNode pool : pools) {
        System.out.printf("    %-24s %d replicas, %d placement groups%n", pool.path("pool_name").asText(),
            pool.path("size").asInt(), pool.path("pg_num").asInt());
      }
      System.out.printf("  data     : %d objects, %d bytes; placement groups: %s%n", pgmap.path("num_objects").asLong(),
          pgmap.path("data_bytes").asLong(), pgStates(pgmap));
      System.out.printf("  config   : %s%n", client.confFile());
      return 0;
    }
  }

  private static String pgStates(JsonNode pgmap) {
    List<String> states = new ArrayList<>();
    pgmap.path("pgs_by_state").forEach(s -> states.add(s.path("count").asInt() + " " + s.path("state_name").asText()));
    return states.isEmpty() ? "none reported yet" : String.join(", ", states);
  }
}
