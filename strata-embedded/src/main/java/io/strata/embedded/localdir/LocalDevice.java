package io.strata.embedded.localdir;

import io.strata.embedded.emulation.DevicePacer;
import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One emulated device under a local directory, shared by every process that touches the directory: the task
 * JVMs that write spills and map outputs, and the NodeManager whose ShuffleHandler serves them.
 *
 * <p>The device lives in a small memory-mapped file ({@value #STATE_FILE}) at the directory's root: its speeds,
 * the time the device is next free, and what it has done (bytes and operations each way, positionings). Each
 * transfer locks the file, reserves {@code positioning + bytes / rate} of device time after the last reservation,
 * and the caller then waits until its slot starts, like a device with one queue (as {@code DevicePacer} does for
 * DataNode volumes). All processes share one clock: {@link System#nanoTime()} is Linux's CLOCK_MONOTONIC, the
 * same in every JVM on the machine.
 */
public final class LocalDevice {
  /** The name of the file that marks a directory as an emulated device. */
  public static final String STATE_FILE = ".strata-device";

  private static final long MAGIC = 0x5354524154414456L; // "STRATADV"
  private static final int READ_BPS = 8;
  private static final int WRITE_BPS = 16;
  private static final int POSITION_NANOS = 24;
  private static final int NEXT_FREE = 32;
  private static final int BYTES_READ = 40;
  private static final int BYTES_WRITTEN = 48;
  private static final int READS = 56;
  private static final int WRITES = 64;
  private static final int POSITIONINGS = 72;
  private static final int NAME = 80;
  private static final int NAME_BYTES = 120;
  private static final int SIZE = NAME + 4 + NAME_BYTES;
  /**
   * Device time a late caller may take back: a process that overslept or waited for a core would otherwise leave
   * the device idle, and on a busy machine every such gap lowers the rate below the profile's.
   */
  private static final long CATCH_UP_NANOS = 2_000_000;

  /** One object per state file per JVM: file locks exclude other processes, this lock the JVM's own threads. */
  private static final Map<Path, LocalDevice> OPEN = new ConcurrentHashMap<>();

  /** What a device has done since it was created. */
  public record Usage(String device, long bytesRead, long bytesWritten, long reads, long writes, long positionings) {}

  private final Path file;
  private final String name;
  private final FileChannel channel;
  private final MappedByteBuffer state;
  private final ReentrantLock lock = new ReentrantLock();

  private LocalDevice(Path file, FileChannel channel, MappedByteBuffer state) {
    this.file = file;
    this.channel = channel;
    this.state = state;
    byte[] nameBytes = new byte[state.getInt(NAME)];
    state.get(NAME + 4, nameBytes);
    this.name = new String(nameBytes, StandardCharsets.UTF_8);
  }

  /**
   * Makes {@code root} an emulated device called {@code name} (e.g. {@code n1/hdd}) with these speeds; replaces
   * any device there before, and with it its counts.
   */
  public static LocalDevice create(Path root, String name, long readBytesPerSecond, long writeBytesPerSecond,
      long positionNanos) throws IOException {
    if (readBytesPerSecond <= 0 || writeBytesPerSecond <= 0 || positionNanos < 0) {
      throw new IllegalArgumentException("device " + name + ": speeds must be > 0 and positioning >= 0");
    }
    byte[] nameBytes = name.getBytes(StandardCharsets.UTF_8);
    if (nameBytes.length > NAME_BYTES) {
      throw new IllegalArgumentException("device name longer than " + NAME_BYTES + " bytes: " + name);
    }
    Files.createDirectories(root);
    Path file = root.resolve(STATE_FILE).toAbsolutePath().normalize();
    Path temp = root.resolve(STATE_FILE + ".new");
    java.nio.ByteBuffer buffer = java.nio.ByteBuffer.allocate(SIZE).order(ByteOrder.LITTLE_ENDIAN);
    buffer.putLong(0, MAGIC).putLong(READ_BPS, readBytesPerSecond).putLong(WRITE_BPS, writeBytesPerSecond)
        .putLong(POSITION_NANOS, positionNanos).putInt(NAME, nameBytes.length).put(NAME + 4, nameBytes);
    Files.write(temp, buffer.array());
    Files.move(temp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
        java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    OPEN.remove(file);
    LocalDevices.forgetLookups();
    return open(file);
  }

  /** The device whose state file this is (opened once per JVM). */
  public static LocalDevice open(Path stateFile) throws IOException {
    Path file = stateFile.toAbsolutePath().normalize();
    try {
      return OPEN.computeIfAbsent(file, f -> {
        try {
          FileChannel channel = FileChannel.open(f, StandardOpenOption.READ, StandardOpenOption.WRITE);
          if (channel.size() < SIZE) {
            channel.close();
            throw new IOException("not a Strata device state file (too short): " + f);
          }
          MappedByteBuffer state = channel.map(FileChannel.MapMode.READ_WRITE, 0, SIZE);
          state.order(ByteOrder.LITTLE_ENDIAN);
          if (state.getLong(0) != MAGIC) {
            channel.close();
            throw new IOException("not a Strata device state file: " + f);
          }
          return new LocalDevice(f, channel, state);
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      });
    } catch (java.io.UncheckedIOException e) {
      throw e.getCause();
    }
  }

  public String name() {
    return name;
  }

  public Path stateFile() {
    return file;
  }

  /** Waits for the device to read {@code bytes}; {@code positioned} adds one positioning (a seek). */
  public void read(long bytes, boolean positioned) throws IOException {
    transfer(bytes, positioned, READ_BPS, BYTES_READ, READS);
  }

  /** Waits for the device to write {@code bytes}; {@code positioned} adds one positioning. */
  public void write(long bytes, boolean positioned) throws IOException {
    transfer(bytes, positioned, WRITE_BPS, BYTES_WRITTEN, WRITES);
  }

  /**
   * Queues {@code bytes} of page-cache writeback on the device without waiting for it: later transfers wait
   * behind it, and it counts as written. No positioning: the flusher writes files' dirty pages in large
   * sequential batches, and the model hands them over a piece at a time.
   */
  public void writeBack(long bytes) throws IOException {
    if (bytes > 0) {
      reserve(bytes, false, WRITE_BPS, BYTES_WRITTEN, WRITES);
    }
  }

  /** The device's write rate, bytes per second. */
  public long writeBytesPerSecond() {
    return state.getLong(WRITE_BPS);
  }

  private void transfer(long bytes, boolean positioned, int rateAt, int bytesAt, int opsAt) throws IOException {
    if (bytes <= 0 && !positioned) {
      return;
    }
    DevicePacer.awaitSlot(reserve(bytes, positioned, rateAt, bytesAt, opsAt));
  }

  /** Reserves the device time the transfer needs after the last reservation; returns when the slot starts. */
  private long reserve(long bytes, boolean positioned, int rateAt, int bytesAt, int opsAt) throws IOException {
    long start;
    lock.lock();
    try (FileLock ignored = channel.lock()) {
      long now = System.nanoTime();
      long nextFree = state.getLong(NEXT_FREE);
      start = nextFree - (now - CATCH_UP_NANOS) > 0 ? nextFree : now - CATCH_UP_NANOS;
      long cost = DevicePacer.deviceNanos(bytes, state.getLong(rateAt), positioned ? state.getLong(POSITION_NANOS) : 0);
      state.putLong(NEXT_FREE, start + cost);
      state.putLong(bytesAt, state.getLong(bytesAt) + Math.max(0, bytes));
      state.putLong(opsAt, state.getLong(opsAt) + 1);
      if (positioned) {
        state.putLong(POSITIONINGS, state.getLong(POSITIONINGS) + 1);
      }
    } finally {
      lock.unlock();
    }
    return start;
  }

  /** What the device has done, as every process sharing it counted. */
  public Usage usage() throws IOException {
    lock.lock();
    try (FileLock ignored = channel.lock()) {
      return new Usage(name, state.getLong(BYTES_READ), state.getLong(BYTES_WRITTEN), state.getLong(READS),
          state.getLong(WRITES), state.getLong(POSITIONINGS));
    } finally {
      lock.unlock();
    }
  }
}
