package io.strata.core.popularity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The caller context of an audit line, which lets the autotier daemon skip its own block lookups. */
class AuditCallerContextTest {
  private final AuditLogParser parser = new AuditLogParser();
  private final AuditEvent event = new AuditEvent();

  @Test
  void readsTheCallerContextWithItsSignatureAndForgetsItOnTheNextLine() {
    String with = "2026-11-22 00:21:59,115 INFO FSNamesystem.audit: allowed=true\tugi=hdfs (auth:SIMPLE)\t"
        + "ip=/127.0.0.1\tcmd=open\tsrc=/data/f\tdst=null\tperm=null\tproto=rpc\tcallerContext=strata_autotier:sig";
    assertTrue(parser.parse(with, event));
    assertEquals("strata_autotier:sig", event.callerContext());

    String without = "2026-11-22 00:22:00,000 INFO FSNamesystem.audit: allowed=true\tugi=alice (auth:SIMPLE)\t"
        + "ip=/10.0.0.2\tcmd=open\tsrc=/data/f\tdst=null\tperm=null\tproto=rpc";
    assertTrue(parser.parse(without, event));
    assertNull(event.callerContext(), "a reused event holds no stale context");
  }
}
