package io.strata.hdfs.kat.mr;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;
import org.apache.hadoop.io.DataInputBuffer;
import org.apache.hadoop.io.RawComparator;
import org.apache.hadoop.mapred.RawKeyValueIterator;
import org.apache.hadoop.util.Progress;

/**
 * Sorted runs of map output on the task's local disk, for a partition with more distinct keys than the buffer
 * holds: each run is one buffer's records sorted by the job's key comparator, and {@link #merge} reads them all
 * back as one sorted stream, so every key reaches the reducer once with all its values, as after a shuffle.
 * Record format: key length, key bytes, value length, value bytes (lengths as 4-byte ints).
 */
final class SpilledRuns implements Closeable {
  private final Path dir;
  private final RawComparator<?> comparator;
  private final List<Path> runs = new ArrayList<>();
  private long records;

  /** {@code dir} must exist; the runs are written in it and deleted by {@link #close}. */
  SpilledRuns(Path dir, RawComparator<?> comparator) {
    this.dir = dir;
    this.comparator = comparator;
  }

  /** Writes {@code sorted} (entries in comparator order) as one run. */
  void spill(List<MapOutputTable.Entry> sorted) throws IOException {
    Path run = dir.resolve(String.format("run-%05d", runs.size()));
    try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(run), 1 << 16))) {
      for (MapOutputTable.Entry entry : sorted) {
        int offset = 0;
        while (offset < entry.valuesLength) {
          int length = ((entry.values[offset] & 0xff) << 24) | ((entry.values[offset + 1] & 0xff) << 16)
              | ((entry.values[offset + 2] & 0xff) << 8) | (entry.values[offset + 3] & 0xff);
          out.writeInt(entry.key.length);
          out.write(entry.key);
          out.writeInt(length);
          out.write(entry.values, offset + 4, length);
          offset += 4 + length;
          records++;
        }
      }
    }
    runs.add(run);
  }

  int runs() {
    return runs.size();
  }

  /** Records written to disk, over all runs. */
  long records() {
    return records;
  }

  /** All runs merged into one stream in comparator order; a key's values come run by run. */
  RawKeyValueIterator merge(Runnable progress) throws IOException {
    PriorityQueue<RunReader> heap = new PriorityQueue<>((a, b) -> {
      int c = comparator.compare(a.key, 0, a.keyLength, b.key, 0, b.keyLength);
      return c != 0 ? c : Integer.compare(a.index, b.index);
    });
    List<RunReader> readers = new ArrayList<>();
    try {
      for (int i = 0; i < runs.size(); i++) {
        RunReader reader = new RunReader(runs.get(i), i);
        readers.add(reader);
        if (reader.advance()) {
          heap.add(reader);
        }
      }
    } catch (IOException e) {
      for (RunReader reader : readers) {
        reader.close();
      }
      throw e;
    }
    return new RawKeyValueIterator() {
      private final DataInputBuffer key = new DataInputBuffer();
      private final DataInputBuffer value = new DataInputBuffer();
      private final Progress done = new Progress();
      private RunReader current;
      private long served;

      @Override
      public boolean next() throws IOException {
        if (current != null && current.advance()) {
          heap.add(current);
        }
        current = heap.poll();
        if (current == null) {
          return false;
        }
        value.reset(current.value, 0, current.valueLength);
        if (++served % 100_000 == 0) {
          progress.run();
        }
        return true;
      }

      @Override
      public DataInputBuffer getKey() {
        key.reset(current.key, 0, current.keyLength);
        return key;
      }

      @Override
      public DataInputBuffer getValue() {
        return value;
      }

      @Override
      public void close() throws IOException {
        for (RunReader reader : readers) {
          reader.close();
        }
      }

      @Override
      public Progress getProgress() {
        return done;
      }
    };
  }

  @Override
  public void close() throws IOException {
    for (Path run : runs) {
      Files.deleteIfExists(run);
    }
    runs.clear();
  }

  /** One run read record by record into reusable buffers. */
  private static final class RunReader implements Closeable {
    final int index;
    final DataInputStream in;
    byte[] key = new byte[64];
    int keyLength;
    byte[] value = new byte[64];
    int valueLength;

    RunReader(Path run, int index) throws IOException {
      this.index = index;
      this.in = new DataInputStream(new BufferedInputStream(Files.newInputStream(run), 1 << 16));
    }

    /** Reads the next record; false at the end of the run. */
    boolean advance() throws IOException {
      int length;
      try {
        length = in.readInt();
      } catch (EOFException end) {
        return false;
      }
      if (length > key.length) {
        key = Arrays.copyOf(key, Math.max(length, key.length * 2));
      }
      in.readFully(key, 0, length);
      keyLength = length;
      length = in.readInt();
      if (length > value.length) {
        value = Arrays.copyOf(value, Math.max(length, value.length * 2));
      }
      in.readFully(value, 0, length);
      valueLength = length;
      return true;
    }

    @Override
    public void close() throws IOException {
      in.close();
    }
  }
}
