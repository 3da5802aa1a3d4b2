package io.strata.hdfs.autotier;

import io.strata.core.popularity.FileFacts;
import io.strata.core.tier.TierMap;
import io.strata.hdfs.tier.TierManager;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;

/** What the advisors need to know of the files under a directory, from one listing with block locations. */
public final class ClusterFiles {
  private ClusterFiles() {}

  /**
   * Replication, tier class, length and block count of every file under {@code root}, except Strata's own. A
   * file is on the secondary tier when every replica of every block is on a secondary tier.
   */
  public static List<FileFacts> facts(FileSystem fs, Path root, TierMap tierMap) throws IOException {
    List<FileFacts> files = new ArrayList<>();
    RemoteIterator<LocatedFileStatus> it = fs.listFiles(root, true);
    while (it.hasNext()) {
      LocatedFileStatus status = it.next();
      String path = status.getPath().toUri().getPath();
      if (path.startsWith(TierManager.RESERVED_DIR + "/")) {
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
    return files;
  }
}
