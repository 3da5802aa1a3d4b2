package io.strata.hdfs.tier;

import java.io.Closeable;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.NameNodeProxies;
import org.apache.hadoop.hdfs.server.protocol.NamenodeProtocol;
import org.apache.hadoop.ipc.RPC;

/**
 * The NameNode's server protocol, which hands out block keys to the Balancer and the Mover and only to the HDFS
 * superuser; connected on first use, as most runs of a tool never need it.
 */
public final class SuperuserNamenode implements Closeable {
  private final DistributedFileSystem fs;
  private final Configuration conf;
  private NamenodeProtocol proxy;

  public SuperuserNamenode(DistributedFileSystem fs, Configuration conf) {
    this.fs = fs;
    this.conf = conf;
  }

  public synchronized NamenodeProtocol get() throws IOException {
    if (proxy == null) {
      proxy = NameNodeProxies.createProxy(conf, fs.getUri(), NamenodeProtocol.class).getProxy();
    }
    return proxy;
  }

  @Override
  public synchronized void close() {
    if (proxy != null) {
      RPC.stopProxy(proxy);
      proxy = null;
    }
  }
}
