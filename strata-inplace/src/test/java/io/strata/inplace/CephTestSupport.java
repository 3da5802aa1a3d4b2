package io.strata.inplace;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.inplace.ceph.CephInstallation;
import io.strata.inplace.ceph.CephUnavailableException;
import io.strata.inplace.placement.ObjectHash;
import io.strata.inplace.placement.OsdMapSnapshot;
import io.strata.inplace.rados.RadosCluster;
import io.strata.inplace.rados.RadosPool;
import io.strata.inplace.testbed.InPlaceTestbed;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;

/** Starting the real clusters for integration tests, and independent views of where Ceph put things. */
public final class CephTestSupport {
  private static final ObjectMapper JSON = new ObjectMapper();

  private CephTestSupport() {}

  /**
   * Starts the testbed. Only when Ceph cannot be installed on this machine (no apt-get, not root, no packages)
   * is the test skipped, and the reason printed; any other failure fails the test.
   */
  public static InPlaceTestbed testbed(Path dir, InPlaceTestbed.Options options) throws IOException {
    requireCeph();
    return InPlaceTestbed.start(dir, options, System.err);
  }

  /**
   * Installs Ceph if missing and possible; otherwise skips the calling test with the reason, printed on the
   * process' own stderr, which Maven shows on the console (System.out and System.err go to the report files).
   */
  public static void requireCeph() {
    try {
      CephInstallation.ensure(System.err);
    } catch (CephUnavailableException e) {
      String reason = "SKIPPED: Ceph cannot be installed on this machine: " + e.getMessage();
      new PrintStream(new FileOutputStream(FileDescriptor.err), true).println(reason);
      System.out.println(reason);
      Assumptions.abort(reason);
    }
  }

  /**
   * Lets replicas serve reads of everything written so far. A replica OSD refuses a localized read of an object
   * whose last write it cannot yet know to be complete on every replica (librados then asks the primary); it learns
   * that from the next write to the placement group. So: one write and one removal in every placement group.
   */
  public static void settle(RadosCluster cluster, RadosPool pool) throws IOException {
    int pgNum = OsdMapSnapshot.fetch(cluster, pool.name()).pool().pgNum();
    Map<Integer, String> onePerGroup = new HashMap<>();
    for (int i = 0; onePerGroup.size() < pgNum; i++) {
      String name = "settle-" + i;
      onePerGroup.putIfAbsent(ObjectHash.placementGroup(ObjectHash.rjenkins(name), pgNum), name);
    }
    for (String name : onePerGroup.values()) {
      pool.writeFull(name, new byte[] {1});
    }
    for (String name : onePerGroup.values()) {
      pool.remove(name);
    }
  }

  /** What `ceph osd map POOL OBJECT` says, asked of the monitors: placement group and acting hosts, primary first. */
  public record MonPlacement(String pgid, List<String> hosts) {}

  public static MonPlacement monPlacement(RadosCluster cluster, String pool, String object) throws IOException {
    JsonNode map = JSON.readTree(cluster.monCommand("{\"prefix\":\"osd map\",\"pool\":" + JSON.writeValueAsString(pool)
        + ",\"object\":" + JSON.writeValueAsString(object) + ",\"format\":\"json\"}"));
    Map<Integer, String> hostOf = osdHosts(cluster);
    int primary = map.path("acting_primary").asInt();
    List<String> hosts = new ArrayList<>();
    hosts.add(hostOf.get(primary));
    for (JsonNode osd : map.path("acting")) {
      if (osd.asInt() != primary) {
        hosts.add(hostOf.get(osd.asInt()));
      }
    }
    return new MonPlacement(map.path("pgid").asText(), hosts);
  }

  /** OSD id to CRUSH host, from `ceph osd tree`. */
  public static Map<Integer, String> osdHosts(RadosCluster cluster) throws IOException {
    JsonNode tree = JSON.readTree(cluster.monCommand("{\"prefix\":\"osd tree\",\"format\":\"json\"}"));
    Map<Integer, String> hosts = new HashMap<>();
    for (JsonNode node : tree.path("nodes")) {
      if ("host".equals(node.path("type").asText())) {
        node.path("children").forEach(c -> hosts.put(c.asInt(), node.path("name").asText()));
      }
    }
    return hosts;
  }
}
