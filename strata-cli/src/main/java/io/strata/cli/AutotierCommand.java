package io.strata.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.core.config.ConfigException;
import io.strata.core.device.StorageKind;
import io.strata.core.popularity.Advice;
import io.strata.core.popularity.AptStoreAdvisor;
import io.strata.core.popularity.AuditLogFollower;
import io.strata.core.popularity.DecisionRules;
import io.strata.core.popularity.FileFacts;
import io.strata.core.popularity.Plan;
import io.strata.core.popularity.PpaSettings;
import io.strata.core.popularity.ReplicationAdvisor;
import io.strata.core.popularity.ScarlettAdvisor;
import io.strata.core.tier.Tier;
import io.strata.core.tier.TierMap;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code strata autotier ...}: popularity-driven replication and tiering (AptStore), Scarlett as baseline. */
@Command(name = "autotier", mixinStandardHelpOptions = true,
    description = "Plan replication and tier per file from the HDFS audit log (AptStore, or Scarlett).",
    subcommands = {AutotierCommand.PlanCommand.class})
final class AutotierCommand implements Runnable {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec commandSpec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(commandSpec.commandLine(), "a subcommand is required (plan)");
  }

  @Command(name = "plan", mixinStandardHelpOptions = true,
      description = {"Dry run: read the audit log (archives first, then the live log), look at the files under",
          "--path on the live cluster, and print each change the advisor would make, with its reason."})
  static final class PlanCommand implements Callable<Integer> {
    @Option(names = "--audit-log", required = true, paramLabel = "FILE",
        description = "the NameNode's audit log (its rotated siblings FILE.N[.gz] are read first)")
    Path auditLog;

    @Option(names = "--path", defaultValue = "/", description = "files to plan for (default: ${DEFAULT-VALUE})")
    String path;

    @Option(names = "--advisor", defaultValue = "aptstore",
        description = "aptstore or scarlett (default: ${DEFAULT-VALUE})")
    String advisor;

    @Option(names = "--secondary-redundant", negatable = true, description = "the secondary tier protects its data "
        + "itself (a RAID filer), so one replica there is enough (default: from the spec's devices)")
    Boolean secondaryRedundant;

    @Option(names = "--json", description = "print JSON")
    boolean json;

    @Mixin
    HdfsConnection connection;

    @Override
    public Integer call() throws Exception {
      if (!Files.exists(auditLog) && AuditLogFollower.archives(auditLog).isEmpty()) {
        throw new ConfigException(auditLog + ": no such audit log (nor rotated archives of it)");
      }
      TierMap tiers = connection.tierMap();
      try (FileSystem fs = FileSystem.newInstance(connection.configuration())) {
        int nodes = fs instanceof DistributedFileSystem dfs ? dfs.getDataNodeStats().length : 1;
        boolean redundant = secondaryRedundant != null ? secondaryRedundant : connection.secondaryTierRedundant();
        DecisionRules rules = DecisionRules.defaults(Math.max(nodes, 3), redundant);
        ReplicationAdvisor chosen = switch (advisor) {
          case "aptstore" -> new AptStoreAdvisor(PpaSettings.defaults(), rules, 1 << 16);
          case "scarlett" -> new ScarlettAdvisor(rules, 1, 0.2, 60);
          default -> throw new ConfigException("--advisor: unknown advisor '" + advisor + "' (known: aptstore, scarlett)");
        };
        long[] lines = new long[2];
        try (AuditLogFollower follower = new AuditLogFollower(auditLog)) {
          for (Path archive : AuditLogFollower.archives(auditLog)) {
            follower.readArchive(archive, e -> chosen.observe(e, 0));
          }
          follower.poll(e -> chosen.observe(e, 0));
          lines[0] = follower.parsed();
          lines[1] = follower.skipped();
        }
        List<FileFacts> files = facts(fs, new org.apache.hadoop.fs.Path(path), tiers);
        Plan plan = chosen.plan(files, System.currentTimeMillis());
        print(plan, files, lines);
        return 0;
      }
    }

    /** Replication, tier and size of each file under {@code root}, from the NameNode. */
    static List<FileFacts> facts(FileSystem fs, org.apache.hadoop.fs.Path root, TierMap tiers) throws Exception {
      List<FileFacts> files = new ArrayList<>();
      RemoteIterator<LocatedFileStatus> it = fs.listFiles(root, true);
      while (it.hasNext()) {
        LocatedFileStatus status = it.next();
        if (status.getPath().toUri().getPath().startsWith("/.strata/")) {
          continue;
        }
        boolean allSecondary = status.getBlockLocations().length > 0;
        for (BlockLocation block : status.getBlockLocations()) {
          for (int i = 0; i < block.getStorageTypes().length; i++) {
            Tier tier = tiers.tierOf(block.getHosts()[i], StorageKind.valueOf(block.getStorageTypes()[i].name()), null);
            allSecondary &= tier.backup() || tier.storageKind() == StorageKind.ARCHIVE;
          }
        }
        files.add(new FileFacts(status.getPath().toUri().getPath(), status.getReplication(), allSecondary,
            status.getLen(), Math.max(1, status.getBlockLocations().length)));
      }
      return files;
    }

    private void print(Plan plan, List<FileFacts> files, long[] lines) throws Exception {
      Map<String, FileFacts> now = new java.util.HashMap<>();
      files.forEach(f -> now.put(f.path(), f));
      List<Advice> changes = plan.advice().stream().filter(a -> a.changes(now.get(a.path()))).toList();
      if (json) {
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode root = mapper.createObjectNode();
        root.put("advisor", advisor).put("linesParsed", lines[0]).put("linesSkipped", lines[1])
            .put("files", files.size()).put("lossProbability", plan.lossProbability())
            .put("accepted", plan.accepted());
        if (!plan.accepted()) {
          root.put("rejection", plan.rejection());
        }
        ArrayNode list = root.putArray("changes");
        for (Advice a : changes) {
          FileFacts f = now.get(a.path());
          list.addObject().put("path", a.path()).put("replicationNow", f.replication())
              .put("secondaryNow", f.onSecondary()).put("replication", a.replication())
              .put("secondary", a.secondary()).put("reason", a.reason());
        }
        System.out.println(mapper.writerWithDefaultPrettyPrinter().writeValueAsString(root));
        return;
      }
      System.out.printf("%s plan for %d files under %s (audit lines parsed %d, skipped %d)%n", advisor, files.size(),
          path, lines[0], lines[1]);
      System.out.printf("%-50s %9s %9s  %s%n", "file", "now", "planned", "reason");
      for (Advice a : changes) {
        FileFacts f = now.get(a.path());
        System.out.printf("%-50s %9s %9s  %s%n", a.path(), place(f.replication(), f.onSecondary()),
            place(a.replication(), a.secondary()), a.reason());
      }
      if (changes.isEmpty()) {
        System.out.println("(no change)");
      }
      System.out.printf("probability of losing a block within a day after the plan: %.3g%n", plan.lossProbability());
      System.out.println(plan.accepted() ? "plan accepted (dry run: nothing applied)" : "plan REFUSED: " + plan.rejection());
    }

    private static String place(int replication, boolean secondary) {
      return replication + "x " + (secondary ? "second" : "primary");
    }
  }
}
