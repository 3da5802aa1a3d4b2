package io.strata.hdfs.retrieval;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

class StrataNetworkTopologyTest {
  @Test
  void tierWeightsReadHeaviestFirstWithoutTrailingZeros() {
    assertEquals("pcie-ssd 533, sata-ssd 191, hdd 61, archive 0.5",
        StrataNetworkTopology.describe(Map.of("hdd", 61.0, "pcie-ssd", 533.0, "archive", 0.5, "sata-ssd", 191.0)));
  }
}
