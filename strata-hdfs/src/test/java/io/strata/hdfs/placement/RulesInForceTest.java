package io.strata.hdfs.placement;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/**
 * A rules file the NameNode cannot read for a moment (it is stopping, or restarting) is not reported as an error;
 * one that stays unreadable past the grace period is.
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
}
