package io.strata.hdfs.whatif;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.strata.core.whatif.HdfsStoragePolicies;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.hdfs.protocol.BlockStoragePolicy;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockStoragePolicySuite;
import org.junit.jupiter.api.Test;

/** The core's table of policy ids (it has no Hadoop to ask) is Hadoop's suite, id for id. */
class StoragePolicyIdsTest {
  @Test
  void theCoresTableIsHadoopsDefaultSuite() {
    BlockStoragePolicySuite suite = BlockStoragePolicySuite.createDefaultSuite();
    Map<Integer, String> hadoops = new TreeMap<>();
    for (BlockStoragePolicy policy : suite.getAllPolicies()) {
      hadoops.put((int) policy.getId(), policy.getName());
    }
    Map<Integer, String> cores = new TreeMap<>();
    for (int id = 0; id < 256; id++) {
      if (HdfsStoragePolicies.name(id) != null) {
        cores.put(id, HdfsStoragePolicies.name(id));
      }
    }
    assertEquals(hadoops, cores);
    assertEquals(suite.getDefaultPolicy().getName(), HdfsStoragePolicies.DEFAULT);
  }
}
