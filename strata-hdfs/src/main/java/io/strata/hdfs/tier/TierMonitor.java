package io.strata.hdfs.tier;

import io.strata.core.config.ByteSize;
import io.strata.core.placement.PlacementRules;
import io.strata.core.placement.TierChoices;
import io.strata.core.placement.TierLayout;
import io.strata.core.tier.Tier;
import io.strata.hdfs.placement.StoredRules;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The tier monitor (hatS III-B, III-D, IV-b): a daemon that periodically
 * <ul>
 *   <li>checks that every file under a whole-file policy ({@code layout:...}, {@code tier-aware},
 *       {@code hybrid}) has each block on its tiers (its recorded layout, or for hybrid the tiers most of its
 *       blocks have), and repairs files found off it in two consecutive cycles (the grace lets the NameNode
 *       finish its own re-replication first) with the tier API's move machinery;</li>
 *   <li>demotes, when a tier is fuller than the high-water mark, the least recently accessed files of such
 *       policies to the next slower tier with room, until the tier is under the low-water mark, and records
 *       each demoted file's new layout so the NameNode keeps it there.</li>
 * </ul>
 * Files under {@code default} (HDFS's own placement) are checked and repaired too when an HDFS storage policy set
 * on them (or a directory above) puts every replica on one storage type that is one tier, as the auto-tiering
 * daemon's COLD for the filer does (HDFS's Mover would do the same); they are not drained, since the daemon decides
 * their tier. Other files under {@code default}, {@code network}, {@code ratio} and {@code primary-backup} are left
 * alone: those policies do not keep a file on fixed tiers. Every action is logged with its reason and
 * counted in {@link MonitorMetrics}.
 */
public final class TierMonitor {
  private static final Logger LOG = LoggerFactory.getLogger(TierMonitor.class);

  /**
   * @param interval  time between the start of two cycles
   * @param highWater fraction of a tier's capacity above which it is drained
   * @param lowWater  fraction it is drained down to
   * @param roots     directories checked (default {@code /})
   */
  public record Settings(Duration interval, double highWater, double lowWater, List<String> roots) {
    public Settings {
      if (!(lowWater > 0 && lowWater < highWater && highWater <= 1)) {
        throw new IllegalArgumentException("water marks must satisfy 0 < low < high <= 1, got low " + lowWater
            + ", high " + highWater);
      }
      roots = List.copyOf(roots);
    }

    public static Settings defaults() {
      return new Settings(Duration.ofMinutes(1), 0.85, 0.70, List.of("/"));
    }
  }

  /** One thing the monitor did or found. */
  public record Action(String kind, String file, String detail, String reason, boolean done) {}

  /** What one cycle saw and did. */
  public record CycleReport(int filesChecked, int violations, List<Action> actions, List<TierUsage> tiers) {}

  /** A file of a whole-file policy as the scan saw it. */
  private record Scanned(String path, long accessTime, long modificationTime, short replication, TierLayout layout,
      boolean recorded, boolean byStoragePolicy, Map<String, Long> bytesPerTier) {}

  private final TierManager manager;
  private final Settings settings;
  private final MonitorMetrics metrics = new MonitorMetrics();
  /** Files found off their layout in the previous cycle: repaired if still off in this one. */
  private Set<String> suspects = new HashSet<>();
  private volatile boolean stopped;
  private boolean accessTimesWarned;

  public TierMonitor(TierManager manager, Settings settings) {
    this.manager = manager;
    this.settings = settings;
  }

  public MonitorMetrics metrics() {
    return metrics;
  }

  /** Publishes the metrics in this process's Hadoop metrics system (JMX). */
  public TierMonitor publishMetrics() {
    metrics.register();
    return this;
  }

