package io.strata.hdfs.kat.mr;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.hadoop.io.DataInputBuffer;
import org.apache.hadoop.io.RawComparator;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.mapred.RawKeyValueIterator;
import org.apache.hadoop.util.Progress;

/**
 * Map output gathered by key in serialized form: an open-addressing table whose entries are the key's bytes and
 * its values' bytes appended one after another. A record costs a hash of its key bytes and a copy, no object per
 * record and no deserialization; only a new key allocates.
 */
final class MapOutputTable {
  /** Estimated bytes per key beyond its key and value bytes: the entry, two array headers and a table slot. */
  static final int ENTRY_OVERHEAD = 80;

  /** One key and its values, each stored as a 4-byte length and the value's bytes. */
  static final class Entry {
    final byte[] key;
    final int hash;
    byte[] values = new byte[32];
    int valuesLength;
    int count;

    Entry(byte[] key, int hash) {
      this.key = key;
      this.hash = hash;
    }
  }

  private Entry[] slots = new Entry[1 << 12];
  private int size;
  private long bytes;
  private long records;

  /** Adds one record: {@code key[0..keyLength)} and {@code value[0..valueLength)}. */
  void add(byte[] key, int keyLength, byte[] value, int valueLength) {
    int hash = WritableComparator.hashBytes(key, keyLength);
    int mask = slots.length - 1;
    int i = spread(hash) & mask;
    Entry entry;
    while ((entry = slots[i]) != null) {
      if (entry.hash == hash && Arrays.equals(entry.key, 0, entry.key.length, key, 0, keyLength)) {
        break;
      }
      i = (i + 1) & mask;
    }
    if (entry == null) {
      entry = new Entry(Arrays.copyOf(key, keyLength), hash);
      slots[i] = entry;
      size++;
      bytes += ENTRY_OVERHEAD + keyLength + entry.values.length;
      if (size * 4L > slots.length * 3L) {
        grow();
      }
    }
    int needed = entry.valuesLength + 4 + valueLength;
    if (needed > entry.values.length) {
      int capacity = Math.max(needed, entry.values.length * 2);
      bytes += capacity - entry.values.length;
      entry.values = Arrays.copyOf(entry.values, capacity);
    }
    byte[] values = entry.values;
    int at = entry.valuesLength;
    values[at] = (byte) (valueLength >>> 24);
    values[at + 1] = (byte) (valueLength >>> 16);
    values[at + 2] = (byte) (valueLength >>> 8);
    values[at + 3] = (byte) valueLength;
    System.arraycopy(value, 0, values, at + 4, valueLength);
    entry.valuesLength = needed;
    entry.count++;
    records++;
  }

  /**
   * The key bytes' hash (a polynomial, like String's) mixed with MurmurHash3's finalizer: words that differ only in
   * their last character hash to neighbouring values, which in a linearly probed table would fill runs of adjacent
   * slots and make every probe walk them.
   */
  private static int spread(int hash) {
    int h = hash;
    h ^= h >>> 16;
    h *= 0x85ebca6b;
    h ^= h >>> 13;
    h *= 0xc2b2ae35;
    h ^= h >>> 16;
    return h;
  }

  private void grow() {
    Entry[] old = slots;
    slots = new Entry[old.length * 2];
    int mask = slots.length - 1;
    for (Entry entry : old) {
      if (entry != null) {
        int i = spread(entry.hash) & mask;
        while (slots[i] != null) {
          i = (i + 1) & mask;
        }
        slots[i] = entry;
      }
    }
    bytes += (long) (slots.length - old.length) * Integer.BYTES;
  }

  /** Estimated heap bytes the table holds. */
  long bytes() {
    return bytes + (long) slots.length * Integer.BYTES;
  }

  int keys() {
    return size;
  }

  long records() {
    return records;
  }

  boolean isEmpty() {
    return size == 0;
  }

  /** The entries in table order (for a combiner, which needs each key's values together, not keys sorted). */
  List<Entry> entries() {
    List<Entry> entries = new ArrayList<>(size);
    for (Entry entry : slots) {
      if (entry != null) {
        entries.add(entry);
      }
    }
    return entries;
  }

  /** The entries sorted by the job's key comparator on their serialized keys, as the shuffle sorts them. */
  List<Entry> sorted(RawComparator<?> comparator) {
    List<Entry> entries = entries();
    entries.sort((a, b) -> comparator.compare(a.key, 0, a.key.length, b.key, 0, b.key.length));
    return entries;
  }

  /** Every record of {@code entries}, key by key, as a reduce task's merged input. */
  static RawKeyValueIterator iterator(List<Entry> entries, Runnable progress) {
    return new EntryIterator(entries.iterator(), progress);
  }

  private static final class EntryIterator implements RawKeyValueIterator {
    private final Iterator<Entry> entries;
    private final Runnable progress;
    private final DataInputBuffer key = new DataInputBuffer();
    private final DataInputBuffer value = new DataInputBuffer();
    private final Progress done = new Progress();
    private Entry current;
    private int offset;
    private long served;

    EntryIterator(Iterator<Entry> entries, Runnable progress) {
      this.entries = entries;
      this.progress = progress;
    }

    @Override
    public boolean next() {
      while (current == null || offset >= current.valuesLength) {
        if (!entries.hasNext()) {
          return false;
        }
        current = entries.next();
        offset = 0;
        key.reset(current.key, 0, current.key.length);
      }
      byte[] values = current.values;
      int length = ((values[offset] & 0xff) << 24) | ((values[offset + 1] & 0xff) << 16)
          | ((values[offset + 2] & 0xff) << 8) | (values[offset + 3] & 0xff);
      value.reset(values, offset + 4, length);
      offset += 4 + length;
      if (++served % 100_000 == 0) {
        progress.run();
      }
      return true;
    }

    @Override
    public DataInputBuffer getKey() {
      if (current == null) {
        throw new NoSuchElementException("next() first");
      }
      // The reducer may have read the key buffer: hand it back positioned at the key's start.
      key.reset(current.key, 0, current.key.length);
      return key;
    }

    @Override
    public DataInputBuffer getValue() {
      return value;
    }

    @Override
    public void close() throws IOException {}

    @Override
    public Progress getProgress() {
      return done;
    }
  }
}
