package io.strata.bench.iosplit;

import java.util.List;

/**
 * Where one set-up keeps each class of MapReduce data: job input and output on one tier (by HDFS storage policy on
 * their directories), intermediate data (spills, map outputs, the shuffle) on the volumes of another.
 */
public record DataSplit(String name, String description, String inputOutputTier, String intermediateTier) {
  /** The four set-ups of issue 28 on a node with an {@code ssd} and an {@code hdd} tier, the first the baseline. */
  public static List<DataSplit> standard() {
    return List.of(
        new DataSplit("ssd-only", "everything on SSD", "ssd", "ssd"),
        new DataSplit("hdd-only", "everything on HDD", "hdd", "hdd"),
        new DataSplit("thesis", "input/output SSD, intermediate HDD", "ssd", "hdd"),
        new DataSplit("reverse", "input/output HDD, intermediate SSD", "hdd", "ssd"));
  }

  /** The set-ups called {@code names}, in that order; an unknown name lists the known ones. */
  public static List<DataSplit> named(List<String> names) {
    List<DataSplit> known = standard();
    return names.stream().map(n -> known.stream().filter(s -> s.name().equals(n)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("unknown set-up '" + n + "' (known: "
            + String.join(", ", known.stream().map(DataSplit::name).toList()) + ")")))
        .toList();
  }
}
