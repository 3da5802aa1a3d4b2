package io.strata.core.spec;

import io.strata.core.config.ConfigException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** The papers' testbeds, scaled to fit one machine, shipped as spec files. */
public final class Presets {
  /** Preset names, in the order the papers are cited. */
  public static final List<String> NAMES = List.of("hats", "hdfsh", "aptstore", "energy", "inplace", "hybrid-node");

  private Presets() {}

  public static ClusterSpec load(String name) {
    return SpecParser.parse("preset:" + name, text(name));
  }

  /** The preset's spec file text, for users who want to start their own from it. */
  public static String text(String name) {
    if (!NAMES.contains(name)) {
      throw new ConfigException("unknown preset '" + name + "' (known: " + String.join(", ", NAMES) + ")");
    }
    String resource = "io/strata/core/spec/presets/" + name + ".yaml";
    try (InputStream in = Presets.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + resource);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException("cannot read " + resource, e);
    }
  }
}
