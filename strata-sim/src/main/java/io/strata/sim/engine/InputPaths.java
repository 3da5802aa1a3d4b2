package io.strata.sim.engine;

import io.strata.sim.trace.TraceJob;
import java.util.Arrays;
import java.util.SplittableRandom;

/** Gives each job its input path: the trace's when it has one, else a draw from the {@link InputModel}. */
final class InputPaths {
  private final InputModel model;
  private final SplittableRandom random;
  private final double[] zipfCumulative;

  InputPaths(InputModel model, long jobs, SplittableRandom random) {
    this.model = model;
    this.random = random;
    int hot = (int) Math.max(1, Math.round(model.hotPerJob() * jobs));
    zipfCumulative = new double[hot];
    double sum = 0;
    for (int rank = 1; rank <= hot; rank++) {
      sum += Math.pow(rank, -model.zipfExponent());
      zipfCumulative[rank - 1] = sum;
    }
    for (int i = 0; i < hot; i++) {
      zipfCumulative[i] /= sum;
    }
  }

  String pathFor(TraceJob job) {
    if (job.inputPath() != null) {
      return "/in/" + job.inputPath();
    }
    if (random.nextDouble() < model.freshShare()) {
      return "/in/fresh/" + job.id();
    }
    int index = Arrays.binarySearch(zipfCumulative, random.nextDouble());
    int rank = index >= 0 ? index : Math.min(-index - 1, zipfCumulative.length - 1);
    return "/in/hot/" + (rank + 1);
  }
}
