package io.strata.hdfs.tier;

import io.strata.core.concurrent.Sleeps;
import io.strata.core.config.ByteSize;
import io.strata.core.config.ConfigException;
import io.strata.core.placement.PlacementPolicies;
import io.strata.core.placement.PlacementRules;
import io.strata.core.placement.TierChoices;
import io.strata.core.placement.TierLayout;
import io.strata.core.tier.TierMap;
import io.strata.hdfs.placement.StoredRules;
import io.strata.hdfs.tier.TierResult.Failure;
import java.io.Closeable;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * hatS's tier management API (Table II) for any HDFS client program: add a file's replica to a tier, remove a
 * file from a tier, move replicas between tiers, change a file's replication policy, and list the tiers.
 * Directories apply to every file below them.
 *
 * <p>Every call first checks its input, that the path exists and that the target tiers have room, and changes
 * nothing if not. Then it records the new layout durably as a placement rule in HDFS (which the NameNode plugin
 * applies whenever it re-replicates the file), and moves blocks with the DataNodes' own replace operation: copy
 * with checksums, confirm with the NameNode, then let the NameNode drop the replaced replica. A file never has
 * fewer replicas than it asks for because of a move; a call interrupted by a crash is finished by running it
 * again.
 *
 * <p>The calls need the HDFS superuser, like the Balancer and the Mover.
 */
