package org.apache.hadoop.hdfs.server.blockmanagement;

import io.strata.hdfs.StrataKeys;
import java.util.List;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;

/**
 * Hadoop's own placement test suite ({@code TestReplicationPolicy}, 39 tests of target choice, rack spread,
 * stale, full and overloaded nodes, and replica deletion) run against the Strata plugin with no rules, i.e.
 * every path under {@code default}: the plugin must be indistinguishable from stock HDFS there. It lives in
 * Hadoop's package because the suite's hooks are package-private.
 */
@RunWith(Parameterized.class)
public class HadoopReplicationPolicyOnStrataIT extends TestReplicationPolicy {
  public HadoopReplicationPolicyOnStrataIT(String blockPlacementPolicyClassName) {
    super(blockPlacementPolicyClassName);
  }

  @Parameterized.Parameters(name = "{0}")
  public static Iterable<Object[]> data() {
    return List.<Object[]>of(new Object[] {StrataKeys.PLACEMENT_POLICY_CLASS});
  }
}
