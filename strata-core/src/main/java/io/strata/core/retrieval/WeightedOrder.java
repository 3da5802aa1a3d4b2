package io.strata.core.retrieval;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;
import java.util.random.RandomGenerator;

/**
 * Orders replicas by repeated weighted draws without replacement: the first replica is replica i with
 * probability w_i / sum(w), the second is drawn likewise from the rest, and so on, so the fallback order also
 * follows the weights.
 */
final class WeightedOrder {
  private WeightedOrder() {}

  static List<ReplicaChoice> draw(List<ReplicaChoice> replicas, ToDoubleFunction<ReplicaChoice> weight,
      RandomGenerator random) {
    List<ReplicaChoice> left = new ArrayList<>(replicas);
    List<ReplicaChoice> ordered = new ArrayList<>(replicas.size());
    double[] weights = new double[left.size()];
    for (int i = 0; i < weights.length; i++) {
      weights[i] = Math.max(weight.applyAsDouble(left.get(i)), 1e-12);
    }
    int n = weights.length;
    while (n > 0) {
      double total = 0;
      for (int i = 0; i < n; i++) {
        total += weights[i];
      }
      double draw = random.nextDouble() * total;
      int pick = n - 1;
      for (int i = 0; i < n; i++) {
        draw -= weights[i];
        if (draw < 0) {
          pick = i;
          break;
        }
      }
      ordered.add(left.get(pick));
      left.set(pick, left.get(n - 1));
      weights[pick] = weights[n - 1];
      left.remove(n - 1);
      n--;
    }
    return ordered;
  }
}