  /** Runs cycles until {@link #stop()}; a failed cycle is logged and the next one runs on time. */
  public void run() {
    while (!stopped) {
      long started = System.nanoTime();
      try {
        runCycle();
      } catch (IOException | RuntimeException e) {
        LOG.error("tier monitor cycle failed: {}", e.toString());
      }
      long sleep = settings.interval().toMillis() - (System.nanoTime() - started) / 1_000_000;
      try {
        if (!stopped && sleep > 0) {
          Thread.sleep(sleep);
        }
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  public void stop() {
    stopped = true;
  }

  /** One check-repair-drain pass. */
  public CycleReport runCycle() throws IOException {
    long started = System.nanoTime();
    DistributedFileSystem fs = manager.fileSystem();
    ClusterView view = ClusterView.read(fs, manager.tierMap());
    FileLayouts layouts = FileLayouts.load(fs, fs.getConf(), manager.tierMap());
    StoragePolicyLayouts policyLayouts = StoragePolicyLayouts.load(fs, manager.tierMap());
    List<Action> actions = new ArrayList<>();
    List<Scanned> scanned = new ArrayList<>();
    Map<String, String> offLayout = new LinkedHashMap<>();
    int checked = 0;
    for (String root : settings.roots()) {
      RemoteIterator<LocatedFileStatus> files = fs.listFiles(new Path(root), true);
      while (files.hasNext()) {
        LocatedFileStatus file = files.next();
        String path = file.getPath().toUri().getPath();
        if (TierManager.isReserved(path) || file.getBlockLocations().length == 0
            || file.isErasureCoded()) {
          continue;
        }
        // Under HDFS's own placement, a storage policy that names one tier holds the file there instead of a rule.
        boolean wholeFile = layouts.wholeFile(path);
        TierLayout byPolicy = !wholeFile && layouts.placement(path).leavesPlacementToHdfs()
            ? policyLayouts.layoutOf(file) : null;
        if (!wholeFile && byPolicy == null) {
          continue;
        }
        checked++;
        Scanned scan = scan(path, file, layouts, byPolicy);
        if (scan.layout() == null) {
          continue;
        }
        scanned.add(scan);
        String problem = problem(scan, file.getBlockLocations(), layouts);
        if (problem != null) {
          offLayout.put(path, problem);
        }
      }
    }
    metrics.filesChecked.incr(checked);
    for (String file : offLayout.keySet()) {
      if (!suspects.contains(file)) {
        metrics.violationsFound.incr();
      }
    }

    List<Reconciler.Target> repairs = new ArrayList<>();
    for (Scanned scan : scanned) {
      String problem = offLayout.get(scan.path());
      if (problem == null) {
        continue;
      }
      if (suspects.contains(scan.path())) {
        short replication = scan.recorded() ? (short) scan.layout().size() : scan.replication();
        repairs.add(new Reconciler.Target(scan.path(), replication, scan.layout()));
        LOG.info("repair {}: {} (layout {}, off it for two cycles)", scan.path(), problem, scan.layout());
      } else {
        LOG.info("check {}: {} (layout {}); repaired next cycle if still off", scan.path(), problem, scan.layout());
        actions.add(new Action("suspect", scan.path(), problem, "off layout " + scan.layout(), false));
      }
    }
    suspects = new HashSet<>(offLayout.keySet());
    int open = offLayout.size();
    if (!repairs.isEmpty()) {
      Reconciler.Outcome outcome = manager.reconcile(view, repairs);
      count(outcome);
      for (Reconciler.Target target : repairs) {
        boolean done = !outcome.unfinishedFiles.contains(target.file());
        (done ? metrics.filesRepaired : metrics.repairsFailed).incr();
        if (done) {
          suspects.remove(target.file());
          open--;
        }
        actions.add(new Action("repair", target.file(), offLayout.get(target.file()), "off layout " + target.layout(),
            done));
        LOG.info("repair {}: {}", target.file(), done ? "done" : "unfinished, retried next cycle");
      }
    }
    actions.addAll(drain(view, scanned));
    metrics.openViolations.set(open);
    metrics.cycles.incr();
    metrics.lastCycleMillis.set((System.nanoTime() - started) / 1_000_000);
    LOG.info("tier monitor cycle: {} files checked, {} off their layout, {} actions", checked, offLayout.size(),
        actions.size());
    return new CycleReport(checked, offLayout.size(), actions, view.usage());
  }

  private Scanned scan(String path, LocatedFileStatus file, FileLayouts layouts, TierLayout byPolicy) {
    TierLayout recorded = byPolicy != null ? byPolicy : layouts.recorded(path, file.getReplication());
    TierLayout layout = recorded != null ? recorded : layouts.derived(file.getBlockLocations(), file.getReplication());
    Map<String, Long> bytes = new HashMap<>();
    for (BlockLocation block : file.getBlockLocations()) {
      for (String tier : layouts.tiersOf(block)) {
        bytes.merge(tier, block.getLength(), Long::sum);
      }
    }
    return new Scanned(path, file.getAccessTime(), file.getModificationTime(), file.getReplication(), layout,
        recorded != null, byPolicy != null, bytes);
  }

  /** Why the file is off its layout, or null: a block with a replica on a tier the layout does not want there. */
  private static String problem(Scanned scan, BlockLocation[] blocks, FileLayouts layouts) {
    if (scan.recorded() && scan.replication() != scan.layout().size()) {
      return "replication " + scan.replication() + ", layout wants " + scan.layout().size();
    }
    List<String> wanted = scan.layout().tiersFor(scan.replication());
    int off = 0;
    String example = null;
    for (int i = 0; i < blocks.length; i++) {
      List<String> have = layouts.tiersOf(blocks[i]);
      if (!TierLayout.minus(wanted, have).isEmpty() && !TierLayout.minus(have, wanted).isEmpty()) {
        off++;
        if (example == null) {
          example = "block " + i + " is on " + String.join("+", have);
        }
      }
    }
    return off == 0 ? null : off + " of " + blocks.length + " blocks off their tiers (" + example + ")";
  }

  /** Demotes least recently accessed files from tiers above the high-water mark. */
  private List<Action> drain(ClusterView view, List<Scanned> scanned) throws IOException {
    List<Action> actions = new ArrayList<>();
    Map<String, Long> used = new HashMap<>();
    Map<String, Long> capacity = new HashMap<>();
    for (TierUsage usage : view.usage()) {
      used.put(usage.tier(), usage.capacity() - usage.remaining());
      capacity.put(usage.tier(), usage.capacity());
    }
    List<Tier> primary = TierChoices.primary(manager.tierMap().tiers());
    List<Reconciler.Target> demotions = new ArrayList<>();
    Map<String, Long> demotedBytes = new HashMap<>();
    Set<String> demotedFiles = new HashSet<>();
    for (int t = 0; t < primary.size() - 1; t++) {
      String tier = primary.get(t).name();
      long cap = capacity.getOrDefault(tier, 0L);
      if (cap <= 0 || used.get(tier) <= settings.highWater() * cap) {
        continue;
      }
      String fullness = String.format(Locale.ROOT, "tier %s is %.0f%% full, above the high-water mark %.0f%%", tier,
          100.0 * used.get(tier) / cap, 100 * settings.highWater());
      long toFree = used.get(tier) - (long) (settings.lowWater() * cap);
      long freed = 0;
      List<Scanned> candidates = scanned.stream()
          .filter(s -> !s.byStoragePolicy() && s.layout().count(tier) > 0
              && s.bytesPerTier().getOrDefault(tier, 0L) > 0 && !demotedFiles.contains(s.path()))
          .sorted(Comparator.comparingLong((Scanned s) -> lastUse(s)).thenComparing(Scanned::path))
          .toList();
      for (Scanned file : candidates) {
        if (freed >= toFree) {
          break;
        }
        long bytes = file.bytesPerTier().get(tier);
        String slower = slowerTierWithRoom(primary, t, bytes, used, capacity, view, file.layout(), tier);
        if (slower == null) {
          LOG.warn("drain {}: no slower tier has room for {} of {}", tier, ByteSize.format(bytes), file.path());
          actions.add(new Action("demote", file.path(), "no slower tier with room", fullness, false));
          continue;
        }
        TierLayout next = file.layout().move(tier, slower, file.layout().count(tier), manager.tierMap());
        used.merge(tier, -bytes, Long::sum);
        used.merge(slower, bytes, Long::sum);
        freed += bytes;
        demotedFiles.add(file.path());
        demotedBytes.put(file.path(), bytes);
        demotions.add(new Reconciler.Target(file.path(), (short) next.size(), next));
        LOG.info("demote {} (last used {}): {} -> {}, {} of replicas, layout {} -> {}; {}", file.path(),
            Instant.ofEpochMilli(lastUse(file)), tier, slower, ByteSize.format(bytes), file.layout(), next, fullness);
      }
      if (freed < toFree) {
        LOG.warn("drain {}: planned {} of the {} needed to reach the low-water mark {}%", tier,
            ByteSize.format(freed), ByteSize.format(toFree), Math.round(100 * settings.lowWater()));
      }
    }
    if (demotions.isEmpty()) {
      return actions;
    }
    // Record first: the NameNode then keeps demoted files on their new tiers when it re-replicates.
    new StoredRules(manager.fileSystem(), manager.fileSystem().getConf()).update(rules -> {
      for (Reconciler.Target target : demotions) {
        rules.removeIf(r -> r.path().equals(target.file()));
        rules.add(new PlacementRules.Rule(target.file(), target.layout().policyName()));
      }
      return rules;
    });
    Reconciler.Outcome outcome = manager.reconcile(view, demotions);
    count(outcome);
    for (Reconciler.Target target : demotions) {
      boolean done = !outcome.unfinishedFiles.contains(target.file());
      if (done) {
        metrics.filesDemoted.incr();
        metrics.bytesDemoted.incr(demotedBytes.get(target.file()));
      }
      actions.add(new Action("demote", target.file(), "to layout " + target.layout(), "tier above high-water", done));
    }
    return actions;
  }

  /** The fastest tier slower than {@code primary[from]} that stays under the high-water mark with the file. */
  private String slowerTierWithRoom(List<Tier> primary, int from, long bytes, Map<String, Long> used,
      Map<String, Long> capacity, ClusterView view, TierLayout layout, String tier) {
    for (int s = from + 1; s < primary.size(); s++) {
      String slower = primary.get(s).name();
      long cap = capacity.getOrDefault(slower, 0L);
      boolean fits = cap > 0 && used.get(slower) + bytes <= settings.highWater() * cap;
      // A DataNode holds one replica of a block: the tier needs a node for every replica it would hold.
      int replicasThere = layout.count(slower) + layout.count(tier);
      if (fits && view.nodesIn(slower).size() >= replicasThere) {
        return slower;
      }
    }
    return null;
  }

  private long lastUse(Scanned file) {
    if (file.accessTime() > 0) {
      return file.accessTime();
    }
    if (!accessTimesWarned) {
      accessTimesWarned = true;
      LOG.warn("HDFS access times are off (dfs.namenode.accesstime.precision = 0): demoting by modification time");
    }
    return file.modificationTime();
  }

  private void count(Reconciler.Outcome outcome) {
    metrics.blockMoves.incr(outcome.moves.get());
    metrics.failedBlockMoves.incr(outcome.failedMoves.get());
  }
}
