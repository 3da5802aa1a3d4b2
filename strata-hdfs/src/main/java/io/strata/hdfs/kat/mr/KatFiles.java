package io.strata.hdfs.kat.mr;

import io.strata.hdfs.kat.KatManifest;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** The partition files the manifest lists (a file of an interrupted ingest is not read). */
final class KatFiles {
  private KatFiles() {}

  /** Files of partition p, by batch; those a batch did not write (removed by hand) are left out. */
  static List<FileStatus> partition(FileSystem fs, Path dir, KatManifest manifest, int p) throws IOException {
    List<FileStatus> files = new ArrayList<>();
    for (KatManifest.Batch batch : manifest.batches()) {
      Path file = new Path(KatManifest.partitionDir(dir, p), String.format("b-%05d", batch.batch()));
      if (fs.exists(file)) {
        files.add(fs.getFileStatus(file));
      }
    }
    return files;
  }
}
