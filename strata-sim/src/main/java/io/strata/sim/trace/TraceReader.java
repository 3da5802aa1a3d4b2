package io.strata.sim.trace;

import java.io.Closeable;
import java.util.List;

/**
 * Streams the jobs of a trace in submit order, one at a time, so a day of jobs never sits in memory. Lines that
 * cannot be read are skipped and counted; {@link #problems()} names the first ones by source and line.
 */
public interface TraceReader extends Closeable {
  /** The next job, or null at the end of the trace. */
  TraceJob next();

  /** Lines skipped so far because they were malformed. */
  long skipped();

  /** The first few skipped lines, each as {@code source:line: what is wrong}. */
  List<String> problems();

  /** Where the trace comes from, for messages. */
  String source();

  @Override
  void close();
}
