package io.strata.hdfs.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.core.config.ByteSize;
import io.strata.hdfs.report.PlacementReport.Findings;
import io.strata.hdfs.report.PlacementReport.Row;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BiConsumer;
import java.util.function.Function;

/** Renders a {@link PlacementReport} as plain-text tables for people or as JSON for programs. */
public final class PlacementReportFormatter {
  /** Items printed per violation section in text; the rest are summarised as "... N more". */
  public static final int TEXT_ITEMS_PER_SECTION = 20;

  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private PlacementReportFormatter() {}

  /** Aligned plain-text tables: totals, replicas per tier, rack and node, then the three violation sections. */
  public static String text(PlacementReport report) {
    StringBuilder out = new StringBuilder();
    out.append("Placement report for ").append(report.path()).append('\n');
    out.append(String.format(Locale.ROOT, "  files %d, blocks %d, replicas %d%n",
        report.files(), report.blocks(), report.replicas()));
    out.append("  logical bytes ").append(ByteSize.format(report.logicalBytes()))
        .append(", replica bytes ").append(ByteSize.format(report.replicaBytes())).append('\n');
    out.append("  racks in cluster ").append(report.clusterRacks()).append('\n');

    table(out, "Replicas per tier", "tier", report.tiers());
    table(out, "Replicas per rack", "rack", report.racks());
    table(out, "Replicas per node", "node", report.nodes());

    String rackNote = report.rackSpreadChecked()
        ? null
        : "not checked: the cluster has " + report.clusterRacks() + " rack" + (report.clusterRacks() == 1 ? "" : "s");
    findings(out, "Blocks with all replicas in one rack", report.singleRackBlocks(), rackNote,
        b -> String.format(Locale.ROOT, "%s block %d (offset %d): %d replicas, all in %s",
            b.file(), b.blockIndex(), b.offset(), b.replicas(), b.rack()));
    findings(out, "Files split across tiers (a tier holds some but not all blocks)", report.wholeFileViolations(),
        null, v -> String.format(Locale.ROOT, "%s: tier %s holds %d of %d blocks",
            v.file(), v.tier(), v.blocksInTier(), v.fileBlocks()));
    findings(out, "Under-replicated blocks", report.underReplicatedBlocks(), null,
        u -> String.format(Locale.ROOT, "%s block %d (offset %d): %d live of %d expected%s",
            u.file(), u.blockIndex(), u.offset(), u.liveReplicas(), u.expectedReplicas(),
            u.corrupt() ? " (corrupt)" : ""));
    return out.toString();
  }

  private static void table(StringBuilder out, String title, String nameHeader, List<Row> rows) {
    out.append('\n').append(title).append('\n');
    if (rows.isEmpty()) {
      out.append("  none\n");
      return;
    }
    List<String[]> cells = new ArrayList<>();
    cells.add(new String[] {nameHeader, "replicas", "bytes", "share"});
    for (Row row : rows) {
      cells.add(new String[] {row.name(), Long.toString(row.replicas()), ByteSize.format(row.replicaBytes()),
          String.format(Locale.ROOT, "%.1f%%", row.share() * 100)});
    }
    int[] widths = new int[4];
    for (String[] line : cells) {
      for (int c = 0; c < widths.length; c++) {
        widths[c] = Math.max(widths[c], line[c].length());
      }
    }
    for (String[] line : cells) {
      // Names read left to right; numbers line up on their last digit.
      out.append("  ").append(pad(line[0], widths[0], true));
      for (int c = 1; c < widths.length; c++) {
        out.append("  ").append(pad(line[c], widths[c], false));
      }
      out.append('\n');
    }
  }

  private static <T> void findings(StringBuilder out, String title, Findings<T> findings, String note,
      Function<T, String> line) {
    out.append('\n').append(title).append(": ").append(findings.total()).append('\n');
    if (findings.total() == 0) {
      out.append("  none").append(note == null ? "" : " (" + note + ")").append('\n');
      return;
    }
    int shown = Math.min(TEXT_ITEMS_PER_SECTION, findings.items().size());
    for (T item : findings.items().subList(0, shown)) {
      out.append("  ").append(line.apply(item)).append('\n');
    }
    if (findings.total() > shown) {
      out.append("  ... ").append(findings.total() - shown).append(" more\n");
    }
  }

  private static String pad(String text, int width, boolean left) {
    String padding = " ".repeat(width - text.length());
    return left ? text + padding : padding + text;
  }

  /**
   * The same content as JSON with stable camelCase field names. Byte counts are exact numbers; {@code share}
   * is a fraction from 0 to 1. Violation lists hold {@code total} and the {@code items} the builder kept.
   */
  public static String json(PlacementReport report) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("path", report.path());
    root.put("files", report.files());
    root.put("blocks", report.blocks());
    root.put("replicas", report.replicas());
    root.put("logicalBytes", report.logicalBytes());
    root.put("replicaBytes", report.replicaBytes());
    root.put("clusterRacks", report.clusterRacks());
    rows(root.putArray("tiers"), report.tiers());
    rows(root.putArray("racks"), report.racks());
    rows(root.putArray("nodes"), report.nodes());

    ObjectNode singleRack = root.putObject("singleRackBlocks");
    // False on a single-rack cluster: an empty list then means "not looked for", not "all spread".
    singleRack.put("checked", report.rackSpreadChecked());
    findings(singleRack, report.singleRackBlocks(), (node, b) -> {
      node.put("file", b.file());
      node.put("blockIndex", b.blockIndex());
      node.put("offset", b.offset());
      node.put("replicas", b.replicas());
      node.put("rack", b.rack());
    });
    findings(root.putObject("wholeFileViolations"), report.wholeFileViolations(), (node, v) -> {
      node.put("file", v.file());
      node.put("tier", v.tier());
      node.put("blocksInTier", v.blocksInTier());
      node.put("fileBlocks", v.fileBlocks());
    });
    findings(root.putObject("underReplicatedBlocks"), report.underReplicatedBlocks(), (node, u) -> {
      node.put("file", u.file());
      node.put("blockIndex", u.blockIndex());
      node.put("offset", u.offset());
      node.put("liveReplicas", u.liveReplicas());
      node.put("expectedReplicas", u.expectedReplicas());
      node.put("corrupt", u.corrupt());
    });
    try {
      return MAPPER.writeValueAsString(root);
    } catch (JsonProcessingException e) {
      // A tree of plain values always serialises.
      throw new UncheckedIOException(e);
    }
  }

  private static void rows(ArrayNode array, List<Row> rows) {
    for (Row row : rows) {
      ObjectNode node = array.addObject();
      node.put("name", row.name());
      node.put("replicas", row.replicas());
      node.put("replicaBytes", row.replicaBytes());
      node.put("share", row.share());
    }
  }

  private static <T> void findings(ObjectNode node, Findings<T> findings,
      BiConsumer<ObjectNode, T> fields) {
    node.put("total", findings.total());
    ArrayNode items = node.putArray("items");
    for (T item : findings.items()) {
      fields.accept(items.addObject(), item);
    }
  }
}
