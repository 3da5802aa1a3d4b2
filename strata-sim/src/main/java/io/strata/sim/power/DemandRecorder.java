package io.strata.sim.power;

import io.strata.core.energy.FutureDemand;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Records when each node's backup volumes saw I/O in one run, and answers as {@link FutureDemand} once that run is
 * over: the oracle's knowledge of the future, taken from a run of the same workload.
 */
public final class DemandRecorder {
  private final Map<String, double[]> times = new HashMap<>();
  private final Map<String, Integer> sizes = new HashMap<>();
  private final CompletableFuture<FutureDemand> recorded = new CompletableFuture<>();

  /** Backup I/O started on {@code host} at {@code time}; times arrive in order. */
  synchronized void io(String host, double time) {
    int size = sizes.getOrDefault(host, 0);
    double[] list = times.computeIfAbsent(host, h -> new double[64]);
    if (size == list.length) {
      list = Arrays.copyOf(list, size * 2);
      times.put(host, list);
    }
    list[size] = time;
    sizes.put(host, size + 1);
  }

  /** The recording run ended: the demand it saw becomes the future for runs waiting on {@link #future}. */
  synchronized void finish() {
    Map<String, double[]> done = new HashMap<>();
    times.forEach((host, list) -> done.put(host, Arrays.copyOf(list, sizes.get(host))));
    recorded.complete((host, now) -> {
      double[] list = done.get(host);
      if (list == null) {
        return Double.POSITIVE_INFINITY;
      }
      int at = Arrays.binarySearch(list, now);
      if (at < 0) {
        at = -at - 1;
      }
      while (at > 0 && list[at - 1] == now) {
        at--;
      }
      return at < list.length ? list[at] : Double.POSITIVE_INFINITY;
    });
  }

  /** The recording run failed: runs waiting for its demand fail too, rather than wait forever. */
  public void fail(Throwable cause) {
    recorded.completeExceptionally(cause);
  }

  /** The recorded demand, waiting for the recording run to end. */
  public FutureDemand future() {
    return recorded.join();
  }
}
