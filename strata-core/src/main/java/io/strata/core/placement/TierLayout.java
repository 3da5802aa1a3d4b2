package io.strata.core.placement;

import io.strata.core.config.ConfigException;
import io.strata.core.tier.Tier;
import io.strata.core.tier.TierMap;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which tiers a file's replicas are on, one entry per replica, fastest tier first: the per-file tier layout an
 * operator asks for with the tier API (hatS Table II). Written in a placement rule as the policy
 * {@code layout:pcie-ssd+hdd+hdd}, so the NameNode plugin places and re-replicates the file's blocks by it.
 * Every block of the file gets the same tiers (whole-file-per-tier).
 */
public record TierLayout(List<String> tiers) {
  public static final String PREFIX = "layout:";

  public TierLayout {
    tiers = List.copyOf(tiers);
  }

  /** True for policy names of this form, {@code layout:...}. */
  public static boolean isLayout(String policy) {
    return policy != null && policy.trim().startsWith(PREFIX);
  }

  /**
   * Parses {@code layout:T+T+...}.
   *
   * @throws ConfigException naming the policy when it names no tier or a tier the cluster does not have
   */
  public static TierLayout parse(String policy, TierMap tierMap) {
    String text = policy == null ? "" : policy.trim();
    if (!text.startsWith(PREFIX) || text.length() == PREFIX.length()) {
      throw new ConfigException(
          "policy '" + text + "': a layout lists one tier per replica, e.g. layout:ssd+disk+disk");
    }
    List<String> names = new ArrayList<>();
    for (String part : text.substring(PREFIX.length()).split("\\+", -1)) {
      String name = part.trim();
      if (name.isEmpty()) {
        throw new ConfigException("policy '" + text + "': empty tier name");
      }
      if (tierMap.find(name).isEmpty()) {
        throw new ConfigException("policy '" + text + "': unknown tier '" + name + "' (known: "
            + String.join(", ", TierChoices.names(tierMap.tiers())) + ")");
      }
      names.add(name);
    }
    return of(names, tierMap);
  }

  /** A layout of these tiers, in the canonical order (fastest first). Unknown tiers sort last, by name. */
  public static TierLayout of(List<String> tiers, TierMap tierMap) {
    List<String> sorted = new ArrayList<>(tiers);
    sorted.sort(Comparator.comparingInt((String t) -> tierMap.find(t).map(Tier::rank).orElse(Integer.MAX_VALUE))
        .thenComparing(Comparator.naturalOrder()));
    return new TierLayout(sorted);
  }

  /** The rule policy that records this layout, e.g. {@code layout:pcie-ssd+hdd+hdd}. */
  public String policyName() {
    return PREFIX + String.join("+", tiers);
  }

  /** Replicas the layout asks for. */
  public int size() {
    return tiers.size();
  }

  public int count(String tier) {
    return (int) tiers.stream().filter(tier::equals).count();
  }

  /** Replicas per tier, fastest first. */
  public Map<String, Integer> counts() {
    Map<String, Integer> counts = new LinkedHashMap<>();
    tiers.forEach(t -> counts.merge(t, 1, Integer::sum));
    return counts;
  }

  /** This layout with one more replica in {@code tier}. */
  public TierLayout plus(String tier, TierMap tierMap) {
    List<String> more = new ArrayList<>(tiers);
    more.add(tier);
    return of(more, tierMap);
  }

  /** This layout without any replica in {@code tier}. */
  public TierLayout without(String tier) {
    return new TierLayout(tiers.stream().filter(t -> !t.equals(tier)).toList());
  }

  /** This layout with {@code replicas} of its replicas in {@code from} moved to {@code to}. */
  public TierLayout move(String from, String to, int replicas, TierMap tierMap) {
    if (count(from) < replicas) {
      throw new IllegalArgumentException(this + " has " + count(from) + " replicas in " + from + ", not " + replicas);
    }
    List<String> moved = new ArrayList<>(tiers);
    for (int i = 0; i < replicas; i++) {
      moved.remove(from);
      moved.add(to);
    }
    return of(moved, tierMap);
  }

  /**
   * The tier of each replica when the file has {@code replication} replicas: the layout's own tiers, cut short
   * when the file has fewer replicas, and the slowest of them repeated when it has more.
   */
  public List<String> tiersFor(int replication) {
    List<String> plan = new ArrayList<>();
    for (int i = 0; i < replication; i++) {
      plan.add(tiers.get(Math.min(i, tiers.size() - 1)));
    }
    return plan;
  }

  /** Entries of {@code wanted} not matched by an entry of {@code actual}, as multisets. */
  public static List<String> minus(List<String> wanted, List<String> actual) {
    List<String> left = new ArrayList<>(wanted);
    for (String tier : actual) {
      left.remove(tier);
    }
    return left;
  }

  @Override
  public String toString() {
    return String.join("+", tiers);
  }
}
