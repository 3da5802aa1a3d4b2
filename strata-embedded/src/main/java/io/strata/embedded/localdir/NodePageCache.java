package io.strata.embedded.localdir;

import io.strata.embedded.pagecache.PageCache;
import io.strata.embedded.pagecache.PageCacheSettings;
import io.strata.embedded.emulation.DevicePacer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One node's page cache ({@link PageCache}) over its emulated local-dir devices, shared by every process on the
 * node: the task JVMs that write and merge spills and the NodeManager whose ShuffleHandler reads map outputs.
 *
 * <p>The cache lives in a memory-mapped file ({@value #STATE_FILE}) in the node's directory, above its device
 * directories, and is changed under a file lock, like {@link LocalDevice}: the processes need no channel to each
 * other, and the NodeManager need not be up before a task writes. Reads of cached data return at once; misses and
 * writeback are charged to the file's {@link LocalDevice}; a writer above the dirty limit sleeps as the model says.
 * Files are keyed by inode, as Linux keys its cache, and grouped by the YARN application in their path, whose
 * pages the NodeManager drops when it deletes the application's directories.
 */
public final class NodePageCache {
  /** The name of the file that marks a directory as a node with a page cache. */
  public static final String STATE_FILE = ".strata-page-cache";

  private static final Map<Path, NodePageCache> OPEN = new ConcurrentHashMap<>();

  private final FileChannel channel;
  private final PageCache cache;
  private final ReentrantLock lock = new ReentrantLock();

  private NodePageCache(FileChannel channel, MappedByteBuffer state) {
    this.channel = channel;
    this.cache = PageCache.attach(state);
  }

  /** Gives the node whose directory is {@code nodeDir} an empty page cache; replaces any there before. */
  public static NodePageCache create(Path nodeDir, PageCacheSettings settings) throws IOException {
    Files.createDirectories(nodeDir);
    Path file = nodeDir.resolve(STATE_FILE).toAbsolutePath().normalize();
    Path temp = nodeDir.resolve(STATE_FILE + ".new");
    int size = PageCache.bytesNeeded(settings);
    try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
        StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      PageCache.format(channel.map(FileChannel.MapMode.READ_WRITE, 0, size), settings);
    }
    Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    OPEN.remove(file);
    LocalDevices.forgetLookups();
    return open(file);
  }

  /** The page cache whose state file this is (opened once per JVM). */
  public static NodePageCache open(Path stateFile) throws IOException {
    try {
      return OPEN.computeIfAbsent(stateFile.toAbsolutePath().normalize(), f -> {
        try {
          FileChannel channel = FileChannel.open(f, StandardOpenOption.READ, StandardOpenOption.WRITE);
          try {
            return new NodePageCache(channel, channel.map(FileChannel.MapMode.READ_WRITE, 0, channel.size()));
          } catch (IllegalArgumentException e) {
            channel.close();
            throw new IOException("not a Strata page cache state file: " + f, e);
          }
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  /**
   * Writes {@code length} bytes of {@code file} at {@code offset} through the cache: hands what the flusher writes
   * back to {@code device}, and waits while the node is above its dirty limit.
   */
  public void write(Path file, long offset, long length, LocalDevice device) throws IOException {
    PageCache.Write write = locked(c -> c.write(key(file), group(file), offset, length, System.nanoTime(),
        device.writeBytesPerSecond()));
    device.writeBack(write.writebackBytes());
    DevicePacer.awaitSlot(System.nanoTime() + write.throttleNanos());
  }

  /** Reads through the cache; returns the bytes that missed, which the caller reads from {@code device}. */
  public long read(Path file, long offset, long length, LocalDevice device) throws IOException {
    PageCache.Read read = locked(c -> c.read(key(file), group(file), offset, length, System.nanoTime(),
        device.writeBytesPerSecond()));
    device.writeBack(read.writebackBytes());
    return read.missBytes();
  }

  /** Drops a deleted file's pages (its dirty ones are never written). */
  public void delete(Path file) throws IOException {
    locked(c -> {
      c.delete(key(file));
      return null;
    });
  }

  /** Drops the pages of every file of a YARN application (its directories are being deleted). */
  public void deleteApplication(String applicationId) throws IOException {
    locked(c -> {
      c.deleteGroup(PageCache.key(applicationId));
      return null;
    });
  }

  public PageCache.Stats stats() throws IOException {
    return locked(PageCache::stats);
  }

  /**
   * Runs {@code operation} on the shared state under the file lock that keeps the node's other processes out; this
   * JVM's threads take turns first, as Java refuses a second lock on the file from the same JVM.
   */
  private <T> T locked(java.util.function.Function<PageCache, T> operation) throws IOException {
    lock.lock();
    try (FileLock ignored = channel.lock()) {
      return operation.apply(cache);
    } finally {
      lock.unlock();
    }
  }

  /**
   * The file's inode, as Linux keys its page cache: a rename keeps the pages even when it goes past every Hadoop
   * file system (MapReduce's {@code sameVolRename} turns a map's only spill into its output with
   * {@code File.renameTo}). A file that is gone is keyed by its path.
   */
  private static long key(Path file) {
    try {
      Object inode = Files.readAttributes(file, BasicFileAttributes.class).fileKey();
      if (inode != null) {
        return PageCache.key(inode.toString());
      }
    } catch (IOException e) {
      // gone: fall through
    }
    return PageCache.key(file.toAbsolutePath().normalize().toString());
  }

  /** The YARN application the file belongs to ({@code .../appcache/application_.../...}), 0 for none. */
  private static long group(Path file) {
    for (Path part : file) {
      if (part.toString().startsWith("application_")) {
        return PageCache.key(part.toString());
      }
    }
    return 0;
  }
}
