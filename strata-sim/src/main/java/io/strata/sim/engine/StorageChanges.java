package io.strata.sim.engine;

import io.strata.core.popularity.StorageDecision;
import io.strata.sim.model.FileStore;
import io.strata.sim.model.FileStore.Copy;
import io.strata.sim.model.SimFile;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Carries out a popularity policy's decisions as the daemon does through HDFS: replicas are dropped at once, and
 * added by copies that cross the devices and network like any transfer, at most {@link #REPLICATION_STREAMS} at a
 * time per source node, so running jobs keep most of the bandwidth. A new replica is readable once copied.
 */
final class StorageChanges {
  /**
   * Copies one node sends at once: HDFS's {@code dfs.namenode.replication.max-streams} default. AptStore moves data
   * "by a low priority background process"; this bound is how HDFS keeps it so.
   */
  static final int REPLICATION_STREAMS = 2;

  private final RunContext run;
  /** Files whose storage change is under way: copies still to finish. */
  private final Map<SimFile, Change> changing = new HashMap<>();
  /** Per source node: copies waiting for one of its replication streams. */
  private final Map<Integer, ArrayDeque<Copy>> copyQueues = new HashMap<>();
  private final int[] copyStreams;

  StorageChanges(RunContext run) {
    this.run = run;
    this.copyStreams = new int[run.cluster().nodeCount()];
  }

  /** Starts a decision; a file being written, or still changing from an earlier decision, is left for the next. */
  void apply(StorageDecision decision) {
    FileStore store = run.store();
    SimFile file = store.get(decision.path());
    if (file == null || changing.containsKey(file) || (file.output() && file.pins() > 0)) {
      return;
    }
    List<Copy> copies = store.changeStorage(file, decision.replication(), decision.tier());
    if (copies.isEmpty()) {
      return;
    }
    changing.put(file, new Change(decision, copies.size()));
    for (Copy copy : copies) {
      copyQueues.computeIfAbsent(copy.sourceNode(), n -> new ArrayDeque<>()).add(copy);
    }
    for (Copy copy : copies) {
      startCopies(copy.sourceNode());
    }
  }

  private void startCopies(int source) {
    ArrayDeque<Copy> queue = copyQueues.get(source);
    while (queue != null && !queue.isEmpty() && copyStreams[source] < REPLICATION_STREAMS) {
      Copy copy = queue.poll();
      copyStreams[source]++;
      int to = copy.targetNode();
      if (source != to) {
        run.traffic().written(copy.bytes(), run.cluster().rack(source) != run.cluster().rack(to));
      }
      run.transfers().begin(source, to);
      run.network().start(run.now(), copy.bytes(), true, run.cluster().copyPath(source, copy.sourceTier(), to,
          copy.targetTier(), copy.file().blockKey(copy.block())),
          (flow, at) -> copied(copy));
    }
  }

  private void copied(Copy copy) {
    int source = copy.sourceNode();
    copyStreams[source]--;
    run.transfers().end(source, copy.targetNode());
    Change change = changing.get(copy.file());
    run.store().finishCopy(copy, change.decision.replication(), change.decision.tier());
    if (--change.pending == 0) {
      changing.remove(copy.file());
      if (run.store().get(copy.file().path()) == copy.file()) {
        run.store().finishChange(copy.file());
      }
    }
    startCopies(source);
  }

  /** A decision being carried out. */
  private static final class Change {
    final StorageDecision decision;
    int pending;

    Change(StorageDecision decision, int pending) {
      this.decision = decision;
      this.pending = pending;
    }
  }
}
