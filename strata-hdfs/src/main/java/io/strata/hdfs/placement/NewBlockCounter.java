package io.strata.hdfs.placement;

import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Numbers the new blocks of each file as the NameNode asks for their targets. The placement API says which
 * file a block belongs to but not its position, which HDFS-H's ratio placement needs. Files not extended for
 * an hour are forgotten; a file that grows again later restarts at 0, which keeps its spread even.
 */
final class NewBlockCounter {
  private static final long IDLE_MILLIS = 3_600_000;
  private static final int SWEEP_EVERY = 10_000;

  private record Entry(AtomicLong next, AtomicLong lastUsed) {}

  private final Map<String, Entry> files = new ConcurrentHashMap<>();
  private final AtomicLong calls = new AtomicLong();

  /** The index of the next new block of {@code path}. */
  long next(String path) {
    long now = System.currentTimeMillis();
    Entry entry = files.computeIfAbsent(path, p -> new Entry(new AtomicLong(), new AtomicLong(now)));
    entry.lastUsed.set(now);
    if (calls.incrementAndGet() % SWEEP_EVERY == 0) {
      sweep(now);
    }
    return entry.next.getAndIncrement();
  }

  private void sweep(long now) {
    for (Iterator<Entry> it = files.values().iterator(); it.hasNext();) {
      if (now - it.next().lastUsed.get() > IDLE_MILLIS) {
        it.remove();
      }
    }
  }

  int tracked() {
    return files.size();
  }
}
