package io.strata.hdfs.kat.mr;

import io.strata.core.kat.PartitionMap;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Partitioner;

/**
 * Sends map output key k to reduce partition {@code partitionOf(k)} of the KAT map the data was ingested with, so
 * reduce partition i gets exactly the keys of ingest partition i. The key's text ({@code toString()}) is looked
 * up, as the ingest looked up the text the key function extracted.
 */
public final class KatPartitioner extends Partitioner<Object, Object> implements Configurable {
  private Configuration conf;
  private PartitionMap map;

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
    try {
      this.map = KatJobs.manifest(conf).partitionMap();
    } catch (IOException e) {
      throw new UncheckedIOException("reading the KAT manifest for the partitioner", e);
    }
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
