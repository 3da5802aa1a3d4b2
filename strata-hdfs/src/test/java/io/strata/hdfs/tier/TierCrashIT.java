package io.strata.hdfs.tier;

import static io.strata.embedded.EmbeddedCluster.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.hdfs.report.PlacementReport;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crashes in the middle of a tier move: the moving process stopped, a DataNode killed. Every block must stay
 * readable throughout, and running the same call again must finish the job, leaving nothing for the placement
 * report or fsck to complain about.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TierCrashIT {
  @TempDir
  static Path dir;
  static TierCluster c;

  @BeforeAll
  static void start() throws Exception {
    c = TierCluster.start(dir, "48MiB", Map.of());
  }

  @AfterAll
  static void stop() {
    if (c != null) {
      c.close();
    }
  }

  @Test
  @Order(1)
  void aMoveInterruptedHalfwayIsFinishedByRunningItAgain() throws Exception {
    String file = "/crash/stopped/f";
    c.write(file, 24, (short) 3);
    AtomicInteger done = new AtomicInteger();
    AtomicReference<Thread> caller = new AtomicReference<>();
    TierManager interrupted = c.manager(new MoveListener() {
      @Override
      public void done(Move move) {
        if (done.incrementAndGet() == 8) {
          caller.get().interrupt(); // what a killed process does to its moves: stops waiting for them
        }
      }
    });
    CompletableFuture<TierResult> call = new CompletableFuture<>();
    Thread thread = new Thread(() -> {
      try {
        call.complete(interrupted.moveTier(file, "hdd", "sata-ssd", 2));
      } catch (Throwable e) {
        call.completeExceptionally(e);
      }
    });
    caller.set(thread);
    thread.start();
    ExecutionException stopped = assertThrows(ExecutionException.class, call::get);
    assertTrue(stopped.getCause() instanceof InterruptedIOException, stopped.getCause().toString());
    int movedBefore = done.get();
    assertTrue(movedBefore >= 8 && movedBefore < 48, "stopped halfway: " + movedBefore + " of 48 moves");
    c.assertIntact(file);
    assertFalse(c.tiers(file).stream().allMatch(List.of("hdd", "sata-ssd", "sata-ssd")::equals), "not finished");

    interrupted.close();
    TierResult rerun;
    try (TierManager tiers = c.manager(MoveListener.NONE)) {
      rerun = tiers.moveTier(file, "hdd", "sata-ssd", 2);
    }

    assertTrue(rerun.success(), rerun.message());
    assertTrue(rerun.message().contains("resumed the interrupted call"), rerun.message());
    assertTrue(rerun.moves() <= 48 - movedBefore + 4, "the rerun finished the job instead of redoing it: "
        + rerun.moves() + " moves after " + movedBefore);
    c.awaitTiers(file, List.of("hdd", "sata-ssd", "sata-ssd"));
    c.assertIntact(file);

    TierResult again;
    try (TierManager tiers = c.manager(MoveListener.NONE)) {
      again = tiers.moveTier(file, "hdd", "sata-ssd", 2);
    }
    assertTrue(again.success(), again.message());
    assertEquals(0, again.moves(), "a completed call is not applied twice");
    assertTrue(again.message().contains("completed at"), again.message());
    c.awaitTiers(file, List.of("hdd", "sata-ssd", "sata-ssd"));
    PlacementReport report = c.report("/crash/stopped");
    assertEquals(0, report.wholeFileViolations().total());
    assertEquals(0, report.underReplicatedBlocks().total());
  }

  @Test
  @Order(2)
  void aDataNodeKilledMidMoveLosesNoBlockAndTheRerunFinishes() throws Exception {
    String file = "/crash/datanode/f";
    c.write(file, 24, (short) 3);
    AtomicInteger started = new AtomicInteger();
    AtomicReference<String> killed = new AtomicReference<>();
    TierManager tiers = c.manager(new MoveListener() {
      @Override
      public void starting(Move move) {
        // The fifth move's target dies just as the DataNode is asked to copy; other moves are in flight.
        if (started.incrementAndGet() == 5) {
          killed.set(move.toHost());
          c.killDataNode(move.toHost());
        }
      }
    });

    TierResult first = tiers.moveTier(file, "hdd", "pcie-ssd", 1);
    tiers.close();

    assertNotNull(killed.get());
    assertTrue(first.failedMoves() >= 1 || first.success(), first.toString());
    c.assertIntact(file); // the dead DataNode is still listed: the client must read around it

    waitFor(Duration.ofSeconds(60),
        () -> c.cluster.miniCluster().getNamesystem().getNumDeadDataNodes() == 1, "the NameNode to see the dead node");
    TierResult rerun;
    try (TierManager again = c.manager(MoveListener.NONE)) {
      rerun = again.moveTier(file, "hdd", "pcie-ssd", 1);
    }

    assertTrue(rerun.success(), rerun.message());
    c.awaitTiers(file, List.of("hdd", "hdd", "pcie-ssd"));
    c.assertIntact(file);
    for (String host : c.tiersHosts(file)) {
      assertFalse(host.equals(killed.get()), "no replica left on the dead node " + killed.get());
    }
    // The dead node also held HDD replicas of the first test's file: until HDFS has re-replicated them, the HDD
    // tier holds only some of that file's blocks. The report is judged once HDFS has restored every block.
    c.awaitHealthy();
    c.awaitTiers("/crash/stopped/f", List.of("hdd", "sata-ssd", "sata-ssd"));
    c.assertIntact("/crash/stopped/f");
    PlacementReport report = c.report("/crash");
    assertEquals(0, report.wholeFileViolations().total(), report.wholeFileViolations().items().toString());
    assertEquals(0, report.underReplicatedBlocks().total());
  }
}
