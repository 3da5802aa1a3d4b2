package io.strata.embedded.emulation;

/**
 * Where a volume's device is in the blocks it moves, to tell which I/O needs a positioning (a seek on a disk).
 *
 * <p>The device moves a block's stream ({@link BlockStreams}) in windows of {@code windowBytes}, as the DataNode
 * asks the kernel to read ahead ({@code dfs.datanode.readahead.bytes}) and writeback flushes a file's dirty pages
 * together: an I/O that goes on in the window its stream is in costs no positioning; one that starts a stream or
 * enters another window costs one, unless the volume's last window was the one just before it in the same block.
 * So a stream moved alone pays one positioning, two streams interleaved on one volume pay one at each window they
 * take turns at, and a re-read from a block's start pays one. Thread-safe.
 */
final class VolumeHead {
  private final long windowBytes;
  private boolean moved;
  private long lastBlock;
  private long lastWindow;

  VolumeHead(long windowBytes) {
    if (windowBytes <= 0) {
      throw new IllegalArgumentException("windowBytes must be > 0, got " + windowBytes);
    }
    this.windowBytes = windowBytes;
  }

  /** True when the device must position for an I/O at {@code at}; moves the head there. */
  synchronized boolean positions(BlockStreams.At at) {
    long window = at.offset() / windowBytes;
    // A stream's cursor starts at 0 and only moves on: past 0, the stream's previous I/O ended at this offset.
    if (at.offset() > 0 && (at.offset() - 1) / windowBytes == window) {
      return false;
    }
    boolean continues = moved && lastBlock == at.block() && lastWindow == window - 1;
    moved = true;
    lastBlock = at.block();
    lastWindow = window;
    return !continues;
  }
}
