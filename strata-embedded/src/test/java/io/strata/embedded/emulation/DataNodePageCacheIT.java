package io.strata.embedded.emulation;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.SpecParser;
import io.strata.embedded.EmbeddedCluster;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Random;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real DataNode with a page cache: a file re-read right after it was written comes from memory, far faster than
 * its emulated HDD; once the caches are dropped the same read takes the device's time.
 */
class DataNodePageCacheIT {
  private static final double SPEED_SCALE = 0.1;
  private static final int FILE_BYTES = 4 << 20;

  @Test
  void aFileJustWrittenIsReadFromMemoryUntilTheCachesAreDropped(@TempDir Path dir) throws Exception {
    ClusterSpec spec = SpecParser.parse("one-hdd.yaml", """
        racks:
          - name: /r1
            nodes:
              - host: n1
                pageCache: 64MiB
                volumes: [{device: hdd, capacity: 1GiB}]
        """);
    double deviceSeconds = FILE_BYTES
        / (spec.nodes().get(0).volumes().get(0).device().readBytesPerSecond() * SPEED_SCALE);
    try (EmbeddedCluster cluster = EmbeddedCluster.start(spec,
        EmbeddedCluster.Options.defaults(dir).withSpeedScale(SPEED_SCALE))) {
      FileSystem fs = cluster.fileSystem();
      org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/fresh");
      byte[] data = new byte[FILE_BYTES];
      new Random(1).nextBytes(data);
      try (FSDataOutputStream out = fs.create(file)) {
        out.write(data);
      }

      double warmSeconds = secondsToRead(fs, file);
      cluster.dropPageCaches();
      double coldSeconds = secondsToRead(fs, file);

      assertTrue(warmSeconds < deviceSeconds / 4, "a re-read of a file just written comes from memory: "
          + warmSeconds + " s, the device needs " + deviceSeconds + " s");
      assertTrue(coldSeconds > deviceSeconds * 0.8, "after dropping the caches the read takes the device's time: "
          + coldSeconds + " s, the device needs " + deviceSeconds + " s");
    }
  }

  private static double secondsToRead(FileSystem fs, org.apache.hadoop.fs.Path file) throws IOException {
    long start = System.nanoTime();
    byte[] buffer = new byte[64 << 10];
    try (InputStream in = fs.open(file)) {
      while (in.read(buffer) >= 0) {
        // read to the end
      }
    }
    return (System.nanoTime() - start) / 1e9;
  }
}
