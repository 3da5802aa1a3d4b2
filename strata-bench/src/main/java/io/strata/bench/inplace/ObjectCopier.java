package io.strata.bench.inplace;

import com.sun.jna.Memory;
import io.strata.inplace.rados.RadosException;
import io.strata.inplace.rados.RadosPool;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The stock way to analyse objects with Hadoop: copy them into HDFS first. Each object is streamed from librados
 * straight into an HDFS file (what {@code rados get} followed by {@code hdfs dfs -put} does, minus the local disk
 * in between, so the copy measured here is if anything faster than a user's).
 */
public final class ObjectCopier {
  private static final int CHUNK = 4 << 20;

  private ObjectCopier() {}

  /** Copies {@code objects} to {@code targetDir}/NAME with {@code threads} parallel streams; returns bytes copied. */
  public static long copy(RadosPool pool, List<String> objects, String stripPrefix, FileSystem fs, Path targetDir,
      int threads) throws IOException {
    ExecutorService executor = Executors.newFixedThreadPool(Math.max(1, threads));
    try {
      List<Future<Long>> copies = new ArrayList<>();
      for (String object : objects) {
        copies.add(executor.submit(() -> copyOne(pool, object, fs,
            new Path(targetDir, object.substring(stripPrefix.length())))));
      }
      long bytes = 0;
      for (Future<Long> copy : copies) {
        bytes += copy.get();
      }
      return bytes;
    } catch (ExecutionException e) {
      throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while copying objects into HDFS", e);
    } finally {
      executor.shutdownNow();
    }
  }

  private static long copyOne(RadosPool pool, String object, FileSystem fs, Path target) throws IOException {
    long size = pool.stat(object).size();
    try (Memory buffer = new Memory(CHUNK); FSDataOutputStream out = fs.create(target, true)) {
      byte[] chunk = new byte[CHUNK];
      long offset = 0;
      while (offset < size) {
        int n = pool.read(object, offset, buffer, (int) Math.min(CHUNK, size - offset), false);
        if (n <= 0) {
          throw new RadosException("object '" + object + "' ended at " + offset + " of " + size + " bytes", 5, object);
        }
        buffer.read(0, chunk, 0, n);
        out.write(chunk, 0, n);
        offset += n;
      }
      return size;
    }
  }
}
