package io.strata.hdfs.tier;

import io.strata.core.device.StorageKind;
import io.strata.core.placement.TierLayout;
import io.strata.core.tier.Tier;
import io.strata.core.tier.TierMap;
import java.io.IOException;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.BlockStoragePolicy;
import org.apache.hadoop.hdfs.protocol.HdfsConstants;
import org.apache.hadoop.hdfs.protocol.HdfsFileStatus;

/**
 * The tier layout an HDFS storage policy stands for. A file whose storage policy was set (on the file or a
 * directory above it) and puts every replica on one storage type that is exactly one tier of the cluster belongs
 * on that tier, as HDFS's Mover sees it. The auto-tiering daemon keeps demoted files on the filer this way (COLD)
 * instead of with a placement rule per file, and the tier monitor checks them against it.
 */
final class StoragePolicyLayouts {
  private final Map<Byte, BlockStoragePolicy> policies = new HashMap<>();
  private final TierMap tierMap;

  private StoragePolicyLayouts(BlockStoragePolicy[] all, TierMap tierMap) {
    for (BlockStoragePolicy policy : all) {
      policies.put(policy.getId(), policy);
    }
    this.tierMap = tierMap;
  }

  static StoragePolicyLayouts load(DistributedFileSystem fs, TierMap tierMap) throws IOException {
    return new StoragePolicyLayouts(fs.getClient().getStoragePolicies(), tierMap);
  }

  /** True when {@code kind} is the storage type of exactly one tier, so the type alone names the tier. */
  static boolean namesOneTier(StorageKind kind, TierMap tierMap) {
    return onlyTierOf(kind, tierMap) != null;
  }

  /** The one tier of storage type {@code kind}, or null when it has none or several. */
  private static String onlyTierOf(StorageKind kind, TierMap tierMap) {
    List<String> tiers = tierMap.tiers().stream().filter(t -> t.storageKind() == kind).map(Tier::name).toList();
    return tiers.size() == 1 ? tiers.get(0) : null;
  }

  /** The layout the file's storage policy gives it, or null when it has none that names a single tier. */
  TierLayout layoutOf(LocatedFileStatus file) {
    if (!(file instanceof HdfsFileStatus status)
        || status.getStoragePolicy() == HdfsConstants.BLOCK_STORAGE_POLICY_ID_UNSPECIFIED) {
      return null; // HDFS's default (HOT) by omission: the operator chose nothing to hold the file to
    }
    BlockStoragePolicy policy = policies.get(status.getStoragePolicy());
    if (policy == null || policy.isCopyOnCreateFile()) {
      return null;
    }
    List<StorageType> types = policy.chooseStorageTypes(file.getReplication());
    if (types.isEmpty() || types.stream().distinct().count() != 1) {
      return null;
    }
    StorageKind kind = StorageKind.parse(types.get(0).name());
    String tier = kind == null ? null : onlyTierOf(kind, tierMap);
    return tier == null ? null : TierLayout.of(Collections.nCopies(types.size(), tier), tierMap);
  }
}
