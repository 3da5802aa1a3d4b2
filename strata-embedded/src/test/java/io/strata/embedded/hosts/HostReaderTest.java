package io.strata.embedded.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo.DatanodeInfoBuilder;
import org.junit.jupiter.api.Test;

class HostReaderTest {
  private static DatanodeInfo dataNode(String host, String rack) {
    return new DatanodeInfoBuilder().setHostName(host).setIpAddr("10.0.0.2").setNetworkLocation(rack).build();
  }

  @Test
  void aByteIsLocalOnlyFromTheReadersOwnHostAndRackLocalOnlyFromItsRack() {
    assertEquals(0, HostReader.locality(dataNode("r1n1", "/rack1"), "r1n1", "/rack1"));
    assertEquals(1, HostReader.locality(dataNode("r1n2", "/rack1"), "r1n1", "/rack1"));
    assertEquals(2, HostReader.locality(dataNode("r2n1", "/rack2"), "r1n1", "/rack1"));
    assertEquals(2, HostReader.locality(null, "r1n1", "/rack1"));
  }

  @Test
  void aReadersLineGivesBytesSecondsAndBytesByLocalityAndByDataNode() throws IOException {
    HostReaders.FileRead read = HostReaders.parse("r1n1",
        "/bench/data/part-0 8000000 2000000000 5000000 0 3000000 r1n1=5000000,r2n1=3000000");

    assertEquals(new HostReaders.FileRead("r1n1", "/bench/data/part-0", 8_000_000, 2.0, 5_000_000, 0, 3_000_000,
        Map.of("r1n1", 5_000_000L, "r2n1", 3_000_000L)), read);
    assertEquals(4.0, read.megabytesPerSecond(), 1e-9);
    HostReaders.FileRead empty = HostReaders.parse("r2n1", "/bench/data/empty 0 1000 0 0 0 -");
    HostReaders.Result result = new HostReaders.Result(List.of(read, empty), 4.0);
    assertEquals(0.375, result.nonLocalShare(), 1e-9);
    assertEquals(3_000_000L, result.bytesServedBy("r2n1"));
    assertEquals(0L, result.bytesServedBy("r3n1"));
    assertThrows(IOException.class, () -> HostReaders.parse("r1n1", "ready"));
    assertThrows(IOException.class,
        () -> HostReaders.parse("r1n1", "/bench/data/part-0 8000000 2000000000 5000000 0 3000000 r1n1"));
  }
}
