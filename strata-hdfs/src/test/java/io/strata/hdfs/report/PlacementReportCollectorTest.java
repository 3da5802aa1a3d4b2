package io.strata.hdfs.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.tier.TierMap;
import io.strata.hdfs.report.PlacementReport.Row;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The collector against the local file system: no NameNode, so no racks and no storage types. */
class PlacementReportCollectorTest {
  @TempDir
  java.nio.file.Path dir;

  private static PlacementReportCollector local() throws IOException {
    return new PlacementReportCollector(FileSystem.getLocal(new Configuration()));
  }

  @Test
  void nonexistentPathIsAnErrorNamingIt() throws IOException {
    Path missing = new Path(dir.resolve("no-such-dir").toUri());
    FileNotFoundException e = assertThrows(FileNotFoundException.class,
        () -> local().collect(missing, TierMap.byStorageKind()));
    // The same wording whatever the file system, so the CLI can print the message as is.
    assertEquals("no such file or directory: " + missing, e.getMessage());
  }

  @Test
  void existingFileIsReportedAsOneFileInTheUnknownTier() throws IOException {
    java.nio.file.Path file = dir.resolve("data.txt");
    Files.writeString(file, "hello placement report", StandardCharsets.UTF_8);
    long length = Files.size(file);

    PlacementReport report = local().collect(new Path(file.toUri()), TierMap.byStorageKind());

    assertEquals(1, report.files());
    assertEquals(1, report.blocks());
    assertEquals(1, report.replicas());
    assertEquals(length, report.logicalBytes());
    assertEquals(length, report.replicaBytes());
    // The local file system gives host "localhost" and neither storage types nor topology.
    assertEquals(List.of(new Row(PlacementReport.UNKNOWN, 1, length, 1.0)), report.tiers());
    assertEquals(List.of(PlacementReport.UNKNOWN), report.racks().stream().map(Row::name).toList());
    assertEquals(1, report.nodes().size());
    assertTrue(report.nodes().get(0).name().startsWith("localhost"), report.nodes().get(0).name());
    assertEquals(0, report.clusterRacks());
    assertEquals(0, report.underReplicatedBlocks().total());
  }

  @Test
  void directoryIsWalkedRecursively() throws IOException {
    Files.createDirectories(dir.resolve("sub/deeper"));
    Files.writeString(dir.resolve("a.txt"), "a");
    Files.writeString(dir.resolve("sub/b.txt"), "bb");
    Files.writeString(dir.resolve("sub/deeper/c.txt"), "ccc");

    PlacementReport report = local().collect(new Path(dir.toUri()), TierMap.byStorageKind());

    // Three files; the local file system's hidden .crc checksum files are not listed.
    assertEquals(3, report.files());
    assertEquals(1 + 2 + 3, report.logicalBytes());
  }

  @Test
  void localFileSystemHasNoDatanodeRackCount() throws IOException {
    assertTrue(local().datanodeRackCount().isEmpty());
  }
}
