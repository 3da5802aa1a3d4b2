package io.strata.hdfs.kat.mr;

import io.strata.hdfs.kat.KatManifest;
import io.strata.hdfs.kat.KatMapFile;
import java.io.IOException;
import java.net.URI;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.security.AccessControlException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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

  /**
   * The digest of the partition map the job's tasks load from {@link KatMapFile} (set by {@link #dropIn}, which
   * ships the file through the distributed cache as {@link #MAP_LINK}).
   */
  public static final String MAP_DIGEST = "strata.kat.map-digest";
  /** The name of the localized {@link KatMapFile} in a task's working directory. */
  public static final String MAP_LINK = "strata-kat.map";
  private static final Logger LOG = LoggerFactory.getLogger(KatJobs.class);
  /** Each job's manifest, by its configuration object (see {@link #manifest}). */
  private static final Map<Configuration, Read> READ = Collections.synchronizedMap(new WeakHashMap<>());

  /**
   * The drop-in mode; returns the partition count (the job's reducer count). The map tasks' partitioner loads
   * the partition map from {@code DST/_kat.map} (written here if the ingest predates it), which the job ships
   * through the distributed cache: each NodeManager fetches it once, and no task reads the manifest.
   */
  public static int dropIn(Job job, Path katDir) throws IOException {
    KatManifest.Head manifest = prepare(job, katDir);
    job.setInputFormatClass(KatInputFormat.class);
    job.setPartitionerClass(KatPartitioner.class);
    job.setNumReduceTasks(manifest.partitions());
    Configuration conf = job.getConfiguration();
    Path dir = new Path(conf.get(DIR));
    FileSystem fs = dir.getFileSystem(conf);
    try {
      String digest = mapDigest(fs, dir);
      // The whole manifest only if the map file is missing or older than the map (data ingested before it).
      Path mapFile = KatMapFile.ensure(fs, dir, digest, () -> KatManifest.read(fs, dir));
      job.addCacheFile(URI.create(mapFile.toUri() + "#" + MAP_LINK));
      conf.set(MAP_DIGEST, digest);
    } catch (AccessControlException e) {
      // Data ingested before the map file existed, in a directory this user cannot write: each map task then
      // reads the manifest itself, slower but the same partitions.
      LOG.warn("cannot write {} ({}): the map tasks will each read the manifest", KatMapFile.file(dir),
          e.getMessage());
    }
    return manifest.partitions();
  }

  /** The shuffle-free mode; returns the partition count (at most one map per partition). */
  @SuppressWarnings({"rawtypes", "unchecked"})
  public static int shuffleFree(Job job, Path katDir) throws IOException {
    KatManifest.Head manifest = prepare(job, katDir);
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

  /** The digest of DST's partition map, from DST's attribute (the manifest's own, computed, if it has none). */
  private static String mapDigest(FileSystem fs, Path dir) throws IOException {
    byte[] recorded = fs.getXAttrs(dir).get(KatManifest.XATTR_MAP_DIGEST);
    return recorded != null ? new String(recorded, java.nio.charset.StandardCharsets.UTF_8)
        : KatManifest.read(fs, dir).mapDigest();
  }

  private static KatManifest.Head prepare(Job job, Path katDir) throws IOException {
    Configuration conf = job.getConfiguration();
    FileSystem fs = katDir.getFileSystem(conf);
    Path dir = fs.makeQualified(katDir);
    KatManifest.Head manifest = KatManifest.readHead(fs, dir);
    conf.set(DIR, dir.toString());
    READ.put(conf, new Read(dir.toString(), manifest));
    FileInputFormat.setInputPaths(job, dir);
    return manifest;
  }

  /**
   * The manifest's head (no partition map) of the job's KAT directory. Setting a job up, listing its files and
   * placing its splits all need it, so it is read once per job: kept with the job's configuration (the object
   * the client submits, which {@code getSplits} is given) by {@link #prepare}.
   */
  static KatManifest.Head manifest(Configuration conf) throws IOException {
    String dir = conf.get(DIR);
    if (dir == null) {
      throw new IOException(DIR + " is not set: configure the job with KatJobs.dropIn or KatJobs.shuffleFree");
    }
    Read read = READ.get(conf);
    if (read != null && read.dir().equals(dir)) {
      return read.manifest();
    }
    Path path = new Path(dir);
    KatManifest.Head manifest = KatManifest.readHead(path.getFileSystem(conf), path);
    READ.put(conf, new Read(dir, manifest));
    return manifest;
  }

  /** A job's manifest and the directory it was read from. */
  private record Read(String dir, KatManifest.Head manifest) {}
}
