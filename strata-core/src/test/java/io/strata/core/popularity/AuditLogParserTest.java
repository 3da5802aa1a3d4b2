package io.strata.core.popularity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AuditLogParserTest {
  private final AuditLogParser parser = new AuditLogParser();
  private final AuditEvent event = new AuditEvent();

  @Test
  void parsesTheDefaultAuditLoggersLine() {
    String line = "2026-11-22 00:21:59,115 INFO FSNamesystem.audit: allowed=true\tugi=root (auth:SIMPLE)\t"
        + "ip=/127.0.0.1\tcmd=rename\tsrc=/tera/in/_temporary/0/part-m-00000\tdst=/tera/in/part-m-00000\t"
        + "perm=root:supergroup:rw-r--r--\tproto=rpc";
    assertTrue(parser.parse(line, event));
    assertEquals(Instant.parse("2026-11-22T00:21:59.115Z").toEpochMilli(), event.timeMillis());
    assertTrue(event.allowed());
    assertEquals(AuditEvent.Command.RENAME, event.command());
    assertEquals("/tera/in/_temporary/0/part-m-00000", event.src());
    assertEquals("/tera/in/part-m-00000", event.dst());
  }

  /**
   * log4j writes the NameNode JVM's local time without an offset: read in the NameNode's zone, the times are the
   * instants they were written at, in summer, in winter and across daylight-saving changes.
   */
  @Test
  void timesAreReadInTheZoneTheNameNodeWroteThemIn() {
    AuditLogParser berlin = new AuditLogParser(ZoneId.of("Europe/Berlin"));
    String open = "INFO FSNamesystem.audit: allowed=true\tugi=u\tip=/1.2.3.4\tcmd=open\tsrc=/f\tdst=null\tperm=null";
    Map<String, String> written = new LinkedHashMap<>();
    written.put("2026-07-01 12:00:00,000", "2026-07-01T10:00:00Z"); // CEST, +02:00
    written.put("2026-01-15 12:00:00,250", "2026-01-15T11:00:00.250Z"); // CET, +01:00
    written.put("2026-03-29 01:59:59,999", "2026-03-29T00:59:59.999Z"); // the last minute of winter time
    written.put("2026-03-29 03:00:00,000", "2026-03-29T01:00:00Z"); // summer time from 02:00 (skipped hour)
    written.put("2026-03-29 02:30:00,000", "2026-03-29T01:30:00Z"); // in the skipped hour: the offset before
    written.put("2026-10-25 02:30:00,000", "2026-10-25T00:30:00Z"); // twice that night: the first (summer)
    written.put("2026-10-25 03:00:00,000", "2026-10-25T02:00:00Z"); // winter time again
    written.put("2026-07-01T12:00:00.000", "2026-07-01T10:00:00Z"); // log4j 2's ISO8601
    for (Map.Entry<String, String> time : written.entrySet()) {
      assertTrue(berlin.parse(time.getKey() + " " + open, event), time.getKey());
      assertEquals(Instant.parse(time.getValue()).toEpochMilli(), event.timeMillis(), time.getKey());
    }
    AuditLogParser newYork = new AuditLogParser(ZoneId.of("America/New_York"));
    assertTrue(newYork.parse("2026-07-01 12:00:00,000 " + open, event));
    assertEquals(Instant.parse("2026-07-01T16:00:00Z").toEpochMilli(), event.timeMillis());
    assertTrue(parser.parse("2026-07-01 12:00:00,000 " + open, event));
    assertEquals(Instant.parse("2026-07-01T12:00:00Z").toEpochMilli(), event.timeMillis(), "no zone given: UTC");
  }

  /**
   * When clocks are set back, log4j writes 02:00-03:00 twice, first in summer time, then in winter time: read in
   * order, the lines keep the order they were written in, and a file read in both passes is read 15 minutes apart,
   * not at once (an interval below a second would count as a burst of concurrent reads).
   */
  @Test
  void theHourWrittenTwiceWhenClocksAreSetBackIsReadInOrder() {
    AuditLogParser berlin = new AuditLogParser(ZoneId.of("Europe/Berlin"));
    String open = "INFO FSNamesystem.audit: allowed=true\tugi=u\tip=/1.2.3.4\tcmd=open\tsrc=/f\tdst=null\tperm=null";
    Map<String, String> written = new LinkedHashMap<>();
    written.put("2026-10-25 01:59:00,000", "2026-10-24T23:59:00Z");
    written.put("2026-10-25 02:10:00,000", "2026-10-25T00:10:00Z"); // first pass, +02:00
    written.put("2026-10-25 02:50:00,000", "2026-10-25T00:50:00Z");
    written.put("2026-10-25 02:50:00,001", "2026-10-25T00:50:00.001Z");
    written.put("2026-10-25 02:05:00,000", "2026-10-25T01:05:00Z"); // second pass, +01:00
    written.put("2026-10-25 02:04:59,990", "2026-10-25T01:04:59.990Z"); // a line written slightly out of order
    written.put("2026-10-25 02:40:00,000", "2026-10-25T01:40:00Z");
    written.put("2026-10-25 02:59:59,999", "2026-10-25T01:59:59.999Z");
    written.put("2026-10-25 03:00:00,001", "2026-10-25T02:00:00.001Z");
    written.put("2026-10-25 02:59:59,998", "2026-10-25T01:59:59.998Z"); // out of order across the hour
    written.put("2026-10-25 03:10:00,000", "2026-10-25T02:10:00Z");
    for (Map.Entry<String, String> time : written.entrySet()) {
      assertTrue(berlin.parse(time.getKey() + " " + open, event), time.getKey());
      assertEquals(Instant.parse(time.getValue()).toEpochMilli(), event.timeMillis(), time.getKey());
    }
  }

  @Test
  void readsOpenWithCallerContextAndDeniedAccess() {
    String line = "2024-02-29 23:59:59.001 INFO x: allowed=false\tugi=alice (auth:PROXY) via hive (auth:KERBEROS)\t"
        + "ip=/10.0.0.7\tcmd=open\tsrc=/warehouse/t/f\tdst=null\tperm=null\tproto=rpc\tcallerContext=mr_job_1:sig";
    assertTrue(parser.parse(line, event));
    assertFalse(event.allowed());
    assertEquals(AuditEvent.Command.OPEN, event.command());
    assertEquals("/warehouse/t/f", event.src());
    assertNull(event.dst());
    assertEquals(Instant.parse("2024-02-29T23:59:59.001Z").toEpochMilli(), event.timeMillis());
  }

  @Test
  void unescapesPathsAsHdfsEscapedThem() {
    String line = "2026-01-01 00:00:00,000 INFO a: allowed=true\tugi=u\tip=/1.2.3.4\tcmd=open\t"
        + "src=/data/tab\\there/caf\\u00e9\tdst=null\tperm=null\tproto=rpc";
    assertTrue(parser.parse(line, event));
    assertEquals("/data/tab\there/caf\u00e9", event.src());
  }

  @Test
  void malformedLinesAreRefusedNotFatal() {
    assertFalse(parser.parse("", event));
    assertFalse(parser.parse("garbage garbage garbage garbage garbage", event));
    assertFalse(parser.parse("2026-13-01 00:00:00,000 INFO a: allowed=true\tcmd=open\tsrc=/x", event), "month 13");
    assertFalse(parser.parse("2026-01-01 00:00:00,000 INFO a: allowed=true\tugi=u\tcmd=open", event), "no src");
    assertFalse(parser.parse("2026-01-01 00:00:00,000 INFO a: allowed=true\tcmd=open\tsrc=relative", event));
    assertTrue(parser.parse("2026-01-01 00:00:00,000 INFO a: allowed=true\tcmd=listStatus\tsrc=/x", event));
    assertEquals(AuditEvent.Command.OTHER, event.command());
  }

  @Test
  void aRecordOfACallAboutNoFileIsToldFromAMalformedLine() {
    String report = "2026-11-25 21:05:23,262 INFO FSNamesystem.audit: allowed=true\tugi=root (auth:SIMPLE)\t"
        + "ip=/127.0.0.1\tcmd=datanodeReport\tsrc=null\tdst=null\tperm=null\tproto=rpc";
    assertFalse(parser.parse(report, event), "no file to count");
    event.timeMillis = 0;
    assertEquals(AuditLogParser.Kind.NO_PATH, parser.read(report, event));
    assertEquals(Instant.parse("2026-11-25T21:05:23.262Z").toEpochMilli(), event.timeMillis());
    assertEquals(AuditLogParser.Kind.EVENT, parser.read(report.replace("src=null", "src=/x"), event), "has a path");
    assertEquals(AuditLogParser.Kind.MALFORMED, parser.read(report.replace("cmd=datanodeReport", "cmd=open")
        .replace("src=null", "src=nullish"), event), "HDFS logs an open's path, always absolute");
    // Calls whose src is not a path, as the NameNode logs them.
    String enable = report.replace("cmd=datanodeReport\tsrc=null", "cmd=enableErasureCodingPolicy\tsrc=XOR-2-1-1024k");
    assertEquals(AuditLogParser.Kind.NO_PATH, parser.read(enable, event), enable);
    assertEquals("XOR-2-1-1024k", event.src());
    String cache = report.replace("cmd=datanodeReport\tsrc=null",
        "cmd=addCacheDirective\tsrc={id: 1, path: /data/a, replication: 1, pool: hot, expiration: 73 days}");
    assertEquals(AuditLogParser.Kind.NO_PATH, parser.read(cache, event), cache);
    assertEquals(AuditLogParser.Kind.MALFORMED, parser.read(report.replace("2026-11-25", "2026-11-xx"), event),
        "no timestamp");
    assertEquals(AuditLogParser.Kind.MALFORMED, parser.read("garbage garbage garbage garbage garbage src=null",
        event));
    assertEquals(AuditLogParser.Kind.MALFORMED, parser.read(report.substring(0, report.indexOf("\tsrc=")), event),
        "no src");
  }

  /** The rename with options (FileContext, and the trash that {@code hdfs dfs -rm} uses) is a rename too. */
  @Test
  void aRenameWithOptionsIsARename() {
    String trash = "2026-11-25 23:30:44,149 INFO FSNamesystem.audit: allowed=true\tugi=root (auth:SIMPLE)\t"
        + "ip=/127.0.0.1\tcmd=rename (options=[TO_TRASH])\tsrc=/data/f2\tdst=/user/root/.Trash/Current/data/f2\t"
        + "perm=root:supergroup:rw-r--r--\tproto=rpc\tcallerContext=CLI";
    assertTrue(parser.parse(trash, event));
    assertEquals(AuditEvent.Command.RENAME, event.command());
    assertEquals("/data/f2", event.src());
    assertEquals("/user/root/.Trash/Current/data/f2", event.dst());
    assertFalse(event.renameMayMoveInto(), "its destination is the new path");
    assertTrue(parser.parse(trash.replace("TO_TRASH", "OVERWRITE"), event));
    assertEquals(AuditEvent.Command.RENAME, event.command());
    assertFalse(event.renameMayMoveInto());
    assertTrue(parser.parse(trash.replace(" (options=[TO_TRASH])", ""), event));
    assertEquals(AuditEvent.Command.RENAME, event.command());
    assertTrue(event.renameMayMoveInto(), "the original rename moves into an existing directory");
    assertTrue(parser.parse(trash.replace("rename (options=[TO_TRASH])", "renameSnapshot"), event));
    assertEquals(AuditEvent.Command.OTHER, event.command(), "a command that only begins with rename");
    assertNull(event.dst());
  }
}
