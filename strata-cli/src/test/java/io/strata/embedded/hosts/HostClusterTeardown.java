package io.strata.embedded.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Collection;
import java.util.List;

/** Stops a test's cluster of hosts and checks that it left no namespace, link or process behind. */
final class HostClusterTeardown {
  private HostClusterTeardown() {}

  static void closeAndCheckClean(HostCluster cluster) {
    if (cluster == null) {
      return;
    }
    Collection<Long> pids = cluster.pids().values();
    String id = cluster.network().clusterId();
    cluster.close();
    assertEquals(List.of(), HostNetwork.leftovers(id), "namespaces or links left");
    pids.forEach(pid -> assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false),
        "process " + pid + " still runs"));
  }
}
