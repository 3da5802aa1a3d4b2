package io.strata.embedded.hosts;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Starts {@link TransferProbe} JVMs inside the hosts of a {@link HostNetwork}, for its tests and benchmark. */
public final class ProbeProcesses {
  private static final long START_TIMEOUT_SECONDS = 60;
  private static final long TRANSFER_TIMEOUT_SECONDS = 180;

  private ProbeProcesses() {}

  /** A {@code TransferProbe serve} running in a host; closing it kills it. */
  public record Server(Process process, String address, int port) implements AutoCloseable {
    @Override
    public void close() {
      process.destroyForcibly();
    }
  }

  /** Starts a server in {@code host} listening on the host's address. */
  public static Server serve(HostNetwork network, String host) throws IOException {
    String address = network.address(host);
    Process process = start(network, host, List.of("serve", address));
    CompletableFuture<String> firstLine = CompletableFuture.supplyAsync(() -> {
      try {
        return new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))
            .readLine();
      } catch (IOException e) {
        return null;
      }
    });
    String line;
    try {
      line = firstLine.get(START_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    } catch (InterruptedException | ExecutionException | TimeoutException e) {
      process.destroyForcibly();
      throw new IOException("probe server in " + host + " did not start", e);
    }
    if (line == null || !line.startsWith("listening ")) {
      process.destroyForcibly();
      throw new IOException("probe server in " + host + " said: " + line + "; stderr: " + stderr(process));
    }
    return new Server(process, address, Integer.parseInt(line.substring("listening ".length()).strip()));
  }

  /** Sends {@code bytes} from inside {@code host} to {@code server} and returns how long they took. */
  public static TransferProbe.Transfer send(HostNetwork network, String host, Server server, long bytes)
      throws IOException {
    Process process = start(network, host, List.of("send", server.address(), Integer.toString(server.port()),
        Long.toString(bytes)));
    try {
      CompletableFuture<byte[]> out = CompletableFuture.supplyAsync(() -> {
        try {
          return process.getInputStream().readAllBytes();
        } catch (IOException e) {
          return new byte[0];
        }
      });
      if (!process.waitFor(TRANSFER_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        throw new IOException("transfer from " + host + " to " + server.address() + " did not finish");
      }
      String[] result = new String(out.join(), StandardCharsets.UTF_8).strip().split("\\s+");
      if (process.exitValue() != 0 || result.length != 2) {
        throw new IOException("transfer from " + host + " to " + server.address() + " failed: " + stderr(process));
      }
      return new TransferProbe.Transfer(Long.parseLong(result[0]), Long.parseLong(result[1]));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    } finally {
      process.destroyForcibly();
    }
  }

  private static Process start(HostNetwork network, String host, List<String> probeArgs) throws IOException {
    List<String> command = new ArrayList<>(network.execPrefix(host));
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    // A probe moves bytes and exits; a small quick-starting JVM is all it needs.
    command.addAll(List.of("-Xmx64m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp",
        System.getProperty("java.class.path"), TransferProbe.class.getName()));
    command.addAll(probeArgs);
    Process process = new ProcessBuilder(command).start();
    process.getOutputStream().close();
    return process;
  }

  private static String stderr(Process process) {
    try {
      process.waitFor(5, TimeUnit.SECONDS);
      return new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    } catch (IOException e) {
      return "(unreadable: " + e.getMessage() + ")";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "(interrupted)";
    }
  }
}
