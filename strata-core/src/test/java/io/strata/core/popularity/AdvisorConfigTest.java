package io.strata.core.popularity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.config.ConfigException;
import io.strata.core.config.ConfigNode;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;

class AdvisorConfigTest {
  private static AdvisorConfig read(String yaml) {
    return AdvisorConfig.read(ConfigNode.parse("autotier.yaml", yaml));
  }

  private static String error(String yaml) {
    return assertThrows(ConfigException.class, () -> read(yaml)).getMessage();
  }

  @Test
  void everyConstantPinAndScheduledReadIsTakenFromTheFile() {
    AdvisorConfig config = read("""
        ppa: {popularityConstant: 7200, scalability: 0.5, minPopularity: 0.01, maxPopularity: 50,
              initialPopularity: 2, intervalFloor: 5, referenceTime: 30m, load: access}
        rules: {defaultReplication: 3, minReplication: 1, maxReplication: 6, hotFactor: 2, coldFactor: 0.25,
                mtbfYears: 4, lossPeriodDays: 7, maxLossProbability: 0.01, demoteAfterIdle: 6h}
        scarlett: {delta: 2, budget: 0.3, window: 2m}
        pins:
          - {path: /warehouse/finance/, neverDemote: true, minReplication: 4}
          - {path: /audit, minReplication: 2}
        scheduled:
          - {path: /data/daily, cron: "0 2 * * *", zone: Europe/Berlin}
        """);
    assertEquals(new PpaSettings(7200, 0.5, 0.01, 50, 2, 5, 1800, true), config.ppa(null));
    assertEquals(600, config.ppa(600L).referenceTimeSeconds(), "--reference-time wins over the file");
    assertEquals(false, read("ppa: {load: referenceTime}\n").ppa(null).loadPerAccess());
    assertEquals(false, read("ppa: {scalability: 2}\n").ppa(null).loadPerAccess(), "the default");
    assertEquals(7200, config.ppa(600L).popularityConstant());

    assertEquals(new ScarlettSettings(2, 0.3, 120), config.scarlett());
    DecisionRules rules = config.rules(DecisionRules.defaults(40, true));
    assertEquals(List.of(3, 1, 6), List.of(rules.defaultReplication(), rules.minReplication(), rules.maxReplication()));
    assertEquals(List.of(2.0, 0.25, 4.0, 7.0, 0.01), List.of(rules.hotFactor(), rules.coldFactor(), rules.mtbfYears(),
        rules.lossPeriodDays(), rules.maxLossProbability()));
    assertEquals(6 * 3600, rules.demoteAfterIdleSeconds());
    assertEquals(40, rules.nodes(), "the cluster's size comes from the cluster");
    assertTrue(rules.secondaryRedundant());
    assertEquals(List.of(new DecisionRules.Pin("/warehouse/finance", true, 4), new DecisionRules.Pin("/audit", false,
        2)), rules.pins());
    assertEquals(1, rules.scheduledReads().size());
    ScheduledRead read = rules.scheduledReads().get(0);
    assertEquals("/data/daily", read.path());
    assertEquals("0 2 * * *", read.cron());
    assertEquals(ZoneId.of("Europe/Berlin"), read.zone());
  }

  @Test
  void theFilesConstantsGoOverAnyBaseAndOnlyThose() {
    AdvisorConfig config = read("ppa: {scalability: 0.5, minPopularity: 0.05}\n");
    PpaSettings base = new PpaSettings(36_000, 1e-3, 0.01, 80, 1.5, 2, 3600);
    assertEquals(new PpaSettings(36_000, 0.5, 0.05, 80, 1.5, 2, 3600), config.ppa(base, null));
    assertEquals(900, config.ppa(base, 900L).referenceTimeSeconds());
    // Consistent over the core's defaults (P_min 0.05 <= AVG(P) 1), not over a base starting AVG(P) at 0.02.
    PpaSettings lowStart = new PpaSettings(3600, 1, 0.01, 100, 0.02, 1, 3600);
    ConfigException e = assertThrows(ConfigException.class, () -> config.ppa(lowStart, null));
    assertTrue(e.getMessage().contains("autotier.yaml: ppa: need minPopularity <= initialPopularity"),
        e.getMessage());
  }

