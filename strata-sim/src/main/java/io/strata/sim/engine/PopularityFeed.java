package io.strata.sim.engine;

import io.strata.core.popularity.FileAccess;
import io.strata.core.popularity.FileFacts;
import io.strata.core.popularity.PopularityPolicy;
import io.strata.core.popularity.StorageDecision;
import io.strata.sim.model.FileStore;
import io.strata.sim.model.SimFile;
import java.util.ArrayList;
import java.util.List;

/**
 * Tells the run's popularity policy what happens to files, as the audit log tells it on a real cluster, and hands
 * its decisions at each reference time to {@link StorageChanges}. Without a policy it does nothing.
 */
final class PopularityFeed implements FileStore.Listener {
  /** Tier index whose files count as on secondary storage only; -1 without such a tier. */
  private final int secondaryTier;
  private PopularityPolicy policy;
  private FileStore store;
  private StorageChanges changes;

  PopularityFeed(int secondaryTier) {
    this.secondaryTier = secondaryTier;
  }

  /**
   * Makes the policy, once the store this feed listens to exists (the policy's plan reads the store's files).
   */
  void start(RunContext run, Simulator.PopularityFactory factory) {
    this.store = run.store();
    this.changes = new StorageChanges(run);
    this.policy = factory.create(this::fileFacts);
  }

  boolean active() {
    return policy != null;
  }

  void accessed(SimFile input, long bytes, int blocks, double at) {
    if (policy != null) {
      policy.accessed(new FileAccess(input.path(), at, bytes, blocks, null));
    }
  }

  /**
   * Only output files are reported created: an input file counts as loaded some time before the job that first
   * reads it, so its first read is the first the policy hears of it (AptStore's i = 0 case). Reporting a creation
   * at the read's own time would make that read look like a very frequent re-read.
   */
  @Override
  public void created(SimFile file, double at) {
    if (policy != null && file.output()) {
      policy.created(file.path(), file.size(), file.blocks(), at);
    }
  }

  @Override
  public void deleted(SimFile file, double at) {
    if (policy != null) {
      policy.deleted(file.path(), at);
    }
  }

  /** Asks the policy for its decisions at a reference time and starts carrying them out. */
  void decide(double now) {
    for (StorageDecision decision : policy.decide(now)) {
      changes.apply(decision);
    }
  }

  /** What the simulator knows of every file, for the policy's plan. */
  private List<FileFacts> fileFacts() {
    List<FileFacts> facts = new ArrayList<>(store.fileCount());
    int secondaryOnly = secondaryTier < 0 ? -1 : 1 << secondaryTier;
    for (SimFile file : store.files()) {
      facts.add(new FileFacts(file.path(), file.replication(), file.tierMask() == secondaryOnly, file.size(),
          file.blocks()));
    }
    return facts;
  }
}
