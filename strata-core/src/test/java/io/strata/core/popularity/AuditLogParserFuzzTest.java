package io.strata.core.popularity;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.time.ZoneId;

/**
 * Any text as a NameNode audit log: every line is an event, a call about no file or malformed, and never an
 * exception (the daemon counts malformed lines and goes on). The log is read in a zone with daylight saving time,
 * so the hours written twice are exercised too.
 */
class AuditLogParserFuzzTest {
  @FuzzTest
  void read(byte[] input) {
    AuditLogParser parser = new AuditLogParser(ZoneId.of("Europe/Berlin"));
    AuditEvent event = new AuditEvent();
    for (String line : new String(input, StandardCharsets.UTF_8).split("\n", -1)) {
      if (parser.read(line, event) == AuditLogParser.Kind.EVENT) {
        assertTrue(event.src().startsWith("/"), event.src());
        assertTrue(event.command() != null, line);
      }
    }
  }
}
