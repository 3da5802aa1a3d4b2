package io.strata.cli.autotier;

import static io.strata.embedded.EmbeddedCluster.waitFor;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.cli.CliRun;
import io.strata.cli.shared.ClusterChoice;
import io.strata.core.device.StorageKind;
import io.strata.core.placement.PlacementRules;
import io.strata.embedded.EmbeddedCluster;
import io.strata.hdfs.placement.StoredRules;
import java.io.FileNotFoundException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 6's proof on the embedded aptstore preset (six nodes with a DAS disk and a share of a RAID filer): a skewed
 * read workload, then {@code strata autotier run} as its own process. Hot files must gain replicas on the disks,
 * cold ones move to the filer with one replica; the daemon is killed with SIGKILL in the middle of applying its
 * plan, three changes at a time, and started again, and must finish the plan from its journal without redoing a
 * change marked done. All the while fsck must say HEALTHY and no block may have fewer replicas than it started
 * with unless one is on the filer. Block locations are read by listing (audited as listStatus), never by open, so
 * the checks do not count as reads.
 */
class AutotierRunIT {
  private static final int MIB = AptstoreCluster.MIB;
  private static final List<String> HOT = List.of("/data/hot0", "/data/hot1");
  @TempDir
  static Path dir;
  private AptstoreCluster fixture;
  private EmbeddedCluster cluster;
  private ClusterChoice.Loaded aptstore;
  private DistributedFileSystem fs;
  private final ObjectMapper json = new ObjectMapper();
  private final List<String> violations = new CopyOnWriteArrayList<>();

  @Test
  void hotFilesGainReplicasColdOnesMoveToTheFilerAndAKilledDaemonFinishesItsPlan() throws Exception {
    try (AptstoreCluster c = AptstoreCluster.start(dir)) {
      fixture = c;
      cluster = c.cluster;
      aptstore = c.preset;
      fs = c.fs;
      run(c.audit);
    }
  }

  private void run(Path audit) throws Exception {
    List<String> cold = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      cold.add("/data/cold" + i);
    }
    Map<String, byte[]> written = new HashMap<>();
    for (String file : concat(HOT, cold)) {
      byte[] data = new byte[2 * MIB];
      new Random(file.hashCode()).nextBytes(data);
      try (OutputStream out = fs.create(new org.apache.hadoop.fs.Path(file), (short) 3)) {
        out.write(data);
      }
      written.put(file, data);
    }
    waitFor(Duration.ofSeconds(60), () -> everyBlock(b -> b.size() == 3), "every block written with 3 replicas");
    for (int round = 0; round < 30; round++) {
      for (String hot : HOT) {
        try (InputStream in = fs.open(new org.apache.hadoop.fs.Path(hot))) {
          in.readAllBytes();
        }
      }
    }
    assertTrue(fsck().contains("is HEALTHY"));
    Thread watcher = watch(cold);

    // First daemon: applies three changes at once and is killed with SIGKILL once a few are marked done, so the
    // kill lands on several changes in flight. The second applies one at a time, the default.
    Process first = daemon("first", "--files-at-once", "3");
    String planId = waitForPlan(first);
    int total = changesIn(planId);
    assertEquals(10, total, "2 promotions and 8 demotions planned: " + Files.readString(dir.resolve("first.txt")));
    waitFor(Duration.ofSeconds(120), () -> markers(planId).size() >= 3 || !first.isAlive(), "3 changes done");
    assertTrue(first.isAlive(), "still applying: " + Files.readString(dir.resolve("first.txt"))
        + Files.readString(dir.resolve("first.err")));
    first.destroyForcibly();
    assertTrue(first.waitFor(30, TimeUnit.SECONDS));
    Set<Integer> doneByFirst = markers(planId).keySet();
    assertTrue(doneByFirst.size() >= 3 && doneByFirst.size() < total, "killed mid-apply: " + doneByFirst);
    String fsckAfterKill = fsck();
    assertTrue(fsckAfterKill.contains("is HEALTHY"), fsckAfterKill);
    // What an operator sees of the killed daemon's work: the plan unfinished, the changes done marked so.
    JsonNode journal = journal();
    assertEquals(1, journal.get("unfinished").size(), journal.toString());
    JsonNode open = journal.get("unfinished").get(0);
    assertEquals(planId, open.get("id").asText());
    assertEquals(total, open.get("changes").size());
    assertEquals(doneByFirst.size(), open.get("done").asInt());
    for (JsonNode change : open.get("changes")) {
      assertEquals(doneByFirst.contains(change.get("index").asInt()), !change.get("outcome").isNull(),
          change.toString());
    }
    CliRun text = new CliRun();
    assertEquals(0, text.strata("autotier", "journal", "--conf", dir.toString()), text.stderr());
    assertTrue(text.stdout().contains("plan " + planId + " (aptstore") && text.stdout().contains(
        total + " change(s), " + doneByFirst.size() + " done") && text.stdout().contains(" pending "), text.stdout());

