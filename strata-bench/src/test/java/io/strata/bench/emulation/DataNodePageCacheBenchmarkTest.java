package io.strata.bench.emulation;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.bench.emulation.DataNodePageCacheBenchmark.Measurement;
import io.strata.bench.emulation.DataNodePageCacheBenchmark.Read;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The DataNode page cache check's verdicts: a re-read from memory at twice the device, a long read at its rate. */
class DataNodePageCacheBenchmarkTest {
  private static final double DEVICE = 60e6;
  private static final long MIB = 1 << 20;

  @Test
  void aReReadFromMemoryAndAWorkingSetAtTheDeviceRatePass() {
    Measurement m = measurement(new Read("re-read", 16 * MIB, 16 * MIB / (5 * DEVICE), 1.0, DEVICE),
        new Read("working set", 256 * MIB, 256 * MIB / (0.9 * DEVICE), 0.0, DEVICE));
    assertTrue(printed(m).contains("PASS"));
    assertTrue(m.reReadPasses() && m.workingSetPasses(0.20));
  }

  @Test
  void aReReadFromTheDeviceOrAWorkingSetServedFromMemoryFail() {
    Measurement paced = measurement(new Read("re-read", 16 * MIB, 16 * MIB / DEVICE, 0.0, DEVICE),
        new Read("working set", 256 * MIB, 256 * MIB / (3 * DEVICE), 0.7, DEVICE));
    assertFalse(paced.reReadPasses(), "a re-read at the device's rate is not from memory");
    assertFalse(paced.workingSetPasses(0.20), "a working set read at 3x the device was served from memory");
    assertTrue(printed(paced).contains("FAIL"));
  }

  private static Measurement measurement(Read reRead, Read workingSet) {
    return new Measurement("hdd", 64 * MIB, reRead, workingSet);
  }

  private static String printed(Measurement m) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataNodePageCacheBenchmark.printTable(m, 0.20, new PrintStream(bytes, true, StandardCharsets.UTF_8));
    return bytes.toString(StandardCharsets.UTF_8);
  }
}
