package io.strata.core.popularity;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Runs a {@link ReplicationAdvisor} (the very objects {@code strata autotier} uses) behind the
 * {@link PopularityPolicy} hook the simulator calls: creations, reads and deletions become the audit events the
 * advisor would have read from the NameNode's log, and at each reference time the advisor's plan becomes
 * {@link StorageDecision}s for the files whose replication or tier it changes. The advisor decides; this class only
 * translates.
 *
 * <p>The files' facts (replication, tier, size, blocks) come from the caller, who knows them: the simulator reads
 * them from its model, as the daemon reads them from the NameNode. A decision the caller has not carried out yet
 * is simply made again at the next reference time.
 */
public final class AdvisorPopularityPolicy implements PopularityPolicy {
  private final String name;
  private final ReplicationAdvisor advisor;
  private final String primaryTier;
  private final String secondaryTier;
  private final Supplier<List<FileFacts>> files;
  private final AuditEvent event = new AuditEvent();
  private long plans;
  private long rejectedPlans;
  private String lastRejection;
  private double lastLossProbability;

  /**
   * @param name          the policy's name in reports ({@code aptstore-perf} for a configuration of AptStore)
   * @param advisor       decides
   * @param primaryTier   tier of files kept on primary storage, or null to leave it to the placement policy
   * @param secondaryTier tier of demoted files (a filer or ARCHIVE tier), or null when there is none: then a
   *                      demotion keeps the file on the primary tier at the advised replication
   * @param files         every file with its facts now, asked once per reference time
   */
  public AdvisorPopularityPolicy(String name, ReplicationAdvisor advisor, String primaryTier, String secondaryTier,
      Supplier<List<FileFacts>> files) {
    if (name == null || name.isBlank() || advisor == null || files == null) {
      throw new IllegalArgumentException("an advisor policy needs a name, an advisor and a source of file facts");
    }
    this.name = name;
    this.advisor = advisor;
    this.primaryTier = primaryTier;
    this.secondaryTier = secondaryTier;
    this.files = files;
  }

  @Override
  public String name() {
    return name;
  }

  public ReplicationAdvisor advisor() {
    return advisor;
  }

  @Override
  public void created(String path, long bytes, int blocks, double timeSeconds) {
    advisor.observe(event.set(millis(timeSeconds), true, AuditEvent.Command.CREATE, path, null), blocks);
  }

  @Override
  public void accessed(FileAccess access) {
    advisor.observe(event.set(millis(access.timeSeconds()), true, AuditEvent.Command.OPEN, access.path(), null),
        access.blocks());
  }

  @Override
  public void deleted(String path, double timeSeconds) {
    advisor.observe(event.set(millis(timeSeconds), true, AuditEvent.Command.DELETE, path, null), 0);
  }

  /** Plans with the advisor; a plan the data-loss bound refuses changes nothing. */
  @Override
  public List<StorageDecision> decide(double timeSeconds) {
    List<FileFacts> now = files.get();
    Plan plan = advisor.plan(now, millis(timeSeconds));
    plans++;
    lastLossProbability = plan.lossProbability();
    if (!plan.accepted()) {
      rejectedPlans++;
      lastRejection = plan.rejection();
      return List.of();
    }
    Map<String, FileFacts> byPath = new HashMap<>(now.size() * 2);
    for (FileFacts f : now) {
      byPath.put(f.path(), f);
    }
    List<StorageDecision> decisions = new ArrayList<>();
    for (Advice advice : plan.advice()) {
      FileFacts facts = byPath.get(advice.path());
      if (facts == null || !changes(advice, facts)) {
        continue;
      }
      String tier = advice.secondary() && secondaryTier != null ? secondaryTier : primaryTier;
      decisions.add(new StorageDecision(advice.path(), advice.replication(), tier));
    }
    return decisions;
  }

  /** Without a secondary tier, "secondary" cannot be carried out: only the replication counts then. */
  private boolean changes(Advice advice, FileFacts facts) {
    if (secondaryTier == null) {
      return advice.replication() != facts.replication();
    }
    return advice.changes(facts);
  }

  public long plans() {
    return plans;
  }

  public long rejectedPlans() {
    return rejectedPlans;
  }

  /** Why the last refused plan was refused, or null. */
  public String lastRejection() {
    return lastRejection;
  }

  public double lastLossProbability() {
    return lastLossProbability;
  }

  private static long millis(double seconds) {
    return Math.round(seconds * 1000);
  }
}
