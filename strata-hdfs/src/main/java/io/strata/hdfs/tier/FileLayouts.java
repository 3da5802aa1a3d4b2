package io.strata.hdfs.tier;

import io.strata.core.device.StorageKind;
import io.strata.core.placement.PlacementPolicies;
import io.strata.core.placement.PlacementPolicy;
import io.strata.core.placement.PlacementRules;
import io.strata.core.placement.TierLayout;
import io.strata.core.tier.TierMap;
import io.strata.hdfs.StrataKeys;
import io.strata.hdfs.placement.StoredRules;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.StorageType;

/**
 * The tier layout each file should have, from the placement rules the NameNode applies (the rules kept in HDFS
 * over those in the client's configuration, as in the NameNode): the file's policy tells whether it fixes one
 * ({@code layout:} records one explicitly, {@code tier-aware} implies one per file); where it does not, a file's
 * layout is what most of its blocks have.
 */
final class FileLayouts {
  private final PlacementRules rules;
  private final TierMap tierMap;

  FileLayouts(PlacementRules rules, TierMap tierMap) {
    this.rules = rules;
    this.tierMap = tierMap;
  }

  static FileLayouts load(FileSystem fs, Configuration conf, TierMap tierMap) throws IOException {
    return of(conf, new StoredRules(fs, conf).read(), tierMap);
  }

  /** The layouts of the configured rules overridden by {@code stored}, the rules already read from HDFS. */
  static FileLayouts of(Configuration conf, List<PlacementRules.Rule> stored, TierMap tierMap) {
    List<PlacementRules.Rule> all = new ArrayList<>(
        PlacementRules.parseInline(conf.get(StrataKeys.RULES), StrataKeys.RULES));
    all.addAll(stored);
    return new FileLayouts(PlacementRules.of(all, tierMap), tierMap);
  }

  PlacementRules rules() {
    return rules;
  }

  String policy(String file) {
    return rules.ruleFor(file).policy();
  }

  /** The policy that places {@code file}, as its rule names it. */
  PlacementPolicy placement(String file) {
    return rules.policyFor(file);
  }

  /** The layout the file's policy gives every file it places, or null when its policy sets none before a write. */
  TierLayout recorded(String file, int replication) {
    return placement(file).fileLayout(file, tierMap, replication).orElse(null);
  }

  /** True when the file's policy keeps every block of a file on the same tiers (hatS's invariant). */
  boolean wholeFile(String file) {
    return placement(file).keepsWholeFile();
  }

  /**
   * The layout a policy gives a file of {@code replication} replicas when it is set on an existing file, or null
   * when the policy sets no tiers per file.
   */
  static TierLayout forPolicy(String policy, String file, int replication, TierMap tierMap) {
    return PlacementPolicies.parse(policy, tierMap).layoutForWrittenFile(file, tierMap, replication).orElse(null);
  }

  /** The tiers of one block's replicas, in canonical order. */
  List<String> tiersOf(BlockLocation block) {
    List<String> tiers = new ArrayList<>();
    try {
      String[] hosts = block.getHosts();
      StorageType[] types = block.getStorageTypes();
      for (int i = 0; i < hosts.length && types != null && i < types.length; i++) {
        StorageKind kind = StorageKind.parse(types[i].name());
        if (kind != null) {
          tiers.add(tierMap.tierName(hosts[i], kind, null));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return TierLayout.of(tiers, tierMap).tiers();
  }

  /**
   * The layout most blocks of the file have (preferring those with the file's replica count), or null for a
   * file without blocks.
   */
  TierLayout derived(BlockLocation[] blocks, int replication) {
    Map<List<String>, Integer> counts = new HashMap<>();
    List<List<String>> order = new ArrayList<>();
    for (BlockLocation block : blocks) {
      List<String> tiers = tiersOf(block);
      if (counts.merge(tiers, 1, Integer::sum) == 1) {
        order.add(tiers);
      }
    }
    List<String> best = null;
    for (List<String> tiers : order) {
      if (best == null || rank(tiers, counts, replication) > rank(best, counts, replication)) {
        best = tiers;
      }
    }
    return best == null || best.isEmpty() ? null : new TierLayout(best);
  }

  private static long rank(List<String> tiers, Map<List<String>, Integer> counts, int replication) {
    return (tiers.size() == replication ? 1L << 40 : 0) + counts.get(tiers);
  }

  /** The file's layout: recorded, else derived from its blocks. */
  TierLayout current(String file, int replication, BlockLocation[] blocks) {
    TierLayout recorded = recorded(file, replication);
    return recorded != null ? recorded : derived(blocks, replication);
  }
}
