package io.strata.workloads.dataset;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/** Shared plumbing of the workload generators. */
final class Workloads {
  private Workloads() {}

  /** Waits for a task, turning its failure back into the IOException it threw. */
  static long await(Future<Long> future) throws IOException {
    try {
      return future.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted");
    } catch (ExecutionException e) {
      if (e.getCause() instanceof IOException io) {
        throw io;
      }
      throw new IOException(e.getCause());
    }
  }
}
