package io.strata.cli.shared;

import org.apache.log4j.Level;
import org.apache.log4j.LogManager;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * How much of Strata's and Hadoop's logging a command shows on stderr. By default (log4j.properties) Strata's
 * warnings and Hadoop's errors only, so what a user sees is the command's own output; {@code --verbose}, which every
 * command inherits from {@code strata}, shows both at INFO.
 */
public final class Verbosity {
  @Option(names = "--verbose", scope = ScopeType.INHERIT,
      description = "show Strata's and Hadoop's INFO log lines too")
  void verbose(boolean on) {
    if (on) {
      LogManager.getLogger("io.strata").setLevel(Level.INFO);
      LogManager.getLogger("org.apache.hadoop").setLevel(Level.INFO);
    }
  }

  /**
   * For a command that runs a NameNode in its own JVM and keeps it up: the NameNode plugins' start-up and rules
   * lines at INFO, as an operator reads them in a NameNode's log.
   */
  public static void showNameNodePlugins() {
    for (String plugin : new String[] {"io.strata.hdfs.placement", "io.strata.hdfs.retrieval"}) {
      if (!LogManager.getLogger(plugin).isInfoEnabled()) {
        LogManager.getLogger(plugin).setLevel(Level.INFO);
      }
    }
  }
}
