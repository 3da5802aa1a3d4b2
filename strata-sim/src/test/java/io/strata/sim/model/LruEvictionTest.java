package io.strata.sim.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.SpecParser;
import io.strata.sim.policy.SimPolicies;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The LRU capacity rule: a full tier gives up its least recently used files first, never a pinned one (a job in
 * flight reads or writes it), and a file pinned while others were evicted is a candidate again once unpinned.
 */
class LruEvictionTest {
  private static final String SPEC = """
      name: one-disk
      devices:
        - {name: disk, storageType: DISK, readMBps: 100, writeMBps: 100, iops: 100, activeWatts: 10, idleWatts: 5}
      racks:
        - name: /r1
          nodes:
            - host: a
              volumes: [{device: disk, capacity: 100MB}]
      """;
  private static final long BLOCK = 10_000_000;

  private final ClusterSpec spec = SpecParser.parse("one-disk", SPEC);
  private final List<String> deleted = new ArrayList<>();
  private final FileStore store = new FileStore(new SimCluster(spec), SimPolicies.placement("network", spec), BLOCK,
      1, CapacityRule.LRU, new Random(1), new FileStore.Listener() {
        @Override
        public void created(SimFile file, double now) {}

        @Override
        public void deleted(SimFile file, double now) {
          deleted.add(file.path());
        }
      });

  private SimFile write(String path) {
    SimFile file = store.createOutput(path, 0);
    store.appendBlock(file, BLOCK, 0, 0);
    return file;
  }

  @Test
  void theLeastRecentlyUsedUnpinnedFilesGoFirst() {
    List<SimFile> files = new ArrayList<>();
    for (int i = 0; i < 9; i++) {
      SimFile file = write("/f" + i);
      if (i != 0 && i != 2) {
        file.unpin(); // f0 and f2 stay pinned, as by jobs still using them
      }
      files.add(file);
    }
    store.touch(files.get(1), 1); // f1 becomes the most recently used
    write("/f9").unpin(); // the disk is full: 10 blocks of 10 MB
    // Before a block lands on a tier above 95%, files go until it is at 90%: one file here.
    write("/f10");
    write("/f11").unpin();
    assertEquals(List.of("/f3", "/f4"), deleted, "oldest unpinned first: pinned f0 and f2 and touched f1 stay");

    files.get(0).unpin(); // f0 is free again, and it is the oldest file the store may evict
    files.get(2).unpin();
    store.touch(files.get(2), 2);
    write("/f12");
    write("/f13");
    assertEquals(List.of("/f3", "/f4", "/f0", "/f5"), deleted, "an unpinned file is a candidate again");
    // get() is a use too (the store's map is in access order), so it comes only after the evictions.
    assertNull(store.get("/f0"));
    assertNotNull(store.get("/f2"));
  }
}
