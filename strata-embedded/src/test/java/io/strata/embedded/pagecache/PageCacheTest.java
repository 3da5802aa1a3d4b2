package io.strata.embedded.pagecache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class PageCacheTest {
  private static final long MIB = 1 << 20;
  private static final long SECOND = 1_000_000_000L;
  /** 100 MB/s: a MiB takes about 10.5 ms. */
  private static final long RATE = 100_000_000L;
  private static final long A = PageCache.key("/local/n1/hdd-1/spill0.out");
  private static final long B = PageCache.key("/local/n1/hdd-1/spill1.out");

  private static PageCache cache(PageCacheSettings settings) {
    return PageCache.format(ByteBuffer.allocate(PageCache.bytesNeeded(settings)), settings);
  }

  /** 100 MiB: background limit 10 MiB, dirty limit 20 MiB, 32 KiB extents. */
  private static PageCache linux100MiB() {
    return cache(PageCacheSettings.linuxDefaults(100 * MIB));
  }

  @Test
  void aReReadOfJustWrittenDataIsAHitAndAColdReadMisses() {
    PageCache cache = linux100MiB();
    cache.write(A, 0, 0, 4 * MIB, 0, RATE);
    assertEquals(0, cache.read(A, 0, 0, 4 * MIB, 1, RATE).missBytes());
    assertEquals(2 * MIB, cache.read(B, 0, 0, 2 * MIB, 2, RATE).missBytes());
    assertEquals(0, cache.read(B, 0, 0, 2 * MIB, 3, RATE).missBytes(), "read once, cached");
    PageCache.Stats stats = cache.stats();
    assertEquals(6 * MIB, stats.hitBytes());
    assertEquals(2 * MIB, stats.missBytes());
    assertEquals(6 * MIB, stats.cachedBytes());
  }

  @Test
  void theLeastRecentlyUsedExtentsAreEvictedFirst() {
    PageCache cache = cache(new PageCacheSettings(MIB, 0, MIB / 2, 4096, 30 * SECOND, 5 * SECOND));
    cache.read(A, 0, 0, MIB, 0, RATE); // fills the cache
    cache.read(A, 0, 0, 4096, 1, RATE); // A's first extent is now the most recently used
    assertEquals(MIB / 2, cache.read(B, 0, 0, MIB / 2, 2, RATE).missBytes());
    long cached = cache.stats().cachedBytes();
    assertTrue(cached <= MIB && cached >= MIB - MIB / 64, "never more than the capacity, reclaimed in batches: "
        + cached);
    assertEquals(0, cache.read(A, 0, 0, 4096, 3, RATE).missBytes(), "recently used: kept");
    assertEquals(0, cache.read(A, 0, 3 * MIB / 4, MIB / 4, 4, RATE).missBytes(), "newest quarter: kept");
    assertEquals(MIB / 2 - 4096, cache.read(A, 0, 4096, MIB / 2 - 4096, 5, RATE).missBytes(),
        "the oldest extents made room for B");
  }

  @Test
  void aWriteBelowTheDirtyLimitDoesNotWaitAndTheFlusherTakesWhatIsAboveTheBackgroundLimit() {
    PageCache cache = linux100MiB();
    PageCache.Write write = cache.write(A, 0, 0, 15 * MIB, 0, RATE);
    assertEquals(0, write.throttleNanos());
    assertEquals(5 * MIB, write.writebackBytes(), "15 MiB dirty, 10 MiB background limit");
    assertEquals(10 * MIB, cache.stats().dirtyBytes());
    assertEquals(5 * MIB, cache.underWriteback(0, RATE));
  }

  @Test
  void aWriterAboveTheDirtyLimitWaitsForTheDeviceAndALongWriteSettlesAtItsRate() {
    PageCache cache = linux100MiB();
    long now = 0;
    long firstThrottleAt = -1;
    long total = 400 * MIB;
    for (long at = 0; at < total; at += MIB) {
      PageCache.Write write = cache.write(A, 0, at, MIB, now, RATE);
      if (write.throttleNanos() > 0 && firstThrottleAt < 0) {
        firstThrottleAt = at;
      }
      now += write.throttleNanos();
    }
    assertEquals(20 * MIB, firstThrottleAt, "the writer first waits when it passes 20 MiB dirty");
    // Everything beyond the dirty limit went at the device's rate; the limit's worth went at memory speed.
    double expected = (total - 20 * MIB) * 1e9 / RATE;
    assertEquals(expected, now, expected * 0.01);
    assertTrue(cache.stats().throttleNanos() > 0);
  }

  @Test
  void deletingAFileDropsItsPagesAndItsDirtyBytesAreNeverWritten() {
    PageCache cache = linux100MiB();
    cache.write(A, 0, 0, 6 * MIB, 0, RATE);
    cache.write(B, 0, 0, 2 * MIB, 0, RATE);
    assertEquals(6 * MIB, cache.delete(A));
    PageCache.Stats stats = cache.stats();
    assertEquals(2 * MIB, stats.cachedBytes());
    assertEquals(2 * MIB, stats.dirtyBytes());
    assertEquals(0, stats.writebackBytes());
    assertEquals(6 * MIB, stats.droppedDirtyBytes());
    assertEquals(6 * MIB, cache.read(A, 0, 0, 6 * MIB, 1, RATE).missBytes(), "gone from memory");
    assertEquals(0, cache.read(B, 0, 0, 2 * MIB, 1, RATE).missBytes(), "the other file stays");
  }

  @Test
  void aGroupIsDroppedAtOnceAndARenameKeepsThePages() {
    PageCache cache = linux100MiB();
    long job = PageCache.key("application_1_0001");
    cache.write(A, job, 0, MIB, 0, RATE);
    cache.rename(A, B, job);
    assertEquals(0, cache.read(B, job, 0, MIB, 1, RATE).missBytes());
    assertEquals(MIB, cache.read(A, 0, 0, MIB, 1, RATE).missBytes(), "the old name has no pages");
    assertEquals(MIB, cache.deleteGroup(job), "B's dirty MiB");
    assertEquals(MIB, cache.stats().cachedBytes(), "only A's re-read pages, outside the group, stay");
  }

  @Test
  void dirtyPagesOlderThanTheExpiryAreWrittenBackWhenTheFlusherRuns() {
    PageCache cache = linux100MiB();
    cache.write(A, 0, 0, MIB, 0, RATE);
    assertEquals(0, cache.read(B, 0, 0, 4096, 10 * SECOND, RATE).writebackBytes(), "young: stays dirty");
    assertEquals(MIB, cache.read(B, 0, 0, 4096, 31 * SECOND, RATE).writebackBytes());
    assertEquals(0, cache.stats().dirtyBytes());
    assertEquals(0, cache.delete(A), "written already: nothing to drop");
  }

  @Test
  void evictingADirtyExtentWritesItBack() {
    PageCache cache = cache(new PageCacheSettings(MIB, MIB, MIB, 4096, 30 * SECOND, 5 * SECOND));
    cache.write(A, 0, 0, MIB, 0, RATE);
    assertEquals(0, cache.stats().writebackBytes());
    PageCache.Read read = cache.read(B, 0, 0, MIB / 4, 1, RATE);
    assertTrue(read.writebackBytes() >= MIB / 4 && read.writebackBytes() <= MIB / 4 + MIB / 64,
        "room for B's quarter, reclaimed a 64th at a time: " + read.writebackBytes());
    assertEquals(MIB - read.writebackBytes(), cache.stats().dirtyBytes());
  }

  @Test
  void theStateCanBeSharedThroughTheBuffer() {
    PageCacheSettings settings = PageCacheSettings.linuxDefaults(64 * MIB);
    ByteBuffer shared = ByteBuffer.allocate(PageCache.bytesNeeded(settings));
    PageCache.format(shared, settings).write(A, 0, 0, MIB, 0, RATE);
    PageCache other = PageCache.attach(shared);
    assertEquals(settings, other.settings());
    assertEquals(0, other.read(A, 0, 0, MIB, 1, RATE).missBytes());
  }

  @Test
  void settingsFollowLinuxDefaultsAndRefuseNonsense() {
    PageCacheSettings settings = PageCacheSettings.linuxDefaults(1L << 30);
    assertEquals((1L << 30) / 10, settings.backgroundDirtyBytes(), 1);
    assertEquals((1L << 30) / 5, settings.dirtyLimitBytes(), 1);
    assertEquals(256 << 10, settings.extentBytes(), "1 GiB in 4096 extents");
    assertEquals(4096, PageCacheSettings.linuxDefaults(MIB).extentBytes());
    assertThrows(IllegalArgumentException.class, () -> PageCacheSettings.linuxDefaults(0));
    assertThrows(IllegalArgumentException.class,
        () -> new PageCacheSettings(MIB, MIB / 2, MIB / 4, 4096, SECOND, SECOND));
    assertThrows(IllegalArgumentException.class,
        () -> new PageCacheSettings(MIB, 0, MIB / 4, 5000, SECOND, SECOND));
  }
}
