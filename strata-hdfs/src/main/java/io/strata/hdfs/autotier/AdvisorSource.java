package io.strata.hdfs.autotier;

import io.strata.core.popularity.AdvisorConfig;
import java.util.function.Consumer;

/** Where the autotier daemon gets its advisor, and learns that the advisor's settings changed. */
public interface AdvisorSource {
  /** The advisor's name, one of {@link io.strata.core.popularity.ReplicationAdvisors#NAMES}. */
  String advisorName();

  /**
   * The advisor for a cluster of {@code nodes} DataNodes, whose files get at most {@code maxReplication} replicas
   * (see {@link Advice#of}).
   */
  Advice make(int nodes, int maxReplication);

  /**
   * Reads the settings again: true when they changed to good new ones, which the daemon restarts with; a bad change
   * goes to {@code refused} and the settings in force are kept.
   */
  default boolean reload(Consumer<String> refused) {
    return false;
  }

  /** Settings that never change. */
  static AdvisorSource fixed(String name, AdvisorConfig settings, long referenceSeconds, boolean secondaryRedundant) {
    return new AdvisorSource() {
      @Override
      public String advisorName() {
        return name;
      }

      @Override
      public Advice make(int nodes, int maxReplication) {
        return Advice.of(name, settings, referenceSeconds, nodes, maxReplication, secondaryRedundant);
      }
    };
  }
}
