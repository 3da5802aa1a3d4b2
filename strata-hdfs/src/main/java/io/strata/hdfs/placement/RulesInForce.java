package io.strata.hdfs.placement;

import io.strata.core.config.ConfigException;
import io.strata.core.config.ConfigNode;
import io.strata.core.placement.PlacementRules;
import io.strata.core.tier.TierMap;
import io.strata.hdfs.StrataKeys;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.lang.ref.WeakReference;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The placement rules the NameNode applies: configured rules, overridden path by path by the rules file in
 * HDFS that {@code strata policy set} writes. A daemon thread polls that file, so rule changes take effect
 * without restarting the NameNode and survive its restarts. A bad rules file is logged and counted and the
 * rules in force stay, so a typo can never fail a write. The thread ends with the placement policy that started
 * it: a JVM that stops a NameNode and starts another (tests, the embedded cluster) keeps no poller of the old one.
 *
 * <p>With HDFS's permissions on, the file is applied only while {@link PlacementAdmins} trusts it (an admin owns it
 * and no one else can write it or a directory above it); otherwise the rules in force stay, and the refusal is
 * logged and counted once per reason.
 */
final class RulesInForce {
  private static final Logger LOG = LoggerFactory.getLogger(RulesInForce.class);

  private final Configuration conf;
  private final PlacementSettings settings;
  private final Path hdfsFile;
  private final long refreshMillis;
  private final AtomicBoolean started = new AtomicBoolean();
  private volatile PlacementRules rules;
  private long loadedModificationTime = -1;
  /** The version of the file last refused: the poller does not read, log and count it again. */
  private long refusedModificationTime = -1;
  private FileSystem fs;
  /** False until the rules file has been read (or found absent) once: until then placements retry it. */
  private volatile boolean settled;
  private volatile long lastAttemptMillis;
  private volatile Thread poller;
  /**
   * How long the rules file may stay unreadable before that is logged as an error: a NameNode that is stopping
   * or restarting (its RPC server closed, the file's block not reported yet) is not one.
   */
  static final long UNREADABLE_GRACE_MILLIS = 30_000;

  private final long unreadableGraceMillis;
  /** When the reads of the rules file began to fail, or -1 while they succeed. */
  private long unreadableSinceMillis = -1;
  /** True once an unreadable rules file has been reported: said once, not every poll. */
  private boolean unreadable;
  /** Who may write the rules file; null when HDFS checks no permissions, as then anyone can. */
  private PlacementAdmins admins;
  private final boolean permissionsEnabled;
  /** Why the rules file is not trusted, while it is not. */
  private volatile String distrust;

  RulesInForce(Configuration conf, PlacementSettings settings) {
    this(conf, settings, UNREADABLE_GRACE_MILLIS);
  }

  RulesInForce(Configuration conf, PlacementSettings settings, long unreadableGraceMillis) {
    this.unreadableGraceMillis = unreadableGraceMillis;
    this.conf = conf;
    this.settings = settings;
    this.hdfsFile = new Path(conf.getTrimmed(StrataKeys.RULES_HDFS_FILE, StrataKeys.RULES_HDFS_FILE_DEFAULT));
    this.refreshMillis = conf.getLong(StrataKeys.RULES_REFRESH_MS, StrataKeys.RULES_REFRESH_MS_DEFAULT);
    this.permissionsEnabled = conf.getBoolean(DFSConfigKeys.DFS_PERMISSIONS_ENABLED_KEY,
        DFSConfigKeys.DFS_PERMISSIONS_ENABLED_DEFAULT);
    this.rules = PlacementRules.of(settings.configuredRules(), settings.tierMap());
    PlacementMetrics.get().rulesInForce.set(rules.rules().size());
  }

  PlacementRules current() {
    return rules;
  }

  TierMap tierMap() {
    return settings.tierMap();
  }

  /**
   * Until the stored rules have been read once, placements read them first, at most every 250 ms: right after a
   * NameNode restart the file may not be readable yet (its block not yet reported), and a block placed then
   * should still follow the stored rules as soon as they can be read.
   */
  void settle() {
    long now = System.currentTimeMillis();
    if (!settled && now - lastAttemptMillis >= 250) {
      lastAttemptMillis = now;
      refresh();
    }
  }

  /**
   * Starts polling the HDFS rules file while {@code owner} (the placement policy) is in use; only the NameNode
   * calls this (tools that load the plugin do not). Returns true on the call that started it.
   */
  boolean startPolling(Object owner) {
    // A plain read first: this runs for every block, and a failing compare-and-set still takes the cache line.
    if (started.get() || !started.compareAndSet(false, true)) {
      return false;
    }
    if (refreshMillis <= 0) {
      return true;
    }
    // Hadoop gives a placement policy no stop hook, so the thread watches its owner: once the NameNode that
    // held the policy is gone and the policy collected, the thread closes its client and ends.
    WeakReference<Object> ownerRef = new WeakReference<>(owner);
    Thread thread = new Thread(() -> {
      while (ownerRef.get() != null) {
        try {
          Thread.sleep(refreshMillis);
        } catch (InterruptedException e) {
          break;
        }
        if (ownerRef.get() != null) {
          refresh();
        }
      }
      closeClient();
    }, "strata-placement-rules");
    thread.setDaemon(true);
    poller = thread;
    thread.start();
    return true;
  }

  /** The polling thread, or null before {@link #startPolling} (tests). */
  Thread poller() {
    return poller;
  }

