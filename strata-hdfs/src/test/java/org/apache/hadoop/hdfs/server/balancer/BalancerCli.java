package org.apache.hadoop.hdfs.server.balancer;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ToolRunner;

/** Runs the Balancer's command line in this JVM; its Tool class is package-private. */
public final class BalancerCli {
  private BalancerCli() {}

  public static int run(Configuration conf, String... args) throws Exception {
    return ToolRunner.run(conf, new Balancer.Cli(), args);
  }
}
