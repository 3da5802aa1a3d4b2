package io.strata.sim.engine;

import io.strata.core.retrieval.Locality;
import io.strata.core.retrieval.ReplicaChoice;
import io.strata.core.retrieval.RetrievalPolicy;
import io.strata.core.energy.WakeCause;
import io.strata.sim.model.SimCluster;
import io.strata.sim.power.BackupPower;
import io.strata.sim.model.SimFile;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The read path of a map's input block: the retrieval policy orders the block's replicas for the reader, as the
 * NameNode does, and the block flows from the first one to the reader's node.
 */
final class BlockReader {
  private final RunContext run;
  private final RetrievalPolicy retrieval;
  private final SplittableRandom random;

  BlockReader(RunContext run, RetrievalPolicy retrieval, SplittableRandom random) {
    this.run = run;
    this.retrieval = retrieval;
    this.random = random;
  }

  /**
   * Reads {@code bytes} of {@code block} to {@code node}, then runs {@code done}; at once when no replica is left.
   *
   * @param firstRead whether no earlier job read the block
   */
  void read(SimFile file, int block, int node, long bytes, boolean firstRead, Runnable done) {
    SimCluster cluster = run.cluster();
    List<ReplicaChoice> choices = new ArrayList<>(file.replication());
    int[] packedOf = new int[file.replication()];
    for (int s = 0; s < file.replication(); s++) {
      int packed = file.replica(block, s);
      if (packed == -1) {
        continue;
      }
      int holder = SimFile.node(packed);
      packedOf[choices.size()] = packed;
      choices.add(new ReplicaChoice(cluster.host(holder), cluster.rackName(holder),
          cluster.tierName(SimFile.tier(packed)), run.transfers().count(holder)));
    }
    if (choices.isEmpty()) {
      run.reads().unreadable();
      run.clock().atOnce(done);
      return;
    }
    ReplicaChoice first = retrieval.order(cluster.host(node), cluster.rackName(node), choices, random).get(0);
    int packed = packedOf[choices.indexOf(first)];
    int source = SimFile.node(packed);
    int tier = SimFile.tier(packed);
    Locality locality = Locality.of(cluster.host(node), cluster.rackName(node), first);
    if (locality != Locality.NODE_LOCAL) {
      run.traffic().read(bytes, locality == Locality.REMOTE);
    }
    run.transfers().begin(source, node);
    run.reads().started(file.path(), block, bytes);
    int[] path = cluster.readPath(source, tier, node, file.blockKey(block));
    BackupPower power = run.power();
    if (power == null) {
      run.network().start(run.now(), bytes, false, path, (flow, at) -> {
        run.transfers().end(source, node);
        run.reads().finished(file.path(), block, tier, locality, flow.bytes(), at - flow.started(), firstRead);
        done.run();
      });
      return;
    }
    power.blockRead(tier, hasPrimary(choices));
    int device = path[0];
    boolean managed = power.manages(device);
    double wait = managed ? power.ioStarted(device, run.now(), WakeCause.READ) : 0;
    Runnable start = () -> run.network().start(run.now(), bytes, false, path, (flow, at) -> {
      run.transfers().end(source, node);
      if (managed) {
        power.ioFinished(device, at);
      }
      run.reads().finished(file.path(), block, tier, locality, flow.bytes(), at - flow.started(), firstRead);
      done.run();
    });
    if (wait > 0) {
      power.schedule(run.now() + wait, start); // the read waits for the backup disk to spin up
    } else {
      start.run();
    }
  }

  private boolean hasPrimary(List<ReplicaChoice> choices) {
    for (ReplicaChoice choice : choices) {
      if (!run.cluster().tiers().get(run.cluster().model().tierIndex(choice.tier())).backup()) {
        return true;
      }
    }
    return false;
  }
}
