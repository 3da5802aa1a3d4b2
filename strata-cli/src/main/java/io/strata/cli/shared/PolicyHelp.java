package io.strata.cli.shared;

import io.strata.core.placement.PlacementPolicies;
import io.strata.core.popularity.ReplicationAdvisors;
import io.strata.core.retrieval.RetrievalPolicies;
import io.strata.sim.policy.SimPolicies;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import picocli.CommandLine.Help.Column;
import picocli.CommandLine.Help.TextTable;
import picocli.CommandLine;

/**
 * The policy lists of the help texts, built from the decision core's catalogs so that no help can leave a policy
 * out. A command (or one of its mixins) that implements a marker below gets a help section listing those
 * policies with their one-line descriptions; options name them through {@code completionCandidates} and
 * {@code ${COMPLETION-CANDIDATES}}.
 */
public final class PolicyHelp {
  /** The command's help lists the placement policies. */
  public interface ListsPlacementPolicies {}

  /** The command's help lists the retrieval policies. */
  public interface ListsRetrievalPolicies {}

  /** The command's help lists the replication advisors. */
  public interface ListsAdvisors {}

  /** The placement policies' syntaxes, for {@code completionCandidates}. */
  public static final class PlacementNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return PlacementPolicies.STANDARD.syntaxes().iterator();
    }
  }

  /** The retrieval policies' names, for {@code completionCandidates}. */
  public static final class RetrievalNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return RetrievalPolicies.STANDARD.names().iterator();
    }
  }

  /** The replication advisors' names, for {@code completionCandidates}. */
  public static final class AdvisorNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return ReplicationAdvisors.NAMES.iterator();
    }
  }

  /** The simulator's popularity policies: none, or an advisor. */
  public static final class PopularityNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return Stream.concat(Stream.of(SimPolicies.NO_POPULARITY), ReplicationAdvisors.NAMES.stream()).iterator();
    }
  }

  private static final String PLACEMENT = "strataPlacementPolicies";
  private static final String RETRIEVAL = "strataRetrievalPolicies";
  private static final String ADVISORS = "strataAdvisors";

  private PolicyHelp() {}

  /** Adds the policy sections to every command of the tree that asks for them. */
  public static void addSections(CommandLine commandLine) {
    List<Object> parts = new ArrayList<>();
    parts.add(commandLine.getCommandSpec().userObject());
    commandLine.getCommandSpec().mixins().values().forEach(mixin -> parts.add(mixin.userObject()));
    if (parts.stream().anyMatch(ListsPlacementPolicies.class::isInstance)) {
      add(commandLine, PLACEMENT, "Placement policies (as written in a rule):",
          PlacementPolicies.STANDARD.entries().stream()
              .map(e -> Map.entry(e.syntax(), e.description())).toList());
    }
    if (parts.stream().anyMatch(ListsRetrievalPolicies.class::isInstance)) {
      add(commandLine, RETRIEVAL, "Retrieval policies:", RetrievalPolicies.STANDARD.entries().stream()
          .map(e -> Map.entry(e.name(), e.description())).toList());
    }
    if (parts.stream().anyMatch(ListsAdvisors.class::isInstance)) {
      add(commandLine, ADVISORS, "Replication advisors:", ReplicationAdvisors.ENTRIES.stream()
          .map(e -> Map.entry(e.name(), e.description())).toList());
    }
    commandLine.getSubcommands().values().forEach(PolicyHelp::addSections);
  }

  /** A section of name-description rows, after the options and before any footer. */
  private static void add(CommandLine commandLine, String key, String heading, List<Map.Entry<String, String>> rows) {
    // The command's own usage spec: CommandLine's setters would pass the section on to every subcommand.
    CommandLine.Model.UsageMessageSpec usage = commandLine.getCommandSpec().usageMessage();
    usage.sectionMap().put(key, help -> {
      int width = usage.width();
      TextTable table = TextTable.forColumns(help.colorScheme(), new Column(24, 2, Column.Overflow.SPAN),
          new Column(Math.max(20, width - 24), 1, Column.Overflow.WRAP));
      rows.forEach(row -> table.addRowValues(row.getKey(), row.getValue()));
      return String.format("%n%s%n", heading) + table;
    });
    List<String> keys = new ArrayList<>(usage.sectionKeys());
    int footer = keys.indexOf(CommandLine.Model.UsageMessageSpec.SECTION_KEY_FOOTER_HEADING);
    keys.add(footer < 0 ? keys.size() : footer, key);
    usage.sectionKeys(keys);
  }
}
