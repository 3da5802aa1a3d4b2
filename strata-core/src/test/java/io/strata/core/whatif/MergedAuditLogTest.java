package io.strata.core.whatif;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.strata.core.popularity.AuditEvent;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Rotated audit logs, gzipped and plain, named in any order, read as one log in time order. */
class MergedAuditLogTest {
  @TempDir
  Path dir;

  private static String record(String time, String cmd, String src) {
    return time + " INFO FSNamesystem.audit: allowed=true\tugi=u (auth:SIMPLE)\tip=/10.0.0.1\tcmd=" + cmd + "\tsrc="
        + src + "\tdst=null\tperm=null\tproto=rpc";
  }

  private Path plain(String name, String... lines) throws IOException {
    return Files.writeString(dir.resolve(name), String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
  }

  private Path gzipped(String name, String... lines) throws IOException {
    Path file = dir.resolve(name);
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
      out.write((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
    }
    return file;
  }

  private static List<String> srcs(MergedAuditLog log) throws IOException {
    List<String> seen = new ArrayList<>();
    try (log) {
      AuditEvent e;
      while ((e = log.next()) != null) {
        seen.add(e.src());
      }
    }
    return seen;
  }

  @Test
  void rotatedLogsNamedInAnyOrderComeOutInTimeOrderWithTheirEdgesInterleaved() throws Exception {
    // The oldest rotation is gzipped under a name that does not say so; the rotations overlap at their edges.
    Path oldest = gzipped("hdfs-audit.log.2", record("2026-03-01 10:00:00,000", "open", "/a1"),
        record("2026-03-01 10:00:01,000", "create", "/a2"), record("2026-03-01 10:00:03,000", "open", "/a3"));
    Path middle = plain("hdfs-audit.log.1", record("2026-03-01 10:00:02,500", "open", "/b1"),
        record("2026-03-01 10:00:04,000", "delete", "/b2"));
    Path live = plain("hdfs-audit.log", record("2026-03-01 10:00:05,000", "open", "/c1"),
        // A call about no file is a record, not an event.
        record("2026-03-01 10:00:05,500", "datanodeReport", "null"),
        record("2026-03-01 10:00:06,000", "rename", "/c2").replace("dst=null", "dst=/c3"));
    for (List<Path> order : List.of(List.of(live, oldest, middle), List.of(middle, live, oldest))) {
      MergedAuditLog log = MergedAuditLog.open(order, ZoneOffset.UTC, BadInputs.failing());
      assertEquals(Files.size(oldest) + Files.size(middle) + Files.size(live), log.totalBytes());
      assertEquals(List.of("/a1", "/a2", "/b1", "/a3", "/b2", "/c1", "/c2"), srcs(log), order.toString());
      assertEquals(8, log.records());
      assertEquals(7, log.events());
      assertEquals(log.totalBytes(), log.bytesRead(), "every file read to its end");
    }
  }

  @Test
  void eachEventSaysWhereItWasReadAndTimesAreReadInTheNameNodesZone() throws Exception {
    Path a = plain("a.log", record("2026-07-01 12:00:00,000", "open", "/x"));
    Path b = plain("b.log", "", record("2026-07-01 11:59:00,000", "open", "/y"));
    try (MergedAuditLog log = MergedAuditLog.open(List.of(a, b), ZoneId.of("Europe/Berlin"), BadInputs.failing())) {
      AuditEvent first = log.next();
      assertEquals("/y", first.src());
      assertEquals(Instant.parse("2026-07-01T09:59:00Z").toEpochMilli(), first.timeMillis());
      assertEquals(b + ":2", log.position());
      assertEquals("/x", log.next().src());
      assertEquals(a + ":1", log.position());
      assertNull(log.next());
    }
  }

  @Test
  void aBadLineIsAnErrorNamingTheFileAndLineOrIsSkippedAndCounted() throws Exception {
    Path good = plain("hdfs-audit.log.1", record("2026-03-01 10:00:00,000", "open", "/a"),
        record("2026-03-01 10:00:02,000", "open", "/c"));
    Path bad = gzipped("hdfs-audit.log", record("2026-03-01 10:00:01,000", "open", "/b"),
        "java.lang.NullPointerException at FSNamesystem", "",
        record("2026-03-01 10:00:03,000", "open", "relative"), record("2026-03-01 10:00:04,000", "open", "/d"));

    BadInputException e = assertThrows(BadInputException.class,
        () -> srcs(MergedAuditLog.open(List.of(bad, good), ZoneOffset.UTC, BadInputs.failing())));
    assertEquals(bad + ":2: not an HDFS audit log record: 'java.lang.NullPointerException at FSNamesystem'",
        e.getMessage());

    BadInputs skipping = BadInputs.skipping();
    assertEquals(List.of("/a", "/b", "/c", "/d"),
        srcs(MergedAuditLog.open(List.of(bad, good), ZoneOffset.UTC, skipping)));
    assertEquals(2, skipping.skipped(), "the exception and the relative path; the blank line is no record");
    assertEquals(e.getMessage(), skipping.first().orElseThrow().getMessage());
  }

  @Test
  void aFileWithNoRecordIsReadLastAndItsLinesReported() throws Exception {
    Path junk = plain("junk.log", "not a record");
    Path good = plain("good.log", record("2026-03-01 10:00:00,000", "open", "/a"));
    BadInputs skipping = BadInputs.skipping();
    assertEquals(List.of("/a"), srcs(MergedAuditLog.open(List.of(junk, good), ZoneOffset.UTC, skipping)));
    assertEquals(junk + ":1: not an HDFS audit log record: 'not a record'",
        skipping.first().orElseThrow().getMessage());
  }
}
