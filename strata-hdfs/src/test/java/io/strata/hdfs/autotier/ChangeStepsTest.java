package io.strata.hdfs.autotier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.config.ConfigException;
import io.strata.core.placement.TierLayout;
import io.strata.core.popularity.Advice;
import io.strata.core.popularity.FileFacts;
import io.strata.core.popularity.Plan;
import io.strata.core.spec.Presets;
import io.strata.core.spec.SpecParser;
import io.strata.core.tier.TierMap;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The order of a change's calls on the aptstore preset: DAS disks as the primary tier, a filer as the secondary. */
class ChangeStepsTest {
  static final TierMap TIERS = SpecParser.parse("aptstore", Presets.text("aptstore")).tierMap();
  static final TierRoles ROLES = TierRoles.choose(TIERS, null, null);
  static final ChangeSteps.Floors REDUNDANT_FILER = new ChangeSteps.Floors(2, 1);

  static FileState file(int replication, int blocks, String... tiers) {
    List<List<String>> all = new ArrayList<>();
    for (int i = 0; i < blocks; i++) {
      all.add(TierLayout.of(List.of(tiers), TIERS).tiers());
    }
    return new FileState("/f", replication, blocks * 1024L, all);
  }

  static Change change(int from, boolean fromSecondary, int to, boolean toSecondary) {
    return new Change(0, "/f", from, fromSecondary, to, toSecondary, 2048, 2, "test");
  }

  static TierLayout layout(String policy) {
    return TierLayout.parse(policy, TIERS);
  }

  @Test
  void defaultsToTheFastestPrimaryAndSecondaryTiers() {
    assertEquals(new TierRoles("das", "filer"), ROLES);
    ConfigException none = assertThrows(ConfigException.class,
        () -> TierRoles.choose(SpecParser.parse("hats", Presets.text("hats")).tierMap(), null, null));
    assertTrue(none.getMessage().contains("no secondary tier"), none.getMessage());
    ConfigException wrong = assertThrows(ConfigException.class, () -> TierRoles.choose(TIERS, "filer", null));
    assertTrue(wrong.getMessage().contains("--primary-tier") && wrong.getMessage().contains("filer"),
        wrong.getMessage());
    ConfigException unknown = assertThrows(ConfigException.class, () -> TierRoles.choose(TIERS, null, "nas"));
    assertTrue(unknown.getMessage().contains("unknown tier 'nas'"), unknown.getMessage());
  }

  @Test
  void demotingToFewerReplicasMovesOneFirstThenLowersTheCount() throws Exception {
    List<Step> steps = ChangeSteps.steps(file(3, 2, "das", "das", "das"), null, change(3, false, 1, true), ROLES,
        TIERS, REDUNDANT_FILER);
    assertEquals(List.of(new Step(layout("layout:das+das+filer"), 3, true), new Step(layout("layout:filer"), 1)),
        steps, "three replicas throughout the move; the count drops only once a filer replica exists, and only the "
            + "last step is where the file stays");
  }

  @Test
  void aDemotionWhoseMoveFinishedBeforeACrashOnlyLowersTheCount() throws Exception {
    List<Step> steps = ChangeSteps.steps(file(3, 2, "das", "das", "filer"), layout("layout:das+das+filer"),
        change(3, false, 1, true), ROLES, TIERS, REDUNDANT_FILER);
    assertEquals(List.of(new Step(layout("layout:filer"), 1)), steps);
  }

  @Test
  void aDemotionHalfMovedBeforeACrashMovesTheRestBeforeLoweringTheCount() throws Exception {
    FileState half = new FileState("/f", 3, 2048,
        List.of(List.of("das", "das", "filer"), List.of("das", "das", "das")));
    List<Step> steps = ChangeSteps.steps(half, layout("layout:das+das+filer"), change(3, false, 1, true), ROLES, TIERS,
        REDUNDANT_FILER);
    assertEquals(2, steps.size(), "one block still has no filer replica: " + steps);
    assertEquals(3, steps.get(0).replication());
  }

  @Test
  void promotingRaisesTheCountFirstAndRecordsAPrimaryLayout() throws Exception {
    List<Step> steps = ChangeSteps.steps(file(1, 2, "filer"), layout("layout:filer"), change(1, true, 4, false), ROLES,
        TIERS, REDUNDANT_FILER);
    assertEquals(List.of(new Step(layout("layout:das+das+das+das"), 4)), steps,
        "one call: the tier API raises the count before it moves the filer replica");
  }

  @Test
  void aPopularFileWithoutARecordedLayoutOnlyGetsMoreReplicas() throws Exception {
    List<Step> steps = ChangeSteps.steps(file(3, 2, "das", "das", "das"), null, change(3, false, 6, false), ROLES,
        TIERS, REDUNDANT_FILER);
    assertEquals(1, steps.size());
    assertNull(steps.get(0).layout(), "setReplication alone; HDFS places the new replicas by the file's policy");
    assertEquals(6, steps.get(0).replication());
  }

  @Test
  void aRecordedLayoutIsResizedSoTheTierMonitorAgreesWithTheNewCount() throws Exception {
    List<Step> steps = ChangeSteps.steps(file(4, 1, "das", "das", "das", "das"), layout("layout:das+das+das+das"),
        change(4, false, 2, false), ROLES, TIERS, REDUNDANT_FILER);
    assertEquals(List.of(new Step(layout("layout:das+das"), 2)), steps);
  }

  @Test
  void neverPlansBelowTheFloors() {
    ChangeSteps.Refused primary = assertThrows(ChangeSteps.Refused.class, () -> ChangeSteps.steps(
        file(3, 1, "das", "das", "das"), null, change(3, false, 1, false), ROLES, TIERS, REDUNDANT_FILER));
    assertTrue(primary.getMessage().contains("below the minimum of 2"), primary.getMessage());
    assertThrows(ChangeSteps.Refused.class, () -> ChangeSteps.steps(file(3, 1, "das", "das", "das"), null,
        change(3, false, 1, true), ROLES, TIERS, new ChangeSteps.Floors(2, 2)),
        "one filer replica only where the filer is internally redundant");
  }

  @Test
  void appliesSpaceFreeingChangesBeforeSpaceTakingOnes() {
    Plan plan = new Plan(List.of(
        new Advice("/a-hot", 6, false, "popular"),
        new Advice("/b-cold", 1, true, "unpopular"),
        new Advice("/c-same", 3, false, "average"),
        new Advice("/d-empty", 1, true, "unpopular"),
        new Advice("/e-less", 2, false, "less")), 0, null);
    Map<String, FileFacts> now = new HashMap<>();
    for (String p : List.of("/a-hot", "/b-cold", "/c-same", "/e-less")) {
      now.put(p, new FileFacts(p, 3, false, 1024, 1));
    }
    now.put("/d-empty", new FileFacts("/d-empty", 3, false, 0, 1));
    List<Change> changes = Change.of(plan, now);
    assertEquals(List.of("/b-cold", "/e-less", "/a-hot"), changes.stream().map(Change::path).toList(),
        "demotion and fewer replicas first, then more; unchanged and empty files left out");
    assertEquals(List.of(0, 1, 2), changes.stream().map(Change::index).toList());
    assertEquals(Change.Kind.DEMOTE, changes.get(0).kind());
    assertEquals(Change.Kind.ADD_REPLICAS, changes.get(2).kind());
  }
}
