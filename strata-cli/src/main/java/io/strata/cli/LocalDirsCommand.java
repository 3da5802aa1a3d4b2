package io.strata.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.cli.shared.ClusterChoice;
import io.strata.cli.shared.ExitCodes;
import io.strata.core.config.ConfigException;
import io.strata.core.spec.ClusterSpec;
import io.strata.core.tier.Tier;
import io.strata.hdfs.intermediate.LocalDirPlan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code strata local-dirs}: the NodeManager settings that put a node's intermediate data on one tier. */
@Command(name = "local-dirs", mixinStandardHelpOptions = true,
    description = {"Print or check the settings that keep a node's MapReduce intermediate data (spills, map",
        "outputs, the shuffle) on one tier: yarn.nodemanager.local-dirs and mapreduce.cluster.local.dir, beside the",
        "node's DataNode volumes of the tier's storage type (from dfs.datanode.data.dir). Run it on each",
        "NodeManager host with its configuration; with --yarn-site, checks the current settings (exit 1 if off).",
        "Job input and output go on a tier by storage policy: hdfs storagepolicies -setStoragePolicy -path DIR",
        "-policy ALL_SSD (or HOT), or a Strata rule (strata policy)."})
final class LocalDirsCommand implements Callable<Integer> {
  @Mixin
  ClusterChoice cluster;

  @Option(names = "--tier", paramLabel = "TIER",
      description = "the tier for intermediate data (default: the spec's 'intermediate' tier)")
  String tier;

  @Option(names = "--hdfs-site", paramLabel = "FILE", required = true,
      description = "the node's hdfs-site.xml (its dfs.datanode.data.dir names the volumes and their types)")
  Path hdfsSite;

  @Option(names = "--yarn-site", paramLabel = "FILE", split = ",",
      description = "the node's yarn-site.xml and mapred-site.xml, to check the current settings")
  List<Path> yarnSites;

  @Option(names = "--json", description = "print the plan as JSON")
  boolean json;

  @Override
  public Integer call() throws Exception {
    ClusterSpec spec = cluster.load("hybrid-node").spec();
    String chosen = tier != null ? tier : spec.intermediateTier();
    if (chosen == null) {
      throw new ConfigException("--tier: spec '" + spec.name() + "' names no intermediate tier; give one");
    }
    Tier found = spec.tierMap().find(chosen).orElseThrow(() -> new ConfigException("--tier: unknown tier '"
        + chosen + "' (known: " + String.join(", ", spec.tierMap().tiers().stream().map(Tier::name).toList())
        + ")"));
    Configuration hdfs = load(List.of(hdfsSite), "--hdfs-site");
    Configuration yarn = yarnSites == null ? null : load(yarnSites, "--yarn-site");
    LocalDirPlan.Plan plan = LocalDirPlan.plan(chosen, found.storageKind(), hdfs, yarn);
    if (json) {
      System.out.println(new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(plan));
    } else {
      System.out.printf("intermediate data on tier %s (%s volumes: %s)%n", plan.tier(), plan.storageType(),
          String.join(", ", plan.volumes()));
      System.out.println("yarn-site.xml:   " + LocalDirPlan.NM_LOCAL_DIRS + " = " + String.join(",", plan.localDirs()));
      System.out.println("mapred-site.xml: " + LocalDirPlan.MR_LOCAL_DIR + " = " + String.join(",", plan.localDirs()));
      if (yarn != null) {
        System.out.println(plan.ok() ? "current settings: OK" : "current settings: " + plan.problems().size()
            + " problem(s)");
        plan.problems().forEach(p -> System.out.println("  " + p));
      }
    }
    return plan.ok() ? 0 : ExitCodes.FAILED;
  }

  private static Configuration load(List<Path> files, String option) {
    Configuration conf = new Configuration(false);
    for (Path file : files) {
      if (!Files.isRegularFile(file)) {
        throw new ConfigException(option + ": no such file: " + file);
      }
      conf.addResource(new org.apache.hadoop.fs.Path(file.toAbsolutePath().toUri()));
    }
    try {
      conf.size(); // parses now, so that a malformed file is reported against its option
    } catch (RuntimeException e) {
      throw new ConfigException(option + ": cannot parse " + files + ": " + e.getMessage());
    }
    return conf;
  }
}
