package io.strata.bench.suite;

import io.strata.bench.protocol.BenchResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The tables of docs/results.md that the bench results under docs/results/ stand behind. Each result
 * {@code results/NAME.json} owns one block between {@code <!-- suite:NAME -->} and {@code <!-- /suite:NAME -->},
 * rebuilt from the JSON alone; prose outside the blocks is never touched. Tables recorded before the suite existed sit
 * between {@code <!-- pre-suite -->} and {@code <!-- /pre-suite -->}: their figures have no JSON behind them, and
 * every other table figure must.
 */
public final class ResultsPage {
  /** Where the results live, relative to the page. */
  public static final String RESULTS_DIR = "results";
  private static final Pattern BLOCK = Pattern.compile("(?s)<!-- suite:([a-z0-9-]+) -->\\n(.*?)<!-- /suite:\\1 -->");
  private static final Pattern PRE_SUITE = Pattern.compile("(?s)<!-- pre-suite -->.*?<!-- /pre-suite -->");

  private ResultsPage() {}

  /**
   * Every {@code results/NAME.json} in {@code dir}, by NAME, in name order.
   *
   * @throws IOException when a file is not a bench result (the message names it)
   */
  public static Map<String, BenchResult> load(Path dir) throws IOException {
    Map<String, BenchResult> results = new TreeMap<>();
    if (!Files.isDirectory(dir)) {
      return results;
    }
    try (Stream<Path> files = Files.list(dir)) {
      for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".json")).toList()) {
        String name = file.getFileName().toString();
        results.put(name.substring(0, name.length() - ".json".length()), BenchResult.read(file));
      }
    }
    return results;
  }

  /**
   * {@code page} with every suite block rebuilt from its result; a result without a block gets one at the end of the
   * page.
   *
   * @throws IllegalArgumentException for a block whose result is not in {@code results}
   */
  public static String regenerate(String page, Map<String, BenchResult> results) {
    StringBuilder out = new StringBuilder();
    Matcher block = BLOCK.matcher(page);
    List<String> seen = new ArrayList<>();
    int copied = 0;
    while (block.find()) {
      String name = block.group(1);
      BenchResult result = results.get(name);
      if (result == null) {
        throw new IllegalArgumentException("results.md: the block suite:" + name + " has no " + RESULTS_DIR + "/"
            + name + ".json behind it");
      }
      out.append(page, copied, block.start()).append(block(name, result));
      copied = block.end();
      seen.add(name);
    }
    out.append(page.substring(copied));
    for (Map.Entry<String, BenchResult> result : results.entrySet()) {
      if (!seen.contains(result.getKey())) {
        out.append(out.charAt(out.length() - 1) == '\n' ? "\n" : "\n\n").append(block(result.getKey(),
            result.getValue())).append('\n');
      }
    }
    return out.toString();
  }

  /**
   * What in {@code page} no result stands behind: a block without its JSON, a block that differs from what its JSON
   * gives, and a table row with a figure outside the blocks and the pre-suite tables. Empty when all is backed.
   */
  public static List<String> unbacked(String page, Map<String, BenchResult> results) {
    List<String> problems = new ArrayList<>();
    Matcher block = BLOCK.matcher(page);
    while (block.find()) {
      String name = block.group(1);
      BenchResult result = results.get(name);
      if (result == null) {
        problems.add("block suite:" + name + ": no " + RESULTS_DIR + "/" + name + ".json behind it");
      } else if (!block.group().equals(block(name, result))) {
        problems.add("block suite:" + name + ": differs from " + RESULTS_DIR + "/" + name + ".json (figures edited "
            + "by hand, or not regenerated: strata bench suite --no-run)");
      }
    }
    String outside = PRE_SUITE.matcher(BLOCK.matcher(page).replaceAll("")).replaceAll("");
    for (String line : outside.split("\n")) {
      if (line.startsWith("|") && line.chars().anyMatch(Character::isDigit)) {
        problems.add("a table figure with no JSON behind it: " + line);
      }
    }
    return problems;
  }

  /** The block of one result, markers included. */
  static String block(String name, BenchResult result) {
    StringBuilder out = new StringBuilder("<!-- suite:" + name + " -->\n");
    String declared = result.declared().isEmpty() ? "" : " · declared: `" + result.declared() + "`";
    out.append(String.format(Locale.ROOT,
        "`%s` · %s · commit %s · %d round(s) · CPU %s busy%s, load average %s (start, end)"
            + "%s · [JSON](%s/%s.json), [output](%s/%s.txt)%n%n",
        result.commandLine(), result.date(), result.gitCommit(),
        result.rounds(), Double.isNaN(result.cpuBusyShare()) ? "?" : Math.round(100 * result.cpuBusyShare()) + "%",
        result.cpuBound() ? " (**cpu-bound**)" : "", String.join(", ", result.loadAverage().stream()
            .map(load -> String.format(Locale.ROOT, "%.1f", load)).toList()),
        declared, RESULTS_DIR, name,
        RESULTS_DIR, name));
    out.append("| measure | configuration | median | min | max | rounds | |\n|---|---|---|---|---|---|---|\n");
    for (BenchResult.Row row : result.rows()) {
      out.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %d | %s |%n", cell(row.measure()),
          cell(row.configuration()), value(row.median(), row.unit()), value(row.min(), row.unit()),
          value(row.max(), row.unit()), row.rounds(), row.cpuBound() ? "cpu-bound" : ""));
    }
    if (!result.targets().isEmpty()) {
      out.append("\n| target | declared | baseline | bound | worst round | median | rounds | verdict |\n"
          + "|---|---|---|---|---|---|---|---|\n");
      for (BenchResult.Target target : result.targets()) {
        out.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %d | %s |%n", cell(target.what()),
            cell(target.declared()), cell(target.baseline()), target.threshold(), value(target.worst(), "x"),
            value(target.median(), "x"), target.rounds(), target.met() ? "**met**" : target.verdict()));
      }
    }
    return out.append("<!-- /suite:").append(name).append(" -->").toString();
  }

  /**
   * Three significant digits, none after the point from 100 on, and zero as 0; the unit glued for x and %, spaced
   * otherwise.
   */
  static String value(double value, String unit) {
    if (Double.isNaN(value)) {
      return "-";
    }
    String number = value == 0 ? "0" : Math.abs(value) >= 100 ? String.format(Locale.ROOT, "%.0f", value)
        : String.format(Locale.ROOT, "%.3g", value);
    return unit.equals("x") || unit.equals("%") ? number + unit : number + " " + unit;
  }

  private static String cell(String text) {
    return text.replace("|", "\\|");
  }
}
