package io.strata.hdfs.report;

import static io.strata.hdfs.report.ReportFixtures.at;
import static io.strata.hdfs.report.ReportFixtures.block;
import static io.strata.hdfs.report.ReportFixtures.inRack;
import static org.apache.hadoop.fs.StorageType.DISK;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.core.tier.TierMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.BlockLocation;
import org.junit.jupiter.api.Test;

class PlacementReportFormatterTest {
  private final PlacementReport report = PlacementReportBuilderTest.threeFiles();

  /** The lines of one text section: after its title line, up to the next blank line. */
  private static List<String> section(String text, String titlePrefix) {
    List<String> lines = Arrays.asList(text.split("\n", -1));
    int start = -1;
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith(titlePrefix)) {
        start = i + 1;
        break;
      }
    }
    assertTrue(start > 0, "no section starting with '" + titlePrefix + "' in:\n" + text);
    List<String> body = new ArrayList<>();
    for (int i = start; i < lines.size() && !lines.get(i).isEmpty(); i++) {
      body.add(lines.get(i));
    }
    return body;
  }

  private static long number(String text, String regex) {
    Matcher m = Pattern.compile(regex).matcher(text);
    assertTrue(m.find(), "'" + regex + "' not found in:\n" + text);
    return Long.parseLong(m.group(1));
  }

  @Test
  void textListsTiersInRankOrderNotNameOrder() {
    List<String> tierTable = section(PlacementReportFormatter.text(report), "Replicas per tier");
    List<String> firstColumn = tierTable.stream().map(line -> line.trim().split("\\s+")[0]).toList();
    assertEquals(List.of("tier", "nvme", "ssd", "disk"), firstColumn);
  }

  @Test
  void textTableRowsShowReplicasHumanBytesAndShare() {
    List<String> tierTable = section(PlacementReportFormatter.text(report), "Replicas per tier");
    String disk = tierTable.stream().filter(l -> l.trim().startsWith("disk")).findFirst().orElseThrow();
    // disk holds 8 of the 10 replicas, 490 bytes (below 1 KiB, so printed in bytes).
    assertEquals(List.of("disk", "8", "490", "B", "80.0%"), Arrays.asList(disk.trim().split("\\s+")));
    // Aligned columns: every line of the table, header included, ends at the same column.
    assertEquals(1, tierTable.stream().mapToInt(String::length).distinct().count(), String.join("\n", tierTable));
    List<String> rackTable = section(PlacementReportFormatter.text(report), "Replicas per rack");
    assertEquals(3, rackTable.size(), "header and two racks");
    assertTrue(rackTable.get(1).trim().startsWith("/rack1") && rackTable.get(1).endsWith("50.0%"));
  }

  @Test
  void textViolationSectionsGiveCountsItemsAndNone() {
    String text = PlacementReportFormatter.text(report);
    assertEquals(2, number(text, "Blocks with all replicas in one rack: (\\d+)"));
    assertEquals(1, number(text, "Files split across tiers[^:]*: (\\d+)"));
    assertEquals(1, number(text, "Under-replicated blocks: (\\d+)"));
    List<String> under = section(text, "Under-replicated blocks");
    assertEquals(1, under.size());
    assertTrue(under.get(0).contains("/data/b") && under.get(0).contains("2 live of 3"), under.get(0));
    List<String> split = section(text, "Files split across tiers");
    assertTrue(split.get(0).contains("/data/a") && split.get(0).contains("nvme")
        && split.get(0).contains("1 of 2"), split.get(0));

    PlacementReport clean = new PlacementReportBuilder("/clean", ReportFixtures.tierMap())
        .addFile("/clean/a", 10, 2, new BlockLocation[] {block(0, 10, at(1, DISK), at(3, DISK))})
        .build();
    String cleanText = PlacementReportFormatter.text(clean);
    assertEquals(List.of("  none"), section(cleanText, "Under-replicated blocks"));
    assertEquals(List.of("  none"), section(cleanText, "Blocks with all replicas in one rack"));
  }

  @Test
  void textSaysRackSpreadWasNotCheckedOnASingleRackCluster() {
    PlacementReport oneRack = new PlacementReportBuilder("/d", TierMap.byStorageKind())
        .addFile("/d/a", 10, 2, new BlockLocation[] {
            block(0, 10, inRack("/rack1", 1, DISK), inRack("/rack1", 2, DISK))})
        .build();
    List<String> lines = section(PlacementReportFormatter.text(oneRack), "Blocks with all replicas in one rack");
    assertEquals(1, lines.size());
    assertTrue(lines.get(0).contains("none") && lines.get(0).contains("not checked"), lines.get(0));
  }

  @Test
  void textListsAtMostTwentyItemsThenHowManyMore() {
    PlacementReportBuilder builder = new PlacementReportBuilder("/many", ReportFixtures.tierMap());
    for (int i = 0; i < 25; i++) {
      builder.addFile("/many/f" + i, 10, 3, new BlockLocation[] {block(0, 10, at(1, DISK), at(3, DISK))});
    }
    List<String> lines = section(PlacementReportFormatter.text(builder.build()), "Under-replicated blocks");
    assertEquals(PlacementReportFormatter.TEXT_ITEMS_PER_SECTION + 1, lines.size());
    assertTrue(lines.get(0).contains("/many/f0 "), lines.get(0));
    assertEquals("  ... 5 more", lines.get(lines.size() - 1));
  }

  @Test
  void textCountsItemsTheBuilderDidNotKeepAsMore() {
    PlacementReportBuilder builder = new PlacementReportBuilder("/many", ReportFixtures.tierMap()).maxListed(2);
    for (int i = 0; i < 7; i++) {
      builder.addFile("/many/f" + i, 10, 3, new BlockLocation[] {block(0, 10, at(1, DISK), at(3, DISK))});
    }
    String text = PlacementReportFormatter.text(builder.build());
    assertEquals(7, number(text, "Under-replicated blocks: (\\d+)"));
    List<String> lines = section(text, "Under-replicated blocks");
    assertEquals(3, lines.size());
    assertEquals("  ... 5 more", lines.get(2));
  }

  @Test
  void jsonParsesBackWithTheSameCountsAsTheText() throws Exception {
    String text = PlacementReportFormatter.text(report);
    JsonNode json = new ObjectMapper().readTree(PlacementReportFormatter.json(report));

    assertEquals("/data", json.get("path").asText());
    assertEquals(number(text, "files (\\d+)"), json.get("files").asLong());
    assertEquals(number(text, "blocks (\\d+)"), json.get("blocks").asLong());
    assertEquals(number(text, "replicas (\\d+)"), json.get("replicas").asLong());
    assertEquals(number(text, "racks in cluster (\\d+)"), json.get("clusterRacks").asLong());
    assertEquals(260, json.get("logicalBytes").asLong());
    assertEquals(670, json.get("replicaBytes").asLong());

    assertEquals(number(text, "Blocks with all replicas in one rack: (\\d+)"),
        json.get("singleRackBlocks").get("total").asLong());
    assertTrue(json.get("singleRackBlocks").get("checked").asBoolean());
    assertEquals(number(text, "Files split across tiers[^:]*: (\\d+)"),
        json.get("wholeFileViolations").get("total").asLong());
    assertEquals(number(text, "Under-replicated blocks: (\\d+)"),
        json.get("underReplicatedBlocks").get("total").asLong());

    // Tier rows: same order and replica counts as the text table.
    List<String> tierTable = section(text, "Replicas per tier");
    JsonNode tiers = json.get("tiers");
    assertEquals(tierTable.size() - 1, tiers.size());
    for (int i = 0; i < tiers.size(); i++) {
      String[] cells = tierTable.get(i + 1).trim().split("\\s+");
      assertEquals(cells[0], tiers.get(i).get("name").asText());
      assertEquals(Long.parseLong(cells[1]), tiers.get(i).get("replicas").asLong());
    }
    assertEquals(0.8, tiers.get(2).get("share").asDouble(), 1e-9);

    JsonNode under = json.get("underReplicatedBlocks").get("items").get(0);
    assertEquals("/data/b", under.get("file").asText());
    assertEquals(0, under.get("blockIndex").asInt());
    assertEquals(2, under.get("liveReplicas").asInt());
    assertEquals(3, under.get("expectedReplicas").asInt());
    assertFalse(under.get("corrupt").asBoolean());
    JsonNode split = json.get("wholeFileViolations").get("items").get(0);
    assertEquals("nvme", split.get("tier").asText());
    assertEquals(1, split.get("blocksInTier").asInt());
    assertEquals(2, split.get("fileBlocks").asInt());
    assertEquals("/rack2", json.get("singleRackBlocks").get("items").get(0).get("rack").asText());
    assertEquals(4, json.get("nodes").size());
    assertEquals(2, json.get("racks").size());
  }
}
