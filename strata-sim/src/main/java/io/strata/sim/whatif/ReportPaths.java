package io.strata.sim.whatif;

import io.strata.core.whatif.PathAnonymizer;

/** How a report shows the cluster's paths: as they are, or anonymized so that the report can be shared. */
public enum ReportPaths {
  /** Paths and bad input lines as they are. */
  AS_GIVEN {
    @Override
    public String path(String path) {
      return path;
    }

    @Override
    public String problem(String message) {
      return message;
    }
  },
  /** Paths as {@link PathAnonymizer} tokens, bad input lines named by file and line only. */
  ANONYMIZED {
    @Override
    public String path(String path) {
      return PathAnonymizer.path(path);
    }

    @Override
    public String problem(String message) {
      return PathAnonymizer.problem(message);
    }
  };

  /** An HDFS path as the report shows it. */
  public abstract String path(String path);

  /** A bad input line's message ({@code source:LINE: reason}) as the report shows it. */
  public abstract String problem(String message);
}
