package io.strata.sim.engine;

import io.strata.core.config.ConfigException;

/**
 * Which file a job reads when the trace does not say (SWIM traces without input paths). A job reads a fresh
 * dataset, read by no other job, with probability {@code freshShare}; otherwise one of a hot set of
 * {@code hotPerJob x jobs} datasets, drawn by Zipf's law with exponent {@code zipfExponent} over their ranks.
 * Traces with paths use them as they are.
 *
 * <p>{@link #FB2010_FIT} reproduces the FB-2010 trace with input paths (SWIM): 15,783 of its 25,428 jobs (62%) read a
 * path no other job reads; the other accesses go to 1,375 paths (5.4 per 100 jobs), the hottest taking 7.5% of
 * them, which a Zipf exponent of 0.85 over 1,375 ranks gives.
 */
public record InputModel(double freshShare, double hotPerJob, double zipfExponent) {
  public static final InputModel FB2010_FIT = new InputModel(0.62, 0.054, 0.85);

  public InputModel {
    if (!(freshShare >= 0 && freshShare <= 1)) {
      throw new ConfigException("input model: fresh share must be within [0, 1], got " + freshShare);
    }
    if (!(hotPerJob > 0) || !(zipfExponent >= 0)) {
      throw new ConfigException("input model: hot sets per job must be > 0 and the Zipf exponent >= 0");
    }
  }
}
