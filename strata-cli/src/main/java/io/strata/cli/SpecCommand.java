package io.strata.cli;

import io.strata.cli.shared.ClusterChoice;
import io.strata.core.config.ByteSize;
import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.NodeSpec;
import io.strata.core.spec.Presets;
import io.strata.core.spec.RackSpec;
import io.strata.core.spec.VolumeSpec;
import io.strata.core.tier.Tier;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code strata spec}: check a spec file or print a preset. */
@Command(name = "spec", mixinStandardHelpOptions = true,
    description = {"Validate a cluster spec or print a preset.",
        "Validates a cluster spec and summarises it (racks, nodes, volumes, tiers in speed order),",
        "or with --print write a preset's spec file to stdout as a starting point for your own."})
final class SpecCommand implements Callable<Integer> {
  @Mixin
  ClusterChoice cluster;

  @Option(names = "--print", description = "print the spec file text instead of a summary")
  boolean print;

  @Override
  public Integer call() {
    if (!cluster.given()) {
      System.out.println("presets: " + String.join(", ", Presets.NAMES) + "  (strata spec --preset NAME [--print])");
      return 0;
    }
    ClusterChoice.Loaded loaded = cluster.load(null);
    if (print) {
      System.out.print(loaded.text());
      return 0;
    }
    ClusterSpec spec = loaded.spec();
    System.out.printf("spec '%s' is valid: %d racks, %d nodes%n", spec.name(), spec.racks().size(),
        spec.nodes().size());
    System.out.println("tiers, fastest first:");
    for (Tier tier : spec.tierMap().tiers()) {
      System.out.printf("  %d. %-10s %-8s %6.0f MB/s %7.0f IOPS%n", tier.rank() + 1, tier.name(), tier.storageKind(),
          tier.readMBps(), tier.iops());
    }
    for (RackSpec rack : spec.racks()) {
      System.out.println(rack.name());
      for (NodeSpec node : rack.nodes()) {
        StringBuilder volumes = new StringBuilder();
        for (int i = 0; i < node.volumes().size(); i++) {
          VolumeSpec v = node.volumes().get(i);
          volumes.append(i == 0 ? "" : ", ").append(v.device().name()).append(' ')
              .append(ByteSize.format(v.capacityBytes()))
              .append(" [").append(spec.tierOf(node, i)).append(v.backup() ? ", backup" : "").append(']');
        }
        System.out.printf("  %-8s %s%n", node.host(), volumes);
      }
    }
    return 0;
  }
}
