package io.strata.sim.power;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.energy.NodePower;
import io.strata.core.energy.WriteGroups;
import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.SpecParser;
import io.strata.sim.engine.SimConfig;
import io.strata.sim.engine.Simulator;
import io.strata.sim.metrics.SimResult;
import io.strata.sim.trace.TraceSource;
import org.junit.jupiter.api.Test;

/**
 * The write group in the simulator: 8 nodes in two racks, a job writing one replicated block every 10 minutes for
 * three hours, across three rotations of a half-the-nodes, one-hour group.
 */
class WriteGroupPowerTest {
  private static final long BLOCK = 64L << 20;
  private final ClusterSpec spec = SpecParser.parse("wg-sim", spec());
  private final TraceSource writes = TraceSource.ofText("writes", trace());

  private static String spec() {
    StringBuilder out = new StringBuilder("name: wg-sim\ntiers:\n  - {name: primary, storageType: DISK}\n"
        + "  - {name: backup, storageType: ARCHIVE}\nracks:\n");
    for (int r = 1; r <= 2; r++) {
      out.append("  - name: /rack").append(r).append("\n    nodes:\n");
      for (int n = 1; n <= 4; n++) {
        out.append("      - host: r").append(r).append('n').append(n).append("\n        volumes:\n")
            .append("          - {device: primary-disk, capacity: 1TB}\n")
            .append("          - {device: backup-array, capacity: 1TB, backup: true}\n");
      }
    }
    return out.toString();
  }

  private static String trace() {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i <= 18; i++) {
      out.append("j").append(i).append('\t').append(i * 600).append('\t').append(i == 0 ? 0 : 600)
          .append("\t0\t0\t").append(BLOCK).append("\t\t\t\n");
    }
    return out.toString();
  }

  private SimResult run(PowerSettings power) {
    return Simulator.run(SimConfig.builder(spec, writes, "primary-backup", "primary-first").byteScale(1.0)
        .power(power).build());
  }

  @Test
  void writesGoToTheAwakeGroupSoNoneWaitsWhileTheOtherBackupsSleep() {
    SimResult reactive = run(PowerSettings.standby(120, "reactive", NodePower.THESIS_MIDPOINT));
    SimResult grouped = run(PowerSettings.standby(120, "reactive", NodePower.THESIS_MIDPOINT)
        .withWriteGroup(WriteGroups.parse("50%/1h", "test").orElseThrow()));
    // Without a group, every write after the first finds two sleeping arrays (the idle timeout is shorter than the gap).
    assertEquals(36, reactive.power().stalledIos(), reactive.power().toString());
    // With it, the group's arrays are awake when each write comes, including across the three rotations: they are
    // woken ahead of their turn, so no write waits and none wakes a disk.
    assertEquals(0, grouped.power().stalledIos(), grouped.power().toString());
    assertEquals(null, grouped.power().spinUpsByCause().get("write"));
    // Each rotation wakes the next group's four arrays once: at 1 h, 2 h and 3 h.
    assertEquals(12, grouped.power().spinUpsByCause().get("write_group"), grouped.power().toString());
    assertTrue(grouped.power().backupStateShare().get("standby") > 0.3, grouped.power().backupStateShare()
        .toString());
    assertTrue(grouped.time().totalJobSeconds() < reactive.time().totalJobSeconds());
    assertTrue(grouped.power().mostSpinUpsOfOneDisk() <= 2);
  }
}
