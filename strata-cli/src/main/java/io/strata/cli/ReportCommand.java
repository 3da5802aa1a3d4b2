package io.strata.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.cli.shared.HdfsConnection;
import io.strata.core.config.ConfigException;
import io.strata.embedded.ClientConfigWriter;
import io.strata.hdfs.power.PowerManager;
import io.strata.hdfs.power.PowerStatus;
import io.strata.hdfs.report.PlacementReport;
import io.strata.hdfs.report.PlacementReportCollector;
import io.strata.hdfs.report.PlacementReportFormatter;
import io.strata.hdfs.retrieval.ReadCounts;
import java.io.IOException;
import java.nio.file.Files;
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
        "Works against any HDFS. With a power manager's state (--power-state, or DIR/power of a `cluster up",
        "--power` --conf DIR), also a power section: backups asleep, spin-ups, disk and node energy per host."})
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

  @Option(names = "--power-state", paramLabel = "DIR",
      description = "the power manager's --state-dir, for the power section (default: DIR/power of --conf when a "
          + "power manager writes there, as `cluster up --power` does)")
  java.nio.file.Path powerState;

  @Override
  public Integer call() throws Exception {
    PowerStatus power = reads ? null : powerStatus();
    if (reads) {
      ReadCounts counts = ReadCounts.fetch(connection.configuration());
      System.out.print(json ? counts.json() + "\n" : counts.text());
      return 0;
    }
    var tierMap = connection.tierMap();
    try (FileSystem fs = connection.fileSystem()) {
      PlacementReport report = new PlacementReportCollector(fs).collect(new Path(path), tierMap);
      if (json) {
        ObjectNode root = (ObjectNode) new ObjectMapper().readTree(PlacementReportFormatter.json(report));
        if (power != null) {
          root.set("power", power.json());
        }
        System.out.println(root);
      } else {
        System.out.print(PlacementReportFormatter.text(report));
        if (power != null) {
          System.out.printf("%nPower (the power manager's last status, every tick):%n%s", power.nodeReport());
        }
      }
    }
    return 0;
  }

  /** The power manager's status: from --power-state, else from a `cluster up --power` configuration dir, else none. */
  private PowerStatus powerStatus() throws IOException {
    if (powerState != null) {
      if (!Files.isDirectory(powerState)) {
        throw new ConfigException("--power-state " + powerState + " is not a directory");
      }
      return PowerManager.readStatus(powerState).orElseThrow(() -> new ConfigException("--power-state "
          + powerState + ": no power status there (is a power manager running with --state-dir " + powerState
          + "?)"));
    }
    java.nio.file.Path conf = connection.configDir();
    if (conf == null || !Files.isDirectory(conf.resolve(ClientConfigWriter.POWER_STATE_DIR))) {
      return null;
    }
    return PowerManager.readStatus(conf.resolve(ClientConfigWriter.POWER_STATE_DIR)).orElse(null);
  }
}
