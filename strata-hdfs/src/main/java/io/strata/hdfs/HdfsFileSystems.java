package io.strata.hdfs;

import io.strata.core.config.ConfigException;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/** Opens the HDFS a configuration names, for the tools that work only on HDFS. */
public final class HdfsFileSystems {
  private HdfsFileSystems() {}

  /**
   * A new HDFS client of its own (closing it closes no one else's).
   *
   * @throws ConfigException when the configuration names a file system that is not HDFS
   */
  public static DistributedFileSystem open(Configuration conf) throws IOException {
    FileSystem fs = FileSystem.newInstance(conf);
    if (!(fs instanceof DistributedFileSystem dfs)) {
      fs.close();
      throw new ConfigException(
          fs.getUri() + " is not HDFS; this command needs HDFS (--fs hdfs://HOST:PORT or --conf DIR)");
    }
    return dfs;
  }
}
