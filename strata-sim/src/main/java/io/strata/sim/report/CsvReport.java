package io.strata.sim.report;

import io.strata.sim.metrics.SimResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Results as CSV, one row per run; runs with different tiers share one header (missing cells stay empty). */
public final class CsvReport {
  private CsvReport() {}

  public static String text(List<SimResult> results) {
    List<Map<String, Object>> rows = new ArrayList<>();
    Set<String> header = new LinkedHashSet<>();
    for (SimResult result : results) {
      Map<String, Object> row = ResultColumns.of(result);
      rows.add(row);
      header.addAll(row.keySet());
    }
    StringBuilder out = new StringBuilder(String.join(",", header)).append('\n');
    for (Map<String, Object> row : rows) {
      List<String> cells = new ArrayList<>();
      for (String column : header) {
        Object value = row.get(column);
        cells.add(value == null ? "" : escape(String.valueOf(value)));
      }
      out.append(String.join(",", cells)).append('\n');
    }
    return out.toString();
  }

  public static void write(Path file, List<SimResult> results) throws IOException {
    Files.writeString(file, text(results), StandardCharsets.UTF_8);
  }

  private static String escape(String cell) {
    if (cell.contains(",") || cell.contains("\"") || cell.contains("\n")) {
      return "\"" + cell.replace("\"", "\"\"") + "\"";
    }
    return cell;
  }
}
