package io.strata.hdfs.kat.mr;

import io.strata.hdfs.kat.KatManifest;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.JobContext;

/** What a job over KAT data reads: each partition's non-empty files the manifest lists, and its owner. */
final class KatFiles {
  /** One partition with data. */
  record Partition(int partition, String owner, List<FileStatus> files) {}

  private KatFiles() {}

  /**
   * The partitions of the job's KAT directory that hold data, in partition order; an empty partition has nothing
   * to map (FileInputFormat would still make a split of an empty file).
   */
  static List<Partition> nonEmpty(JobContext job) throws IOException {
    KatManifest.Head manifest = KatJobs.manifest(job.getConfiguration());
    Path dir = new Path(job.getConfiguration().get(KatJobs.DIR));
    FileSystem fs = dir.getFileSystem(job.getConfiguration());
    List<Partition> partitions = new ArrayList<>();
    for (int p = 0; p < manifest.partitions(); p++) {
      List<FileStatus> files = manifest.partitionFiles(fs, dir, p).stream().filter(f -> f.getLen() > 0).toList();
      if (!files.isEmpty()) {
        partitions.add(new Partition(p, manifest.owners().get(p), files));
      }
    }
    return partitions;
  }
}
