package io.strata.core.popularity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
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
    assertTrue(parser.isRecordWithoutPath(report));
    assertFalse(parser.isRecordWithoutPath(report.replace("src=null", "src=/x")), "has a path");
    assertFalse(parser.isRecordWithoutPath(report.replace("src=null", "src=nullish")));
    assertFalse(parser.isRecordWithoutPath(report.replace("2026-11-25", "2026-11-xx")), "no timestamp");
    assertFalse(parser.isRecordWithoutPath("garbage garbage garbage garbage garbage src=null"));
    assertFalse(parser.isRecordWithoutPath(report.substring(0, report.indexOf("\tsrc="))), "no src");
  }
}
