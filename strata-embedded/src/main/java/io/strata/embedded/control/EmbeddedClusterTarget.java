package io.strata.embedded.control;

import io.strata.embedded.EmbeddedCluster;
import java.io.IOException;

/** The requests a running in-process {@code strata cluster up} serves: DataNode stop and start. */
public final class EmbeddedClusterTarget implements ClusterControl.Target {
  private final EmbeddedCluster cluster;

  public EmbeddedClusterTarget(EmbeddedCluster cluster) {
    this.cluster = cluster;
  }

  @Override
  public String handle(String[] words) throws IOException {
    if (words.length == 2 && words[0].equals("stop")) {
      cluster.stopDataNode(words[1]);
      return "the DataNode of " + words[1] + " is stopped and dead to the NameNode";
    }
    if (words.length == 2 && words[0].equals("start")) {
      cluster.restartDataNode(words[1]);
      return "the DataNode of " + words[1] + " is running again";
    }
    throw new UnsupportedOperationException("the in-process cluster has no links to change (that needs "
        + "strata cluster up --hosts)");
  }
}
