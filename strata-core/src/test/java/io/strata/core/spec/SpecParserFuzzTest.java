package io.strata.core.spec;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.strata.core.config.ConfigException;
import java.nio.charset.StandardCharsets;

/**
 * Any text as a cluster spec ({@code strata spec check}, {@code --spec}): parsed, or refused with a
 * {@link ConfigException} that names the file; never another exception. The corpus holds the presets.
 */
class SpecParserFuzzTest {
  @FuzzTest
  void parse(byte[] input) {
    try {
      SpecParser.parse("fuzz.yaml", new String(input, StandardCharsets.UTF_8));
    } catch (ConfigException e) {
      assertTrue(e.getMessage().startsWith("fuzz.yaml"), e.getMessage());
    }
  }
}