  private synchronized void closeClient() {
    if (fs != null) {
      try {
        fs.close();
      } catch (IOException e) {
        LOG.debug("closing the rules client: {}", e.getMessage());
      }
      fs = null;
    }
  }

  /** Reloads the HDFS rules file if it changed; returns true when new rules took effect. */
  synchronized boolean refresh() {
    try {
      FileSystem client = client();
      if (client == null) {
        return false;
      }
      FileStatus status;
      try {
        status = client.getFileStatus(hdfsFile);
      } catch (FileNotFoundException e) {
        readableAgain();
        settled = true;
        if (loadedModificationTime != -1 && trusted(client)) {
          install(List.of(), -1, "rules file " + hdfsFile + " was removed");
          return true;
        }
        return false;
      }
      if (!trusted(client)) {
        readableAgain();
        settled = true;
        return false;
      }
      if (status.getModificationTime() == loadedModificationTime
          || status.getModificationTime() == refusedModificationTime) {
        readableAgain();
        settled = true;
        return false;
      }
      String text;
      try (InputStream in = client.open(hdfsFile)) {
        text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
      readableAgain();
      try {
        List<PlacementRules.Rule> stored = PlacementRules.parseDocument(ConfigNode.parse(hdfsFile.toString(), text));
        install(stored, status.getModificationTime(), "loaded " + stored.size() + " rules from " + hdfsFile);
      } catch (ConfigException e) {
        // A bad file stays bad until someone rewrites it, which gives it a new modification time.
        refusedModificationTime = status.getModificationTime();
        settled = true;
        if (PlacementMetrics.get().refused(hdfsFile.toString(), refusedModificationTime)) {
          LOG.error("Strata placement rules in {} refused, keeping the {} rules in force: {}", hdfsFile,
              rules.rules().size(), e.getMessage());
        }
        return false;
      }
      PlacementMetrics.get().ruleLoads.incr();
      settled = true;
      return true;
    } catch (RuntimeException | IOException e) {
      PlacementMetrics.get().ruleLoadFailures.incr();
      long now = System.currentTimeMillis();
      if (unreadableSinceMillis < 0) {
        unreadableSinceMillis = now;
      }
      if (!unreadable && now - unreadableSinceMillis >= unreadableGraceMillis) {
        unreadable = true;
        LOG.error("Strata placement rules in {} cannot be read for {} s, keeping the {} rules in force (said again "
            + "only after it has been read): {}", hdfsFile, (now - unreadableSinceMillis) / 1000,
            rules.rules().size(), e.getMessage());
      } else {
        LOG.debug("Strata placement rules in {} still cannot be read: {}", hdfsFile, e.getMessage());
      }
      return false;
    }
  }

  /**
   * Whether the rules file (or, when it is gone, the directories above it) is what an admin wrote. A file that is
   * not is said once per reason, and said again once it is trusted.
   */
  private boolean trusted(FileSystem client) throws IOException {
    if (!permissionsEnabled) {
      return true;
    }
    if (admins == null) {
      admins = PlacementAdmins.ofNameNode(conf);
    }
    String why = admins.distrust(client, hdfsFile);
    if (why == null) {
      if (distrust != null) {
        LOG.info("Strata placement rules in {} are trusted again", hdfsFile);
        distrust = null;
      }
      return true;
    }
    distrust = why;
    if (PlacementMetrics.get().distrusted(hdfsFile.toString(), why)) {
      LOG.error("Strata placement rules in {} not applied, keeping the {} rules in force: {}. Only the HDFS "
          + "superuser or a member of {} may own the file and the directories above it, and no one else may "
          + "write them ({} sets the group).", hdfsFile, rules.rules().size(), why,
          String.join(" or ", PlacementAdmins.adminGroups(conf)), StrataKeys.PLACEMENT_ADMIN_GROUP);
    }
    return false;
  }

  /** Why the rules file is not applied, or null while it is trusted (or absent and its directories trusted). */
  String distrust() {
    return distrust;
  }

  /** True once the rules file has been unreadable for longer than the grace period, and reported. */
  boolean reportedUnreadable() {
    return unreadable;
  }

  private void readableAgain() {
    unreadableSinceMillis = -1;
    if (unreadable) {
      unreadable = false;
      LOG.info("Strata placement rules in {} can be read again", hdfsFile);
    }
  }

  private void install(List<PlacementRules.Rule> stored, long modificationTime, String what) {
    List<PlacementRules.Rule> all = new ArrayList<>(settings.configuredRules());
    all.addAll(stored);
    rules = PlacementRules.of(all, settings.tierMap());
    loadedModificationTime = modificationTime;
    PlacementMetrics.get().rulesInForce.set(rules.rules().size());
    LOG.info("Strata placement: {}; rules in force: {}", what, rules.describe());
  }

  /** A client of this NameNode, once the NameNode knows its own address. */
  private FileSystem client() throws IOException {
    URI uri = FileSystem.getDefaultUri(conf);
    if (!"hdfs".equals(uri.getScheme()) || uri.getPort() == 0) {
      return null;
    }
    // The NameNode writes its real address into this configuration once its RPC server is up; until then it
    // may still name a previous run's port, so follow it when it changes.
    if (fs != null && !fs.getUri().equals(uri)) {
      fs.close();
      fs = null;
    }
    if (fs == null) {
      fs = FileSystem.newInstance(uri, conf);
    }
    return fs;
  }
}
