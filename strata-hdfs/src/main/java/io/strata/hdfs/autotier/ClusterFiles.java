package io.strata.hdfs.autotier;

import io.strata.core.popularity.FileFacts;
import io.strata.core.popularity.PathHash;
import io.strata.core.tier.TierMap;
import io.strata.hdfs.tier.TierManager;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;

/** What the advisors need to know of the files under a directory, from one listing with block locations. */
public final class ClusterFiles {
  private ClusterFiles() {}

  /**
   * The files the advisors plan for, and the erasure-coded ones left out.
   *
   * @param files              the replicated files
   * @param erasureCodedHashes {@link PathHash}es of the erasure-coded files under the root, ascending: their block
   *                           groups have no replication factor to set (the NameNode refuses
   *                           {@code setReplication} on them) and their redundancy is not replicas, so the advisors
   *                           neither plan for them nor count them, as files outside the root
   */
  public record Listing(List<FileFacts> files, long[] erasureCodedHashes) {
    public int erasureCoded() {
      return erasureCodedHashes.length;
    }
  }

  /**
   * Replication, tier class, length and block count of every replicated file under {@code root}, except Strata's
   * own. A file is on the secondary tier when every replica of every block is on a secondary tier.
   */
  public static Listing list(FileSystem fs, Path root, TierMap tierMap) throws IOException {
    List<FileFacts> files = new ArrayList<>();
    long[] erasureCoded = new long[16];
    int count = 0;
    RemoteIterator<LocatedFileStatus> it = fs.listFiles(root, true);
    while (it.hasNext()) {
      LocatedFileStatus status = it.next();
      String path = status.getPath().toUri().getPath();
      if (TierManager.isReserved(path)) {
        continue;
      }
      if (status.isErasureCoded()) {
        erasureCoded = add(erasureCoded, count++, PathHash.of(path));
        continue;
      }
      FileState state = HdfsFileOps.state(status, tierMap);
      boolean allSecondary = !state.blockTiers().isEmpty();
      for (List<String> block : state.blockTiers()) {
        for (String tier : block) {
          allSecondary &= tierMap.find(tier).map(TierRoles::isSecondary).orElse(false);
        }
      }
      files.add(new FileFacts(path, status.getReplication(), allSecondary, status.getLen(),
          Math.max(1, state.blockTiers().size())));
    }
    return new Listing(files, sorted(erasureCoded, count));
  }

  /**
   * {@link PathHash}es of the erasure-coded files under {@code root}, ascending, from a listing without block
   * locations (what the daemon needs before it reads the audit log, so their reads never count).
   */
  public static long[] erasureCoded(FileSystem fs, Path root) throws IOException {
    long[] hashes = new long[16];
    int count = 0;
    if (!fs.exists(root)) {
      return new long[0]; // nothing to plan for yet; the cycles list again
    }
    Deque<Path> dirs = new ArrayDeque<>(List.of(root));
    while (!dirs.isEmpty()) {
      RemoteIterator<FileStatus> it = fs.listStatusIterator(dirs.pop());
      while (it.hasNext()) {
        FileStatus status = it.next();
        String path = status.getPath().toUri().getPath();
        if (TierManager.isReserved(path)) {
          continue;
        }
        if (status.isDirectory()) {
          dirs.push(status.getPath());
        } else if (status.isErasureCoded()) {
          hashes = add(hashes, count++, PathHash.of(path));
        }
      }
    }
    return sorted(hashes, count);
  }

  private static long[] add(long[] array, int index, long value) {
    long[] grown = index < array.length ? array : Arrays.copyOf(array, array.length * 2);
    grown[index] = value;
    return grown;
  }

  private static long[] sorted(long[] array, int count) {
    long[] exact = Arrays.copyOf(array, count);
    Arrays.sort(exact);
    return exact;
  }
}