    // Second daemon: finishes the plan from the journal, then plans three more times and finds nothing to change.
    Process second = daemon("second");
    Path out = dir.resolve("second.txt");
    waitFor(Duration.ofSeconds(300), () -> events(out, "cycle").size() >= 2 || !second.isAlive(), "two cycles");
    assertTrue(second.isAlive(), Files.readString(out) + Files.readString(dir.resolve("second.err")));
    List<JsonNode> cycles = events(out, "cycle");
    String between = fsck();
    assertTrue(between.contains("is HEALTHY"), between);
    waitFor(Duration.ofSeconds(60), () -> events(out, "cycle").size() >= 3, "a third cycle");
    second.destroy(); // SIGTERM
    assertTrue(second.waitFor(60, TimeUnit.SECONDS), "the daemon stops on SIGTERM");
    assertTrue(Files.readString(dir.resolve("second.err")).contains("strata autotier: stopped"));
    watcher.interrupt();
    watcher.join();

    JsonNode resume = events(out, "resume").get(0);
    assertEquals(planId, resume.get("plan").asText());
    assertEquals(doneByFirst.size(), resume.get("doneBefore").asInt());
    Set<Integer> doneBySecond = new TreeSet<>();
    for (JsonNode change : events(out, "change")) {
      assertEquals(planId, change.get("plan").asText(), "no new plan had changes: " + change);
      assertTrue(Set.of("applied", "in-place").contains(change.get("outcome").asText()), change.toString());
      assertTrue(doneBySecond.add(change.get("index").asInt()), "a change handled twice: " + change);
    }
    for (int index : doneBySecond) {
      assertTrue(!doneByFirst.contains(index), "change " + index + " was done before the kill and redone");
    }
    Set<Integer> all = new HashSet<>(doneByFirst);
    all.addAll(doneBySecond);
    assertEquals(total, all.size(), "every change done once: first " + doneByFirst + ", second " + doneBySecond);
    JsonNode totals = cycles.get(cycles.size() - 1).get("totals");
    assertEquals(total - doneByFirst.size(),
        totals.get("changesApplied").asInt() + totals.get("changesInPlace").asInt());
    assertEquals(0, cycles.get(0).get("changes").asInt(), "the plan after the replay finds everything in place");
    assertTrue(totals.get("auditEventsIgnored").asLong() > 0, "the daemons' own lookups are not counted as reads");
    assertTrue(fs.listStatus(new org.apache.hadoop.fs.Path("/.strata/autotier/plans")).length == 0, "journal empty");
    assertTrue(fs.exists(new org.apache.hadoop.fs.Path("/.strata/autotier/done/" + planId + ".json")));
    JsonNode finished = journal();
    assertEquals(0, finished.get("unfinished").size(), finished.toString());
    assertEquals(planId, finished.get("finished").get(0).get("id").asText(), finished.toString());
    assertEquals(total, finished.get("finished").get(0).get("changeCount").asInt());

    System.out.printf("plan %s: %d changes; done before the kill %s, by the restarted daemon %s%n", planId, total,
        doneByFirst, doneBySecond);
    System.out.println("restarted daemon's output:");
    Files.readAllLines(out).forEach(System.out::println);
    waitFor(Duration.ofSeconds(90), () -> placed(cold), "hot files on 6 das replicas, cold ones on 1 filer replica");
    awaitHealthy();
    assertEquals(List.of(), violations, "fsck HEALTHY and no block below its replicas throughout");
    for (Map.Entry<String, byte[]> file : written.entrySet()) {
      try (InputStream in = fs.open(new org.apache.hadoop.fs.Path(file.getKey()))) {
        assertArrayEquals(file.getValue(), in.readAllBytes(), file.getKey() + " reads back as written");
      }
    }

