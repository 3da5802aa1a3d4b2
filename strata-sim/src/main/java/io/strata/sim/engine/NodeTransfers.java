package io.strata.sim.engine;

/** How many transfers each node takes part in now: the load the retrieval policy weighs a replica's node by. */
final class NodeTransfers {
  private final int[] counts;

  NodeTransfers(int nodes) {
    counts = new int[nodes];
  }

  int count(int node) {
    return counts[node];
  }

  void begin(int node) {
    counts[node]++;
  }

  void end(int node) {
    counts[node]--;
  }

  /** A transfer from one node to another begins; a node at both ends counts it once. */
  void begin(int from, int to) {
    counts[from]++;
    if (from != to) {
      counts[to]++;
    }
  }

  void end(int from, int to) {
    counts[from]--;
    if (from != to) {
      counts[to]--;
    }
  }
}
