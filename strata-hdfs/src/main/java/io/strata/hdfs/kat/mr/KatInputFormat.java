package io.strata.hdfs.kat.mr;

import io.strata.hdfs.kat.KatManifest;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;

/**
 * Lines of KAT data, split by block as {@link TextInputFormat} splits them, but each split names only its
 * partition's owner as its host, so the scheduler runs the map on the node that holds the partition (and its
 * reducer's keys) rather than on any node with a replica.
 */
public final class KatInputFormat extends TextInputFormat {
  @Override
  protected List<FileStatus> listStatus(JobContext job) throws IOException {
    List<FileStatus> files = new ArrayList<>();
    KatFiles.nonEmpty(job).forEach(p -> files.addAll(p.files()));
    return files;
  }

  @Override
  public List<InputSplit> getSplits(JobContext job) throws IOException {
    KatManifest.Head manifest = KatJobs.manifest(job.getConfiguration());
    List<InputSplit> placed = new ArrayList<>();
    for (InputSplit split : super.getSplits(job)) {
      FileSplit file = (FileSplit) split;
      int p = KatManifest.partitionOf(file.getPath());
      String[] hosts = p < 0 ? file.getLocations() : new String[] {manifest.owners().get(p)};
      placed.add(new FileSplit(file.getPath(), file.getStart(), file.getLength(), hosts));
    }
    return placed;
  }
}