    // The demoted files stay on the filer by HDFS's own storage policy, not by one placement rule each: the
    // rules file the NameNode loads does not grow with the number of demoted files.
    for (String file : cold) {
      assertEquals("COLD", fs.getStoragePolicy(new org.apache.hadoop.fs.Path(file)).getName(), file);
    }
    List<PlacementRules.Rule> rules = new StoredRules(fs, fs.getConf()).read();
    assertTrue(rules.stream().noneMatch(r -> r.path().startsWith("/data")), "no rule per file: " + rules);
    // A replica the NameNode adds to a demoted file (as when it re-replicates a lost one) lands on the filer.
    org.apache.hadoop.fs.Path cold0 = new org.apache.hadoop.fs.Path(cold.get(0));
    fs.setReplication(cold0, (short) 2);
    waitFor(Duration.ofSeconds(60), () -> {
      try {
        return blockTiers().get(cold.get(0) + "@2").stream().allMatch(List.of("filer", "filer")::equals);
      } catch (Exception e) {
        return false;
      }
    }, cold.get(0) + " re-replicated onto the filer");
    fs.setReplication(cold0, (short) 1);
    waitFor(Duration.ofSeconds(60), () -> placed(cold), cold.get(0) + " back to one filer replica");

    // The tier monitor holds the 8 demoted files to the filer by their COLD policy and finds nothing to repair.
    CliRun monitor = new CliRun();
    assertEquals(0, monitor.strata("monitor", "--once", "--json", "--path", "/data", "--conf", dir.toString()),
        monitor.stderr());
    JsonNode cycle = json.readTree(monitor.stdout().lines()
        .filter(l -> l.startsWith("{")).findFirst().orElseThrow());
    assertEquals(8, cycle.get("filesChecked").asInt(), cycle.toString());
    assertEquals(0, cycle.get("offLayout").asInt(), cycle.toString());
  }

  /** {@code strata autotier journal --json}, run in this JVM. */
  private JsonNode journal() throws Exception {
    CliRun cli = new CliRun();
    assertEquals(0, cli.strata("autotier", "journal", "--json", "--conf", dir.toString()), cli.stderr());
    return json.readTree(cli.stdout());
  }

  private Process daemon(String name, String... more) throws Exception {
    List<String> args = new ArrayList<>(List.of("--max-changes", "1", "--change-interval", "2s",
        "--max-bytes-per-second", "1MiB"));
    args.addAll(List.of(more));
    return fixture.daemon(name, dir, args.toArray(String[]::new));
  }

  /** The id of the first plan the daemon journals. */
  private String waitForPlan(Process process) throws Exception {
    org.apache.hadoop.fs.Path plans = new org.apache.hadoop.fs.Path("/.strata/autotier/plans");
    String[] id = {null};
    waitFor(Duration.ofSeconds(120), () -> {
      try {
        if (!fs.exists(plans)) {
          return !process.isAlive();
        }
        for (FileStatus status : fs.listStatus(plans)) {
          String name = status.getPath().getName();
          if (name.endsWith(".json") && !name.startsWith(".")) {
            id[0] = name.substring(0, name.length() - 5);
          }
        }
        return id[0] != null || !process.isAlive();
      } catch (Exception e) {
        return false;
      }
    }, "a journaled plan");
    assertTrue(id[0] != null, "no plan: " + Files.readString(dir.resolve("first.txt"))
        + Files.readString(dir.resolve("first.err")));
    return id[0];
  }

  private int changesIn(String planId) throws Exception {
    try (InputStream in = fs.open(new org.apache.hadoop.fs.Path("/.strata/autotier/plans/" + planId + ".json"))) {
      return json.readTree(in).get("changes").size();
    }
  }

  private Map<Integer, String> markers(String planId) {
    Map<Integer, String> marked = new HashMap<>();
    try {
      org.apache.hadoop.fs.Path dir = new org.apache.hadoop.fs.Path("/.strata/autotier/plans/" + planId + ".done");
      for (FileStatus status : fs.listStatus(dir)) {
        String name = status.getPath().getName();
        marked.put(Integer.parseInt(name.substring(0, name.indexOf('.'))), name.substring(name.indexOf('.') + 1));
      }
    } catch (FileNotFoundException e) {
      // none yet
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
    return marked;
  }

  private static List<JsonNode> events(Path output, String event) {
    return AptstoreCluster.events(output, event);
  }

  /** The tiers of each block's replicas, per file, from a listing. */
  private Map<String, List<List<String>>> blockTiers() throws Exception {
    Map<String, List<List<String>>> files = new HashMap<>();
    RemoteIterator<LocatedFileStatus> it = fs.listFiles(new org.apache.hadoop.fs.Path("/data"), false);
    while (it.hasNext()) {
      LocatedFileStatus status = it.next();
      List<List<String>> blocks = new ArrayList<>();
      for (BlockLocation block : status.getBlockLocations()) {
        List<String> tiers = new ArrayList<>();
        for (int i = 0; i < block.getHosts().length; i++) {
          tiers.add(aptstore.spec().tierMap().tierName(block.getHosts()[i],
              StorageKind.valueOf(block.getStorageTypes()[i].name()), null));
        }
        tiers.sort(null);
        blocks.add(tiers);
      }
      files.put(status.getPath().toUri().getPath() + "@" + status.getReplication(), blocks);
    }
    return files;
  }

  private boolean everyBlock(Predicate<List<String>> test) {
    try {
      return blockTiers().values().stream().flatMap(List::stream).allMatch(test);
    } catch (Exception e) {
      return false;
    }
  }

  /** Hot files at 6 replicas, every one on das; cold ones at 1, on the filer. */
  private boolean placed(List<String> cold) {
    try {
      Map<String, List<List<String>>> files = blockTiers();
      for (String hot : HOT) {
        List<List<String>> blocks = files.get(hot + "@6");
        if (blocks == null || !blocks.stream().allMatch(List.of("das", "das", "das", "das", "das", "das")::equals)) {
          return false;
        }
      }
      for (String file : cold) {
        List<List<String>> blocks = files.get(file + "@1");
        if (blocks == null || !blocks.stream().allMatch(List.of("filer")::equals)) {
          return false;
        }
      }
      return true;
    } catch (Exception e) {
      return false;
    }
  }

  /**
   * Checks, until interrupted, that no block of a hot file has fewer than its 3 replicas and no block of a cold
   * one has fewer than 3 unless one is on the filer (a demotion lowers the count only after its move), and every
   * few rounds that fsck says HEALTHY.
   */
  private Thread watch(List<String> cold) {
    Thread thread = new Thread(() -> {
      int round = 0;
      while (!Thread.currentThread().isInterrupted()) {
        try {
          for (Map.Entry<String, List<List<String>>> file : blockTiers().entrySet()) {
            for (List<String> block : file.getValue()) {
              boolean hot = HOT.contains(file.getKey().substring(0, file.getKey().indexOf('@')));
              if (block.size() < 3 && (hot || !block.contains("filer"))) {
                violations.add(file.getKey() + " had a block on " + block);
              }
            }
          }
          if (++round % 8 == 0) {
            String report = fsck();
            if (Thread.currentThread().isInterrupted()) {
              return; // stopped during fsck, which then prints nothing: no verdict
            }
            if (!report.contains("is HEALTHY")) {
              violations.add("fsck: " + report);
            }
          }
          Thread.sleep(250);
        } catch (InterruptedException e) {
          return;
        } catch (Exception e) {
          if (Thread.currentThread().isInterrupted()) {
            return;
          }
        }
      }
    }, "autotier-it-watcher");
    thread.setDaemon(true);
    thread.start();
    return thread;
  }

  private String fsck() throws Exception {
    return cluster.fsck("/");
  }

  private void awaitHealthy() throws InterruptedException {
    cluster.awaitHealthy(Duration.ofSeconds(60));
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }
}
