package io.strata.embedded.localdir;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Optional;
import org.apache.hadoop.fs.BufferedFSInputStream;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSInputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * A {@link RawLocalFileSystem} whose reads and writes under an emulated device's directory take as long as the
 * device would need ({@link LocalDevice}); other paths run at the machine's speed. When the node has a page cache
 * ({@link NodePageCache}), reads and writes go through it, as they do on Linux: the device pays only for misses,
 * writeback and a writer above the dirty limit, deleting a file drops its pages, and a rename (the cache knows
 * files by inode) keeps them.
 *
 * <p>A stream pays one positioning when it starts and whenever it reads somewhere other than where its last
 * read ended (a seek or a positioned read): the merge of spill segments and the reads of one partition of a map
 * output. Interleaved streams on one device are not charged extra seeks: the OS's read-ahead turns them into
 * large requests on a real disk too.
 */
public class EmulatedRawLocalFileSystem extends RawLocalFileSystem {
  @Override
  public FSDataInputStream open(Path f, int bufferSize) throws IOException {
    FSDataInputStream in = super.open(f, bufferSize);
    java.nio.file.Path file = pathToFile(f).toPath();
    Optional<LocalDevice> device = LocalDevices.of(file);
    if (device.isEmpty()) {
      return in;
    }
    return new FSDataInputStream(new BufferedFSInputStream(
        new PacedInput(in, device.get(), file, LocalDevices.pageCacheOf(file).orElse(null)), bufferSize));
  }

  @Override
  protected OutputStream createOutputStreamWithMode(Path f, boolean append, FsPermission permission)
      throws IOException {
    java.nio.file.Path file = pathToFile(f).toPath();
    long start = append && java.nio.file.Files.exists(file) ? java.nio.file.Files.size(file) : 0;
    OutputStream out = super.createOutputStreamWithMode(f, append, permission);
    Optional<LocalDevice> device = LocalDevices.of(file);
    if (device.isEmpty()) {
      return out;
    }
    Optional<NodePageCache> cache = LocalDevices.pageCacheOf(file);
    if (cache.isPresent() && !append) {
      cache.get().delete(file); // a file created anew has no pages yet
    }
    return new PacedOutput(out, device.get(), file, cache.orElse(null), start);
  }

  @Override
  public boolean delete(Path p, boolean recursive) throws IOException {
    java.nio.file.Path target = pathToFile(p).toPath();
    Optional<NodePageCache> cache = LocalDevices.pageCacheOf(target);
    if (cache.isPresent() && java.nio.file.Files.exists(target)) {
      try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.walk(target)) {
        for (java.nio.file.Path file : (Iterable<java.nio.file.Path>) files::iterator) {
          cache.get().delete(file);
        }
      }
    }
    return super.delete(p, recursive);
  }

  /**
   * Reads that wait for the device (for what misses the page cache, if any); a device read pays a positioning
   * unless it continues the last one.
   */
  private static final class PacedInput extends FSInputStream {
    private final FSDataInputStream in;
    private final LocalDevice device;
    private final java.nio.file.Path file;
    private final NodePageCache cache;
    private long nextSequential = -1;

    PacedInput(FSDataInputStream in, LocalDevice device, java.nio.file.Path file, NodePageCache cache) {
      this.in = in;
      this.device = device;
      this.file = file;
      this.cache = cache;
    }

    private void charge(long position, int bytes) throws IOException {
      if (bytes <= 0) {
        return;
      }
      long fromDevice = cache == null ? bytes : cache.read(file, position, bytes, device);
      if (fromDevice > 0) {
        device.read(fromDevice, position != nextSequential);
        nextSequential = position + bytes;
      }
    }

    @Override
    public int read() throws IOException {
      long position = in.getPos();
      int b = in.read();
      if (b >= 0) {
        charge(position, 1);
      }
      return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      long position = in.getPos();
      int n = in.read(buffer, offset, length);
      charge(position, n);
      return n;
    }

    @Override
    public int read(long position, byte[] buffer, int offset, int length) throws IOException {
      int n = in.read(position, buffer, offset, length);
      charge(position, n);
      return n;
    }

    @Override
    public void seek(long position) throws IOException {
      in.seek(position);
    }

    @Override
    public long getPos() throws IOException {
      return in.getPos();
    }

    @Override
    public boolean seekToNewSource(long targetPos) {
      return false;
    }

    @Override
    public int available() throws IOException {
      return in.available();
    }

    @Override
    public void close() throws IOException {
      in.close();
    }
  }

  /**
   * Writes that wait for the device, a new stream paying one positioning; with a page cache, writes go to memory
   * and wait only as the cache's dirty limit says.
   */
  private static final class PacedOutput extends OutputStream {
    private final OutputStream out;
    private final LocalDevice device;
    private final java.nio.file.Path file;
    private final NodePageCache cache;
    private long position;
    private boolean started;

    PacedOutput(OutputStream out, LocalDevice device, java.nio.file.Path file, NodePageCache cache, long start) {
      this.out = out;
      this.device = device;
      this.file = file;
      this.cache = cache;
      this.position = start;
    }

    @Override
    public void write(int b) throws IOException {
      out.write(b);
      charge(1);
    }

    @Override
    public void write(byte[] buffer, int offset, int length) throws IOException {
      out.write(buffer, offset, length);
      charge(length);
    }

    private void charge(int bytes) throws IOException {
      if (cache != null) {
        cache.write(file, position, bytes, device);
      } else {
        device.write(bytes, !started);
      }
      position += bytes;
      started = true;
    }

    @Override
    public void flush() throws IOException {
      out.flush();
    }

    @Override
    public void close() throws IOException {
      out.close();
    }
  }
}
