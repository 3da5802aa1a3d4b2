package io.strata.cli.autotier;

import static io.strata.cli.autotier.AptstoreCluster.MIB;
import static io.strata.cli.autotier.AptstoreCluster.events;
import static io.strata.embedded.EmbeddedCluster.waitFor;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.strata.embedded.ClientConfigWriter;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
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
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The auto-tiering daemon against a NameNode that stops answering in the middle of a plan (a long GC pause or a
 * partition, made by a proxy that holds every byte): the call times out, which Java reports as an
 * {@code InterruptedIOException} like an interrupt, yet only a stop request may end the daemon. The cycle fails,
 * the daemon carries on, and its next cycle finishes the plan that was cut short from the journal, without redoing
 * a change marked done, before it plans again.
 */
class AutotierNameNodeStallIT {
  private static final List<String> COLD = List.of("/data/cold0", "/data/cold1", "/data/cold2", "/data/cold3");
  @TempDir
  static Path dir;

  @Test
  void aNameNodeThatStopsAnsweringFailsOneCycleAndTheNextFinishesThePlan() throws Exception {
    try (AptstoreCluster c = AptstoreCluster.start(dir);
         StallingProxy proxy = new StallingProxy(
             new InetSocketAddress(InetAddress.getLoopbackAddress(), c.cluster.uri().getPort()))) {
      Map<String, byte[]> written = new HashMap<>();
      for (String file : concat("/data/hot0", COLD)) {
        byte[] data = new byte[2 * MIB];
        new Random(file.hashCode()).nextBytes(data);
        c.write(file, data);
        written.put(file, data);
      }
      c.read("/data/hot0", 30);

      Path out = dir.resolve("daemon.txt");
      Path err = dir.resolve("daemon.err");
      Process daemon = c.daemon("daemon", clientConfThrough(proxy), "--max-changes", "1", "--change-interval",
          "2s", "--max-bytes-per-second", "4MiB");
      try {
        // Stall as soon as the first change is marked done: the calls that follow meet a silent NameNode.
        waitFor(Duration.ofSeconds(120), () -> !events(out, "change").isEmpty() || !daemon.isAlive(),
            "the first change applied");
        proxy.stall(true);
        assertTrue(daemon.isAlive(), output(out, err));
        String planId = events(out, "change").get(0).get("plan").asText();
        waitFor(Duration.ofSeconds(60), () -> read(err).contains("cycle failed") || !daemon.isAlive(),
            "a cycle failed on the stalled NameNode");
        Thread.sleep(1000);
        assertTrue(daemon.isAlive(), "a NameNode that does not answer is not a stop request: " + output(out, err));
        assertTrue(read(err).contains("SocketTimeoutException"), "the failure is the call's timeout: " + read(err));
        assertTrue(proxy.heldChunks() > 0, "the proxy held the daemon's calls");
        // A change the stall cut inside a block move reports "retry" and is done by the resumed plan.
        int changesBeforeStall = done(events(out, "change")).size();
        assertTrue(changesBeforeStall < 5, "the stall cut the plan short: " + output(out, err));
        proxy.stall(false);

        // The next cycle resumes the plan from the journal, then plans afresh and finds nothing to change.
        try {
          waitFor(Duration.ofSeconds(120), () -> events(out, "cycle").stream().anyMatch(
              e -> e.get("changes").asInt() == 0) || !daemon.isAlive(), "a cycle after the plan was finished");
        } catch (IllegalStateException e) {
          throw new AssertionError(e.getMessage() + "; the daemon printed:\n" + output(out, err), e);
        }
        assertTrue(daemon.isAlive(), output(out, err));
        List<JsonNode> resumes = events(out, "resume");
        assertFalse(resumes.isEmpty(), "the running daemon resumed the cut plan: " + output(out, err));
        assertEquals(planId, resumes.get(0).get("plan").asText());
        assertEquals(changesBeforeStall, resumes.get(0).get("doneBefore").asInt());
        Set<Integer> handled = new HashSet<>();
        for (JsonNode change : done(events(out, "change"))) {
          assertEquals(planId, change.get("plan").asText(), "every change is the cut plan's: " + change);
          assertTrue(Set.of("applied", "in-place").contains(change.get("outcome").asText()), change.toString());
          assertTrue(handled.add(change.get("index").asInt()), "a change done twice: " + change);
        }
        assertEquals(5, handled.size(), "1 promotion and 4 demotions, each once: " + output(out, err));
        assertEquals(0, c.fs.listStatus(new org.apache.hadoop.fs.Path("/.strata/autotier/plans")).length,
            "nothing left unfinished in the journal");
      } finally {
        daemon.destroy(); // SIGTERM
        assertTrue(daemon.waitFor(60, TimeUnit.SECONDS), "the daemon stops on SIGTERM");
      }
      System.out.println("daemon's output:");
      System.out.println(output(dir.resolve("daemon.txt"), dir.resolve("daemon.err")));
      assertTrue(read(err).contains("strata autotier: stopped"), read(err));
      assertFalse(read(err).contains("interrupted without a stop request"), read(err));

      assertEquals(Map.of("/data/hot0", (short) 6, "/data/cold0", (short) 1, "/data/cold1", (short) 1,
          "/data/cold2", (short) 1, "/data/cold3", (short) 1), replication(c));
      for (String file : COLD) {
        assertEquals("COLD", c.fs.getStoragePolicy(new org.apache.hadoop.fs.Path(file)).getName(), file);
      }
      c.cluster.awaitHealthy(Duration.ofSeconds(60));
      for (Map.Entry<String, byte[]> file : written.entrySet()) {
        try (InputStream in = c.fs.open(new org.apache.hadoop.fs.Path(file.getKey()))) {
          assertArrayEquals(file.getValue(), in.readAllBytes(), file.getKey() + " reads back as written");
        }
      }
    }
  }

