package io.strata.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.cli.shared.HdfsConnection;
import io.strata.cli.shared.PolicyHelp;
import io.strata.core.config.ConfigException;
import io.strata.core.placement.PlacementPolicies;
import io.strata.core.placement.PlacementRules;
import io.strata.core.tier.TierMap;
import io.strata.hdfs.StrataKeys;
import io.strata.hdfs.placement.StoredRules;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.hadoop.fs.FileSystem;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code strata policy ...}: placement rules by path, kept in HDFS so the NameNode plugin picks them up. */
@Command(name = "policy", mixinStandardHelpOptions = true,
    description = {"Set, remove and list placement rules (which policy places the files under a path).",
        "Rules are kept in HDFS (" + StrataKeys.RULES_HDFS_FILE_DEFAULT + "); the NameNode plugin reloads them",
        "within seconds, and they survive NameNode restarts.",
        "Only the HDFS superuser and the members of its group, or of the group",
        "named by " + StrataKeys.PLACEMENT_ADMIN_GROUP + ", may set or unset them."},
    subcommands = {PolicyCommand.Set.class, PolicyCommand.Unset.class, PolicyCommand.ListRules.class,
        PolicyCommand.Show.class})
final class PolicyCommand implements Runnable, PolicyHelp.ListsPlacementPolicies {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec commandSpec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(commandSpec.commandLine(),
        "a subcommand is required (set, unset, list, show)");
  }

  @Command(name = "set", mixinStandardHelpOptions = true,
      description = "Place the files under PATH with POLICY (replaces the rule for PATH, if any).")
  static final class Set implements Callable<Integer>, PolicyHelp.ListsPlacementPolicies {
    @Parameters(index = "0", paramLabel = "PATH")
    String path;
    @Parameters(index = "1", paramLabel = "POLICY", completionCandidates = PolicyHelp.PlacementNames.class,
        description = "a placement policy (listed below)")
    String policy;
    @Mixin
    HdfsConnection connection;

    @Override
    public Integer call() throws Exception {
      TierMap tiers = connection.tierMap();
      PlacementPolicies.parse(policy, tiers); // refuse a bad policy before touching anything
      try (FileSystem fs = connection.fileSystem()) {
        StoredRules file = new StoredRules(fs, fs.getConf());
        PlacementRules.Rule rule = PlacementRules.parseInline(path + "=" + policy, "PATH").get(0);
        file.update(rules -> {
          rules.removeIf(r -> r.path().equals(rule.path()));
          rules.add(rule);
          PlacementRules.of(rules, tiers);
          return rules;
        });
        System.out.printf("rule set: %s -> %s (in %s; the NameNode applies it to blocks written from now on)%n",
            rule.path(), rule.policy(), fs.makeQualified(file.path()));
      }
      return 0;
    }
  }

  @Command(name = "unset", mixinStandardHelpOptions = true, description = "Remove the rule for PATH.")
  static final class Unset implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "PATH")
    String path;
    @Mixin
    HdfsConnection connection;

    @Override
    public Integer call() throws Exception {
      try (FileSystem fs = connection.fileSystem()) {
        StoredRules file = new StoredRules(fs, fs.getConf());
        String normalized = PlacementRules.parseInline(path + "=default", "PATH").get(0).path();
        file.update(rules -> {
          if (!rules.removeIf(r -> r.path().equals(normalized))) {
            throw new ConfigException("no rule for " + normalized + " in " + fs.makeQualified(file.path()));
          }
          return rules;
        });
        System.out.printf("rule removed: %s%n", normalized);
      }
      return 0;
    }
  }

  @Command(name = "list", mixinStandardHelpOptions = true,
      description = "List the rules: those kept in HDFS and those in this client's configuration.")
  static final class ListRules implements Callable<Integer> {
    @Mixin
    HdfsConnection connection;
    @Option(names = "--json", description = "print JSON")
    boolean json;

    @Override
    public Integer call() throws Exception {
      try (FileSystem fs = connection.fileSystem()) {
        List<PlacementRules.Rule> configured = PlacementRules.parseInline(fs.getConf().get(StrataKeys.RULES),
            StrataKeys.RULES);
        List<PlacementRules.Rule> stored = new StoredRules(fs, fs.getConf()).read();
        if (json) {
          ObjectMapper mapper = new ObjectMapper();
          ArrayNode out = mapper.createArrayNode();
          configured.forEach(r -> add(out.addObject(), r, "configuration"));
          stored.forEach(r -> add(out.addObject(), r, "hdfs"));
          System.out.println(mapper.writerWithDefaultPrettyPrinter().writeValueAsString(out));
          return 0;
        }
        System.out.printf("%-40s %-16s %s%n", "path", "policy", "source");
        configured.forEach(r -> System.out.printf("%-40s %-16s %s%n", r.path(), r.policy(), StrataKeys.RULES));
        stored.forEach(r -> System.out.printf("%-40s %-16s %s%n", r.path(), r.policy(), "hdfs"));
        if (configured.isEmpty() && stored.isEmpty()) {
          System.out.println("(no rules: every path is placed by HDFS's default policy)");
        }
      }
      return 0;
    }

    private static void add(ObjectNode node, PlacementRules.Rule rule, String source) {
      node.put("path", rule.path());
      node.put("policy", rule.policy());
      node.put("source", source);
    }
  }

  @Command(name = "show", mixinStandardHelpOptions = true, description = "Which rule places the files under PATH.")
  static final class Show implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "PATH")
    String path;
    @Mixin
    HdfsConnection connection;

    @Override
    public Integer call() throws Exception {
      try (FileSystem fs = connection.fileSystem()) {
        List<PlacementRules.Rule> all = new ArrayList<>(
            PlacementRules.parseInline(fs.getConf().get(StrataKeys.RULES), StrataKeys.RULES));
        all.addAll(new StoredRules(fs, fs.getConf()).read());
        PlacementRules.Rule rule = PlacementRules.of(all, connection.tierMap()).ruleFor(path);
        System.out.printf("%s is placed by '%s' (rule for %s)%n", path, rule.policy(), rule.path());
      }
      return 0;
    }
  }
}
