package io.strata.cli.tier;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.cli.shared.ExitCodes;
import io.strata.cli.shared.HdfsConnection;
import io.strata.cli.shared.OptionChecks;
import io.strata.cli.shared.RescuePrinter;
import io.strata.core.config.ConfigException;
import io.strata.hdfs.rescue.FilerRescue;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code strata tier rescue}: missing blocks whose replicas sit on a filer behind DataNodes that are down. */
@Command(name = "rescue", mixinStandardHelpOptions = true,
    description = {"Make blocks readable again whose only replicas are on a shared filer behind DataNodes that are "
        + "down, such as files demoted to one filer replica.",
        "HDFS reaches a replica only through the DataNode whose volume holds it. This reads each missing block from "
            + "the down DataNodes' volumes on the share (as mounted on this host), checks it against the NameNode's "
            + "generation stamp, length and every checksum, and writes it to a live DataNode's volume of the same "
            + "storage type, as re-replication would. The share is not changed. When the DataNode returns, HDFS "
            + "removes the replica that is one too many.",
        "Exit code 0 when every missing block under PATH is readable again (or, with --dry-run, would be), 1 when "
            + "some are not, 2 for bad input. Needs the HDFS superuser, like the Balancer."})
final class TierRescueCommand implements Callable<Integer> {
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  @Parameters(index = "0", arity = "0..1", paramLabel = "PATH", defaultValue = "/",
      description = "only files under this path (default: ${DEFAULT-VALUE})")
  String path;

  @Option(names = "--shares", paramLabel = "DIR", required = true, split = ",",
      description = "the filer as mounted here: DataNode volume directories (each holds current/VERSION), or "
          + "directories with such volumes up to two levels below; repeatable")
  List<Path> shares;

  @Option(names = "--storage-type", paramLabel = "TYPE", defaultValue = "ARCHIVE",
      description = "storage type of the share's volumes, given to the new replicas (default: ${DEFAULT-VALUE})")
  String storageType;

  @Option(names = "--parallel", paramLabel = "N", defaultValue = "4",
      description = "blocks written at once (default: ${DEFAULT-VALUE})")
  int parallel;

  @Option(names = "--dry-run", description = "find the blocks and their files, write nothing")
  boolean dryRun;

  @Option(names = "--json", description = "print the result as JSON")
  boolean json;

  @Mixin
  HdfsConnection connection;

  @Override
  public Integer call() throws Exception {
    StorageType type;
    try {
      type = StorageType.valueOf(storageType.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new ConfigException("--storage-type: unknown storage type '" + storageType + "' (known: "
          + Arrays.toString(StorageType.values()) + ")");
    }
    OptionChecks.atLeastOne(parallel, "--parallel");
    FilerRescue.Report report;
    try (DistributedFileSystem fs = connection.hdfs();
         FilerRescue rescue = new FilerRescue(fs, fs.getConf(), shares, type, parallel)) {
      report = rescue.run(path, dryRun, json ? b -> {} : b -> System.out.println(RescuePrinter.line(b)));
    }
    if (json) {
      System.out.println(JSON.writeValueAsString(json(report)));
    } else {
      System.out.printf(Locale.ROOT, "%s: %d missing block(s) under %s: %d recovered%s, %d not found, %d without room, "
          + "%d failed, %d unconfirmed; searched %d volume(s) of DataNodes that are down (%d of live ones "
          + "skipped); %.1f s%n", report.complete() ? "ok" : "failed", report.blocks().size(), report.path(),
          report.count(FilerRescue.Outcome.RECOVERED),
          dryRun ? " (" + report.count(FilerRescue.Outcome.WOULD_RECOVER) + " would be)" : "",
          report.count(FilerRescue.Outcome.NOT_FOUND), report.count(FilerRescue.Outcome.NO_ROOM),
          report.count(FilerRescue.Outcome.FAILED), report.count(FilerRescue.Outcome.UNCONFIRMED),
          report.searched().size(), report.liveVolumesSkipped(), report.millis() / 1000.0);
    }
    return report.complete() ? 0 : ExitCodes.FAILED;
  }

  private static ObjectNode json(FilerRescue.Report report) {
    ObjectNode node = JSON.createObjectNode();
    node.put("path", report.path());
    node.put("complete", report.complete());
    ObjectNode counts = node.putObject("counts");
    for (FilerRescue.Outcome outcome : FilerRescue.Outcome.values()) {
      counts.put(outcome.label(), report.count(outcome));
    }
    ArrayNode searched = node.putArray("searched");
    report.searched().forEach(v -> searched.addObject().put("volume", v.root().toString())
        .put("datanodeUuid", v.datanodeUuid()).put("storageId", v.storageId()));
    node.put("liveVolumesSkipped", report.liveVolumesSkipped());
    ArrayNode blocks = node.putArray("blocks");
    for (FilerRescue.BlockResult block : report.blocks()) {
      RescuePrinter.json(blocks.addObject(), block);
    }
    node.put("millis", report.millis());
    return node;
  }
}
