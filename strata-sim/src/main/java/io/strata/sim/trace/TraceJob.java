package io.strata.sim.trace;

/**
 * One job of a trace, in the trace's own units (bytes of the traced cluster).
 *
 * @param id            the job's id in the trace, e.g. {@code job12}
 * @param line          the line it came from, 1-based, for messages
 * @param submitSeconds submit time, seconds from the start of the trace
 * @param inputBytes    map input bytes
 * @param shuffleBytes  shuffle (intermediate) bytes
 * @param outputBytes   reduce output bytes
 * @param inputPath     the input path when the trace names one, else null
 */
public record TraceJob(String id, long line, double submitSeconds, long inputBytes, long shuffleBytes,
    long outputBytes, String inputPath) {}