public final class TierManager implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(TierManager.class);
  /** Strata's own files (rules, journal): never moved by tier calls. */
  public static final String RESERVED_DIR = "/.strata";

  /** Whether {@code path} (absolute, normalized) is Strata's own directory or below it. */
  public static boolean isReserved(String path) {
    return path.equals(RESERVED_DIR) || path.startsWith(RESERVED_DIR + "/");
  }
  private static final int MAX_REPLICATION = 512;
  /** How long a completed call is remembered, so that running it again does not apply it twice. */
  public static final String JOURNAL_KEEP_MS = "strata.tier.journal.keep.ms";

  private final DistributedFileSystem fs;
  private final boolean ownsFileSystem;
  private final Configuration conf;
  private final TierMap tierMap;
  private final TierSettings settings;
  private final BlockMover mover;
  private final TierJournal journal;
  private final long journalKeepMillis;

  /** A manager over its own connection to the file system {@code conf} names (which must be HDFS). */
  public static TierManager connect(Configuration conf, TierMap tierMap) throws IOException {
    FileSystem fs = FileSystem.newInstance(conf);
    if (!(fs instanceof DistributedFileSystem dfs)) {
      fs.close();
      throw new ConfigException(FileSystem.getDefaultUri(conf) + " is not HDFS: tiers exist only in HDFS");
    }
    return new TierManager(dfs, true, tierMap, TierSettings.from(conf));
  }

  /** A manager over an open HDFS client (which stays open when the manager closes). */
  public TierManager(DistributedFileSystem fs, TierMap tierMap, TierSettings settings) {
    this(fs, false, tierMap, settings);
  }

  private TierManager(DistributedFileSystem fs, boolean owns, TierMap tierMap, TierSettings settings) {
    this.fs = fs;
    this.ownsFileSystem = owns;
    this.conf = fs.getConf();
    this.tierMap = tierMap;
    this.settings = settings;
    this.mover = new BlockMover(fs, conf);
    this.journal = new TierJournal(fs, tierMap);
    this.journalKeepMillis = conf.getLong(JOURNAL_KEEP_MS, 3_600_000L);
  }

  public TierMap tierMap() {
    return tierMap;
  }

  /** Capacity, use, DataNodes and volumes of every tier, live from the NameNode, fastest tier first. */
  public List<TierUsage> tiers() throws IOException {
    return ClusterView.read(fs, tierMap).usage();
  }

  /** The layout the placement rule of {@code file} records ({@code layout:...}), or null when it records none. */
  public TierLayout recordedLayout(String file) throws IOException {
    String policy = FileLayouts.load(fs, conf, tierMap).policy(normalize(file));
    return TierLayout.isLayout(policy) ? TierLayout.parse(policy, tierMap) : null;
  }

  /**
   * Gives every file under {@code path} a replica of every block in {@code tier} (one more replica), unless it
   * has one there already.
   */
  public TierResult createFileTier(String path, String tier) throws IOException {
    return changeLayouts("createFileTier", path, List.of(tier), tier,
        (file, current) -> current.count(tier) > 0 ? current : current.plus(tier, tierMap));
  }

  /** Removes every file under {@code path} from {@code tier}: its replicas there are deleted. */
  public TierResult deleteFileTier(String path, String tier) throws IOException {
    int minimum = Math.max(1, conf.getInt("dfs.namenode.replication.min", 1));
    return changeLayouts("deleteFileTier", path, List.of(tier), tier,
        (file, current) -> {
          TierLayout next = current.without(tier);
          if (next.size() < minimum) {
            throw new Refusal(file + ": all " + current.size() + " replicas are in tier " + tier
                + "; removing them would leave no copy (move them to another tier instead)");
          }
          return next;
        });
  }

  /** Moves {@code replicas} replicas of every file under {@code path} from one tier to another. */
  public TierResult moveTier(String path, String fromTier, String toTier, int replicas) throws IOException {
    long started = System.nanoTime();
    if (fromTier.equals(toTier)) {
      return TierResult.refused("moveTier", path, Failure.BAD_INPUT, "source and target tier are both " + fromTier,
          started);
    }
    if (replicas < 1) {
      return TierResult.refused("moveTier", path, Failure.BAD_INPUT, "replicas to move must be >= 1, got " + replicas,
          started);
    }
    return changeLayouts("moveTier", path, List.of(fromTier, toTier),
        fromTier + " " + toTier + " " + replicas,
        (file, current) -> {
          if (current.count(fromTier) < replicas) {
            throw new Refusal(file + " has " + current.count(fromTier) + " replica(s) in tier " + fromTier
                + " (layout " + current + "), not " + replicas);
          }
          return current.move(fromTier, toTier, replicas, tierMap);
        });
  }

  /**
   * Places every file under {@code path} by placement {@code policy} with {@code replicas} replicas. Existing
   * replicas move to the policy's tiers where the policy sets tiers per file ({@code layout:...},
   * {@code tier-aware}, {@code hybrid}); under other policies they stay and new ones follow the policy. For a
   * {@code layout:} policy, {@code replicas} may be 0 (the layout's own count).
   */
  public TierResult setRepPolicy(String path, String policy, int replicas) throws IOException {
    long started = System.nanoTime();
    String op = "setRepPolicy";
    try {
      PlacementPolicies.parse(policy, tierMap);
    } catch (ConfigException e) {
      return TierResult.refused(op, path, Failure.BAD_INPUT, e.getMessage(), started);
    }
    int count = replicas;
    if (TierLayout.isLayout(policy)) {
      int size = TierLayout.parse(policy, tierMap).size();
      if (count != 0 && count != size) {
        return TierResult.refused(op, path, Failure.BAD_INPUT, "policy '" + policy + "' has " + size
            + " replicas, not " + count, started);
      }
      count = size;
    }
    if (count == 0) {
      return TierResult.refused(op, path, Failure.BAD_INPUT, "give the number of replicas for policy '" + policy
          + "' (only a layout: policy implies it)", started);
    }
    if (count < 1 || count > MAX_REPLICATION) {
      return TierResult.refused(op, path, Failure.BAD_INPUT,
          "replicas must be within [1, " + MAX_REPLICATION + "], got " + replicas, started);
    }
    Optional<TierResult> bad = checkPath(op, path, started);
    if (bad.isPresent()) {
      return bad.get();
    }
    String normalized = normalize(path);
    String command = op + " " + normalized + " " + policy.trim() + " " + count;
    int replication = count;
    return run(op, normalized, command, started, () -> {
      List<Reconciler.Target> targets = new ArrayList<>();
      Map<String, Long> need = new LinkedHashMap<>();
      FileLayouts layouts = FileLayouts.load(fs, conf, tierMap);
      forEachFile(normalized, file -> {
        String name = file.getPath().toUri().getPath();
        TierLayout layout = FileLayouts.forPolicy(policy.trim(), name, replication, tierMap);
        targets.add(new Reconciler.Target(name, (short) replication, layout));
        if (layout != null) {
          addNeed(need, layout, file.getBlockLocations(), layouts);
        }
      });
      boolean directory = fs.getFileStatus(new Path(normalized)).isDirectory();
      return new Planned(new TierJournal.Plan(command, List.of(new PlacementRules.Rule(normalized, policy.trim())),
          directory ? List.of(normalized) : List.of(), targets), need, List.of(), 0);
    });
  }

  /** A layout change of one file; throws {@link Refusal} when the call cannot apply to it. */
  private interface LayoutChange {
    TierLayout apply(String file, TierLayout current) throws Refusal;
  }

  /** The call cannot apply to a file. */
  private static final class Refusal extends Exception {
    private static final long serialVersionUID = 1L;

    Refusal(String message) {
      super(message);
    }
  }

  /** A computed plan, the room it needs per tier, and the files refused or skipped while computing it. */
  private record Planned(TierJournal.Plan plan, Map<String, Long> need, List<String> refusals, int skipped) {}

  private interface Planner {
    Planned plan() throws IOException;
  }

  private interface FileAction {
    void accept(LocatedFileStatus file) throws IOException;
  }

  /** {@code arguments}: the call's arguments after the path, which name the call in the journal. */
  private TierResult changeLayouts(String op, String path, List<String> tiers, String arguments, LayoutChange change)
      throws IOException {
    long started = System.nanoTime();
    for (String tier : tiers) {
      if (tierMap.find(tier).isEmpty()) {
        return TierResult.refused(op, path, Failure.BAD_INPUT, "unknown tier '" + tier + "' (known: "
            + String.join(", ", TierChoices.names(tierMap.tiers())) + ")", started);
      }
    }
    Optional<TierResult> bad = checkPath(op, path, started);
    if (bad.isPresent()) {
      return bad.get();
    }
    String normalized = normalize(path);
    String canonical = op + " " + normalized + " " + arguments;
    return run(op, normalized, canonical, started, () -> {
      FileLayouts layouts = FileLayouts.load(fs, conf, tierMap);
      List<Reconciler.Target> targets = new ArrayList<>();
      Map<String, Long> need = new LinkedHashMap<>();
      List<String> refusals = new ArrayList<>();
      int[] skipped = {0};
      forEachFile(normalized, file -> {
        String name = file.getPath().toUri().getPath();
        TierLayout current = layouts.current(name, file.getReplication(), file.getBlockLocations());
        if (current == null) {
          skipped[0]++; // no blocks and no recorded layout: nothing to place
          return;
        }
        try {
          TierLayout next = change.apply(name, current);
          targets.add(new Reconciler.Target(name, (short) next.size(), next));
          addNeed(need, next, file.getBlockLocations(), layouts);
        } catch (Refusal refusal) {
          refusals.add(refusal.getMessage());
        }
      });
      Set<String> distinct = new LinkedHashSet<>();
      targets.forEach(t -> distinct.add(t.layout().policyName()));
      boolean directory = fs.getFileStatus(new Path(normalized)).isDirectory();
      List<PlacementRules.Rule> rules = new ArrayList<>();
      List<String> clearBelow = new ArrayList<>();
      if (directory && distinct.size() == 1) {
        // One layout for the whole directory: one rule, which also places files written there later.
        rules.add(new PlacementRules.Rule(normalized, distinct.iterator().next()));
        clearBelow.add(normalized);
      } else {
        targets.forEach(t -> rules.add(new PlacementRules.Rule(t.file(), t.layout().policyName())));
      }
      return new Planned(new TierJournal.Plan(canonical, rules, clearBelow, targets), need, refusals, skipped[0]);
    });
  }

  /**
   * Plans (or resumes), checks room, records the rules, then moves blocks. A call found in the journal is
   * finished rather than planned again: from recording its rules if it stopped before that, else from its moves.
   */
  private TierResult run(String op, String path, String command, long started, Planner planner) throws IOException {
    ClusterView view = ClusterView.read(fs, tierMap);
    Optional<TierJournal.Entry> entry = journal.find(command);
    // Only moveTier ("move N more replicas") is not idempotent by itself, so only its completed entries are
    // remembered; the other calls are simply applied again, which also undoes a later call that changed the layout.
    boolean remembered = op.equals("moveTier");
    boolean fresh = entry.isEmpty() || entry.get().state() == TierJournal.State.DONE
        && (!remembered || System.currentTimeMillis() - entry.get().written() > journalKeepMillis);
    TierJournal.Plan plan;
    int skipped = 0;
    String resumed = "";
    if (fresh) {
      Planned planned = planner.plan();
      if (!planned.refusals().isEmpty()) {
        return TierResult.refused(op, path, Failure.NOT_APPLICABLE, planned.refusals().size() + " file(s) refused, "
            + "nothing was changed: " + String.join("; ", planned.refusals().subList(0, Math.min(5,
                planned.refusals().size()))),
            started);
      }
      Optional<String> noRoom = checkRoom(planned, view);
      if (noRoom.isPresent()) {
        return TierResult.refused(op, path, Failure.NO_ROOM, noRoom.get() + "; nothing was changed", started);
      }
      plan = planned.plan();
      skipped = planned.skipped();
      if (plan.targets().isEmpty()) {
        return new TierResult(op, path, true, null, "no file with data under " + path + " (" + skipped
            + " empty files skipped)", null, 0, 0, 0, 0, 0, 0, List.of(), elapsed(started));
      }
      journal.expire(journalKeepMillis);
      journal.write(plan, TierJournal.State.PLANNED);
    } else {
      plan = entry.get().plan();
      resumed = entry.get().state() == TierJournal.State.DONE
          ? " (the same call completed at " + Instant.ofEpochMilli(entry.get().written())
              + "; checked that its files still have their layouts)"
          : " (resumed the interrupted call from " + journal.entry(command) + ")";
      LOG.info("{}: {}", command, resumed.trim());
    }
    boolean rulesChanged = false;
    if (fresh || entry.get().state() == TierJournal.State.PLANNED) {
      rulesChanged = record(plan);
      journal.write(plan, TierJournal.State.RECORDED);
    }
    List<Reconciler.Target> targets = withRecordedLayouts(plan.targets());
    if (rulesChanged && addsReplicas(targets)) {
      // The NameNode adds the new replicas itself, by the file's rule: give it time to load the new rule.
      Sleeps.sleep(settings.ruleRefresh().toMillis(), e -> new InterruptedIOException("interrupted"));
    }
    Reconciler.Outcome outcome = new Reconciler(fs, view, mover, settings).run(targets);
    Set<String> layouts = new HashSet<>();
    targets.forEach(t -> layouts.add(t.layout() == null ? "" : t.layout().policyName()));
    String layout = layouts.size() == 1 && !layouts.contains("") ? layouts.iterator().next() : null;
    if (outcome.complete()) {
      journal.write(plan, TierJournal.State.DONE);
    }
    return result(op, path, command, outcome, layout, skipped > 0 ? " (" + skipped + " empty files skipped)" : "",
        resumed, started);
  }

  /** The call's result from its moves: done, or not finished and safe to run again. */
  private static TierResult result(String op, String path, String command, Reconciler.Outcome outcome, String layout,
      String skippedNote, String resumed, long started) {
    long millis = elapsed(started);
    if (outcome.complete()) {
      String message = String.format("%d file(s) under %s now %s; %d block move(s), %s copied%s%s",
          outcome.files.get(), path, layout != null ? "have layout " + layout : "follow their new layouts",
          outcome.moves.get(), ByteSize.format(outcome.bytesMoved.get()), skippedNote, resumed);
      LOG.info("{}: {}", command, message);
      return new TierResult(op, path, true, null, message, layout, outcome.files.get(), outcome.blocks.get(),
          outcome.blocksDone.get(), outcome.moves.get(), outcome.failedMoves.get(), outcome.bytesMoved.get(),
          List.of(), millis);
    }
    String message = String.format("%d of %d file(s) under %s not finished (%s); the new layout is recorded and every "
        + "block is readable: run the same call again to finish", outcome.unfinishedFiles.size(), outcome.files.get(),
        path, outcome.problems.isEmpty() ? "" : outcome.problems.get(0));
    LOG.warn("{}: {}", command, message);
    return new TierResult(op, path, false, Failure.INCOMPLETE, message, layout, outcome.files.get(),
        outcome.blocks.get(), outcome.blocksDone.get(), outcome.moves.get(), outcome.failedMoves.get(),
        outcome.bytesMoved.get(), new ArrayList<>(outcome.problems), millis);
  }

  /**
   * Moves one file's replicas to {@code layout} and lets the file's HDFS storage policy, instead of a placement
   * rule, keep them there, so a tool that changes millions of files (the auto-tiering daemon) does not grow the
   * rules file the NameNode loads. The NameNode then re-replicates the file by that storage policy, as stock HDFS
   * does. This holds only where an HDFS storage policy has exactly the layout's storage types, every tier of the
   * layout is the only tier of its storage type, and HDFS's own placement decides the file (its rule is
   * {@code default}, or a {@code layout:} rule for this very file above a {@code default} one: that rule, e.g.
   * the one the daemon recorded for the first step of a demotion, is removed before the moves).
   *
   * @return the result, or empty when a storage policy cannot stand for the layout (then record it as a rule
   *     with {@link #setRepPolicy}); nothing is changed then
   */
  public Optional<TierResult> placeByStoragePolicy(String file, TierLayout layout) throws IOException {
    long started = System.nanoTime();
    String op = "placeByStoragePolicy";
    Optional<TierResult> bad = checkPath(op, file, started);
    if (bad.isPresent()) {
      return bad;
    }
    String path = normalize(file);
    for (String tier : layout.counts().keySet()) {
      if (!StoragePolicyLayouts.namesOneTier(tierMap.get(tier).storageKind(), tierMap)) {
        return Optional.empty();
      }
    }
    if (Reconciler.storagePolicyFor(fs, layout, tierMap, null).isEmpty()) {
      return Optional.empty();
    }
    StoredRules stored = new StoredRules(fs, conf);
    List<PlacementRules.Rule> storedRules = stored.read();
    FileLayouts layouts = FileLayouts.of(conf, storedRules, tierMap);
    PlacementRules.Rule rule = layouts.rules().ruleFor(path);
    boolean ownRule = rule.path().equals(path) && TierLayout.isLayout(rule.policy()) && storedRules.contains(rule);
    String parent = path.substring(0, Math.max(1, path.lastIndexOf('/')));
    PlacementRules.Rule governing = ownRule ? layouts.rules().ruleFor(parent) : rule;
    if (!layouts.rules().policyOf(governing).leavesPlacementToHdfs()) {
      return Optional.empty();
    }
    RemoteIterator<LocatedFileStatus> listing = fs.listLocatedStatus(new Path(path));
    LocatedFileStatus status = listing.hasNext() ? listing.next() : null;
    if (status == null || !status.isFile()) {
      return Optional.of(TierResult.refused(op, path, Failure.BAD_INPUT, path + " is not a file", started));
    }
    ClusterView view = ClusterView.read(fs, tierMap);
    Map<String, Long> need = new LinkedHashMap<>();
    addNeed(need, layout, status.getBlockLocations(), layouts);
    Reconciler.Target target = new Reconciler.Target(path, (short) layout.size(), layout);
    Optional<String> noRoom = checkRoom(new Planned(new TierJournal.Plan(op + " " + path, List.of(), List.of(),
        List.of(target)), need, List.of(), 0), view);
    if (noRoom.isPresent()) {
      return Optional.of(TierResult.refused(op, path, Failure.NO_ROOM, noRoom.get() + "; nothing was changed",
          started));
    }
    if (ownRule) {
      stored.update(rules -> {
        rules.removeIf(r -> r.path().equals(path));
        return rules;
      });
      LOG.info("{}: rule {} removed; the HDFS storage policy holds the file from now on", path, rule.policy());
    }
    Reconciler.Outcome outcome = new Reconciler(fs, view, mover, settings).run(List.of(target));
    return Optional.of(result(op, path, op + " " + path + " " + layout.policyName(), outcome, layout.policyName(), "",
        "", started));
  }

  /**
   * The targets, except that a file whose rule now records another explicit layout (changed since the call was
   * planned, e.g. by the tier monitor) is held to that one: finishing an old call never undoes a newer one.
   */
  private List<Reconciler.Target> withRecordedLayouts(List<Reconciler.Target> targets) throws IOException {
    FileLayouts layouts = FileLayouts.load(fs, conf, tierMap);
    List<Reconciler.Target> current = new ArrayList<>();
    for (Reconciler.Target target : targets) {
      String policy = layouts.policy(target.file());
      if (TierLayout.isLayout(policy) && target.layout() != null
          && !policy.equals(target.layout().policyName())) {
        TierLayout recorded = TierLayout.parse(policy, tierMap);
        current.add(new Reconciler.Target(target.file(), (short) recorded.size(), recorded));
      } else {
        current.add(target);
      }
    }
    return current;
  }

  /** Writes the plan's rules (idempotent); true when the stored rules changed. */
  private boolean record(TierJournal.Plan plan) throws IOException {
    StoredRules stored = new StoredRules(fs, conf);
    List<PlacementRules.Rule> before = stored.read();
    List<PlacementRules.Rule> after = stored.update(rules -> {
      for (String dir : plan.clearBelow()) {
        rules.removeIf(r -> r.path().startsWith(dir.equals("/") ? "/" : dir + "/") && !r.path().equals(dir));
      }
      for (PlacementRules.Rule rule : plan.setRules()) {
        rules.removeIf(r -> r.path().equals(rule.path()));
        rules.add(rule);
      }
      PlacementRules.of(rules, tierMap);
      return rules;
    });
    return !after.equals(before);
  }

  private boolean addsReplicas(List<Reconciler.Target> targets) throws IOException {
    for (Reconciler.Target target : targets) {
      try {
        if (fs.getFileStatus(new Path(target.file())).getReplication() < target.replication()) {
          return true;
        }
      } catch (FileNotFoundException e) {
        // reported by the reconciler
      }
    }
    return false;
  }

  /** Bytes each tier must take for the new layouts: per block, replicas the layout adds there. */
  private static void addNeed(Map<String, Long> need, TierLayout next, BlockLocation[] blocks, FileLayouts layouts) {
    for (BlockLocation block : blocks) {
      List<String> have = layouts.tiersOf(block);
      for (Map.Entry<String, Integer> wanted : next.counts().entrySet()) {
        long held = have.stream().filter(wanted.getKey()::equals).count();
        long more = Math.max(0, wanted.getValue() - held);
        if (more > 0) {
          need.merge(wanted.getKey(), more * block.getLength(), Long::sum);
        }
      }
    }
  }

  /**
   * Refuses a plan a tier cannot hold: not enough free space for the bytes it must take, or fewer live
   * DataNodes than replicas the layout wants there (a DataNode holds one replica of a block).
   */
  private Optional<String> checkRoom(Planned planned, ClusterView view) {
    for (Map.Entry<String, Long> entry : planned.need().entrySet()) {
      TierUsage usage = view.usage(entry.getKey());
      if (entry.getValue() > usage.remaining()) {
        return Optional.of("tier " + entry.getKey() + " has " + ByteSize.format(usage.remaining()) + " free on "
            + usage.volumes() + " volume(s) of " + usage.dataNodes() + " live DataNode(s), but the new layout needs "
            + ByteSize.format(entry.getValue()) + " more there");
      }
    }
    Set<String> checked = new HashSet<>();
    for (Reconciler.Target target : planned.plan().targets()) {
      TierLayout layout = target.layout();
      if (layout == null || !checked.add(layout.policyName())) {
        continue;
      }
      List<String> tiers = new ArrayList<>(layout.counts().keySet());
      // Every group of the layout's tiers needs as many distinct DataNodes as it has replicas (Hall's condition).
      for (int subset = 1; subset < (1 << tiers.size()); subset++) {
        int replicas = 0;
        Set<String> nodes = new HashSet<>();
        List<String> names = new ArrayList<>();
        for (int i = 0; i < tiers.size(); i++) {
          if ((subset & (1 << i)) != 0) {
            replicas += layout.count(tiers.get(i));
            nodes.addAll(view.nodesIn(tiers.get(i)));
            names.add(tiers.get(i));
          }
        }
        if (replicas > nodes.size()) {
          return Optional.of("layout " + layout + " puts " + replicas + " replicas of each block on tier(s) "
              + String.join(", ", names) + ", which have " + nodes.size() + " live DataNode(s); a DataNode holds "
              + "one replica of a block");
        }
      }
    }
    return Optional.empty();
  }

  private Optional<TierResult> checkPath(String op, String path, long started) throws IOException {
    if (path == null || !path.startsWith("/")) {
      return Optional.of(TierResult.refused(op, String.valueOf(path), Failure.BAD_INPUT,
          "path must be absolute (start with /): " + path, started));
    }
    String normalized = normalize(path);
    if (isReserved(normalized)) {
      return Optional.of(TierResult.refused(op, path, Failure.BAD_INPUT, normalized + " is Strata's own directory",
          started));
    }
    if (!fs.exists(new Path(normalized))) {
      return Optional.of(TierResult.refused(op, path, Failure.NOT_FOUND, "no such file or directory: " + normalized,
          started));
    }
    return Optional.empty();
  }

  /**
   * Every file under {@code path} (or the file itself), except Strata's own and erasure-coded files (their block
   * groups have no replicas to put on tiers).
   */
  private void forEachFile(String path, FileAction action) throws IOException {
    RemoteIterator<LocatedFileStatus> files = fs.listFiles(new Path(path), true);
    int erasureCoded = 0;
    while (files.hasNext()) {
      LocatedFileStatus file = files.next();
      String name = file.getPath().toUri().getPath();
      if (file.isErasureCoded()) {
        erasureCoded++;
      } else if (!isReserved(name)) {
        action.accept(file);
      }
    }
    if (erasureCoded > 0) {
      LOG.warn("{}: {} erasure-coded file(s) left alone: tier calls place replicas", path, erasureCoded);
    }
  }

  static String normalize(String path) {
    String p = new Path(path).toUri().getPath();
    return p.isEmpty() ? "/" : p;
  }

  private static long elapsed(long started) {
    return (System.nanoTime() - started) / 1_000_000;
  }

  /** Internal access for the tier monitor, which repairs and demotes with the same machinery. */
  DistributedFileSystem fileSystem() {
    return fs;
  }

  Reconciler.Outcome reconcile(ClusterView view, List<Reconciler.Target> targets) throws IOException {
    return new Reconciler(fs, view, mover, settings).run(targets);
  }

  TierSettings settings() {
    return settings;
  }

  @Override
  public void close() throws IOException {
    mover.close();
    if (ownsFileSystem) {
      fs.close();
    }
  }
}
