package io.strata.sim.scenario;

import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.SpecParser;
import java.util.List;

/**
 * The papers' simulated clusters, written out as ordinary cluster specs (the format of {@code strata spec} and
 * the embedded cluster) and parsed by the same parser, so a scenario's cluster can be saved, read and edited.
 */
public final class ClusterSpecs {
  private ClusterSpecs() {}

  /** One kind of volume on every node. */
  record Volumes(String device, int count, String capacity, boolean backup) {
    Volumes(String device, int count, String capacity) {
      this(device, count, capacity, false);
    }
  }

  /**
   * hatS V-H: 500 nodes, each six 1 TB disks and one 256 GB PCIe SSD, two 10 Gbps links per node. hatS gives no
   * racks; here 25 racks of 20 nodes whose uplinks carry 200 Gbps, half of what their nodes could send (2:1
   * oversubscription, an assumption).
   */
  public static String hats500() {
    return yaml("hats-500", "hatS V-H simulation: 500 nodes, 6 x 1 TB HDD + 256 GB PCIe SSD each, 2 x 10 Gbps",
        "  - {name: pcie-ssd, storageType: SSD}\n  - {name: hdd, storageType: DISK}\n", 20, 200, 25, 20,
        List.of(new Volumes("pcie-ssd", 1, "256GB"), new Volumes("hdd", 6, "1TB")));
  }

  /**
   * AptStore IV-D1, at the scale of the hatS simulation: 500 DAS nodes of six 1 TB disks, and an enterprise filer
   * as secondary storage, which stock HDFS sees as an ARCHIVE volume on every node (a 2 TB share each). 10 Gbps
   * NICs (AptStore IV-A), 25 racks of 20 with 2:1 oversubscribed uplinks (assumption).
   */
  public static String aptstore500() {
    return yaml("aptstore-500", "AptStore simulation: 500 DAS nodes of 6 x 1 TB HDD, plus a filer share as ARCHIVE",
        "  - {name: das, storageType: DISK}\n  - {name: filer, storageType: ARCHIVE}\n", 10, 100, 25, 20,
        List.of(new Volumes("hdd", 6, "1TB"), new Volumes("nas-filer", 1, "2TB")));
  }

  /**
   * AptStore IV-A's testbed: 26 workers of twelve 600 GB disks on a 10 Gbps network. The paper gives no racks or
   * disk speed: 2 racks of 13 whose uplinks carry all their nodes send (no oversubscription), the catalog's HDD.
   */
  public static String aptstoreTestbed() {
    return yaml("aptstore-testbed", "AptStore testbed: 26 workers of 12 x 600 GB HDD, 10 Gbps",
        "  - {name: das, storageType: DISK}\n", 10, 130, 2, 13, List.of(new Volumes("hdd", 12, "600GB")));
  }

  /**
   * HDFS-H section 4: 8 DataNodes, each a 1 TB HD and a 120 GB SSD, at full size. The paper gives no network; a
   * commodity 1 Gbps switch, one rack, is assumed.
   */
  public static String hdfsh8() {
    return yaml("hdfsh-8", "HDFS-H testbed: 8 DataNodes, 1 TB HD + 120 GB SSD each, 1 Gbps",
        "  - {name: ssd, storageType: SSD}\n  - {name: hdd, storageType: DISK}\n", 1, 10, 1, 8,
        List.of(new Volumes("hdfsh-hdd", 1, "1TB"), new Volumes("hdfsh-ssd", 1, "120GB")));
  }

  /**
   * Energy-efficient HDFS (thesis ch. 4) at the scale of the hatS simulation: 500 nodes, each a 2 TB primary disk
   * and a four-disk RAID-5 backup array of 6 TB (the thesis pairs a 500 GB disk with a 1.5 TB array: backups need
   * at least (replicas - 1) x the primary capacity), 10 Gbps NICs, 25 racks of 20 with 2:1 oversubscribed uplinks
   * (as {@link #aptstore500}). With {@code backups} false the arrays are ordinary volumes: native HDFS on the same
   * machines.
   */
  public static String energy500(boolean backups) {
    return yaml(backups ? "energy-500" : "energy-500-native",
        "energy-efficient HDFS at 500 nodes: 2 TB primary disk + 6 TB RAID-5 backup array each"
            + (backups ? "" : " (arrays as ordinary volumes)"),
        "  - {name: primary, storageType: DISK}\n  - {name: backup, storageType: ARCHIVE}\n", 10, 100, 25, 20,
        List.of(new Volumes("primary-disk", 1, "2TB"), new Volumes("backup-array", 1, "6TB", backups)));
  }

  /**
   * The thesis's hybrid node (seed 003 ch. 2, type VII; the {@code hybrid-node} preset's node) at simulation
   * scale: 60 nodes, each one SATA SSD (2 TB, tier {@code ssd}) and one HDD (4 TB, tier {@code hdd}), with
   * intermediate data on {@code intermediateTier}. The preset's 10 Gbps NICs; 3 racks of 20 whose uplinks carry
   * 100 Gbps (2:1 oversubscription, as {@link #aptstore500}). The thesis gives no capacities: 2 TB holds the
   * FB-2010 day at this scale (76 TB of replicas over 60 nodes, below the LRU rule's 95%), so no set-up evicts.
   */
  public static String hybridNodes(String intermediateTier) {
    return yaml("hybrid-node-60", "thesis type VII nodes at simulation scale: 2 TB SATA SSD + 4 TB HDD each",
        "  - {name: ssd, storageType: SSD}\n  - {name: hdd, storageType: DISK}\n", 10, 100, 3, 20,
        List.of(new Volumes("sata-ssd", 1, "2TB"), new Volumes("hdd", 1, "4TB")), intermediateTier);
  }

  public static ClusterSpec parse(String name, String yaml) {
    return SpecParser.parse("scenario:" + name, yaml);
  }

  private static String yaml(String name, String description, String tiers, double nicGbps, double uplinkGbps,
      int racks, int nodesPerRack, List<Volumes> volumes) {
    return yaml(name, description, tiers, nicGbps, uplinkGbps, racks, nodesPerRack, volumes, null);
  }

  private static String yaml(String name, String description, String tiers, double nicGbps, double uplinkGbps,
      int racks, int nodesPerRack, List<Volumes> volumes, String intermediateTier) {
    StringBuilder out = new StringBuilder();
    out.append("# Generated by io.strata.sim.scenario.ClusterSpecs; see its javadoc for the sources.\n");
    out.append("name: ").append(name).append('\n');
    out.append("description: '").append(description.replace("'", "''")).append("'\n");
    out.append("network: {nicGbps: ").append(nicGbps).append(", rackUplinkGbps: ").append(uplinkGbps).append("}\n");
    out.append("tiers:\n").append(tiers);
    if (intermediateTier != null) {
      out.append("intermediate: ").append(intermediateTier).append('\n');
    }
    out.append("racks:\n");
    for (int r = 1; r <= racks; r++) {
      out.append("  - name: /rack").append(r).append("\n    nodes:\n");
      for (int n = 1; n <= nodesPerRack; n++) {
        out.append("      - host: r").append(r).append('n').append(n).append("\n        volumes:\n");
        for (Volumes v : volumes) {
          for (int i = 0; i < v.count(); i++) {
            out.append("          - {device: ").append(v.device()).append(", capacity: ").append(v.capacity())
                .append(v.backup() ? ", backup: true" : "")
                .append("}\n");
          }
        }
      }
    }
    return out.toString();
  }
}
