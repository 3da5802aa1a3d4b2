package io.strata.bench.popularity;

import io.strata.core.popularity.AptStoreAdvisor;
import io.strata.core.popularity.AuditEvent;
import io.strata.core.popularity.AuditLogParser;
import io.strata.core.popularity.DecisionRules;
import io.strata.core.popularity.PpaSettings;
import java.time.ZoneId;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Audit-log parsing and popularity update on one thread: lines per second (each operation is one line).
 * Lines are realistic default-audit-logger lines over a Zipf-like file popularity, 90% opens.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class AuditLogJmh {
  static final int BATCH = 100_000;

  @Param({"100000"})
  int files;

  String[] lines;
  AuditLogParser parser;
  AuditEvent event;
  AptStoreAdvisor advisor;

  @Setup(Level.Trial)
  public void setUp() {
    lines = lines(BATCH, files, 1);
    // A zone with daylight saving, as most NameNodes' logs are written in: times are converted, not just read.
    parser = new AuditLogParser(ZoneId.of("Europe/Berlin"));
    event = new AuditEvent();
    advisor = new AptStoreAdvisor(PpaSettings.defaults(), DecisionRules.defaults(100, true), files);
  }

  /** Synthetic lines in the NameNode's format: skewed file choice, a second apart, mostly opens. */
  public static String[] lines(int count, int files, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    String[] out = new String[count];
    for (int i = 0; i < count; i++) {
      int file = (int) Math.min(files - 1, Math.floor(Math.pow(random.nextDouble(), 3) * files));
      String cmd = random.nextInt(10) == 0 ? "create" : "open";
      int second = i % 60;
      int minute = (i / 60) % 60;
      int hour = (i / 3600) % 24;
      out[i] = String.format(
          "2026-11-22 %02d:%02d:%02d,%03d INFO FSNamesystem.audit: allowed=true\tugi=etl (auth:SIMPLE)"
              + "\tip=/10.1.%d.%d\tcmd=%s\tsrc=/warehouse/events/day=%d/part-%05d\tdst=null\tperm=null\tproto=rpc",
          hour, minute, second, i % 1000, i % 200, i % 250, cmd, file % 365, file);
    }
    return out;
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int parseOnly() {
    int n = 0;
    for (String line : lines) {
      if (parser.parse(line, event)) {
        n++;
      }
    }
    return n;
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int parseAndUpdatePopularity() {
    int n = 0;
    for (String line : lines) {
      if (parser.parse(line, event)) {
        advisor.observe(event, 1);
        n++;
      }
    }
    return n;
  }
}
