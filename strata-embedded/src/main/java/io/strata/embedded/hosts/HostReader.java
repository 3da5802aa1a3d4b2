package io.strata.embedded.hosts;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.client.HdfsDataInputStream;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;

/**
 * A reader client run inside a host's namespace ({@link HostReaders} starts it): connects to the cluster with the
 * client configuration on its class path, prints {@code ready}, waits for a line on stdin so that the readers of all
 * hosts start together, then reads its files concurrently to their ends and prints one line per file:
 * {@code path bytes nanos nodeLocalBytes rackLocalBytes remoteBytes}, where the locality is that of the DataNode
 * each byte came from as seen from this host.
 *
 * <p>Arguments: {@code HOST RACK FILE...}, the host and rack the reader runs in.
 */
public final class HostReader {
  static final String READY = "ready";

  private HostReader() {}

  public static void main(String[] args) throws Exception {
    if (args.length < 3) {
      System.err.println("usage: HostReader HOST RACK FILE...");
      System.exit(2);
    }
    String host = args[0];
    String rack = args[1];
    List<Path> files = new ArrayList<>();
    for (int i = 2; i < args.length; i++) {
      files.add(new Path(args[i]));
    }
    PrintStream out = System.out;
    try (FileSystem fs = FileSystem.newInstance(new Configuration())) {
      for (Path file : files) {
        fs.getFileStatus(file);
      }
      out.println(READY);
      out.flush();
      new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
      ExecutorService pool = Executors.newFixedThreadPool(files.size());
      try {
        List<Future<String>> reads = new ArrayList<>();
        for (Path file : files) {
          reads.add(pool.submit(() -> read(fs, file, host, rack)));
        }
        for (Future<String> read : reads) {
          out.println(read.get());
        }
      } finally {
        pool.shutdownNow();
      }
    }
    out.flush();
  }

  /** Reads {@code file} to its end and returns its result line. */
  private static String read(FileSystem fs, Path file, String host, String rack) throws IOException {
    byte[] buffer = new byte[1 << 20];
    long[] byLocality = new long[3];
    long total = 0;
    long start = System.nanoTime();
    try (HdfsDataInputStream in = (HdfsDataInputStream) fs.open(file)) {
      int n;
      while ((n = in.read(buffer)) > 0) {
        total += n;
        byLocality[locality(in.getCurrentDatanode(), host, rack)] += n;
      }
    }
    long nanos = System.nanoTime() - start;
    return String.join(" ", file.toUri().getPath(), Long.toString(total), Long.toString(nanos),
        Long.toString(byLocality[0]), Long.toString(byLocality[1]), Long.toString(byLocality[2]));
  }

  /** 0 on this host, 1 in this rack, 2 elsewhere. */
  static int locality(DatanodeInfo source, String host, String rack) {
    if (source == null) {
      return 2;
    }
    if (host.equals(source.getHostName())) {
      return 0;
    }
    return rack.equals(source.getNetworkLocation()) ? 1 : 2;
  }
}
