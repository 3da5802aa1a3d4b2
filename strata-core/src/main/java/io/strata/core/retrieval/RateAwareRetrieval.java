package io.strata.core.retrieval;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * The read order to turn on and forget: each replica is weighed by the rate it would deliver to this reader now,
 * the slowest of its device's share ({@code tier rate / (1 + transfers the node serves)}) and its path's share of
 * the links (node-local: none; rack-local: the NIC's share per stream; remote: the NIC's or the rack uplink's,
 * whichever is less), so a busy node or a slow uplink stops attracting reads.
 *
 * <p>Four rules make it safe where {@code hybrid} and {@code adaptive} lost to HDFS's own order on real links:
 * <ul>
 * <li>Estimates within a factor of {@value #ALIKE} count as alike: load comes from heartbeats seconds old, so a
 * node's figure is off by the transfers started since. Only replicas within that factor of the best compete.</li>
 * <li>A reader only goes farther for clearly more: a rack-local replica competes only if it delivers more than
 * {@value #ALIKE} times every node-local one, a remote one only if more than {@value #ALIKE} times every nearer one.
 * HDFS's distance order is the result whenever rates are alike (all nodes alike, or every path slower than every
 * device), and no read leaves its node or crosses an uplink for a difference the stale load could explain. (With
 * a strict "more", on a cluster of HDD nodes a reader left its own disk for one whose heartbeat showed one transfer
 * fewer, and read 0.91x as fast as stock HDFS.)</li>
 * <li>The first replica is the better of two draws weighted by rate (the "power of two choices"): it favours the
 * best replica without sending every reader that sees the same stale figures to the same node, as a strict best
 * choice would.</li>
 * <li>Where the links cap several replicas at one rate, the less loaded device is the better one: "better" compares
 * the device's own share next, so a slow or busy node still sheds reads when the links hide its rate (with one
 * file per heartbeat and 1 Gbit/s NICs, the cap decides almost every read).</li>
 * </ul>
 * The replicas that did not win follow by rate, best first, as the fallback order.
 */
public final class RateAwareRetrieval implements RetrievalPolicy {
  /** Replicas whose estimated rate is at least the best's divided by this compete for the first place. */
  static final double ALIKE = 2.0;

  private static final Locality[] LOCALITIES = Locality.values();

  private final RetrievalSettings settings;

  public RateAwareRetrieval(RetrievalSettings settings) {
    this.settings = settings;
  }

  @Override
  public String name() {
    return "rate-aware";
  }

  /** Megabytes per second {@code replica}'s device gives each transfer now, its node's current transfers counted. */
  private double deviceShareMBps(ReplicaChoice replica) {
    return settings.weight(replica.tier()) / (1 + Math.max(0, replica.activeTransfers()));
  }

  /** Megabytes per second {@code replica} would deliver to this reader now, its node's current transfers counted. */
  double deliveredMBps(Locality locality, ReplicaChoice replica) {
    return delivered(locality, deviceShareMBps(replica));
  }

  private double delivered(Locality locality, double deviceShare) {
    return switch (locality) {
      case NODE_LOCAL -> deviceShare;
      case RACK_LOCAL -> Math.min(deviceShare, settings.rackLocalMBps());
      case REMOTE -> Math.min(deviceShare, settings.remoteMBps());
    };
  }

  // The NameNode runs this for every block of every open, so it works on primitive arrays: no boxing, no comparator
  // objects, no sort of a list (SortLocationsBenchmark measures it against HDFS's own sort).
  @Override
  public List<ReplicaChoice> order(String readerHost, String readerRack, List<ReplicaChoice> replicas,
      RandomGenerator random) {
    int n = replicas.size();
    if (n <= 1) {
      return new ArrayList<>(replicas);
    }
    int[] localities = new int[n];
    double[] rates = new double[n];
    double[] deviceShares = new double[n];
    // The best rate of each locality class: a replica must clearly beat every nearer class to compete.
    double[] bestByLocality = new double[LOCALITIES.length];
    for (int i = 0; i < n; i++) {
      ReplicaChoice replica = replicas.get(i);
      Locality locality = Locality.of(readerHost, readerRack, replica);
      localities[i] = locality.ordinal();
      deviceShares[i] = deviceShareMBps(replica);
      rates[i] = delivered(locality, deviceShares[i]);
      bestByLocality[localities[i]] = Math.max(bestByLocality[localities[i]], rates[i]);
    }
    // Eligible: in the nearest class, or delivering more than ALIKE times every nearer class's best. Contenders:
    // the eligible within ALIKE of the best eligible one (so there is always at least one).
    boolean[] eligible = new boolean[n];
    double best = 0;
    for (int i = 0; i < n; i++) {
      double nearer = 0;
      for (int l = 0; l < localities[i]; l++) {
        nearer = Math.max(nearer, bestByLocality[l]);
      }
      eligible[i] = nearer == 0 || rates[i] > nearer * ALIKE;
      if (eligible[i]) {
        best = Math.max(best, rates[i]);
      }
    }
    double floor = best / ALIKE;
    int[] contenders = new int[n];
    int count = 0;
    double contenderTotal = 0;
    for (int i = 0; i < n; i++) {
      if (eligible[i] && rates[i] >= floor) {
        contenders[count++] = i;
        contenderTotal += rates[i];
      }
    }
    int first = contenders[0];
    if (count > 1) {
      int a = draw(contenders, count, contenderTotal, rates, random);
      int b = draw(contenders, count, contenderTotal, rates, random);
      first = better(b, a, rates, deviceShares) ? b : a;
    }
    // The rest by rate, best first; equal rates in random order (shuffled, then a stable sort), so failovers spread.
    int[] rest = new int[n - 1];
    int k = 0;
    for (int i = 0; i < n; i++) {
      if (i != first) {
        rest[k++] = i;
      }
    }
    for (int i = rest.length - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int t = rest[i];
      rest[i] = rest[j];
      rest[j] = t;
    }
    for (int i = 1; i < rest.length; i++) {
      int moving = rest[i];
      int j = i - 1;
      while (j >= 0 && better(moving, rest[j], rates, deviceShares)) {
        rest[j + 1] = rest[j];
        j--;
      }
      rest[j + 1] = moving;
    }
    List<ReplicaChoice> ordered = new ArrayList<>(n);
    ordered.add(replicas.get(first));
    for (int i : rest) {
      ordered.add(replicas.get(i));
    }
    return ordered;
  }

  /** Whether replica {@code a} is better than {@code b}: the higher rate; at one rate, the larger device share. */
  private static boolean better(int a, int b, double[] rates, double[] deviceShares) {
    if (rates[a] != rates[b]) {
      return rates[a] > rates[b];
    }
    return deviceShares[a] > deviceShares[b];
  }

  /** One contender, drawn with probability proportional to its rate. */
  private static int draw(int[] contenders, int count, double total, double[] rates, RandomGenerator random) {
    double x = random.nextDouble() * total;
    for (int k = 0; k < count; k++) {
      x -= rates[contenders[k]];
      if (x < 0) {
        return contenders[k];
      }
    }
    return contenders[count - 1];
  }
}
