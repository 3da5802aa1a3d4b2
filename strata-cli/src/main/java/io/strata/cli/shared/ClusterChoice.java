package io.strata.cli.shared;

import io.strata.core.config.ConfigException;
import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.Presets;
import io.strata.core.spec.SpecParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import picocli.CommandLine.Option;

/** {@code --preset NAME | --spec FILE}: which cluster layout a command works with. */
public final class ClusterChoice {
  @Option(names = "--preset", paramLabel = "NAME",
      description = "a built-in testbed: ${COMPLETION-CANDIDATES}", completionCandidates = PresetNames.class)
  String preset;

  @Option(names = "--spec", paramLabel = "FILE", description = "a cluster spec file (YAML or JSON)")
  Path specFile;

  /** A parsed spec and its source text (copied next to client configuration). */
  public record Loaded(ClusterSpec spec, String text) {}

  public boolean given() {
    return preset != null || specFile != null;
  }

  /** Loads the chosen spec, or {@code fallbackPreset} when neither option is given. */
  public Loaded load(String fallbackPreset) {
    if (preset != null && specFile != null) {
      throw new ConfigException("give either --preset or --spec, not both");
    }
    if (specFile != null) {
      if (!Files.isRegularFile(specFile)) {
        throw new ConfigException(specFile + ": no such spec file");
      }
      try {
        String text = Files.readString(specFile);
        return new Loaded(SpecParser.parse(specFile.toString(), text), text);
      } catch (IOException e) {
        throw new ConfigException(specFile + ": cannot read: " + e.getMessage(), e);
      }
    }
    String name = preset != null ? preset : fallbackPreset;
    return new Loaded(Presets.load(name), Presets.text(name));
  }

  /** Completion candidates for {@code --preset}. */
  public static final class PresetNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return Presets.NAMES.iterator();
    }
  }
}
