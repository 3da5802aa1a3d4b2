package io.strata.hdfs.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.placement.PlacementRules;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FilterFileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rules file's writer lock on a real NameNode: writers never lose each other's rules, a lock held by another
 * process is waited for, and a lock this process left behind (its release never reached a NameNode that had
 * stopped answering) does not hold the next writer up until it is stale.
 */
class StoredRulesIT {
  @TempDir
  static Path dir;
  private static MiniDFSCluster cluster;
  private static DistributedFileSystem fs;
  private final org.apache.hadoop.fs.Path lock = new org.apache.hadoop.fs.Path("/.strata/.placement-rules.yaml.lock");

  @BeforeAll
  static void start() throws Exception {
    Configuration conf = new Configuration();
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, dir.toString());
    cluster = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
    cluster.waitActive();
    fs = cluster.getFileSystem();
  }

  @AfterAll
  static void stop() {
    if (cluster != null) {
      cluster.shutdown();
    }
  }

  @BeforeEach
  void noRules() throws Exception {
    fs.delete(new org.apache.hadoop.fs.Path("/.strata"), true);
  }

  @Test
  void concurrentWritersKeepEveryRule() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<?>> writes = new ArrayList<>();
      for (int i = 0; i < 8; i++) {
        String path = "/w" + i;
        // Each writer has its own client, as separate commands would.
        DistributedFileSystem own = (DistributedFileSystem) FileSystem.newInstance(fs.getUri(),
            fs.getConf());
        writes.add(pool.submit(() -> {
          try (own) {
            new StoredRules(own, own.getConf()).update(rules -> {
              rules.add(new PlacementRules.Rule(path, "tier-aware"));
              return rules;
            });
          }
          return null;
        }));
      }
      for (Future<?> write : writes) {
        write.get(120, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    List<String> paths = rules().stream().map(PlacementRules.Rule::path).sorted().toList();
    assertEquals(List.of("/w0", "/w1", "/w2", "/w3", "/w4", "/w5", "/w6", "/w7"), paths);
    assertFalse(fs.exists(lock), "the lock is released");
    assertEquals(1, fs.listStatus(new org.apache.hadoop.fs.Path("/.strata")).length, "no claim file left behind");
  }

  @Test
  void aLockThisProcessLeftBehindIsTakenOverAtOnce() throws Exception {
    holdLock(StoredRules.PROCESS);
    // Well inside the 120 s after which any lock counts as stale.
    assertTimeoutPreemptively(Duration.ofSeconds(30), () -> addRule("/mine"));
    assertEquals(List.of("/mine"), rules().stream().map(PlacementRules.Rule::path).toList());
    assertFalse(fs.exists(lock));
  }

  @Test
  void aLockOfAProcessOfThisHostThatExitedIsBrokenAtOnce() throws Exception {
    Process gone = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-version")
        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    assertEquals(0, gone.waitFor());
    String host = StoredRules.PROCESS.substring(StoredRules.PROCESS.indexOf('@'), StoredRules.PROCESS.indexOf('/'));
    holdLock(gone.pid() + host + "/killed-daemon");
    assertTimeoutPreemptively(Duration.ofSeconds(30), () -> addRule("/after-kill"));
    assertEquals(List.of("/after-kill"), rules().stream().map(PlacementRules.Rule::path).toList());
    // The same holder on another host, or a live process here, is not judged dead.
    assertFalse(StoredRules.exitedOnThisHost(gone.pid() + "@elsewhere.example/killed-daemon"));
    assertFalse(StoredRules.exitedOnThisHost(ProcessHandle.current().pid() + host + "/another-id"));
    assertFalse(StoredRules.exitedOnThisHost("not a holder"));
  }

  @Test
  void aLiveLockOfAnotherProcessIsWaitedFor() throws Exception {
    holdLock("12345@elsewhere/another-process");
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      Future<?> write = pool.submit(() -> {
        addRule("/after");
        return null;
      });
      try {
        write.get(3, TimeUnit.SECONDS);
        throw new AssertionError("wrote while another process held the lock");
      } catch (TimeoutException expected) {
        // still waiting
      }
      assertTrue(rules().isEmpty());
      fs.delete(lock, false); // the other process releases it
      write.get(60, TimeUnit.SECONDS);
    } finally {
      pool.shutdownNow();
    }
    assertEquals(List.of("/after"), rules().stream().map(PlacementRules.Rule::path).toList());
  }

  @Test
  void aStaleLockOfAnotherProcessIsBroken() throws Exception {
    holdLock(""); // as a lock file whose writer died before writing a word
    long stale = System.currentTimeMillis() - StoredRules.STALE_LOCK_MILLIS - 60_000;
    fs.setTimes(lock, stale, stale);
    assertTimeoutPreemptively(Duration.ofSeconds(30), () -> addRule("/broken"));
    assertEquals(List.of("/broken"), rules().stream().map(PlacementRules.Rule::path).toList());
  }

  @Test
  void aReleaseThatReachesTheNameNodeLateLeavesALockTakenSinceInPlace() throws Exception {
    // The release of the first update is held back, as by a NameNode that stopped answering: the client gives up
    // on it (a timeout), and the NameNode carries it out only later, while a second update holds the lock.
    List<org.apache.hadoop.fs.Path> heldBack = new ArrayList<>();
    FilterFileSystem stalling = new FilterFileSystem(fs) {
      @Override
      public boolean delete(org.apache.hadoop.fs.Path path, boolean recursive) throws IOException {
        heldBack.add(path);
        throw new SocketTimeoutException("call to delete " + path + " timed out (held back by the test)");
      }
    };
    assertThrows(SocketTimeoutException.class, () -> new StoredRules(stalling, fs.getConf()).update(rules -> {
      rules.add(new PlacementRules.Rule("/first", "tier-aware"));
      return rules;
    }));
    assertEquals(1, heldBack.size());
    assertTrue(fs.exists(lock), "the first update's lock is left behind");

    new StoredRules(fs, fs.getConf()).update(rules -> {
      try {
        fs.delete(heldBack.get(0), false); // the late release arrives
      } catch (FileNotFoundException e) {
        // it names a lock file that is gone
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      assertTrue(exists(lock), "a late release removed the lock of the update now holding it");
      rules.add(new PlacementRules.Rule("/second", "tier-aware"));
      return rules;
    });
    assertEquals(List.of("/first", "/second"), rules().stream().map(PlacementRules.Rule::path).toList());
    assertFalse(fs.exists(lock));
  }

  private void holdLock(String holder) throws Exception {
    fs.mkdirs(lock.getParent());
    try (OutputStream out = fs.create(lock, false)) {
      out.write(holder.getBytes(StandardCharsets.UTF_8));
    }
  }

  private static boolean exists(org.apache.hadoop.fs.Path path) {
    try {
      return fs.exists(path);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void addRule(String path) throws Exception {
    new StoredRules(fs, fs.getConf()).update(rules -> {
      rules.add(new PlacementRules.Rule(path, "tier-aware"));
      return rules;
    });
  }

  private static List<PlacementRules.Rule> rules() throws Exception {
    return new StoredRules(fs, fs.getConf()).read();
  }
}
