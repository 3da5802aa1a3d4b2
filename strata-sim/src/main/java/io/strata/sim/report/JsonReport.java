package io.strata.sim.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.strata.sim.metrics.SimResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/** Results as JSON: an array of runs with every number the simulator measured, nested as {@link SimResult}. */
public final class JsonReport {
  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private JsonReport() {}

  public static String text(List<SimResult> results) {
    try {
      return MAPPER.writeValueAsString(results);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static void write(Path file, List<SimResult> results) throws IOException {
    MAPPER.writeValue(file.toFile(), results);
  }
}
