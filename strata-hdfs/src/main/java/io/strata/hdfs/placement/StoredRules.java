package io.strata.hdfs.placement;

import io.strata.core.concurrent.Sleeps;
import io.strata.core.config.ConfigNode;
import io.strata.core.placement.PlacementRules;
import io.strata.hdfs.StrataKeys;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.UnaryOperator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileContext;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.protocol.HdfsFileStatus;
import org.apache.hadoop.security.AccessControlException;

/**
 * The placement rules kept in HDFS ({@code /.strata/placement-rules.yaml}), which the NameNode plugin reloads:
 * what {@code strata policy} edits and where the tier API records per-file tier layouts. Writers replace the
 * file by rename, so the NameNode never reads half a file, and serialise read-modify-write cycles with a lock
 * file, so an operator's command and the tier monitor never lose each other's rules.
 *
 * <p>The lock file names the process holding it: it is written under a name of its own and renamed into place,
 * so it is never seen empty. A lock this process left behind (its release, or a rename the client gave up on,
 * reached a NameNode that had stopped answering) is taken over at once, since writers within one process are
 * serialised here too; a lock of a process of this host that has exited (killed mid-update) is broken at once;
 * any other lock only once stale. The file is read and rewritten only while it is what an admin wrote, as the
 * NameNode judges it ({@link PlacementAdmins#distrust}). Only admins may write ({@link PlacementAdmins#requireAdmin});
 * the directory is made 0755 and the files 0644 whatever the umask. Every delete of a lock names the lock file by its HDFS inode, so it can only
 * remove the lock file it was meant for, never one taken since under the same name.
 */
public final class StoredRules {
  /** A lock older than this was left by a process that died while holding it. */
  static final long STALE_LOCK_MILLIS = 120_000;
  // Longer than a stale lock lives, so a writer waiting behind a dead one gets through.
  private static final long LOCK_WAIT_MILLIS = 150_000;
  static final FsPermission DIRECTORY_PERMISSION = new FsPermission((short) 0755);
  static final FsPermission FILE_PERMISSION = new FsPermission((short) 0644);
  /** HDFS's name for a file by its inode number. */
  private static final String INODE_PATH_PREFIX = "/.reserved/.inodes/";

  /** This process, as its lock files name it. */
  static final String PROCESS = ManagementFactory.getRuntimeMXBean().getName() + "/" + UUID.randomUUID();
  /**
   * Writers of one rules file within this process, one at a time. Keyed by the lock's path without the file
   * system, since one cluster can be reached under two names (host name and address), and a lock this process
   * holds under one must not pass for one it left behind under the other.
   */
  private static final ConcurrentMap<String, ReentrantLock> WRITERS = new ConcurrentHashMap<>();

  private final FileSystem fs;
  private final Path file;
  private final Path lock;

  public StoredRules(FileSystem fs, Configuration conf) {
    this.fs = fs;
    this.file = new Path(conf.getTrimmed(StrataKeys.RULES_HDFS_FILE, StrataKeys.RULES_HDFS_FILE_DEFAULT));
    this.lock = new Path(file.getParent(), "." + file.getName() + ".lock");
  }

  public Path path() {
    return file;
  }

