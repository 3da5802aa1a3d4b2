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
 * device would need ({@link LocalDevice}); other paths run at the machine's speed.
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
    Optional<LocalDevice> device = LocalDevices.of(pathToFile(f).toPath());
    if (device.isEmpty()) {
      return in;
    }
    return new FSDataInputStream(new BufferedFSInputStream(new PacedInput(in, device.get()), bufferSize));
  }

  @Override
  protected OutputStream createOutputStreamWithMode(Path f, boolean append, FsPermission permission)
      throws IOException {
    OutputStream out = super.createOutputStreamWithMode(f, append, permission);
    Optional<LocalDevice> device = LocalDevices.of(pathToFile(f).toPath());
    return device.isEmpty() ? out : new PacedOutput(out, device.get());
  }

  /** Reads that wait for the device; positioned reads pay a positioning unless they continue the last one. */
  private static final class PacedInput extends FSInputStream {
    private final FSDataInputStream in;
    private final LocalDevice device;
    private long nextSequential = -1;

    PacedInput(FSDataInputStream in, LocalDevice device) {
      this.in = in;
      this.device = device;
    }

    private void charge(long position, int bytes) throws IOException {
      if (bytes > 0) {
        device.read(bytes, position != nextSequential);
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

  /** Writes that wait for the device; a new stream pays one positioning. */
  private static final class PacedOutput extends OutputStream {
    private final OutputStream out;
    private final LocalDevice device;
    private boolean started;

    PacedOutput(OutputStream out, LocalDevice device) {
      this.out = out;
      this.device = device;
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
      device.write(bytes, !started);
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
