package io.strata.embedded.hosts;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.client.HdfsDataInputStream;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;

/**
 * A reader client run inside a host's namespace ({@link HostReaders} starts it): connects to the cluster with the
 * client configuration on its class path, prints {@code ready}, waits for a line on stdin so that the readers of all
 * hosts start together, then reads its files to their ends, {@code THREADS} at a time in the order given (0: all at
 * once), and prints one line per file:
 * {@code path bytes nanos nodeLocalBytes rackLocalBytes remoteBytes sources}, where the locality is that of the
 * DataNode each byte came from as seen from this host, and {@code sources} lists the bytes each DataNode served as
 * {@code host=bytes} joined by commas ({@code -} for an empty file).
 *
 * <p>Arguments: {@code HOST RACK THREADS FILE...}, the host and rack the reader runs in.
 */
public final class HostReader {
  static final String READY = "ready";

  private HostReader() {}

  public static void main(String[] args) throws Exception {
    if (args.length < 4) {
      System.err.println("usage: HostReader HOST RACK THREADS FILE...");
      System.exit(2);
    }
    String host = args[0];
    String rack = args[1];
    int threads = Integer.parseInt(args[2]);
    List<Path> files = new ArrayList<>();
    for (int i = 3; i < args.length; i++) {
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
      ExecutorService pool = Executors.newFixedThreadPool(threads > 0 ? Math.min(threads, files.size()) : files.size());
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
    Map<String, Long> bySource = new TreeMap<>();
    long total = 0;
    long start = System.nanoTime();
    try (HdfsDataInputStream in = (HdfsDataInputStream) fs.open(file)) {
      int n;
      while ((n = in.read(buffer)) > 0) {
        total += n;
        DatanodeInfo source = in.getCurrentDatanode();
        byLocality[locality(source, host, rack)] += n;
        bySource.merge(source == null ? "unknown" : source.getHostName(), (long) n, Long::sum);
      }
    }
    long nanos = System.nanoTime() - start;
    return String.join(" ", file.toUri().getPath(), Long.toString(total), Long.toString(nanos),
        Long.toString(byLocality[0]), Long.toString(byLocality[1]), Long.toString(byLocality[2]),
        bySource.isEmpty() ? "-"
            : bySource.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(",")));
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
