package io.strata.workloads.dataset;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * Fills buffers with 100-byte rows in TeraGen's layout: a 10-byte random key, 2 fixed bytes, the row number as
 * 32 hex digits, 4 fixed bytes, 48 filler letters, 4 fixed bytes. Deterministic for a given seed and first row.
 */
public final class TeraRows {
  public static final int ROW_BYTES = 100;
  private static final byte[] HEX = "0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);

  private final SplittableRandom random;
  private long row;

  public TeraRows(long seed, long firstRow) {
    this.random = new SplittableRandom(seed ^ (firstRow * 0x9E3779B97F4A7C15L));
    this.row = firstRow;
  }

  /** Writes whole rows into {@code buffer} (its length must be a multiple of 100). */
  public void fill(byte[] buffer) {
    if (buffer.length % ROW_BYTES != 0) {
      throw new IllegalArgumentException("buffer length " + buffer.length + " is not a multiple of " + ROW_BYTES);
    }
    for (int offset = 0; offset < buffer.length; offset += ROW_BYTES) {
      writeRow(buffer, offset);
    }
  }

  private void writeRow(byte[] b, int o) {
    for (int i = 0; i < 10; i++) {
      b[o + i] = (byte) (' ' + random.nextInt(95));
    }
    b[o + 10] = 0x00;
    b[o + 11] = 0x11;
    long value = row;
    for (int i = 31; i >= 0; i--) {
      b[o + 12 + i] = i >= 16 ? HEX[(int) (value & 0xF)] : (byte) '0';
      if (i >= 16) {
        value >>>= 4;
      }
    }
    b[o + 44] = (byte) 0x88;
    b[o + 45] = (byte) 0x99;
    b[o + 46] = (byte) 0xAA;
    b[o + 47] = (byte) 0xBB;
    byte filler = (byte) ('A' + (row % 26));
    for (int i = 48; i < 96; i++) {
      b[o + i] = filler;
    }
    b[o + 96] = (byte) 0xCC;
    b[o + 97] = (byte) 0xDD;
    b[o + 98] = (byte) 0xEE;
    b[o + 99] = (byte) 0xFF;
    row++;
  }
}