  /**
   * The stored rules; none when the file does not exist.
   *
   * @throws AccessControlException when, with HDFS's permissions on, the file or a directory above it is not what an
   *     admin wrote ({@link PlacementAdmins}): the NameNode does not apply such rules, so neither do the tools, and
   *     an admin's change must not rewrite them as the admin's own
   */
  public List<PlacementRules.Rule> read() throws IOException {
    requireTrusted();
    String text;
    try (InputStream in = fs.open(file)) {
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (FileNotFoundException e) {
      return new ArrayList<>();
    }
    return new ArrayList<>(PlacementRules.parseDocument(ConfigNode.parse(fs.makeQualified(file).toString(), text)));
  }

  private void requireTrusted() throws IOException {
    PlacementAdmins.requireTrusted(fs, file, "the placement rules", "the NameNode does not apply them");
  }

  /**
   * Reads the rules, applies {@code change} and writes the result, holding the lock throughout. The change may
   * throw (e.g. a {@code ConfigException} for a rule the cluster cannot apply); then nothing is written.
   *
   * @return the rules written
   */
  public List<PlacementRules.Rule> update(UnaryOperator<List<PlacementRules.Rule>> change) throws IOException {
    ReentrantLock writers = WRITERS.computeIfAbsent(lock.toUri().getPath(), k -> new ReentrantLock());
    try {
      writers.lockInterruptibly();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while waiting for " + lock);
    }
    try {
      PlacementAdmins.requireAdmin(fs, file);
      Path taken = acquireLock();
      try {
        List<PlacementRules.Rule> before = read();
        List<PlacementRules.Rule> after = change.apply(new ArrayList<>(before));
        if (!after.equals(before)) {
          write(after);
        }
        return after;
      } finally {
        delete(taken);
      }
    } finally {
      writers.unlock();
    }
  }

  /** Writes a new file beside the old one and renames it over. */
  private void write(List<PlacementRules.Rule> rules) throws IOException {
    Path temp = new Path(file.getParent(), "." + file.getName() + "." + UUID.randomUUID() + ".tmp");
    makeDirectory();
    try (OutputStream out = fs.create(temp, true)) {
      out.write(PlacementRules.toDocument(rules).getBytes(StandardCharsets.UTF_8));
    }
    fs.setPermission(temp, FILE_PERMISSION);
    FileContext.getFileContext(fs.getUri(), fs.getConf()).rename(temp, file, Options.Rename.OVERWRITE);
  }

  /**
   * Makes the rules' directory, if missing, readable by all and writable by its owner only, whatever the writer's
   * umask: the NameNode applies the rules only while no one else can write them ({@link PlacementAdmins}).
   */
  private void makeDirectory() throws IOException {
    Path dir = file.getParent();
    if (!fs.exists(dir)) {
      fs.mkdirs(dir, DIRECTORY_PERMISSION);
      fs.setPermission(dir, DIRECTORY_PERMISSION);
    }
  }

  /** Takes the lock and returns the path that names exactly the lock file taken, for its release. */
  private Path acquireLock() throws IOException {
    makeDirectory();
    Path claim = new Path(file.getParent(), lock.getName() + "." + UUID.randomUUID() + ".claim");
    try (OutputStream out = fs.create(claim, true)) {
      out.write(PROCESS.getBytes(StandardCharsets.UTF_8));
    }
    fs.setPermission(claim, FILE_PERMISSION);
    // A rename keeps the inode, so this names the lock once the claim becomes it.
    Path taken = exact(fs.getFileStatus(claim));
    long deadline = System.currentTimeMillis() + LOCK_WAIT_MILLIS;
    try {
      while (true) {
        // A rename onto an existing file fails, so of several claims exactly one becomes the lock.
        if (fs.rename(claim, lock)) {
          return taken;
        }
        FileStatus current = statusOrNull(lock);
        String holder = current == null ? null : holder(exact(current));
        if (holder == null) {
          continue; // released meanwhile
        }
        // This process is the only writer here and holds none: a lock an earlier failed call left behind. Or its
        // process is gone (a daemon killed mid-update and started again here): no need to wait until stale.
        boolean abandoned = PROCESS.equals(holder) || exitedOnThisHost(holder);
        if (abandoned || System.currentTimeMillis() - current.getModificationTime() > STALE_LOCK_MILLIS) {
          delete(exact(current));
          continue;
        }
        if (System.currentTimeMillis() > deadline) {
          throw new IOException("the placement rules in " + fs.makeQualified(file) + " are locked by another writer ("
              + fs.makeQualified(lock) + ", held by " + holder + ") for over " + LOCK_WAIT_MILLIS / 1000 + " s");
        }
        Sleeps.sleep(50, e -> new InterruptedIOException("interrupted while waiting for " + lock));
      }
    } finally {
      if (fs.exists(claim)) {
        fs.delete(claim, false);
      }
    }
  }

  /**
   * The path of exactly the file {@code status} describes. On HDFS that is its inode's path, so a delete meant for
   * one lock file never removes a later one at the same name: neither a release that a stalled NameNode receives
   * after the lock was taken over, nor the breaking of a dead writer's lock that another writer broke and retook
   * between this writer's check and its delete.
   */
  private static Path exact(FileStatus status) {
    return status instanceof HdfsFileStatus hdfs ? new Path(INODE_PATH_PREFIX + hdfs.getFileId()) : status.getPath();
  }

  private FileStatus statusOrNull(Path path) throws IOException {
    try {
      return fs.getFileStatus(path);
    } catch (FileNotFoundException e) {
      return null;
    }
  }

  /** Deletes the file, if it is still there. */
  private void delete(Path path) throws IOException {
    try {
      fs.delete(path, false);
    } catch (FileNotFoundException e) {
      // gone already: an inode path that names no file
    }
  }

  /** Who holds the lock, or null when nobody does (released meanwhile). */
  private String holder(Path exactLock) throws IOException {
    try (InputStream in = fs.open(exactLock)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (FileNotFoundException e) {
      return null;
    }
  }

  /**
   * True when {@code holder} (as {@link #PROCESS} names a process: {@code pid@host/id}) is a process of this host
   * that is no longer running. A holder named otherwise, or on another host, is never judged here.
   */
  static boolean exitedOnThisHost(String holder) {
    int at = holder.indexOf('@');
    int slash = holder.indexOf('/', Math.max(at, 0));
    String self = PROCESS.substring(0, PROCESS.indexOf('/'));
    if (at <= 0 || slash < 0 || !holder.substring(at, slash).equals(self.substring(self.indexOf('@')))) {
      return false;
    }
    try {
      long pid = Long.parseLong(holder.substring(0, at));
      return ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true);
    } catch (NumberFormatException e) {
      return false;
    }
  }
}
