package io.strata.sim.report;

import io.strata.sim.metrics.SimResult;
import io.strata.sim.scenario.Metric;
import java.util.List;
import io.strata.core.energy.EnergyDelay;
import java.util.Locale;

/** A group's runs side by side: each metric's value and its ratio to the group's baseline. */
public final class ComparisonTable {
  private ComparisonTable() {}

  public static String text(GroupResults group, List<Metric> metrics) {
    StringBuilder out = new StringBuilder();
    out.append(group.title()).append(" - ratios to '").append(group.baseline().run().label()).append("'\n");
    int labelWidth = Math.max(10, group.results().stream().mapToInt(r -> r.run().label().length()).max().orElse(0));
    StringBuilder header = new StringBuilder(String.format(Locale.ROOT, "  %-" + labelWidth + "s", "run"));
    for (Metric metric : metrics) {
      String name = metric.label() + " (" + metric.unit() + ")";
      header.append(String.format(Locale.ROOT, "  %" + Math.max(name.length(), 16) + "s", name));
    }
    out.append(header).append('\n');
    for (SimResult result : group.results()) {
      StringBuilder line = new StringBuilder(
          String.format(Locale.ROOT, "  %-" + labelWidth + "s", result.run().label()));
      for (Metric metric : metrics) {
        String name = metric.label() + " (" + metric.unit() + ")";
        double value = metric.value().applyAsDouble(result);
        double base = metric.value().applyAsDouble(group.baseline());
        String cell = String.format(Locale.ROOT, "%s  x%.2f", number(value), base == 0 ? Double.NaN : value / base);
        line.append(String.format(Locale.ROOT, "  %" + Math.max(name.length(), 16) + "s", cell));
      }
      out.append(line).append('\n');
    }
    return out.toString();
  }

