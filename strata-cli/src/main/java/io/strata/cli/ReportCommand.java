package io.strata.cli;

import io.strata.hdfs.retrieval.ReadCounts;
import io.strata.hdfs.report.PlacementReport;
import io.strata.hdfs.report.PlacementReportCollector;
import io.strata.hdfs.report.PlacementReportFormatter;
import java.util.concurrent.Callable;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code strata report PATH}: where the replicas of the files under PATH live. */
@Command(name = "report", mixinStandardHelpOptions = true,
    description = {"Show where the replicas of the files under PATH live (tier, rack, node).",
        "Asks the live NameNode where the replicas of the files under PATH are: per tier, rack and node",
        "(hatS Fig. 5), blocks kept in one rack, files breaking whole-file-per-tier, under-replicated blocks.",
        "Works against any HDFS."})
final class ReportCommand implements Callable<Integer> {
  @Parameters(paramLabel = "PATH", defaultValue = "/", description = "file or directory (default: /)")
  String path;

  @Mixin
  HdfsConnection connection;

  @Option(names = "--json", description = "print JSON instead of tables")
  boolean json;

  @Option(names = "--reads",
      description = "show reads per tier and locality class counted by the NameNode plugin (hatS Fig. 6) instead")
  boolean reads;

  @Override
  public Integer call() throws Exception {
    if (reads) {
      ReadCounts counts = ReadCounts.fetch(connection.configuration());
      System.out.print(json ? counts.json() + "\n" : counts.text());
      return 0;
    }
    var tierMap = connection.tierMap();
    try (FileSystem fs = FileSystem.newInstance(connection.configuration())) {
      PlacementReport report = new PlacementReportCollector(fs).collect(new Path(path), tierMap);
      System.out.print(json ? PlacementReportFormatter.json(report) + "\n" : PlacementReportFormatter.text(report));
    }
    return 0;
  }
}
