package io.strata.sim.metrics;

/** Counts the bytes sent between nodes, by what sent them, and the part that crossed rack uplinks. */
public final class TrafficStatistics {
  private long readBytes;
  private long shuffleBytes;
  private long writeBytes;
  private long crossRackBytes;

  /** A map read its input from another node. */
  public void read(long bytes, boolean crossRack) {
    readBytes += bytes;
    countCrossRack(bytes, crossRack);
  }

  /** A reducer fetched map output from another node. */
  public void shuffled(long bytes, boolean crossRack) {
    shuffleBytes += bytes;
    countCrossRack(bytes, crossRack);
  }

  /** A write pipeline hop or a replica copy sent bytes to another node. */
  public void written(long bytes, boolean crossRack) {
    writeBytes += bytes;
    countCrossRack(bytes, crossRack);
  }

  private void countCrossRack(long bytes, boolean crossRack) {
    if (crossRack) {
      crossRackBytes += bytes;
    }
  }

  public SimResult.Network summary() {
    return new SimResult.Network(readBytes + shuffleBytes + writeBytes, crossRackBytes, readBytes, shuffleBytes,
        writeBytes);
  }
}
