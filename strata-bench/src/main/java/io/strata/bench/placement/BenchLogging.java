package io.strata.bench.placement;

import org.apache.log4j.ConsoleAppender;
import org.apache.log4j.Level;
import org.apache.log4j.LogManager;
import org.apache.log4j.Logger;
import org.apache.log4j.PatternLayout;

/**
 * Logging while benchmarking: Hadoop's errors and Strata's warnings only, as the {@code strata} command logs.
 * Whatever log4j configuration the class path brings (Hadoop's test jars carry one at INFO; with none, log4j logs
 * everything at DEBUG) must not make HDFS or the plugin build log messages inside the code being timed, nor flood
 * the output while 500 nodes register.
 */
public final class BenchLogging {
  private BenchLogging() {}

  /** At most WARN for the root and Strata loggers, ERROR for Hadoop's; a stderr appender if log4j has none. */
  public static void quiet() {
    Logger root = LogManager.getRootLogger();
    if (!root.getAllAppenders().hasMoreElements()) {
      root.addAppender(new ConsoleAppender(new PatternLayout("%d{HH:mm:ss} %-5p %c{1} - %m%n"),
          ConsoleAppender.SYSTEM_ERR));
    }
    atMost(root, Level.WARN);
    atMost(LogManager.getLogger("io.strata"), Level.WARN);
    // The NameNode's start-up warnings (no native library, one name dir, ...) say nothing about placement.
    atMost(LogManager.getLogger("org.apache.hadoop"), Level.ERROR);
  }

  private static void atMost(Logger logger, Level level) {
    if (!logger.getEffectiveLevel().isGreaterOrEqual(level)) {
      logger.setLevel(level);
    }
  }
}
