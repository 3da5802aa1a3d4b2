package io.strata.bench.hadoop;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * One PNG per job, shaped like the paper's figure it reproduces: hatS's TestDFSIO bandwidth bars, one cluster per
 * placement with a bar per retrieval policy; HDFS-H's sort time per share of blocks on SSD, a bar series per size;
 * and the other jobs' times per configuration.
 */
public final class HadoopCharts {
  private HadoopCharts() {}

  /** Writes the charts into {@code dir}; returns the files. */
  public static List<Path> write(HadoopBenchReport report, Path dir) throws IOException {
    System.setProperty("java.awt.headless", "true");
    Files.createDirectories(dir);
    List<Path> files = new ArrayList<>();
    String where = report.settings().preset + ", " + report.clusterKind();
    Map<String, List<String>> sizeGroups = new LinkedHashMap<>();
    for (String group : report.groups()) {
      int space = group.indexOf(' ');
      if (space > 0) {
        // hdfsh: "terasort 32MiB" and "terasort 64MiB" share one chart, a series per size.
        sizeGroups.computeIfAbsent(group.substring(0, space), j -> new ArrayList<>()).add(group);
        continue;
      }
      CategoryChart chart = group.equals(HadoopJobs.DFSIO_READ) ? dfsioRead(report, where) : single(report, group,
          where);
      files.add(save(chart, dir.resolve(report.clusterKind() + "-" + group + ".png")));
    }
    for (Map.Entry<String, List<String>> job : sizeGroups.entrySet()) {
      files.add(save(bySize(report, job.getKey(), job.getValue(), where),
          dir.resolve(report.clusterKind() + "-" + job.getKey() + ".png")));
    }
    return files;
  }

  /** hatS's figure: read bandwidth, a cluster of bars per placement, a bar per retrieval policy. */
  private static CategoryChart dfsioRead(HadoopBenchReport report, String where) {
    List<String> placements = report.settings().placements;
    CategoryChart chart = chart("TestDFSIO read (" + where + ")", "placement",
        "throughput per map, MB/s (higher is better)");
    for (String retrieval : report.settings().retrievals) {
      List<Double> values = new ArrayList<>();
      for (String placement : placements) {
        values.add(report.of(HadoopJobs.DFSIO_READ).stream()
            .filter(s -> s.config().equals(placement + " + " + retrieval))
            .mapToDouble(HadoopBenchReport.Summary::throughputMBps).findFirst().orElse(0));
      }
      chart.addSeries(retrieval + " retrieval", placements, values);
    }
    return chart;
  }

  private static CategoryChart single(HadoopBenchReport report, String group, String where) {
    boolean throughput = HadoopBenchReport.byThroughput(group);
    List<HadoopBenchReport.Summary> rows = report.of(group);
    CategoryChart chart = chart(group + " (" + where + ")", "configuration", throughput
        ? "throughput per map, MB/s (higher is better)" : "job time, s (lower is better)");
    chart.addSeries(group, rows.stream().map(HadoopBenchReport.Summary::config).toList(), rows.stream()
        .map(s -> throughput ? s.throughputMBps() : s.seconds()).toList());
    return chart;
  }

  /** HDFS-H's figure: job time per SSD share, a series per size. */
  private static CategoryChart bySize(HadoopBenchReport report, String job, List<String> groups, String where) {
    CategoryChart chart = chart(job + " time by share of blocks on SSD (" + where + ")", "HDD/SSD",
        "job time, s (lower is better)");
    for (String group : groups) {
      List<HadoopBenchReport.Summary> rows = report.of(group);
      chart.addSeries(group.substring(job.length() + 1), rows.stream().map(HadoopBenchReport.Summary::config)
          .toList(), rows.stream().map(HadoopBenchReport.Summary::seconds).toList());
    }
    return chart;
  }

  private static CategoryChart chart(String title, String x, String y) {
    CategoryChart chart = new CategoryChartBuilder().width(800).height(450).title(title).xAxisTitle(x).yAxisTitle(y)
        .build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
    chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
    chart.getStyler().setLabelsVisible(true);
    chart.getStyler().setLabelsFontColorAutomaticEnabled(false);
    chart.getStyler().setDecimalPattern("0.0");
    chart.getStyler().setYAxisMin(0.0);
    return chart;
  }

  private static Path save(CategoryChart chart, Path file) throws IOException {
    BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    return file;
  }
}
