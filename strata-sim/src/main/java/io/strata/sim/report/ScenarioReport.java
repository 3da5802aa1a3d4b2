package io.strata.sim.report;

import io.strata.sim.metrics.SimResult;
import io.strata.sim.scenario.Metric;
import io.strata.sim.scenario.SweepChart;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Writes a scenario's results into a directory: results.csv, results.json, one PNG chart per group and one per
 * sweep, the spec.
 */
public final class ScenarioReport {
  private ScenarioReport() {}

  /** Returns the files written. */
  public static List<Path> write(Path dir, String name, List<GroupResults> groups, List<Metric> metrics,
      List<SweepChart> sweeps, String specText) throws IOException {
    Files.createDirectories(dir);
    List<SimResult> all = new ArrayList<>();
    groups.forEach(g -> all.addAll(g.results()));
    List<Path> written = new ArrayList<>();
    Path csv = dir.resolve("results.csv");
    CsvReport.write(csv, all);
    written.add(csv);
    Path json = dir.resolve("results.json");
    JsonReport.write(json, all);
    written.add(json);
    for (int i = 0; i < groups.size(); i++) {
      String suffix = groups.size() == 1 ? "" : "-" + slug(groups.get(i).title());
      Path png = dir.resolve(name + suffix + ".png");
      ChartReport.writePng(png, groups.get(i), metrics);
      written.add(png);
    }
    for (SweepChart sweep : sweeps) {
      Path png = dir.resolve(name + "-" + slug(sweep.title()) + ".png");
      ChartReport.writePng(png, sweep, groups);
      written.add(png);
    }
    if (specText != null) {
      Path spec = dir.resolve("spec.yaml");
      Files.writeString(spec, specText, StandardCharsets.UTF_8);
      written.add(spec);
    }
    return written;
  }

  static String slug(String title) {
    return title.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
  }
}
