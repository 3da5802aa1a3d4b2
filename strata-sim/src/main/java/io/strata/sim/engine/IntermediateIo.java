package io.strata.sim.engine;

import io.strata.core.config.ConfigException;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How much of MapReduce's intermediate I/O a run models on each node's intermediate tier
 * ({@link io.strata.sim.model.SimCluster#intermediateTier}).
 * <ul>
 *   <li>{@link #FETCHES}: only the shuffle's reads, one sequential read per fetch from the map node's device (the
 *       model hatS's and AptStore's scenarios were recorded with);</li>
 *   <li>{@link #FULL}: what Hadoop 3's defaults do to the local dirs ({@link LocalDirIo}): each map writes its
 *       output, and merges its spills when the output overflows the sort buffer; every shuffle segment costs the
 *       source device a positioning (the small random reads the ShuffleHandler serves); each reducer merges what
 *       it fetched to disk and reads it back while it writes its output.</li>
 * </ul>
 */
public enum IntermediateIo {
  FETCHES("fetches"), FULL("full");

  private final String label;

  IntermediateIo(String label) {
    this.label = label;
  }

  /** The name used in configs and on the command line. */
  public String label() {
    return label;
  }

  /** Parses a name as {@link #label()} spells it; a clear error names the input and the choices. */
  public static IntermediateIo parse(String name) {
    String wanted = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
    for (IntermediateIo model : values()) {
      if (model.label.equals(wanted)) {
        return model;
      }
    }
    throw new ConfigException("unknown intermediate I/O model '" + name + "': expected one of "
        + Arrays.stream(values()).map(IntermediateIo::label).collect(Collectors.joining(", ")));
  }

  @Override
  public String toString() {
    return label;
  }
}