  @Test
  void whatTheFileLeavesOutKeepsItsDefault() {
    AdvisorConfig config = read("rules: {hotFactor: 3}\n");
    assertEquals(PpaSettings.defaults(), config.ppa(null));
    DecisionRules defaults = DecisionRules.defaults(12, false);
    DecisionRules rules = config.rules(defaults);
    assertEquals(3.0, rules.hotFactor());
    assertEquals(defaults.coldFactor(), rules.coldFactor());
    assertEquals(defaults.maxReplication(), rules.maxReplication());
    assertEquals(defaults.maxLossProbability(), rules.maxLossProbability());
    assertEquals(defaults, AdvisorConfig.defaults().rules(defaults));
    assertEquals(ScarlettSettings.defaults(), config.scarlett());
    assertEquals(new ScarlettSettings(0, 0.2, 60), read("scarlett: {delta: 0}\n").scarlett());
  }

  @Test
  void aBadValueIsNamedWithItsLineAndKey() {
    String[][] cases = {
        {"ppa: {popularityConstnt: 1}\n", "autotier.yaml:1:26: ppa.popularityConstnt: unknown key 'popularityConstnt'"},
        {"ppa:\n  scalability: -1\n", "autotier.yaml:2:16: ppa.scalability: must be > 0, got -1"},
        {"ppa: {minPopularity: 5, maxPopularity: 2}\n", "autotier.yaml:1:6: ppa: need minPopularity <= "
            + "initialPopularity <= maxPopularity"},
        {"ppa: {referenceTime: 0s}\n", "ppa.referenceTime: must be at least 1s, got '0s'"},
        {"ppa: {referenceTime: soon}\n", "ppa.referenceTime: not a duration: 'soon'"},
        {"ppa: {load: always}\n", "ppa.load: must be referenceTime or access, got 'always'"},
        {"rules: {minReplication: 4}\n", "autotier.yaml:1:8: rules: need 1 <= min <= default <= max replication, "
            + "got 4, 3, 10"},
        {"rules: {maxReplication: 2.5}\n", "rules.maxReplication: must be a whole number from 1 to 1000, got 2.5"},
        {"rules: {coldFactor: 2}\n", "rules: coldFactor (2.0) must be below hotFactor (1.5)"},
        {"rules: {demoteAfterIdle: -1h}\n", "rules.demoteAfterIdle: not a duration: '-1h'"},
        {"rules: {maxLossProbability: 2}\n", "rules.maxLossProbability: must be a probability in (0, 1], got 2"},
        {"pins:\n  - {path: /a}\n", "autotier.yaml:2:5: pins[0]: a pin needs neverDemote: true, minReplication: N"},
        {"pins:\n  - {path: a, neverDemote: true}\n", "pins[0].path: must be an absolute HDFS path (start with /), "
            + "got 'a'"},
        {"pins:\n  - {path: /a, minReplication: 11}\n", "pins[0].minReplication: must not exceed "
            + "rules.maxReplication (10), got 11"},
        {"pins:\n  - {path: /a, neverDemote: yes please}\n", "pins[0].neverDemote: must be true or false"},
        {"scheduled:\n  - {path: /d, cron: '0 25 * * *'}\n", "autotier.yaml:2:22: scheduled[0].cron: scheduled "
            + "read of /d: not a crontab expression: '0 25 * * *'"},
        {"scheduled:\n  - {path: /d, cron: '0 2 * * *', zone: Mars/Olympus}\n", "scheduled[0].zone: not a time "
            + "zone: 'Mars/Olympus'"},
        {"scheduled:\n  - {path: /d}\n", "scheduled[0]: missing required key 'cron'"},
        {"scarlett: {delta: 1.5}\n", "autotier.yaml:1:19: scarlett.delta: must be a whole number from 0 to 1000, "
            + "got 1.5"},
        {"scarlett: {budget: -0.1}\n", "scarlett.budget: must be >= 0, got -0.1"},
        {"scarlett: {budget: 500}\n", "scarlett.budget: must be a fraction of the base replicas' bytes from 0 to "
            + "100, got 500"},
        {"scarlett: {window: 0s}\n", "scarlett.window: must be at least 1s, got '0s'"},
        {"scarlett: {cushion: 2}\n", "scarlett.cushion: unknown key 'cushion' (allowed: budget, delta, window)"},
        {"schedule: []\n", "unknown key 'schedule' (allowed: pins, ppa, rules, scarlett, scheduled)"},
    };
    for (String[] c : cases) {
      String message = error(c[0]);
      assertTrue(message.contains(c[1]), c[0] + " -> " + message);
    }
  }

  @Test
  void aCronExpressionCronUtilsTripsOverIsRefusedByName() {
    // Found by AdvisorConfigFuzzTest: cron-utils threw an ArrayIndexOutOfBoundsException on this expression.
    String message = error("scheduled:\n  - {path: /d, cron: '30 | * * 1-5'}\n");
    assertTrue(message.startsWith("autotier.yaml:2:22: scheduled[0].cron: scheduled read of /d: not a crontab "
        + "expression: '30 | * * 1-5'"), message);
  }
}
