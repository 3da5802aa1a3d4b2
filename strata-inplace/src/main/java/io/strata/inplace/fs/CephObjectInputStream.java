package io.strata.inplace.fs;

import com.sun.jna.Memory;
import io.strata.inplace.gif.GifEntry;
import io.strata.inplace.rados.RadosException;
import io.strata.inplace.rados.RadosPool;
import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import org.apache.hadoop.fs.FSExceptionMessages;
import org.apache.hadoop.fs.FSInputStream;
import org.apache.hadoop.fs.FileSystem;

/**
 * Reads one object in place through librados, in buffer-sized requests. The GIF's size is the file's length;
 * an object that vanished or changed size since the scan is reported, naming the object and the GIF, rather
 * than read as something the job's splits were not computed for.
 */
final class CephObjectInputStream extends FSInputStream {
  private final RadosPool pool;
  private final GifEntry entry;
  private final String gifDescription;
  private final boolean localize;
  private final FileSystem.Statistics statistics;
  private final int bufferSize;
  private Memory buffer;
  private long bufferStart;
  private int bufferLength;
  private long pos;
  private boolean closed;

  private CephObjectInputStream(RadosPool pool, GifEntry entry, String gifDescription, int bufferSize,
      boolean localize, FileSystem.Statistics statistics) {
    this.pool = pool;
    this.entry = entry;
    this.gifDescription = gifDescription;
    this.localize = localize;
    this.statistics = statistics;
    this.bufferSize = (int) Math.max(1, Math.min(bufferSize, entry.size()));
  }

  static CephObjectInputStream open(RadosPool pool, GifEntry entry, String gifDescription, int bufferSize,
      boolean localize, FileSystem.Statistics statistics) throws IOException {
    CephObjectInputStream stream = new CephObjectInputStream(pool, entry, gifDescription, bufferSize, localize,
        statistics);
    RadosPool.ObjectStat stat;
    try {
      stat = pool.stat(entry.objectName());
    } catch (RadosException e) {
      throw stream.translate(e);
    }
    if (stat.size() != entry.size()) {
      throw new IOException("object '" + entry.objectName() + "' in pool '" + entry.pool() + "' changed since it was"
          + " scanned: " + stat.size() + " bytes now, " + entry.size() + " in " + gifDescription
          + "; rescan (strata scan ceph://" + entry.pool() + ") before reading it");
    }
    return stream;
  }

  /** Deleted objects get the error a Hadoop reader expects (FileNotFoundException), saying what to do. */
  private IOException translate(RadosException e) {
    if (e.notFound()) {
      FileNotFoundException gone = new FileNotFoundException("object '" + entry.objectName() + "' (file "
          + entry.fileName() + ") is listed in " + gifDescription + " but no longer exists in Ceph pool '"
          + entry.pool() + "'; rescan (strata scan ceph://" + entry.pool() + ") to drop it");
      gone.initCause(e);
      return gone;
    }
    return new IOException("reading object '" + entry.objectName() + "' of pool '" + entry.pool() + "' failed: "
        + e.getMessage(), e);
  }

  @Override
  public synchronized int read() throws IOException {
    byte[] one = new byte[1];
    int n = read(one, 0, 1);
    return n < 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public synchronized int read(byte[] b, int off, int len) throws IOException {
    checkOpen();
    if (len == 0) {
      return 0;
    }
    if (pos >= entry.size()) {
      return -1;
    }
    if (pos < bufferStart || pos >= bufferStart + bufferLength) {
      fill();
    }
    int available = (int) (bufferStart + bufferLength - pos);
    int n = Math.min(len, available);
    buffer.read(pos - bufferStart, b, off, n);
    pos += n;
    if (statistics != null) {
      statistics.incrementBytesRead(n);
    }
    return n;
  }

  private void fill() throws IOException {
    if (buffer == null) {
      buffer = new Memory(bufferSize);
    }
    int want = (int) Math.min(bufferSize, entry.size() - pos);
    int got;
    try {
      got = pool.read(entry.objectName(), pos, buffer, want, localize);
    } catch (RadosException e) {
      throw translate(e);
    }
    if (statistics != null) {
      statistics.incrementReadOps(1);
    }
    if (got <= 0) {
      throw new EOFException("object '" + entry.objectName() + "' in pool '" + entry.pool() + "' ended at " + pos
          + " bytes, but " + gifDescription + " lists " + entry.size() + "; rescan (strata scan ceph://"
          + entry.pool() + ")");
    }
    bufferStart = pos;
    bufferLength = got;
  }

  @Override
  public synchronized void seek(long target) throws IOException {
    checkOpen();
    if (target < 0) {
      throw new EOFException(FSExceptionMessages.NEGATIVE_SEEK + ": " + target);
    }
    if (target > entry.size()) {
      throw new EOFException(FSExceptionMessages.CANNOT_SEEK_PAST_EOF + ": " + target + " > " + entry.size());
    }
    pos = target;
  }

  @Override
  public synchronized long getPos() {
    return pos;
  }

  @Override
  public boolean seekToNewSource(long targetPos) {
    // librados picks the replica; there is no other source to ask for.
    return false;
  }

  @Override
  public synchronized int available() throws IOException {
    checkOpen();
    return (int) Math.min(Integer.MAX_VALUE, entry.size() - pos);
  }

  @Override
  public synchronized long skip(long n) throws IOException {
    checkOpen();
    long target = Math.min(entry.size(), pos + Math.max(0, n));
    long skipped = target - pos;
    pos = target;
    return skipped;
  }

  private void checkOpen() throws IOException {
    if (closed) {
      throw new IOException(FSExceptionMessages.STREAM_IS_CLOSED + ": " + entry.fileName());
    }
  }

  @Override
  public synchronized void close() {
    if (buffer != null) {
      buffer.close();
      buffer = null;
    }
    closed = true;
  }
}
