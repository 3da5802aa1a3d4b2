package io.strata.bench.hadoop;

/**
 * One job run under one configuration: which chart and table it belongs to ({@code group}, e.g. "terasort 64MiB"),
 * the configuration's label (e.g. "hybrid + adaptive", or "20/80") and its place in the settings' order
 * ({@code rank}, for tables and charts), the label of the group's baseline, the round, what it measured, and the
 * share of this machine's CPU time that was busy while it ran (NaN when unknown).
 */
public record Measurement(String group, String config, int rank, String baseline, int round, JobRun run,
    double cpuBusyShare) {}
