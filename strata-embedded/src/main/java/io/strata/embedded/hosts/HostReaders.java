package io.strata.embedded.hosts;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Reads files of a {@link HostCluster} from inside its hosts: one {@link HostReader} JVM per host, each in that host's
 * namespace, so every read comes from the host's own address through its own NIC and rack uplink. The readers start
 * their JVMs and connect first, then all begin reading at once, so JVM start-up is not timed.
 */
public final class HostReaders {
  private static final long TIMEOUT_MINUTES = 30;

  /**
   * What one file's read delivered, and from where: by locality as seen from the reading host, and by the DataNode
   * (host) that served the bytes.
   */
  public record FileRead(String host, String path, long bytes, double seconds, long nodeLocalBytes,
      long rackLocalBytes, long remoteBytes, Map<String, Long> bytesBySource) {
    public FileRead {
      bytesBySource = Map.copyOf(bytesBySource);
    }

    public double megabytesPerSecond() {
      return bytes / 1e6 / seconds;
    }
  }

  /** Every file's read, and the wall time from the common start until the last reader finished. */
  public record Result(List<FileRead> reads, double seconds) {
    public Result {
      reads = List.copyOf(reads);
    }

    public long bytes() {
      return reads.stream().mapToLong(FileRead::bytes).sum();
    }

    public double megabytesPerSecond() {
      return bytes() / 1e6 / seconds;
    }

    /** The bytes {@code dataNodeHost}'s DataNode served to all readers. */
    public long bytesServedBy(String dataNodeHost) {
      return reads.stream().mapToLong(r -> r.bytesBySource().getOrDefault(dataNodeHost, 0L)).sum();
    }

    /** The share of bytes that did not come from the reading host's own DataNode. */
    public double nonLocalShare() {
      long local = reads.stream().mapToLong(FileRead::nodeLocalBytes).sum();
      return bytes() == 0 ? 0 : 1 - local / (double) bytes();
    }
  }

  private HostReaders() {}

  /**
   * The command that reads {@code files} inside {@code host}: {@code ip netns exec} into the host's namespace, then
   * a {@link HostReader} JVM with the cluster's client configuration.
   */
  public static List<String> command(HostCluster cluster, String host, List<String> files) {
    return builder(cluster, host, files, 0).command();
  }

  private static ProcessBuilder builder(HostCluster cluster, String host, List<String> files, int threads) {
    String rack = cluster.network().state().hosts().stream().filter(h -> h.name().equals(host)).findFirst()
        .map(HostNetworkState.HostEntry::rack)
        .orElseThrow(() -> new IllegalArgumentException("no host '" + host + "' in the cluster"));
    List<String> args = new ArrayList<>(List.of(host, rack, Integer.toString(threads)));
    args.addAll(files);
    return cluster.inHost(host, cluster.javaClient(HostReader.class.getName(), args));
  }

  /**
   * Reads the files of each host (host to paths, in the order given) with one reader per host, every file of a host
   * at once; the readers' stderr goes to {@code logDir}.
   */
  public static Result read(HostCluster cluster, Map<String, List<String>> filesByHost, Path logDir)
      throws IOException {
    return read(cluster, filesByHost, 0, logDir);
  }

  /**
   * As {@link #read(HostCluster, Map, Path)}, each reader reading {@code threadsPerHost} files at a time in the
   * order given (0: all at once), so later files are opened while earlier reads load the DataNodes.
   */
  public static Result read(HostCluster cluster, Map<String, List<String>> filesByHost, int threadsPerHost,
      Path logDir) throws IOException {
    if (threadsPerHost < 0) {
      throw new IllegalArgumentException("threads per host must be >= 0, got " + threadsPerHost);
    }
    Files.createDirectories(logDir);
    Map<String, Process> readers = new LinkedHashMap<>();
    Map<String, BufferedReader> outputs = new LinkedHashMap<>();
    try {
      for (Map.Entry<String, List<String>> entry : filesByHost.entrySet()) {
        String host = entry.getKey();
        Process process = builder(cluster, host, entry.getValue(), threadsPerHost)
            .redirectError(logDir.resolve("reader-" + host + ".log").toFile())
            .start();
        readers.put(host, process);
        outputs.put(host, new BufferedReader(new InputStreamReader(process.getInputStream(),
            StandardCharsets.UTF_8)));
      }
      for (Map.Entry<String, BufferedReader> output : outputs.entrySet()) {
        String line = output.getValue().readLine();
        if (!HostReader.READY.equals(line)) {
          throw new IOException("the reader in " + output.getKey() + " did not get ready (" + line + "); see "
              + logDir.resolve("reader-" + output.getKey() + ".log"));
        }
      }
      long start = System.nanoTime();
      for (Process process : readers.values()) {
        OutputStream go = process.getOutputStream();
        go.write('\n');
        go.close();
      }
      List<FileRead> reads = new ArrayList<>();
      for (Map.Entry<String, BufferedReader> output : outputs.entrySet()) {
        String host = output.getKey();
        for (String line = output.getValue().readLine(); line != null; line = output.getValue().readLine()) {
          reads.add(parse(host, line));
        }
        Process process = readers.get(host);
        if (!process.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES) || process.exitValue() != 0) {
          throw new IOException("the reader in " + host + " failed; see " + logDir.resolve("reader-" + host + ".log"));
        }
      }
      return new Result(reads, (System.nanoTime() - start) / 1e9);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while reading", e);
    } finally {
      readers.values().forEach(Process::destroyForcibly);
    }
  }

  static FileRead parse(String host, String line) throws IOException {
    String[] f = line.split(" ");
    if (f.length != 7) {
      throw new IOException("unexpected line from the reader in " + host + ": " + line);
    }
    Map<String, Long> bySource = new LinkedHashMap<>();
    for (String source : f[6].equals("-") ? new String[0] : f[6].split(",")) {
      int eq = source.lastIndexOf('=');
      if (eq <= 0) {
        throw new IOException("unexpected DataNode bytes '" + source + "' from the reader in " + host + ": " + line);
      }
      bySource.put(source.substring(0, eq), Long.parseLong(source.substring(eq + 1)));
    }
    return new FileRead(host, f[0], Long.parseLong(f[1]), Long.parseLong(f[2]) / 1e9, Long.parseLong(f[3]),
        Long.parseLong(f[4]), Long.parseLong(f[5]), bySource);
  }
}
