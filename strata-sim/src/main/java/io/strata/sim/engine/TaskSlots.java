package io.strata.sim.engine;

import io.strata.sim.model.SimCluster;
import java.util.SplittableRandom;

/** The free map and reduce slots of every node, and which nodes have one free, in all and per rack. */
final class TaskSlots {
  private final SimCluster cluster;
  private final int[] mapFree;
  private final int[] reduceFree;
  private final NodeSet freeMapNodes;
  private final NodeSet[] freeMapNodesInRack;
  private final NodeSet freeReduceNodes;

  TaskSlots(SimCluster cluster, int mapSlots, int reduceSlots) {
    this.cluster = cluster;
    int nodes = cluster.nodeCount();
    mapFree = new int[nodes];
    reduceFree = new int[nodes];
    freeMapNodes = new NodeSet(nodes);
    freeReduceNodes = new NodeSet(nodes);
    freeMapNodesInRack = new NodeSet[cluster.rackCount()];
    for (int r = 0; r < freeMapNodesInRack.length; r++) {
      freeMapNodesInRack[r] = new NodeSet(nodes);
    }
    for (int n = 0; n < nodes; n++) {
      mapFree[n] = mapSlots;
      reduceFree[n] = reduceSlots;
      freeMapNodes.add(n);
      freeMapNodesInRack[cluster.rack(n)].add(n);
      freeReduceNodes.add(n);
    }
  }

  boolean anyMapFree() {
    return freeMapNodes.size() > 0;
  }

  boolean mapFree(int node) {
    return mapFree[node] > 0;
  }

  boolean mapFreeInRack(int rack) {
    return freeMapNodesInRack[rack].size() > 0;
  }

  int randomMapNode(SplittableRandom random) {
    return freeMapNodes.random(random);
  }

  int randomMapNodeInRack(int rack, SplittableRandom random) {
    return freeMapNodesInRack[rack].random(random);
  }

  void takeMap(int node) {
    if (--mapFree[node] == 0) {
      freeMapNodes.remove(node);
      freeMapNodesInRack[cluster.rack(node)].remove(node);
    }
  }

  void freeMap(int node) {
    if (mapFree[node]++ == 0) {
      freeMapNodes.add(node);
      freeMapNodesInRack[cluster.rack(node)].add(node);
    }
  }

  boolean anyReduceFree() {
    return freeReduceNodes.size() > 0;
  }

  /** Takes a reduce slot on a node drawn at random among those with one free. */
  int takeRandomReduce(SplittableRandom random) {
    int node = freeReduceNodes.random(random);
    if (--reduceFree[node] == 0) {
      freeReduceNodes.remove(node);
    }
    return node;
  }

  void freeReduce(int node) {
    if (reduceFree[node]++ == 0) {
      freeReduceNodes.add(node);
    }
  }
}