  /** Where each run read from and how far: the shares hatS discusses next to Fig. 13. */
  public static String readShares(GroupResults group) {
    StringBuilder out = new StringBuilder("  reads by tier and locality (share of bytes):\n");
    int width = Math.max(26, group.results().stream().mapToInt(r -> r.run().label().length()).max().orElse(0));
    for (SimResult r : group.results()) {
      StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "    %-" + width + "s", r.run().label()));
      r.io().shareByTier()
          .forEach((tier, share) -> line.append(String.format(Locale.ROOT, " %s %4.1f%%", tier, 100 * share)));
      line.append("  |");
      r.io().shareByLocality()
          .forEach((where, share) -> line.append(String.format(Locale.ROOT, " %s %4.1f%%", where, 100 * share)));
      line.append(String.format(Locale.ROOT, "  | block already being read %4.1f%%",
          100 * r.io().sharedBlockReadShare()));
      line.append(String.format(Locale.ROOT, "  | first reads %4.1f%%, re-read ceiling %s MB/s",
          100 * r.io().firstReadShare(), number(r.io().rereadCeilingMBps())));
      line.append(String.format(Locale.ROOT, "  | cross-rack %s, evicted %d files, fallbacks %d",
          bytes(r.network().crossRackBytes()), r.storage().evictedFiles(), r.storage().fallbacks()));
      out.append(line).append('\n');
    }
    return out.toString();
  }

  /**
   * The power figures of a group's runs that have them (empty otherwise): energy, the thesis's Pt and Ptc against
   * the baseline, spin-ups against the daily budget, stalls.
   */
  public static String power(GroupResults group) {
    SimResult base = group.baseline();
    if (base.power() == null) {
      return "";
    }
    StringBuilder out = new StringBuilder(String.format(Locale.ROOT,
        "  power (node base %.0f W; Pt and Ptc as the thesis, against '%s'; Ptc with a = b = 0.5):%n",
        base.power().nodeBaseWatts(), base.run().label()));
    int width = Math.max(26, group.results().stream().mapToInt(r -> r.run().label().length()).max().orElse(0));
    out.append(String.format(Locale.ROOT, "    %-" + width + "s %9s %9s %9s %8s %8s %6s %10s %9s %8s %8s %7s %8s%n",
        "run", "node kWh", "disk kWh", "bkup kWh", "Pt", "Ptc", "vs", "spin-ups/", "most of", "standby", "stall s",
        "stalled", "unused"));
    out.append(String.format(Locale.ROOT, "    %-" + width + "s %9s %9s %9s %8s %8s %6s %10s %9s %8s %8s %7s %8s%n",
        "", "", "", "", "ratio", "", "base", "disk-day", "one disk", "share", "", "I/Os", "predicted"));
    for (SimResult r : group.results()) {
      SimResult.Power p = r.power();
      if (p == null) {
        continue;
      }
      EnergyDelay.Comparison c = new EnergyDelay(p.nodeJoules(), r.time().totalJobSeconds())
          .against(new EnergyDelay(base.power().nodeJoules(), base.time().totalJobSeconds()));
      String budget = p.dailySpinUpBudget() > 0 ? String.format(Locale.ROOT, "%.1f/%d", p.spinUpsPerDiskPerDay(),
          p.dailySpinUpBudget()) : String.format(Locale.ROOT, "%.1f", p.spinUpsPerDiskPerDay());
      out.append(String.format(Locale.ROOT,
          "    %-" + width + "s %9.1f %9.1f %9.1f %8.3f %8.3f %6.3f %10s %9.0f %7.1f%% %8.0f %7d %8d%n",
          r.run().label(), p.nodeJoules() / 3.6e6, p.diskJoules() / 3.6e6, p.backupJoules() / 3.6e6, c.ptRatio(),
          c.ptc(0.5), c.baselinePtc(0.5), budget, p.mostSpinUpsOfOneDisk(),
          100 * p.backupStateShare().getOrDefault("standby", 0.0), p.stallSeconds(), p.stalledIos(),
          p.unusedPredictedSpinUps()));
    }
    return out.toString();
  }

  /**
   * Bytes each run wrote to and read from each tier, HDFS replicas apart from intermediate data, with the shuffle's
   * positionings and what the capacity rule did; empty unless a run modeled intermediate I/O in full.
   */
  public static String writes(GroupResults group) {
    if (group.results().stream().noneMatch(r -> r.intermediate() != null && r.intermediate().model().equals("full"))) {
      return "";
    }
    List<String> tiers = List.copyOf(group.baseline().storage().writtenBytesByTier().keySet());
    int width = Math.max(12, group.results().stream().mapToInt(r -> r.run().label().length()).max().orElse(0));
    long largest = group.results().stream().mapToLong(r -> Math.max(r.storage().writtenBytesByTier().values().stream()
        .mapToLong(v -> v).max().orElse(0),
        r.intermediate() == null ? 0 : r.intermediate().writtenBytesByTier()
            .values().stream().mapToLong(v -> v).max().orElse(0)))
        .max().orElse(0);
    double unit = largest >= 1e12 ? 1e12 : largest >= 1e9 ? 1e9 : 1e6;
    StringBuilder out = new StringBuilder("  bytes written and read by tier (" + (unit == 1e12 ? "TB" : unit == 1e9
        ? "GB" : "MB") + "):\n");
    StringBuilder header = new StringBuilder(String.format(Locale.ROOT, "    %-" + width + "s", "run"));
    for (String tier : tiers) {
      header.append(String.format(Locale.ROOT, " %13s %13s %13s %13s", "input ld " + tier, "output wr " + tier,
          "interm. wr " + tier, "interm. rd " + tier));
    }
    header.append(String.format(Locale.ROOT, " %12s %12s %8s %9s", "segments", "position h", "evicted",
        "fallbacks"));
    out.append(header).append('\n');
    for (SimResult r : group.results()) {
      StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "    %-" + width + "s", r.run().label()));
      SimResult.Intermediate i = r.intermediate();
      for (String tier : tiers) {
        long loaded = r.storage().loadedBytesByTier().getOrDefault(tier, 0L);
        line.append(String.format(Locale.ROOT, " %13.2f %13.2f %13.2f %13.2f", loaded / unit,
            (r.storage().writtenBytesByTier().getOrDefault(tier, 0L) - loaded) / unit,
            i == null ? 0 : i.writtenBytesByTier().getOrDefault(tier, 0L) / unit,
            i == null ? 0 : i.readBytesByTier().getOrDefault(tier, 0L) / unit));
      }
      line.append(String.format(Locale.ROOT, " %12d %12.1f %8d %9d", i == null ? 0 : i.segments(),
          i == null ? 0 : i.positioningSeconds() / 3600, r.storage().evictedFiles(), r.storage().fallbacks()));
      out.append(line).append('\n');
    }
    return out.toString();
  }

  static String number(double value) {
    double abs = Math.abs(value);
    if (abs >= 1000) {
      return String.format(Locale.ROOT, "%.0f", value);
    }
    if (abs >= 10) {
      return String.format(Locale.ROOT, "%.1f", value);
    }
    return String.format(Locale.ROOT, "%.3f", value);
  }

  static String bytes(long bytes) {
    return String.format(Locale.ROOT, "%.1f TB", bytes / 1e12);
  }
}
