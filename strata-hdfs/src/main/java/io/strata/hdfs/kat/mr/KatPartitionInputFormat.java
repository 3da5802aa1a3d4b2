package io.strata.hdfs.kat.mr;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.lib.input.CombineFileSplit;
import org.apache.hadoop.mapreduce.lib.input.CombineTextInputFormat;

/**
 * One split per non-empty partition, all of its files, on its owner: the shuffle-free mode's map sees every
 * record of its keys. Lines are read by {@link CombineTextInputFormat}'s reader.
 */
public final class KatPartitionInputFormat extends CombineTextInputFormat {
  @Override
  public List<InputSplit> getSplits(JobContext job) throws IOException {
    List<InputSplit> splits = new ArrayList<>();
    for (KatFiles.Partition partition : KatFiles.nonEmpty(job)) {
      List<FileStatus> files = partition.files();
      Path[] paths = files.stream().map(FileStatus::getPath).toArray(Path[]::new);
      long[] starts = new long[files.size()];
      long[] lengths = files.stream().mapToLong(FileStatus::getLen).toArray();
      splits.add(new CombineFileSplit(paths, starts, lengths, new String[] {partition.owner()}));
    }
    return splits;
  }
}
