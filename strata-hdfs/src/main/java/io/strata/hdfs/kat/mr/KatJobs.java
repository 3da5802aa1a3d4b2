package io.strata.hdfs.kat.mr;

import io.strata.hdfs.kat.KatManifest;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;

/**
 * Turns an unchanged MapReduce job over KAT data into one of KAT's two modes. Call it after the job is set up
 * (mapper, combiner, reducer, output types) and before it is submitted.
 *
 * <ul>
 *   <li>{@link #dropIn}: the job's own map, shuffle and reduce, with {@link KatPartitioner} (reduce partition i is
 *       ingest partition i) and {@link KatInputFormat} (each split names its partition's owner, so maps run
 *       there). MapReduce places reducers anywhere, so the shuffle still crosses nodes.
 *   <li>{@link #shuffleFree}: one map per partition, on its owner, runs the job's mapper, combiner and reducer
 *       ({@link ShuffleFreeMapper}); no reduce phase, so no shuffle at all. Right for any job whose reduce needs
 *       only the records of one key and whose intermediate key is the ingest key (WordCount over {@code tokens},
 *       Grep over {@code tokens:REGEX}, aggregations by a field over {@code field:N}).
 * </ul>
 */
public final class KatJobs {
  /** The KAT directory (DST of the ingest) a job reads; its manifest gives the map and the owners. */
  public static final String DIR = "strata.kat.dir";

  private KatJobs() {}

  /** The drop-in mode; returns the partition count (the job's reducer count). */
  public static int dropIn(Job job, Path katDir) throws IOException {
    KatManifest manifest = prepare(job, katDir);
    job.setInputFormatClass(KatInputFormat.class);
    job.setPartitionerClass(KatPartitioner.class);
    job.setNumReduceTasks(manifest.partitions());
    return manifest.partitions();
  }

  /** The shuffle-free mode; returns the partition count (at most one map per partition). */
  @SuppressWarnings({"rawtypes", "unchecked"})
  public static int shuffleFree(Job job, Path katDir) throws IOException {
    KatManifest manifest = prepare(job, katDir);
    Configuration conf = job.getConfiguration();
    try {
      conf.setClass(ShuffleFreeMapper.MAPPER, job.getMapperClass(), Mapper.class);
      conf.setClass(ShuffleFreeMapper.REDUCER, job.getReducerClass(), Reducer.class);
      conf.setClass(ShuffleFreeMapper.MAP_OUTPUT_KEY, job.getMapOutputKeyClass(), Object.class);
      conf.setClass(ShuffleFreeMapper.MAP_OUTPUT_VALUE, job.getMapOutputValueClass(), Object.class);
      Class<? extends Reducer<?, ?, ?, ?>> combiner = job.getCombinerClass();
      if (combiner != null) {
        conf.setClass(ShuffleFreeMapper.COMBINER, combiner, Reducer.class);
      }
    } catch (ClassNotFoundException e) {
      throw new IOException("the job's mapper, combiner or reducer class is not on this class path", e);
    }
    job.setMapperClass((Class) ShuffleFreeMapper.class);
    job.setInputFormatClass(KatPartitionInputFormat.class);
    job.setNumReduceTasks(0);
    // With no reducers the maps write the job's output, whose types are the reducer's.
    job.setMapOutputKeyClass(job.getOutputKeyClass());
    job.setMapOutputValueClass(job.getOutputValueClass());
    return manifest.partitions();
  }

  private static KatManifest prepare(Job job, Path katDir) throws IOException {
    Configuration conf = job.getConfiguration();
    FileSystem fs = katDir.getFileSystem(conf);
    Path dir = fs.makeQualified(katDir);
    KatManifest manifest = KatManifest.read(fs, dir);
    conf.set(DIR, dir.toString());
    FileInputFormat.setInputPaths(job, dir);
    return manifest;
  }

  /** The manifest of the job's KAT directory. */
  static KatManifest manifest(Configuration conf) throws IOException {
    String dir = conf.get(DIR);
    if (dir == null) {
      throw new IOException(DIR + " is not set: configure the job with KatJobs.dropIn or KatJobs.shuffleFree");
    }
    Path path = new Path(dir);
    return KatManifest.read(path.getFileSystem(conf), path);
  }
}
