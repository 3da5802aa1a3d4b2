package io.strata.hdfs.autotier;

import io.strata.core.config.ConfigException;
import io.strata.core.device.StorageKind;
import io.strata.core.placement.TierLayout;
import io.strata.core.tier.TierMap;
import io.strata.hdfs.tier.TierManager;
import io.strata.hdfs.tier.TierResult;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/**
 * The applier's steps through HDFS's own calls: {@code setReplication} for a replica count alone, and for a move
 * between tiers the tier API's verified block moves. A change's final layout is kept by the file's HDFS storage
 * policy ({@code placeByStoragePolicy}: COLD for every replica on an ARCHIVE filer, HOT back on DISK) wherever one
 * can stand for it, so that demoting millions of files leaves no rule per file in the rules file the NameNode
 * loads. Elsewhere (a file under a Strata rule, tiers that share a storage type), and for the interim layout of a
 * demotion's first step, the tier API's {@code setRepPolicy} records a {@code layout:} rule for the file first, so
 * neither the NameNode's re-replication nor the tier monitor undoes the move; the final step removes an interim
 * rule again. A file's state comes from a listing, which the NameNode audits as
 * {@code listStatus}, not as a read.
 */
public final class HdfsFileOps implements FileOps {
  private final DistributedFileSystem fs;
  private final TierManager tiers;
  private final TierMap tierMap;

  public HdfsFileOps(DistributedFileSystem fs, TierManager tiers) {
    this.fs = fs;
    this.tiers = tiers;
    this.tierMap = tiers.tierMap();
  }

  @Override
  public Optional<FileState> state(String path) throws IOException {
    RemoteIterator<LocatedFileStatus> listing;
    try {
      listing = fs.listLocatedStatus(new Path(path));
      if (!listing.hasNext()) {
        return Optional.empty();
      }
    } catch (FileNotFoundException e) {
      return Optional.empty();
    }
    LocatedFileStatus status = listing.next();
    if (!status.isFile()) {
      return Optional.empty();
    }
    return Optional.of(state(status, tierMap));
  }

  /** A listed file's state: the tier of each replica of each block. */
  public static FileState state(LocatedFileStatus status, TierMap tierMap) throws IOException {
    List<List<String>> blocks = new ArrayList<>();
    for (BlockLocation block : status.getBlockLocations()) {
      List<String> names = new ArrayList<>();
      String[] hosts = block.getHosts();
      StorageType[] types = block.getStorageTypes();
      for (int i = 0; i < hosts.length && types != null && i < types.length; i++) {
        StorageKind kind = StorageKind.parse(types[i].name());
        if (kind != null) {
          names.add(tierMap.tierName(hosts[i], kind, null));
        }
      }
      blocks.add(TierLayout.of(names, tierMap).tiers());
    }
    return new FileState(status.getPath().toUri().getPath(), status.getReplication(), status.getLen(), blocks);
  }

  @Override
  public TierLayout recordedLayout(String path) throws IOException {
    try {
      return tiers.recordedLayout(path);
    } catch (ConfigException e) {
      throw unreadableRules(path, e);
    }
  }

  @Override
  public long apply(String path, Step step) throws IOException {
    if (step.layout() == null) {
      if (!fs.setReplication(new Path(path), (short) step.replication())) {
        throw new IOException(path + ": the NameNode refused replication " + step.replication());
      }
      return 0;
    }
    // A layout the next step replaces is recorded as a rule, so the tier monitor agrees with it meanwhile; the
    // final one is held by a storage policy where one can, which also drops that rule.
    TierResult result;
    try {
      Optional<TierResult> byStoragePolicy = step.interim() ? Optional.empty()
          : tiers.placeByStoragePolicy(path, step.layout());
      result = byStoragePolicy.isPresent() ? byStoragePolicy.get()
          : tiers.setRepPolicy(path, step.layout().policyName(), step.replication());
    } catch (ConfigException e) {
      throw unreadableRules(path, e);
    }
    if (!result.success()) {
      throw new IOException(path + ": " + step + ": " + result.message());
    }
    return result.bytesMoved();
  }

  /** A rules file someone broke fails the change (retried later), not the daemon. */
  private static IOException unreadableRules(String path, ConfigException e) {
    return new IOException(path + ": the placement rules cannot be read, so the file is left as it is: "
        + e.getMessage(), e);
  }
}