  /**
   * The cluster's client configuration with the NameNode reached through the proxy, and calls that give up
   * after 3 s without an answer (HDFS's default waits two minutes).
   */
  private static Path clientConfThrough(StallingProxy proxy) throws Exception {
    Path conf = dir.resolve("through-proxy");
    Files.createDirectories(conf);
    for (String name : List.of("hdfs-site.xml", ClientConfigWriter.SPEC_FILE)) {
      Files.copy(dir.resolve(name), conf.resolve(name));
    }
    Configuration core = new Configuration(false);
    core.set("fs.defaultFS", "hdfs://127.0.0.1:" + proxy.port());
    core.set("ipc.client.rpc-timeout.ms", "3000");
    try (OutputStream out = Files.newOutputStream(conf.resolve("core-site.xml"))) {
      core.writeXml(out);
    }
    return conf;
  }

  /** Each file's replication, from a listing (not audited as a read). */
  private static Map<String, Short> replication(AptstoreCluster c) throws Exception {
    Map<String, Short> files = new HashMap<>();
    RemoteIterator<LocatedFileStatus> it = c.fs.listFiles(new org.apache.hadoop.fs.Path("/data"), false);
    while (it.hasNext()) {
      LocatedFileStatus status = it.next();
      files.put(status.getPath().toUri().getPath(), status.getReplication());
    }
    return files;
  }

  /** The changes marked done (a change to retry is not). */
  private static List<JsonNode> done(List<JsonNode> changes) {
    return changes.stream().filter(c -> !c.get("outcome").asText().equals("retry")).toList();
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (Exception e) {
      return "";
    }
  }

  private static String output(Path out, Path err) {
    return read(out) + read(err);
  }

  private static List<String> concat(String first, List<String> rest) {
    List<String> all = new ArrayList<>(List.of(first));
    all.addAll(rest);
    return all;
  }
}
