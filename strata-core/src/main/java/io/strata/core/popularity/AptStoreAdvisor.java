package io.strata.core.popularity;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;

/**
 * AptStore's decision engine (AptStore paper, III-D) over the Popularity Prediction Algorithm: popular files stay on
 * the primary tier with more replicas (in proportion to predicted popularity over AVG(P)), unpopular ones go to
 * the secondary tier with fewer (one only where that tier is internally redundant), the rest keep the default.
 * Scheduled jobs' inputs are promoted ahead of them; SLA pins override; the data-loss bound can refuse a plan.
 */
public final class AptStoreAdvisor implements ReplicationAdvisor {
  private final PopularityPredictor predictor;
  private final DecisionRules rules;
  private final PpaSettings settings;
  private final PendingRenames renames = new PendingRenames(PendingRenames.DEFAULT_CAPACITY);
  private long forgotten;
  private long followed;

  public AptStoreAdvisor(PpaSettings settings, DecisionRules rules, int expectedFiles) {
    this.predictor = new PopularityPredictor(settings, expectedFiles);
    this.rules = rules;
    this.settings = settings;
  }

  @Override
  public String name() {
    return "aptstore";
  }

  /** Files whose state plans have dropped because they were no longer among the files planned for. */
  public long forgottenFiles() {
    return forgotten;
  }

  /**
   * Files whose state was found through renames the log named a directory in ({@link PendingRenames}): at a plan,
   * or as soon as later lines showed where the file went.
   */
  public long filesFollowedThroughRenames() {
    return followed + renames.movedInside();
  }

  /** Renames dropped unresolved because more than {@link PendingRenames#DEFAULT_CAPACITY} came between plans. */
  public long renamesDropped() {
    return renames.dropped();
  }

  public PopularityPredictor predictor() {
    return predictor;
  }

  @Override
  public void observe(AuditEvent event, int blocks) {
    if (!event.allowed()) {
      return;
    }
    switch (event.command()) {
      case OPEN -> {
        long hash = PathHash.of(event.src());
        renames.settle(event.src(), hash, predictor);
        predictor.accessed(hash, blocks, event.timeMillis());
      }
      case CREATE -> predictor.created(PathHash.of(event.src()), blocks, event.timeMillis());
      case DELETE -> {
        long hash = PathHash.of(event.src());
        renames.settle(event.src(), hash, predictor);
        predictor.deleted(hash);
      }
      case RENAME -> {
        if (event.dst() != null) {
          renames.renamed(event.src(), event.dst(), event.renameMayMoveInto(), predictor);
        }
      }
      default -> {
      }
    }
  }

  @Override
  public Plan plan(List<FileFacts> listed, long nowMillis) {
    List<FileFacts> files = listed instanceof RandomAccess ? listed : new ArrayList<>(listed);
    long[] hashes = files.stream().mapToLong(FileFacts::pathHash).toArray(); // once each: a plan lists every file
    long[] live = hashes.clone();
    Arrays.sort(live);
    followed += renames.resolve(files, hashes, live, predictor);
    forgotten += predictor.forgetAllBut(live);
    for (int i = 0; i < hashes.length; i++) {
      if (!predictor.tracks(hashes[i])) {
        predictor.created(hashes[i], files.get(i).blocks(), nowMillis); // files the log never mentioned: AVG(P)
      }
    }
    // Algorithm 1's prediction extrapolates the reference time that just ended, so it is taken as the predictor
    // ends it (afterwards each file's start-of-RT popularity is its current one). The tracked files are now the
    // listed ones, whose sorted hashes index the predictions.
    float[] predictions = new float[live.length];
    predictor.endReferenceTime(hash -> {
      int k = Arrays.binarySearch(live, hash);
      if (k >= 0) {
        predictions[k] = (float) predictor.predicted(hash);
      }
    });
    double average = predictor.average();
    List<Advice> advice = new ArrayList<>();
    Map<String, FileFacts> byPath = new HashMap<>();
    for (int i = 0; i < hashes.length; i++) {
      FileFacts f = files.get(i);
      byPath.put(f.path(), f);
      double predicted = predictions[Arrays.binarySearch(live, hashes[i])];
      advice.add(rules.pinned(decide(f, hashes[i], predicted, average, nowMillis)));
    }
    return PlanChecks.finish(advice, byPath, rules);
  }

  private Advice decide(FileFacts f, long hash, double predicted, double average, long nowMillis) {
    double relative = predicted / average;
    var run = rules.scheduledRun(f.path(), nowMillis, nowMillis + settings.referenceTimeSeconds() * 1000);
    if (run.isPresent()) {
      int replication = Math.max(rules.defaultReplication(), replicasFor(Math.max(relative, rules.hotFactor())));
      return new Advice(f.path(), replication, false, "a scheduled job reads it in the next reference time ("
          + run.get().getKey() + ", next run " + run.get().getValue() + ")", predicted, relative);
    }
    if (relative >= rules.hotFactor()) {
      return new Advice(f.path(), replicasFor(relative), false,
          String.format("popular: predicted %.2f = %.2fx AVG(P)", predicted, relative), predicted, relative);
    }
    if (relative <= rules.coldFactor()) {
      long idle = predictor.idleSeconds(hash, nowMillis);
      if (idle < rules.demoteAfterIdleSeconds()) {
        return new Advice(f.path(), rules.defaultReplication(), false, String.format(
            "unpopular (predicted %.2f = %.2fx AVG(P)) but read or written %d s ago, under demoteAfterIdle %d s",
            predicted, relative, idle, rules.demoteAfterIdleSeconds()), predicted, relative);
      }
      int replication = rules.secondaryRedundant() ? 1 : rules.minReplication();
      return new Advice(f.path(), replication, true,
          String.format("unpopular: predicted %.2f = %.2fx AVG(P)", predicted, relative), predicted, relative);
    }
    return new Advice(f.path(), rules.defaultReplication(), false,
        String.format("average: predicted %.2f = %.2fx AVG(P)", predicted, relative), predicted, relative);
  }

  /** Replicas in proportion to popularity over the average, within the rules' bounds. */
  private int replicasFor(double relative) {
    long replicas = Math.round(rules.defaultReplication() * relative);
    return (int) Math.max(rules.defaultReplication(), Math.min(rules.maxReplication(), replicas));
  }
}
