package io.strata.core.popularity;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AuditLogFollowerTest {
  private static String line(String path) {
    return "2026-01-01 00:00:00,000 INFO a: allowed=true\tugi=u\tip=/1.1.1.1\tcmd=open\tsrc=" + path
        + "\tdst=null\tperm=null\tproto=rpc\n";
  }

  private static void append(Path file, String text) throws Exception {
    Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
  }

  @Test
  void followsTheLiveLogAcrossRotationWithoutLosingLines(@TempDir Path dir) throws Exception {
    Path live = dir.resolve("hdfs-audit.log");
    List<String> seen = new ArrayList<>();
    try (AuditLogFollower follower = new AuditLogFollower(live)) {
      assertEquals(0, follower.poll(e -> seen.add(e.src())), "no log yet");
      append(live, line("/a") + line("/b"));
      follower.poll(e -> seen.add(e.src()));
      append(live, line("/c") + "garbage line\n" + line("/d").substring(0, 40)); // a half-written line
      // A call about no file (the DataNode report) is a good record with nothing to count.
      String report = line("/d").replace("cmd=open", "cmd=datanodeReport").replace("src=/d", "src=null");
      follower.poll(e -> seen.add(e.src()));
      assertEquals(List.of("/a", "/b", "/c"), seen, "the half line waits");
      append(live, line("/d").substring(40) + report);
      // log4j rotates: renames the file and starts a new one, after writing one more line to the old one.
      append(live, line("/e"));
      Files.move(live, dir.resolve("hdfs-audit.log.1"));
      append(live, line("/f"));
      follower.poll(e -> seen.add(e.src()));
      append(live, line("/g"));
      follower.poll(e -> seen.add(e.src()));
      assertEquals(List.of("/a", "/b", "/c", "/d", "/e", "/f", "/g"), seen);
      assertEquals(8, follower.parsed(), "7 reads and the DataNode report");
      assertEquals(1, follower.skipped(), "the garbage line");
    }
  }

  @Test
  void backfillReadsArchivesOldestFirstIncludingGzip(@TempDir Path dir) throws Exception {
    Path live = dir.resolve("hdfs-audit.log");
    append(dir.resolve("hdfs-audit.log.1"), line("/newer"));
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(dir.resolve("hdfs-audit.log.2.gz")))) {
      out.write(line("/older").getBytes(StandardCharsets.UTF_8));
    }
    append(dir.resolve("hdfs-audit.log.10"), line("/oldest"));
    append(dir.resolve("hdfs-audit.log.bak"), line("/not-a-rotation"));
    List<String> seen = new ArrayList<>();
    try (AuditLogFollower follower = new AuditLogFollower(live)) {
      for (Path archive : AuditLogFollower.archives(live)) {
        follower.readArchive(archive, e -> seen.add(e.src()));
      }
    }
    assertEquals(List.of("/oldest", "/older", "/newer"), seen);
  }

  @Test
  void timesAreReadInTheZoneItIsGiven(@TempDir Path dir) throws Exception {
    Path live = dir.resolve("hdfs-audit.log");
    append(live, line("/a")); // written at 2026-01-01 00:00:00,000 local time
    List<Long> times = new ArrayList<>();
    try (AuditLogFollower follower = new AuditLogFollower(live, ZoneId.of("Asia/Kolkata"))) {
      follower.poll(e -> times.add(e.timeMillis()));
    }
    assertEquals(List.of(Instant.parse("2025-12-31T18:30:00Z").toEpochMilli()), times, "+05:30");
  }

  /** The NameNode writes a record and the file at one instant: a skew of hours means the zone is wrong. */
  @Test
  void theLiveLogsLastRecordIsComparedWithTheFilesLastWrite(@TempDir Path dir) throws Exception {
    Path live = dir.resolve("hdfs-audit.log");
    append(dir.resolve("hdfs-audit.log.1"), line("/archived"));
    append(live, line("/a")); // stamped 2026-01-01 00:00:00,000
    Files.setLastModifiedTime(live, FileTime.from(
        Instant.parse("2026-01-01T00:00:00.400Z")));
    try (AuditLogFollower utc = new AuditLogFollower(live)) {
      utc.readArchive(dir.resolve("hdfs-audit.log.1"), e -> {});
      assertEquals(OptionalLong.empty(), utc.liveSkewMillis(), "archives do not count");
      utc.poll(e -> {});
      assertEquals(OptionalLong.of(-400), utc.liveSkewMillis());
    }
    try (AuditLogFollower kolkata = new AuditLogFollower(live, ZoneId.of("Asia/Kolkata"))) {
      kolkata.poll(e -> {});
      assertEquals(OptionalLong.of(-(5 * 3600 + 1800) * 1000L - 400), kolkata.liveSkewMillis());
    }
  }
}
