package io.strata.hdfs.power;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.io.TempDir;

/**
 * Any bytes as the power manager's status file ({@code power-status.json}), as {@code strata power status},
 * {@code strata report} and the dashboard's energy page read it: a status they can print as a table, a node report
 * and JSON, or an {@link IOException} naming the file; never another exception. A status read is written as the
 * manager writes it and read back unchanged.
 */
class PowerStatusFuzzTest {
  @TempDir
  static Path state;

  @FuzzTest
  void read(byte[] input) throws IOException {
    Files.write(state.resolve(PowerManager.STATUS_FILE), input);
    Optional<PowerStatus> read;
    try {
      read = PowerManager.readStatus(state);
    } catch (IOException e) {
      assertTrue(e.getMessage().startsWith(state.resolve(PowerManager.STATUS_FILE).toString()), e.getMessage());
      return;
    }
    PowerStatus status = read.orElseThrow();
    status.table();
    status.nodeReport();
    status.json();
    Files.write(state.resolve(PowerManager.STATUS_FILE), new ObjectMapper().writeValueAsBytes(status));
    assertEquals(status, PowerManager.readStatus(state).orElseThrow());
  }
}
