package io.strata.hdfs.tier;

import io.strata.core.placement.TierLayout;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Decides the next step that brings one block's replicas to the tiers its file should have, one move at a
 * time: the caller moves, waits until the NameNode confirms, reads the block's replicas again and asks anew,
 * so every decision starts from the truth. Plain data in, plain data out, no HDFS.
 *
 * <p>A move copies a replica that is on a tier the block has too many of to a tier it lacks: to another
 * DataNode (checksummed copy, then the NameNode deletes the replaced replica) when one with room exists, else
 * between the volumes of the node that holds it. Cross-node targets are chosen so that dropping the replaced
 * replica never reduces the number of racks the block is in (the NameNode would refuse the delete hint and
 * delete another replica instead). Blocks with too few or too many replicas are the NameNode's to fix (it
 * re-replicates by the file's recorded layout and deletes extras), so the planner waits for it.
 */
final class MovePlanner {
  private MovePlanner() {}

  /**
   * A replica of the block.
   *
   * @param node   DataNode UUID
   * @param rack   its rack
   * @param tier   tier of the volume holding the replica
   * @param usable false when the DataNode failed this operation before (it may be dead): never a proxy
   */
  record Holder(String node, String host, String rack, String tier, boolean usable) {}

  /**
   * A volume that could receive a replica.
   *
   * @param room bytes it can still take, less what this operation already sent its way
   */
  record Candidate(String node, String host, String rack, String tier, long room) {}

  sealed interface Step {}

  /** The block's replicas are on the wanted tiers. */
  record Done() implements Step {}

  /** Only the NameNode can make progress (add or delete a replica); ask again later. */
  record WaitForNameNode(String reason) implements Step {}

  /**
   * Copy {@code source}'s replica to {@code target}, then the NameNode deletes {@code source}'s (unless it is
   * the same node, where the DataNode moves the replica between its volumes).
   */
  record Move(Holder source, Candidate target, String reason) implements Step {
    boolean sameNode() {
      return source.node().equals(target.node());
    }
  }

  /** No move can make progress: no room, or no node of the wanted tier without a replica. */
  record Blocked(String reason) implements Step {}

  static Step next(List<Holder> replicas, List<String> wanted, List<Candidate> volumes, long blockBytes) {
    List<String> actual = replicas.stream().map(Holder::tier).toList();
    List<String> missing = TierLayout.minus(wanted, actual);
    List<String> extra = TierLayout.minus(actual, wanted);
    if (missing.isEmpty() && extra.isEmpty()) {
      return new Done();
    }
    if (replicas.size() > wanted.size()) {
      // The NameNode is deleting replicas (normally the ones earlier moves replaced). Which ones it has picked is
      // not visible from here, and a move that replaced one of them would have its delete hint ignored.
      return new WaitForNameNode("the block has " + replicas.size() + " replicas and the file " + wanted.size()
          + ": the NameNode deletes the extra ones");
    }
    if (replicas.size() < wanted.size()) {
      // The NameNode is adding the missing replicas (by the file's layout). A move now would not even drop the
      // replaced replica: the NameNode deletes only beyond the replication factor.
      return new WaitForNameNode("the block has " + replicas.size() + " of " + wanted.size()
          + " replicas: the NameNode re-replicates it (" + String.join(", ", missing) + " missing)");
    }
    if (replicas.stream().noneMatch(Holder::usable)) {
      return new Blocked("no reachable DataNode holds the block");
    }
    String tier = missing.get(0);
    Map<String, Integer> perRack = new HashMap<>();
    replicas.forEach(r -> perRack.merge(r.rack(), 1, Integer::sum));
    Set<String> holders = new HashSet<>();
    replicas.forEach(r -> holders.add(r.node()));
    List<Holder> sources = replicas.stream().filter(r -> extra.contains(r.tier()))
        // Prefer replicas whose rack keeps another replica, and reachable ones, as the replica to replace.
        .sorted(Comparator.comparing((Holder r) -> perRack.get(r.rack()) < 2).thenComparing(r -> !r.usable()))
        .toList();
    String reason = "the layout wants a replica on " + tier + " and " + describe(extra) + " fewer elsewhere";

    for (Holder source : sources) {
      Candidate target = crossNodeTarget(source, tier, volumes, holders, perRack, blockBytes);
      if (target != null) {
        return new Move(source, target, reason);
      }
    }
    for (Holder source : sources) {
      Candidate own = ownVolume(source, tier, volumes, blockBytes);
      if (own != null) {
        return new Move(source, own, reason);
      }
    }
    // Every node of the tier already holds the block (on another tier): one of them moves its replica onto
    // the tier, then the replica it held goes elsewhere in the next step.
    for (Holder other : replicas) {
      if (extra.contains(other.tier()) || other.tier().equals(tier)) {
        continue;
      }
      Candidate own = ownVolume(other, tier, volumes, blockBytes);
      if (own != null && canPlace(other.tier(), sources, volumes, holders, perRack, blockBytes)) {
        return new Move(other, own, reason + "; making room: " + other.host() + " keeps the block on " + tier);
      }
    }
    long tierNodes = volumes.stream().filter(v -> v.tier().equals(tier)).map(Candidate::node).distinct().count();
    if (tierNodes == 0) {
      return new Blocked("tier " + tier + " has no live DataNode");
    }
    return new Blocked("no DataNode of tier " + tier + " (" + tierNodes + " live) can take a replica of the block: "
        + "they hold it already or lack " + blockBytes + " bytes of room");
  }

  private static Candidate crossNodeTarget(Holder source, String tier, List<Candidate> volumes, Set<String> holders,
      Map<String, Integer> perRack, long blockBytes) {
    return volumes.stream()
        .filter(v -> v.tier().equals(tier) && !holders.contains(v.node()) && v.room() >= blockBytes)
        .filter(v -> v.rack().equals(source.rack()) || perRack.getOrDefault(v.rack(), 0) == 0
            || perRack.get(source.rack()) >= 2)
        .min(Comparator.comparingInt((Candidate v) -> v.rack().equals(source.rack()) ? 0
            : perRack.getOrDefault(v.rack(), 0) == 0 ? 1 : 2)
            .thenComparing(Comparator.comparingLong(Candidate::room).reversed()))
        .orElse(null);
  }

  private static Candidate ownVolume(Holder holder, String tier, List<Candidate> volumes, long blockBytes) {
    return volumes.stream()
        .filter(v -> v.node().equals(holder.node()) && v.tier().equals(tier) && v.room() >= blockBytes)
        .findFirst().orElse(null);
  }

  /** Whether some replica to replace could then move to {@code tier}. */
  private static boolean canPlace(String tier, List<Holder> sources, List<Candidate> volumes, Set<String> holders,
      Map<String, Integer> perRack, long blockBytes) {
    for (Holder source : sources) {
      if (crossNodeTarget(source, tier, volumes, holders, perRack, blockBytes) != null
          || ownVolume(source, tier, volumes, blockBytes) != null) {
        return true;
      }
    }
    return false;
  }

  /** {@code hdd, hdd, sata-ssd} as {@code 2 on hdd, 1 on sata-ssd}. */
  private static String describe(List<String> tiers) {
    Map<String, Integer> counts = new LinkedHashMap<>();
    tiers.forEach(t -> counts.merge(t, 1, Integer::sum));
    List<String> parts = new ArrayList<>();
    counts.forEach((tier, count) -> parts.add(count + " on " + tier));
    return String.join(", ", parts);
  }
}
