package io.strata.cli.kat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.strata.cli.shared.ByteSizeArg;
import io.strata.cli.shared.ExitCodes;
import io.strata.cli.shared.HdfsConnection;
import io.strata.core.config.ConfigException;
import io.strata.core.kat.KeyFunctions;
import io.strata.hdfs.kat.KatCheck;
import io.strata.hdfs.kat.KatHeal;
import io.strata.hdfs.kat.KatIngest;
import io.strata.hdfs.kat.MalformedPolicy;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code strata kat ...}: key-aware placement (KAT): ingest by key, and check or heal where partitions live. */
@Command(name = "kat", mixinStandardHelpOptions = true,
    description = {"Key-aware placement (KAT): store every record of a key on the DataNode where that key will be "
        + "reduced, so MapReduce's shuffle stays on the node. See docs/kat.md for the job modes."},
    subcommands = {KatCommand.Ingest.class, KatCommand.Check.class, KatCommand.Heal.class})
public final class KatCommand implements Runnable {
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  @CommandLine.Spec
  CommandLine.Model.CommandSpec commandSpec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(commandSpec.commandLine(),
        "a subcommand is required (ingest, check, heal)");
  }

  /** A local file or directory if it exists here and has no scheme, else a Hadoop path (HDFS by default). */
  static Path source(String text) {
    if (!text.contains(":") && Files.exists(java.nio.file.Path.of(text))) {
      return new Path(java.nio.file.Path.of(text).toAbsolutePath().toUri());
    }
    return new Path(text);
  }

  @Command(name = "ingest", mixinStandardHelpOptions = true,
      description = {"Read SRC (local files or HDFS; directories whole), find each record's key with the key "
          + "function and write DST/p-NNNNN/b-NNNNN, one file per partition and ingest, each created with its "
          + "partition's owner DataNode as the favored node: the first replica of every block lands there, the "
          + "others by the rack rules. The first ingest samples SRC and builds a partition map whose largest "
          + "partition stays within 1.1x the mean under skewed keys; the map, the key function and the owners are "
          + "recorded in DST/_kat.json and as DST's extended attributes, and later ingests into DST reuse them "
          + "(another key function is refused).",
          "A line without a key (too few fields, no match, not UTF-8) stops the ingest naming its file and line, "
              + "and nothing of that ingest is kept; with --on-malformed skip it goes to DST/_rejects/b-NNNNN "
              + "with its file and line, counted. Set dfs.datanode.block-pinning.enabled on the DataNodes to pin "
              + "the owners' replicas against the Balancer. Owners are the live DataNodes with a volume of the "
              + "storage type DST's storage policy puts a block's first replica on (DISK for the default HOT): set "
              + "the policy before the first ingest (docs/kat.md)."})
  static final class Ingest implements Callable<Integer> {
    @Mixin
    HdfsConnection connection;

    @Parameters(arity = "2..*", paramLabel = "PATH",
        description = "the sources (SRC...), then the KAT directory (DST)")
    List<String> paths;

    @Option(names = "--key", required = true, paramLabel = "FUNCTION",
        description = "the key function: field:N[:DELIM], regex:REGEX, tokens[:REGEX] or class:NAME")
    String key;

    @Option(names = "--partitions", paramLabel = "P", defaultValue = "0",
        description = "partitions (first ingest; later ones use DST's; default: one per live DataNode)")
    int partitions;

    @Option(names = "--replication", paramLabel = "N", defaultValue = "0",
        description = "replicas of the partition files (default: the cluster's dfs.replication)")
    short replication;

    @Option(names = "--on-malformed", paramLabel = "POLICY", defaultValue = "fail",
        description = "fail (default) or skip (into DST/_rejects, counted)")
    String onMalformed;

    @Option(names = "--sample", paramLabel = "SIZE", defaultValue = "64MiB",
        description = "input bytes the partition map is built from, spread over SRC (default: ${DEFAULT-VALUE})")
    ByteSizeArg sample;

    @Option(names = "--json", description = "print the result as JSON")
    boolean json;

    @Override
    public Integer call() throws Exception {
      KeyFunctions.STANDARD.create(key);
      MalformedPolicy policy = switch (onMalformed.toLowerCase(Locale.ROOT)) {
        case "fail" -> MalformedPolicy.FAIL;
        case "skip" -> MalformedPolicy.SKIP;
        default -> throw new ConfigException("--on-malformed must be fail or skip, got '" + onMalformed + "'");
      };
      if (partitions < 0) {
        throw new ConfigException("--partitions must be at least 1, got " + partitions);
      }
      if (replication < 0) {
        throw new ConfigException("--replication must be at least 1, got " + replication);
      }
      List<Path> sources = new ArrayList<>();
      for (String src : paths.subList(0, paths.size() - 1)) {
        sources.add(source(src));
      }
      Path dst = new Path(paths.get(paths.size() - 1));
      try (DistributedFileSystem fs = connection.hdfs()) {
        Configuration conf = fs.getConf();
        int p = partitions;
        if (p == 0 && io.strata.hdfs.kat.KatManifest.readIfPresent(fs, fs.makeQualified(dst)) == null) {
          p = fs.getDataNodeStats(org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType.LIVE).length;
        }
        KatIngest.Result result = KatIngest.run(fs, conf, KatIngest.Options.of(sources, dst, key, p)
            .withReplication(replication).withMalformed(policy).withSampleBytes(sample.bytes()), System.err);
        if (json) {
          Map<String, Object> out = new LinkedHashMap<>();
          out.put("dst", fs.makeQualified(dst).toString());
          out.put("keyFunction", result.manifest().keyFunction());
          out.put("partitions", result.manifest().partitions());
          out.put("owners", result.manifest().owners());
          out.put("newMap", result.newMap());
          out.put("expectedImbalance", result.manifest().partitionMap().expectedImbalance());
          out.put("batch", result.batch());
          out.put("partitionBytes", result.partitionBytes());
          out.put("blocks", result.blocks());
          out.put("blocksOnOwner", result.blocksOnOwner());
          out.put("warnings", result.warnings());
          System.out.println(JSON.writeValueAsString(out));
        } else {
          System.out.printf(Locale.ROOT, "ingested %s: %,d lines, %,d records, %,d malformed, %d partitions, "
              + "%d of %d blocks on their owner, %.1f s%n", fs.makeQualified(dst), result.batch().lines(),
              result.batch().records(), result.batch().malformed(), result.manifest().partitions(),
              result.blocksOnOwner(), result.blocks(), result.batch().seconds());
          long[] bytes = result.partitionBytes();
          for (int i = 0; i < bytes.length; i++) {
            System.out.printf(Locale.ROOT, "  partition %d on %s: %,d bytes%n", i, result.manifest().owners().get(i),
                bytes[i]);
          }
          result.warnings().forEach(w -> System.out.println("  warning: " + w));
        }
      }
      return 0;
    }
  }

  static void printCheck(KatCheck.Report report, boolean json) throws Exception {
    if (json) {
      System.out.println(JSON.writeValueAsString(report));
      return;
    }
    System.out.printf(Locale.ROOT, "%s: key '%s', %d partitions, %d not in place%n", report.dir(),
        report.keyFunction(), report.partitions(), report.misplacedPartitions());
    System.out.println("  partition  owner          live  bytes          blocks  off-owner  elsewhere");
    for (KatCheck.PartitionState s : report.states()) {
      System.out.printf(Locale.ROOT, "  %9d  %-13s  %-4s  %,13d  %6d  %9d  %s%n", s.partition(), s.owner(),
          s.ownerLive() ? "yes" : "NO", s.bytes(), s.blocks(), s.blocksOffOwner(),
          String.join(",", s.offOwnerHosts()));
    }
  }

  /**
   * What check and heal share: DST on HDFS opened from the connection options, the work done, its result printed
   * (or as JSON with --json), and exit code 1 if a partition is still out of place afterwards.
   */
  abstract static class OnKatDirectory implements Callable<Integer> {
    @Mixin
    HdfsConnection connection;

    @Parameters(paramLabel = "DST", description = "the KAT directory")
    String dst;

    @Option(names = "--json", description = "print the result as JSON")
    boolean json;

    /** Does the work on DST and prints its result; returns the partitions' state afterwards. */
    abstract KatCheck.Report run(DistributedFileSystem fs, Configuration conf, Path dir) throws Exception;

    @Override
    public Integer call() throws Exception {
      try (DistributedFileSystem fs = connection.hdfs()) {
        return run(fs, fs.getConf(), new Path(dst)).inPlace() ? 0 : ExitCodes.FAILED;
      }
    }
  }

  @Command(name = "check", mixinStandardHelpOptions = true,
      description = {"Report, per partition of DST, whether its owner is live (and not being decommissioned) and "
          + "every block has a replica on it. The Balancer, the Mover, decommissioning and re-replication move "
          + "replicas without knowing partitions. Exit code 1 if a partition is not in place (run strata kat heal "
          + "DST)."})
  static final class Check extends OnKatDirectory {
    @Override
    KatCheck.Report run(DistributedFileSystem fs, Configuration conf, Path dir) throws Exception {
      KatCheck.Report report = KatCheck.check(fs, dir);
      printCheck(report, json);
      return report;
    }
  }

  @Command(name = "heal", mixinStandardHelpOptions = true,
      description = {"Put a replica of every block of DST's partitions back on the partition's owner, with the "
          + "DataNodes' replace operation as the Balancer uses it: the owner copies the block and only then is "
          + "a replica elsewhere (in the owner's rack if there is one) dropped, so no block has fewer replicas "
          + "at any time. A partition whose owner is dead or decommissioned first gets the live DataNode owning "
          + "fewest partitions. Needs the HDFS superuser, like the Balancer. Exit code 1 if a partition stays out "
          + "of place."})
  static final class Heal extends OnKatDirectory {
    @Override
    KatCheck.Report run(DistributedFileSystem fs, Configuration conf, Path dir) throws Exception {
      KatHeal.Result result = KatHeal.heal(fs, conf, dir, System.err);
      if (json) {
        System.out.println(JSON.writeValueAsString(result));
      } else {
        System.out.printf(Locale.ROOT, "moved %d block(s), %d new owner(s), %d failure(s)%n", result.blocksMoved(),
            result.newOwners().size(), result.failures().size());
        result.failures().forEach(f -> System.out.println("  failed: " + f));
        printCheck(result.after(), false);
      }
      return result.after();
    }
  }
}
