package io.strata.hdfs.kat.mr;

import io.strata.core.kat.PartitionMap;
import io.strata.hdfs.kat.KatManifest;
import io.strata.hdfs.kat.KatMapFile;
import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Partitioner;

/**
 * Sends map output key k to reduce partition {@code partitionOf(k)} of the KAT map the data was ingested with, so
 * reduce partition i gets exactly the keys of ingest partition i. The key's text ({@code toString()}) is looked
 * up, as the ingest looked up the text the key function extracted.
 *
 * <p>Each map task builds one. It loads the map from the compact {@link KatMapFile} that {@link KatJobs#dropIn}
 * ships through the distributed cache (localized in the task's working directory as {@link KatJobs#MAP_LINK});
 * only a job set up without it (the file could not be written) reads the manifest from the file system, which
 * for a large vocabulary costs each map task megabytes of reading and about a second of parsing.
 */
public final class KatPartitioner extends Partitioner<Object, Object> implements Configurable {
  /** Where the localized map file is; tests set it, tasks keep the default, their working directory's link. */
  public static final String MAP_LOCAL = "strata.kat.map-local";

  private Configuration conf;
  private PartitionMap map;

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
    try {
      this.map = load(conf);
    } catch (IOException e) {
      throw new UncheckedIOException("reading the KAT partition map for the partitioner", e);
    }
  }

  static PartitionMap load(Configuration conf) throws IOException {
    String digest = conf.get(KatJobs.MAP_DIGEST);
    File local = new File(conf.get(MAP_LOCAL, KatJobs.MAP_LINK));
    if (digest != null && local.isFile()) {
      return KatMapFile.read(new FileInputStream(local), digest);
    }
    // No map file in the task's directory (an old directory its user could not write): the whole manifest.
    Path dir = new Path(conf.get(KatJobs.DIR));
    return KatManifest.read(dir.getFileSystem(conf), dir).partitionMap();
  }

  @Override
  public Configuration getConf() {
    return conf;
  }

  @Override
  public int getPartition(Object key, Object value, int numPartitions) {
    if (numPartitions != map.partitions()) {
      throw new IllegalStateException("the job has " + numPartitions + " reducers, the KAT data "
          + map.partitions() + " partitions: set the reducer count with KatJobs.dropIn");
    }
    return map.partitionOf(key.toString());
  }
}
