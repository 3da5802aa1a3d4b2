package io.strata.hdfs.autotier;

/** Time as the applier's pacing sees it, so tests can run it on a fake clock. */
public interface Ticker {
  Ticker SYSTEM = new Ticker() {
    @Override
    public long nanoTime() {
      return System.nanoTime();
    }

    @Override
    public void sleep(long nanos) throws InterruptedException {
      if (nanos > 0) {
        Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
      }
    }
  };

  long nanoTime();

  void sleep(long nanos) throws InterruptedException;
}
