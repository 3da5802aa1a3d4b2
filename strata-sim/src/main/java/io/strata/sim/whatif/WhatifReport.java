package io.strata.sim.whatif;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.sim.metrics.SimResult;
import io.strata.sim.report.ChartReport;
import io.strata.sim.report.GroupResults;
import io.strata.sim.scenario.Metric;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The candidates side by side with today's: a table, JSON, and a chart through the simulator's reports. */
public final class WhatifReport {
  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  private static final List<Metric> CHART_METRICS = List.of(Metric.READ_THROUGHPUT, Metric.JOB_TIME,
      Metric.DISK_ENERGY);

  private WhatifReport() {}

  /** One line per candidate, ratios to today's, then where each reads from and how to apply it. */
  public static String table(List<WhatifResult> results) {
    return table(results, ReportPaths.AS_GIVEN);
  }

  /** As {@link #table(List)}, its paths shown as {@code paths} says. */
  public static String table(List<WhatifResult> results, ReportPaths paths) {
    StringBuilder out = new StringBuilder();
    int width = Math.max(12, results.stream().mapToInt(r -> r.name().length()).max().orElse(0));
    out.append(String.format(Locale.ROOT, "%-" + width + "s  %18s  %16s  %12s  %12s  %12s  %10s%n", "candidate",
        "read MB/s (x today)", "mean job s", "SSD written", "to move", "migration", "disk kWh"));
    for (WhatifResult r : results) {
      out.append(String.format(Locale.ROOT, "%-" + width + "s  %10.1f (x%.2f)  %16.2f  %12s  %12s  %11.0fs  %10.3f%n",
          r.name(), r.result().io().throughputMBps(), r.readThroughputRatio(), r.meanJobSeconds(),
          bytes(r.ssdBytesWritten()), bytes(r.bytesToMove()), r.migrationSeconds(), r.diskJoules() / 3.6e6));
    }
    out.append("\nbytes read by tier | by locality:\n");
    for (WhatifResult r : results) {
      out.append(String.format(Locale.ROOT, "  %-" + width + "s ", r.name()));
      r.bytesReadByTier().forEach((tier, b) -> out.append(' ').append(tier).append(' ').append(bytes(b)));
      out.append("  |");
      r.bytesReadByLocality().forEach((where, b) -> out.append(' ').append(where).append(' ').append(bytes(b)));
      out.append('\n');
    }
    out.append("\nto apply:\n");
    for (WhatifResult r : results) {
      out.append("  ").append(r.name()).append(":\n");
      r.howToApply(paths).forEach(step -> out.append("    ").append(step).append('\n'));
    }
    return out.toString();
  }

  /** Every candidate's figures, its full simulator result and how to apply it, as JSON. */
  public static String json(List<WhatifResult> results) {
    return json(results, ReportPaths.AS_GIVEN);
  }

  /** As {@link #json(List)}, its paths and the simulator's bad-line messages shown as {@code paths} says. */
  public static String json(List<WhatifResult> results, ReportPaths paths) {
    try {
      return MAPPER.writeValueAsString(results.stream().map(r -> fields(r, paths)).toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Map<String, Object> fields(WhatifResult r, ReportPaths paths) {
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("candidate", r.name());
    f.put("readThroughputMBps", r.result().io().throughputMBps());
    f.put("readThroughputRatio", r.readThroughputRatio());
    f.put("meanJobSeconds", r.meanJobSeconds());
    f.put("bytesReadByTier", r.bytesReadByTier());
    f.put("bytesReadByLocality", r.bytesReadByLocality());
    f.put("ssdBytesWritten", r.ssdBytesWritten());
    f.put("bytesToMove", r.bytesToMove());
    f.put("migrationSeconds", r.migrationSeconds());
    f.put("diskJoules", r.diskJoules());
    f.put("apply", r.howToApply(paths));
    ObjectNode simulation = MAPPER.valueToTree(r.result());
    ArrayNode problems = ((ObjectNode) simulation.get("run")).putArray("traceProblems");
    r.result().run().traceProblems().forEach(problem -> problems.add(paths.problem(problem)));
    f.put("simulation", simulation);
    return f;
  }

  /**
   * A PNG of read throughput, job time and disk energy per candidate, ratios to today's: it names candidates and
   * figures only, no path.
   */
  public static void writeChart(Path file, List<WhatifResult> results) throws IOException {
    List<SimResult> runs = results.stream().map(WhatifResult::result).toList();
    ChartReport.writePng(file, new GroupResults("strata whatif: candidates against today's", runs), CHART_METRICS);
  }

  private static String bytes(long value) {
    String[] units = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    double v = value;
    int unit = 0;
    while (v >= 1024 && unit < units.length - 1) {
      v /= 1024;
      unit++;
    }
    return String.format(Locale.ROOT, unit == 0 ? "%.0f %s" : "%.1f %s", v, units[unit]);
  }
}
