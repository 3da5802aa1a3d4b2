package io.strata.core.popularity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.config.ConfigException;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class AdvisorsTest {
  private static final long MIN = 60_000;
  private final AuditLogParser parser = new AuditLogParser();

  private static String open(String path, long minute, int second) {
    return String.format("2026-01-01 %02d:%02d:%02d,000 INFO a: allowed=true\tugi=u\tip=/1.1.1.1\tcmd=open\tsrc=%s\t"
        + "dst=null\tperm=null\tproto=rpc", minute / 60, minute % 60, second, path);
  }

  private void feed(ReplicationAdvisor advisor, List<String> lines) {
    AuditEvent event = new AuditEvent();
    for (String line : lines) {
      assertTrue(parser.parse(line, event), line);
      advisor.observe(event, 1);
    }
  }

  private static List<FileFacts> files() {
    return List.of(new FileFacts("/hot", 3, false, 1 << 20, 1), new FileFacts("/warm", 3, false, 1 << 20, 1),
        new FileFacts("/cold", 3, false, 1 << 20, 1), new FileFacts("/sla/cold", 3, false, 1 << 20, 1));
  }

  private static Map<String, Advice> byPath(Plan plan) {
    Map<String, Advice> map = new HashMap<>();
    plan.advice().forEach(a -> map.put(a.path(), a));
    return map;
  }

  @Test
  void aptStorePromotesHotFilesAndDemotesColdOnesToARedundantSecondaryTier() {
    DecisionRules rules = DecisionRules.defaults(100, true)
        .withPins(List.of(new DecisionRules.Pin("/sla", true, 3)));
    AptStoreAdvisor advisor = new AptStoreAdvisor(PpaSettings.defaults(), rules, 16);
    // One RT: /hot read every minute, /warm twice, /cold and /sla/cold once at the start.
    List<String> lines = new ArrayList<>();
    lines.add(open("/cold", 0, 0));
    lines.add(open("/sla/cold", 0, 0));
    lines.add(open("/warm", 0, 1));
    for (int m = 0; m < 60; m++) {
      lines.add(open("/hot", m, 5));
    }
    lines.add(open("/warm", 59, 0));
    feed(advisor, lines);
    Plan plan = advisor.plan(files(), 60 * MIN);
    Map<String, Advice> advice = byPath(plan);
    assertTrue(advice.get("/hot").replication() > 3 && !advice.get("/hot").secondary(), advice.get("/hot").toString());
    assertEquals(1, advice.get("/cold").replication(), "the filer protects it: one replica");
    assertTrue(advice.get("/cold").secondary());
    assertFalse(advice.get("/sla/cold").secondary(), "SLA pin: never demoted");
    assertEquals(3, advice.get("/sla/cold").replication());
    assertTrue(plan.accepted(), plan.rejection());
  }

  /**
   * The log names a deleted directory, not its files: the plan's listing says they are gone, so they neither stay
   * tracked nor weigh in AVG(P). Ten files read once and deleted with their directory would otherwise pull AVG(P)
   * down to a quarter, and every file would look four times more popular than it is.
   */
  /**
   * Algorithm 1: the plan decides on each file's popularity extrapolated to the next reference time, the change over
   * the one that ended continued (PopularityPredictorTest's sequence: F1 goes 1 to 2 and is predicted 3; F2 goes 2 to
   * 1 and is predicted 0, raised to P_min).
   */
  @Test
  void thePlanDecidesOnThePopularityPredictedForTheNextReferenceTime() {
    AptStoreAdvisor advisor = new AptStoreAdvisor(new PpaSettings(10, 1, 0.1, 100, 1, 1, 3600),
        DecisionRules.defaults(100, true), 16);
    advisor.observe(AuditEvent.of(0, AuditEvent.Command.OPEN, "/f1", null), 1);
    advisor.observe(AuditEvent.of(10_000, AuditEvent.Command.OPEN, "/f1", null), 1);
    advisor.observe(AuditEvent.of(10_000, AuditEvent.Command.OPEN, "/f2", null), 1);
    advisor.observe(AuditEvent.of(15_000, AuditEvent.Command.OPEN, "/f1", null), 1);
    Plan plan = advisor.plan(List.of(new FileFacts("/f1", 3, false, 1 << 20, 1),
        new FileFacts("/f2", 3, false, 1 << 20, 1)), 20_000);
    // After Eq. 2, F1 = 2 and F2 = 1, AVG(P) = 1.5: on the current values F1 would be average (1.33x) and F2 too.
    assertEquals("popular: predicted 3.00 = 2.00x AVG(P)", byPath(plan).get("/f1").reason());
    assertEquals("unpopular: predicted 0.10 = 0.07x AVG(P)", byPath(plan).get("/f2").reason());
    // The same numbers, for the plan's JSON and the dashboard.
    assertEquals(3.0, byPath(plan).get("/f1").predicted(), 1e-6);
    assertEquals(2.0, byPath(plan).get("/f1").relative(), 1e-6);
    assertEquals(0.1, byPath(plan).get("/f2").predicted(), 1e-6);
  }

  @Test
  void filesGoneWithADirectoryAreForgottenAtThePlanAndLeaveTheAverage() {
    AptStoreAdvisor advisor = new AptStoreAdvisor(PpaSettings.defaults(), DecisionRules.defaults(100, true), 16);
    List<String> lines = new ArrayList<>();
    lines.add(open("/cold", 0, 0));
    lines.add(open("/sla/cold", 0, 0));
    lines.add(open("/warm", 0, 1));
    for (int f = 0; f < 10; f++) {
      lines.add(open("/gone/f" + f, 0, 2));
    }
    for (int m = 0; m < 60; m++) {
      lines.add(open("/hot", m, 5));
    }
    lines.add(open("/warm", 59, 0));
    lines.add(open("/gone", 59, 30).replace("cmd=open", "cmd=delete"));
    feed(advisor, lines);
    assertEquals(14, advisor.predictor().files(), "a directory's delete names no tracked file");

    Plan plan = advisor.plan(files(), 60 * MIN);
    assertEquals(4, advisor.predictor().files());
    assertEquals(10, advisor.forgottenFiles());
    assertFalse(advisor.predictor().tracks(PathHash.of("/gone/f3")));
    double live = 0;
    for (FileFacts f : files()) {
      live += advisor.predictor().popularity(f.pathHash());
    }
    assertEquals(live / 4, advisor.predictor().average(), 1e-6, "AVG(P) is over the files that exist");
    // The plan weighs /hot against that average: "popular: predicted P = Rx AVG(P)" with R = P / AVG(P).
    String reason = byPath(plan).get("/hot").reason();
    Matcher m = Pattern.compile("predicted ([0-9.]+) = ([0-9.]+)x").matcher(reason);
    assertTrue(m.find() && reason.startsWith("popular"), reason);
    assertEquals(Double.parseDouble(m.group(1)) / advisor.predictor().average(), Double.parseDouble(m.group(2)), 0.01,
        reason);
  }

  @Test
  void withoutARedundantSecondaryTierColdFilesKeepTwoReplicasAndScheduledInputsArePromoted() {
    // The plan is made at 01:00 UTC with a 12 h reference time: a job at 01:30 runs within it.
    DecisionRules rules = DecisionRules.defaults(100, false)
        .withScheduled(List.of(ScheduledRead.of("/cold", "30 1 * * *", ZoneOffset.UTC)));
    AptStoreAdvisor advisor = new AptStoreAdvisor(PpaSettings.defaults(), rules, 16);
    List<String> lines = new ArrayList<>();
    lines.add(open("/sla/cold", 0, 0)); // read once, before the other file heats up
    for (int m = 0; m < 60; m++) {
      lines.add(open("/hot", m, 5));
    }
    feed(advisor, lines);
    Map<String, Advice> advice = byPath(advisor.plan(files(), 60 * MIN));
    assertEquals(2, advice.get("/sla/cold").replication(), advice.get("/sla/cold").reason());
    assertTrue(advice.get("/sla/cold").secondary());
    assertFalse(advice.get("/cold").secondary(), "a cron job reads it next");
    assertTrue(advice.get("/cold").reason().contains("scheduled"));
    assertTrue(advice.get("/cold").reason().contains("next run 1970-01-01T01:30:00Z"), advice.get("/cold").reason());
  }

  @Test
  void anUnpopularFileReadWithinDemoteAfterIdleStaysOnThePrimaryTier() {
    List<String> lines = new ArrayList<>();
    lines.add(open("/cold", 0, 0)); // read once, an hour before the plan
    for (int m = 0; m < 60; m++) {
      lines.add(open("/hot", m, 5));
    }
    long planAt = Instant.parse("2026-01-01T01:00:00Z").toEpochMilli(); // the log's clock (UTC)
    Map<Long, Advice> coldByGuard = new HashMap<>();
    for (long guard : new long[] {0, 30 * 60, 2 * 3600}) {
      AptStoreAdvisor advisor = new AptStoreAdvisor(PpaSettings.defaults(),
          DecisionRules.defaults(100, true).withDemoteAfterIdle(guard), 16);
      feed(advisor, lines);
      assertEquals(3600, advisor.predictor().idleSeconds(PathHash.of("/cold"), planAt));
      coldByGuard.put(guard, byPath(advisor.plan(files(), planAt)).get("/cold"));
    }
    assertTrue(coldByGuard.get(0L).secondary(), "the paper's engine: popularity alone");
    assertTrue(coldByGuard.get(1800L).secondary(), "idle 1 h, longer than 30 min: demoted");
    Advice kept = coldByGuard.get(7200L);
    assertFalse(kept.secondary(), kept.reason());
    assertEquals(3, kept.replication());
    assertTrue(kept.reason().contains("read or written 3600 s ago, under demoteAfterIdle 7200 s"), kept.reason());
  }

  @Test
  void aScheduledJobPromotesOnlyWhenItRunsWithinTheNextReferenceTime() {
    List<String> lines = new ArrayList<>();
    lines.add(open("/cold", 0, 0)); // read once, then never: unpopular unless a job is due
    for (int m = 0; m < 60; m++) {
      lines.add(open("/hot", m, 5));
    }
    // Planned at 01:00 UTC with RT 12 h, the window is [01:00, 13:00) UTC: 20:00 is past it, 12:59 inside; at
    // UTC+1, 14:00 local is 13:00 UTC (the window's end, outside) and 13:00 local is inside; a run at 01:00 counts.
    String[][] cases = {{"0 20 * * *", "UTC", "false"}, {"59 12 * * *", "UTC", "true"},
        {"0 14 * * *", "+01:00", "false"}, {"0 13 * * *", "+01:00", "true"}, {"0 1 * * *", "UTC", "true"},
        {"0 1 * * 0", "UTC", "false"}}; // 1970-01-01 is a Thursday: the next Sunday 01:00 is days away
    for (String[] c : cases) {
      DecisionRules rules = DecisionRules.defaults(100, true)
          .withScheduled(List.of(ScheduledRead.of("/cold", c[0], ZoneId.of(c[1]))));
      AptStoreAdvisor advisor = new AptStoreAdvisor(PpaSettings.defaults(), rules, 16);
      feed(advisor, lines);
      Advice cold = byPath(advisor.plan(files(), 60 * MIN)).get("/cold");
      assertEquals(Boolean.parseBoolean(c[2]), !cold.secondary(), c[0] + " in " + c[1] + ": " + cold.reason());
    }
  }

  @Test
  void aBadCronExpressionNamesThePathAndTheExpression() {
    var e = assertThrows(ConfigException.class,
        () -> ScheduledRead.of("/data/daily", "0 25 * * *", ZoneOffset.UTC));
    assertTrue(e.getMessage().contains("scheduled read of /data/daily: not a crontab expression: '0 25 * * *'"),
        e.getMessage());
    assertThrows(ConfigException.class, () -> ScheduledRead.of("data", "* * * * *",
        ZoneOffset.UTC));
  }

  @Test
  void aPlanAboveTheLossBoundIsRefused() {
    DecisionRules strict = DecisionRules.defaults(5, false).withLossBound(1e-12);
    Plan plan = new AptStoreAdvisor(PpaSettings.defaults(), strict, 16).plan(files(), 0);
    assertFalse(plan.accepted());
    assertNotNull(plan.rejection());
    assertTrue(plan.rejection().contains("above the bound"), plan.rejection());
  }

  @Test
  void scarlettReplicatesByPeakConcurrencyWithinItsBudget() {
    DecisionRules rules = DecisionRules.defaults(100, false);
    ScarlettAdvisor scarlett = new ScarlettAdvisor(rules, new ScarlettSettings(1, 0.5, 60));
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 7; i++) {
      lines.add(open("/hot", 0, i)); // 7 opens within a minute
    }
    lines.add(open("/warm", 1, 0));
    lines.add(open("/warm", 3, 0)); // never two in a window
    feed(scarlett, lines);
    assertEquals(7, scarlett.concurrentAccesses("/hot"));
    assertEquals(1, scarlett.concurrentAccesses("/warm"));
    Plan plan = scarlett.plan(files(), 10 * MIN);
    Map<String, Advice> advice = byPath(plan);
    // Wanted max(7+1, 3) = 8 for /hot; the budget is 50% over 3x of 4 equal files = 6 extra file-copies: 3 + 5.
    assertEquals(8, advice.get("/hot").replication());
    assertEquals(3, advice.get("/warm").replication(), "max(1+1, 3)");
    assertNull(plan.rejection());
  }

  @Test
  void scarlettsConstantsReachTheAdvisorMadeByName() {
    DecisionRules rules = DecisionRules.defaults(100, false);
    List<String> lines = List.of(open("/hot", 0, 0), open("/hot", 0, 1), open("/hot", 0, 2));
    Map<String, Integer> hot = new HashMap<>();
    for (ScarlettSettings settings : List.of(ScarlettSettings.defaults(), new ScarlettSettings(4, 1.0, 60),
        new ScarlettSettings(4, 0.0, 60))) {
      ReplicationAdvisor scarlett = ReplicationAdvisors.create("scarlett", PpaSettings.defaults(), settings, rules, 16);
      feed(scarlett, lines);
      hot.put(settings.delta() + "/" + settings.budgetFraction(),
          byPath(scarlett.plan(files(), 10 * MIN)).get("/hot").replication());
    }
    // Three opens in a minute: the default cushion wants max(3+1, 3) = 4, a cushion of 4 wants 7 and gets it with
    // a 100% budget (3 extra file-copies of the 12 in the budget); with no budget nothing goes over base.
    assertEquals(Map.of("1/0.2", 4, "4/1.0", 7, "4/0.0", 3), hot);
  }
}
