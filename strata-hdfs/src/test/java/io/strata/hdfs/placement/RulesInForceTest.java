package io.strata.hdfs.placement;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.ref.Reference;
import java.net.ServerSocket;
import java.util.concurrent.TimeUnit;
import io.strata.hdfs.StrataKeys;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/**
 * A rules file the NameNode cannot read for a moment (it is stopping, or restarting) is not reported as an error;
 * one that stays unreadable past the grace period is. The poller ends with the placement policy that started it.
 */
class RulesInForceTest {
  /** A client configuration for a NameNode address nothing listens on, failing at once instead of retrying. */
  private static Configuration unreachable() throws Exception {
    int port;
    try (ServerSocket socket = new ServerSocket(0)) {
      port = socket.getLocalPort();
    }
    Configuration conf = new Configuration(false);
    conf.set("fs.defaultFS", "hdfs://127.0.0.1:" + port);
    conf.setInt("ipc.client.connect.max.retries", 0);
    conf.setInt("ipc.client.connect.max.retries.on.timeouts", 0);
    return conf;
  }

  @Test
  void aBriefFailureToReadTheRulesIsNotReported() throws Exception {
    Configuration conf = unreachable();
    RulesInForce rules = new RulesInForce(conf, PlacementSettings.from(conf), 60_000);
    assertFalse(rules.refresh());
    assertFalse(rules.reportedUnreadable(), "within the grace period");
  }

  @Test
  void aFailureLongerThanTheGracePeriodIsReported() throws Exception {
    Configuration conf = unreachable();
    RulesInForce rules = new RulesInForce(conf, PlacementSettings.from(conf), 0);
    assertFalse(rules.refresh());
    assertTrue(rules.reportedUnreadable());
  }

  @Test
  void thePollerRunsWhileItsOwnerIsInUseAndEndsOnceItIsCollected() throws Exception {
    Configuration conf = unreachable();
    conf.setLong(StrataKeys.RULES_REFRESH_MS, 10);
    RulesInForce rules = new RulesInForce(conf, PlacementSettings.from(conf), 60_000);
    Object owner = new Object();
    assertTrue(rules.startPolling(owner));
    assertFalse(rules.startPolling(owner), "started once");
    Thread poller = rules.poller();
    poller.join(300);
    assertTrue(poller.isAlive(), "polls while the policy is in use");
    Reference.reachabilityFence(owner);
    owner = null;
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (poller.isAlive() && System.nanoTime() < deadline) {
      System.gc();
      poller.join(100);
    }
    assertFalse(poller.isAlive(), "the poller outlived its placement policy");
  }
}
