package io.strata.embedded.pagecache;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * One node's page cache, as Linux keeps it for files on local disks: reads of cached data come from memory,
 * misses from the device; writes land in memory as dirty pages that a flusher writes back at the device's rate
 * once they pass the background limit or grow old, and a writer waits for the device only while the dirty bytes
 * (those under writeback included) are above the dirty limit. Deleting a file drops its pages, dirty ones unwritten.
 *
 * <p>The cache tracks files in fixed extents ({@link PageCacheSettings#extentBytes()}), least recently used first
 * out; an extent holds a prefix of its bytes (files are written and mostly read in order). Writeback is a queue
 * that drains at the write rate the caller gives, from the time it is given: the caller charges its device for the
 * bytes this returns. The state lives in a {@link ByteBuffer} of {@link #bytesNeeded} bytes, so that several
 * processes can share one cache through a mapped file; the class is not thread-safe, callers serialize access.
 * Files are named by 64-bit keys ({@link #key}); a group key (e.g. the job a file belongs to) lets a caller drop
 * many files at once.
 */
public final class PageCache {
  /** What a write did: bytes handed to the device for writeback, and how long the writer must wait. */
  public record Write(long writebackBytes, long throttleNanos) {}

  /** What a read did: bytes that missed (to read from the device), and bytes handed to it for writeback. */
  public record Read(long missBytes, long writebackBytes) {}

  /** Running totals. */
  public record Stats(long cachedBytes, long dirtyBytes, long hitBytes, long missBytes, long writebackBytes,
      long droppedDirtyBytes, long throttleNanos) {}

  private static final long MAGIC = 0x5354524150474331L; // "STRAPGC1"
  private static final int CAPACITY = 8;
  private static final int BACKGROUND = 16;
  private static final int LIMIT = 24;
  private static final int EXTENT = 32;
  private static final int SLOTS = 40;
  private static final int EXPIRE = 48;
  private static final int FLUSHER_INTERVAL = 56;
  private static final int USE_CLOCK = 64;
  private static final int CACHED = 72;
  private static final int DIRTY = 80;
  private static final int WRITEBACK_DONE_AT = 88;
  private static final int LAST_FLUSHER_RUN = 96;
  private static final int COUNT = 104;
  private static final int HITS = 112;
  private static final int MISSES = 120;
  private static final int WRITTEN_BACK = 128;
  private static final int DROPPED = 136;
  private static final int THROTTLED = 144;
  private static final int HEADER = 160;
  /** Reclaim frees this fraction of the cache at a time. */
  private static final int RECLAIM_FRACTION = 64;

  private static final int E_FILE = 0;
  private static final int E_EXTENT = 8;
  private static final int E_GROUP = 16;
  private static final int E_LAST_USE = 24;
  private static final int E_DIRTY_SINCE = 32;
  private static final int E_FILLED = 40;
  private static final int E_DIRTY = 44;
  private static final int ENTRY = 48;

  private final ByteBuffer state;
  private final int extentBytes;
  private final int slots;

  private PageCache(ByteBuffer state) {
    this.state = state.order(ByteOrder.LITTLE_ENDIAN);
    if (state.getLong(0) != MAGIC) {
      throw new IllegalArgumentException("not a page cache state");
    }
    this.extentBytes = (int) state.getLong(EXTENT);
    this.slots = (int) state.getLong(SLOTS);
  }

  /** Bytes of state a cache with these settings needs. */
  public static int bytesNeeded(PageCacheSettings settings) {
    return HEADER + slotsFor(settings) * ENTRY;
  }

  /** An empty cache in {@code state} (at least {@link #bytesNeeded} bytes), replacing what it held. */
  public static PageCache format(ByteBuffer state, PageCacheSettings settings) {
    int size = bytesNeeded(settings);
    if (state.capacity() < size) {
      throw new IllegalArgumentException("page cache state needs " + size + " bytes, got " + state.capacity());
    }
    state.order(ByteOrder.LITTLE_ENDIAN);
    for (int i = 0; i < size; i += 8) {
      state.putLong(i, 0);
    }
    state.putLong(CAPACITY, settings.capacityBytes()).putLong(BACKGROUND, settings.backgroundDirtyBytes())
        .putLong(LIMIT, settings.dirtyLimitBytes()).putLong(EXTENT, settings.extentBytes())
        .putLong(SLOTS, slotsFor(settings)).putLong(EXPIRE, settings.expireNanos())
        .putLong(FLUSHER_INTERVAL, settings.flusherIntervalNanos()).putLong(0, MAGIC);
    return new PageCache(state);
  }

  /** The cache {@link #format} left in {@code state}. */
  public static PageCache attach(ByteBuffer state) {
    return new PageCache(state);
  }

  /** A file's key: a 64-bit hash of its name (never 0, which marks a free slot). */
  public static long key(String name) {
    long hash = 0xcbf29ce484222325L; // FNV-1a
    for (int i = 0; i < name.length(); i++) {
      hash = (hash ^ name.charAt(i)) * 0x100000001b3L;
    }
    return hash == 0 ? 1 : hash;
  }

  public PageCacheSettings settings() {
    return new PageCacheSettings(state.getLong(CAPACITY), state.getLong(BACKGROUND), state.getLong(LIMIT),
        extentBytes, state.getLong(EXPIRE), state.getLong(FLUSHER_INTERVAL));
  }

  /**
   * Writes {@code length} bytes of {@code file} at {@code offset} at time {@code now} into the cache, on a device
   * that writes {@code writeBytesPerSecond}.
   */
  public Write write(long file, long group, long offset, long length, long now, long writeBytesPerSecond) {
    long writeback = flush(now, writeBytesPerSecond);
    writeback += walk(file, group, offset, length, now, writeBytesPerSecond, (base, from, to, filled) -> {
      int dirty = state.getInt(base + E_DIRTY);
      int nowDirty = Math.min(Math.max(filled, to), dirty + (to - from));
      if (dirty == 0 && nowDirty > 0) {
        state.putLong(base + E_DIRTY_SINCE, now);
      }
      state.putInt(base + E_DIRTY, nowDirty);
      add(DIRTY, nowDirty - dirty);
      return 0;
    }).writeback();
    writeback += flush(now, writeBytesPerSecond);
    long over = state.getLong(DIRTY) + underWriteback(now, writeBytesPerSecond) - state.getLong(LIMIT);
    long throttle = over > 0 ? Math.round(over * 1e9 / writeBytesPerSecond) : 0;
    add(THROTTLED, throttle);
    return new Write(writeback, throttle);
  }

  /** Reads {@code length} bytes of {@code file} at {@code offset} at time {@code now}. */
  public Read read(long file, long group, long offset, long length, long now, long writeBytesPerSecond) {
    long writeback = flush(now, writeBytesPerSecond);
    Walk walk = walk(file, group, offset, length, now, writeBytesPerSecond,
        (base, from, to, filled) -> to > filled ? to - Math.max(from, filled) : 0);
    long missed = walk.counted();
    add(HITS, length - missed);
    add(MISSES, missed);
    return new Read(missed, writeback + walk.writeback());
  }

  /** What a read or a write does to bytes [from, to) of the extent at {@code base}, which held [0, filled). */
  @FunctionalInterface
  private interface ExtentAccess {
    /** Returns a count the walk sums (the bytes a read missed). */
    long apply(int base, int from, int to, int filled);
  }

  /** What a {@link #walk} wrote back to make room, and the sum of its accesses' counts. */
  private record Walk(long writeback, long counted) {}

  /**
   * Walks the extents of {@code length} bytes of {@code file} at {@code offset}: lets {@code access} act on each,
   * then marks the bytes cached, the extent most recently used, and evicts what is over capacity.
   */
  private Walk walk(long file, long group, long offset, long length, long now, long writeBytesPerSecond,
      ExtentAccess access) {
    long writeback = 0;
    long counted = 0;
    for (long at = offset, end = offset + length; at < end;) {
      long extent = at / extentBytes;
      int from = (int) (at - extent * extentBytes);
      int to = (int) Math.min(extentBytes, end - extent * extentBytes);
      int slot = findOrInsert(file, group, extent);
      int base = slotBase(slot);
      int filled = state.getInt(base + E_FILLED);
      counted += access.apply(base, from, to, filled);
      if (to > filled) {
        state.putInt(base + E_FILLED, to);
        add(CACHED, to - filled);
      }
      touch(base);
      writeback += evictOver(state.getLong(CAPACITY), slot, now, writeBytesPerSecond);
      at = (extent + 1) * extentBytes;
    }
    return new Walk(writeback, counted);
  }

  /** Drops {@code file}'s pages; returns the dirty bytes that will now never be written. */
  public long delete(long file) {
    return dropWhere(E_FILE, file);
  }

  /** Drops the pages of every file in {@code group}; returns the dirty bytes that will now never be written. */
  public long deleteGroup(long group) {
    return group == 0 ? 0 : dropWhere(E_GROUP, group);
  }

  /** Gives {@code from}'s pages to {@code to} (a rename keeps the file's pages), replacing any pages of {@code to}. */
  public void rename(long from, long to, long toGroup) {
    if (from == to) {
      return;
    }
    delete(to);
    List<long[]> moved = new ArrayList<>();
    for (int slot = 0; slot < slots; slot++) {
      int base = slotBase(slot);
      if (state.getLong(base + E_FILE) == from) {
        moved.add(new long[] {state.getLong(base + E_EXTENT), state.getLong(base + E_LAST_USE),
            state.getLong(base + E_DIRTY_SINCE), state.getInt(base + E_FILLED), state.getInt(base + E_DIRTY)});
      }
    }
    for (long[] entry : moved) {
      removeAt(find(from, entry[0]));
    }
    for (long[] entry : moved) {
      int base = slotBase(insertAt(to, toGroup, entry[0]));
      state.putLong(base + E_LAST_USE, entry[1]).putLong(base + E_DIRTY_SINCE, entry[2]);
      state.putInt(base + E_FILLED, (int) entry[3]).putInt(base + E_DIRTY, (int) entry[4]);
    }
  }

  public Stats stats() {
    return new Stats(state.getLong(CACHED), state.getLong(DIRTY), state.getLong(HITS), state.getLong(MISSES),
        state.getLong(WRITTEN_BACK), state.getLong(DROPPED), state.getLong(THROTTLED));
  }

  /** Dirty bytes handed to the device and not yet written at {@code now}. */
  public long underWriteback(long now, long writeBytesPerSecond) {
    long doneAt = state.getLong(WRITEBACK_DONE_AT);
    return doneAt - now > 0 ? Math.round((doneAt - now) / 1e9 * writeBytesPerSecond) : 0;
  }

  /**
   * The flusher: hands expired dirty extents to the device when its interval has passed, and the oldest dirty
   * extents above the background limit; returns the bytes handed over.
   */
  private long flush(long now, long writeBytesPerSecond) {
    long queued = 0;
    if (state.getLong(DIRTY) > 0 && now - state.getLong(LAST_FLUSHER_RUN) >= state.getLong(FLUSHER_INTERVAL)) {
      state.putLong(LAST_FLUSHER_RUN, now);
      long expire = state.getLong(EXPIRE);
      for (int slot = 0; slot < slots; slot++) {
        int base = slotBase(slot);
        if (state.getLong(base + E_FILE) != 0 && state.getInt(base + E_DIRTY) > 0
            && now - state.getLong(base + E_DIRTY_SINCE) >= expire) {
          queued += writeBack(base, now, writeBytesPerSecond);
        }
      }
    }
    // Pages under writeback still count against the dirty limit (they are not on the device yet); the flusher
    // hands over just enough that the dirty pages left are at the background limit once they are written.
    long excess = state.getLong(DIRTY) - state.getLong(BACKGROUND);
    if (excess > 0) {
      List<long[]> dirty = new ArrayList<>();
      for (int slot = 0; slot < slots; slot++) {
        int base = slotBase(slot);
        if (state.getLong(base + E_FILE) != 0 && state.getInt(base + E_DIRTY) > 0) {
          dirty.add(new long[] {base, state.getLong(base + E_DIRTY_SINCE)});
        }
      }
      dirty.sort(Comparator.comparingLong(e -> e[1]));
      for (int i = 0; i < dirty.size() && excess > 0; i++) {
        long bytes = writeBack((int) dirty.get(i)[0], now, writeBytesPerSecond);
        queued += bytes;
        excess -= bytes;
      }
    }
    return queued;
  }

  private long writeBack(int base, long now, long writeBytesPerSecond) {
    int bytes = state.getInt(base + E_DIRTY);
    state.putInt(base + E_DIRTY, 0);
    add(DIRTY, -bytes);
    add(WRITTEN_BACK, bytes);
    long doneAt = state.getLong(WRITEBACK_DONE_AT);
    long start = doneAt - now > 0 ? doneAt : now;
    state.putLong(WRITEBACK_DONE_AT, start + Math.round(bytes * 1e9 / writeBytesPerSecond));
    return bytes;
  }

  /**
   * When the cache is over {@code capacity} (or its table full), evicts least recently used extents, never
   * {@code keep}, until a 64th of it is free again: one scan per batch, as Linux reclaims to a watermark.
   */
  private long evictOver(long capacity, int keep, long now, long writeBytesPerSecond) {
    if (state.getLong(CACHED) <= capacity && state.getLong(COUNT) <= maxEntries()) {
      return 0;
    }
    long cachedTarget = capacity - capacity / RECLAIM_FRACTION;
    long countTarget = maxEntries() - maxEntries() / RECLAIM_FRACTION;
    int keepBase = slotBase(keep);
    long keepFile = state.getLong(keepBase + E_FILE);
    long keepExtent = state.getLong(keepBase + E_EXTENT);
    List<long[]> entries = new ArrayList<>();
    for (int slot = 0; slot < slots; slot++) {
      int base = slotBase(slot);
      long file = state.getLong(base + E_FILE);
      if (file != 0 && !(file == keepFile && state.getLong(base + E_EXTENT) == keepExtent)) {
        entries.add(new long[] {state.getLong(base + E_LAST_USE), file, state.getLong(base + E_EXTENT)});
      }
    }
    entries.sort(Comparator.comparingLong(e -> e[0]));
    long queued = 0;
    for (int i = 0; i < entries.size()
        && (state.getLong(CACHED) > cachedTarget || state.getLong(COUNT) > countTarget); i++) {
      int victim = find(entries.get(i)[1], entries.get(i)[2]);
      // Reclaiming a dirty page writes it first.
      queued += writeBack(slotBase(victim), now, writeBytesPerSecond);
      add(CACHED, -state.getInt(slotBase(victim) + E_FILLED));
      removeAt(victim);
    }
    return queued;
  }

  private long dropWhere(int field, long value) {
    long dropped = 0;
    for (int slot = 0; slot < slots;) {
      int base = slotBase(slot);
      if (state.getLong(base + E_FILE) != 0 && state.getLong(base + field) == value) {
        dropped += state.getInt(base + E_DIRTY);
        add(DIRTY, -state.getInt(base + E_DIRTY));
        add(CACHED, -state.getInt(base + E_FILLED));
        removeAt(slot); // may move a later entry into this slot: look at it again
      } else {
        slot++;
      }
    }
    add(DROPPED, dropped);
    return dropped;
  }

  private void touch(int base) {
    long clock = state.getLong(USE_CLOCK) + 1;
    state.putLong(USE_CLOCK, clock);
    state.putLong(base + E_LAST_USE, clock);
  }

  private int findOrInsert(long file, long group, long extent) {
    int slot = find(file, extent);
    return slot >= 0 ? slot : insertAt(file, group, extent);
  }

  /** Open addressing with linear probing over a power-of-two table. */
  private int find(long file, long extent) {
    for (int slot = home(file, extent);; slot = (slot + 1) & (slots - 1)) {
      int base = slotBase(slot);
      long at = state.getLong(base + E_FILE);
      if (at == 0) {
        return -1;
      }
      if (at == file && state.getLong(base + E_EXTENT) == extent) {
        return slot;
      }
    }
  }

  private int insertAt(long file, long group, long extent) {
    int slot = home(file, extent);
    while (state.getLong(slotBase(slot) + E_FILE) != 0) {
      slot = (slot + 1) & (slots - 1);
    }
    int base = slotBase(slot);
    state.putLong(base + E_FILE, file).putLong(base + E_EXTENT, extent).putLong(base + E_GROUP, group)
        .putLong(base + E_LAST_USE, 0).putLong(base + E_DIRTY_SINCE, 0);
    state.putInt(base + E_FILLED, 0).putInt(base + E_DIRTY, 0);
    add(COUNT, 1);
    return slot;
  }

  /** Removes the entry in {@code slot}, shifting later entries of its probe run back (no tombstones). */
  private void removeAt(int slot) {
    int hole = slot;
    for (int next = (hole + 1) & (slots - 1); state.getLong(slotBase(next) + E_FILE) != 0; next = (next + 1)
        & (slots - 1)) {
      int home = home(state.getLong(slotBase(next) + E_FILE), state.getLong(slotBase(next) + E_EXTENT));
      boolean homeInRange = hole <= next ? hole < home && home <= next : hole < home || home <= next;
      if (!homeInRange) {
        copy(next, hole);
        hole = next;
      }
    }
    state.putLong(slotBase(hole) + E_FILE, 0);
    add(COUNT, -1);
  }

  private void copy(int from, int to) {
    int fromBase = slotBase(from);
    int toBase = slotBase(to);
    for (int i = 0; i < ENTRY; i += 8) {
      state.putLong(toBase + i, state.getLong(fromBase + i));
    }
  }

  private int home(long file, long extent) {
    long h = (file ^ (extent * 0x9E3779B97F4A7C15L)) * 0xBF58476D1CE4E5B9L;
    return (int) ((h ^ (h >>> 31)) & (slots - 1));
  }

  private long maxEntries() {
    return slots * 3L / 4;
  }

  private int slotBase(int slot) {
    return HEADER + slot * ENTRY;
  }

  private void add(int at, long delta) {
    state.putLong(at, state.getLong(at) + delta);
  }

  /** Room for twice the extents the capacity needs (small files fill extents partly), at most 3/4 full. */
  private static int slotsFor(PageCacheSettings settings) {
    long extents = (settings.capacityBytes() + settings.extentBytes() - 1) / settings.extentBytes();
    long wanted = Math.max(64, extents * 2 * 4 / 3);
    long slots = Long.highestOneBit(wanted);
    return (int) (slots < wanted ? slots << 1 : slots);
  }
}
