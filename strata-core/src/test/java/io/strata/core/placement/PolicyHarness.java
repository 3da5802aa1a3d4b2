package io.strata.core.placement;

import io.strata.core.model.ClusterModel;
import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.Presets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;

/** Writes files block by block through a policy against a modeled cluster. */
final class PolicyHarness {
  static final long BLOCK = 8L << 20;
  final ClusterSpec spec;
  final ClusterModel model;
  final Random random = new Random(11);
  final List<Placement.Fallback> fallbacks = new ArrayList<>();

  PolicyHarness(String preset) {
    this.spec = Presets.load(preset);
    this.model = new ClusterModel(spec);
  }

  /** The replicas of each block of a new file. */
  List<List<Replica>> write(PlacementPolicy policy, String path, int blocks, int replication, String writerHost) {
    List<List<Replica>> file = new ArrayList<>();
    String writerRack = writerHost == null ? null : model.node(writerHost).rack();
    for (int i = 0; i < blocks; i++) {
      Placement placement = policy.place(PlacementRequest.newBlock(path, i, replication, writerHost, writerRack),
          model.chooser(BLOCK, Set.of(), random));
      fallbacks.addAll(placement.fallbacks());
      file.add(placement.targets());
    }
    return file;
  }

  /** Re-replicates one block that lost replicas: {@code survivors} stay, the policy adds the rest. */
  List<Replica> repair(PlacementPolicy policy, String path, List<Replica> survivors, int replication) {
    Set<String> holders = survivors.stream().map(Replica::host).collect(Collectors.toSet());
    PlacementRequest request = new PlacementRequest(path, -1, replication, replication - survivors.size(), survivors,
        survivors.get(0).host(), survivors.get(0).rack());
    return policy.place(request, model.chooser(BLOCK, holders, random)).targets();
  }

  static Set<String> tiers(List<Replica> block) {
    return block.stream().map(Replica::tier).collect(Collectors.toSet());
  }

  static Set<String> racks(List<Replica> block) {
    return block.stream().map(Replica::rack).collect(Collectors.toSet());
  }

  static Set<String> hosts(List<Replica> block) {
    return block.stream().map(Replica::host).collect(Collectors.toSet());
  }
}
