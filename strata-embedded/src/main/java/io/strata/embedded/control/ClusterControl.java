package io.strata.embedded.control;

import io.strata.core.config.ConfigException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;

/**
 * How {@code strata cluster datanode} and {@code link} reach a running {@code strata cluster up}: through files in
 * the cluster's directory, so no port is opened and nothing reads the terminal (a cluster run in the background
 * would be stopped by its shell for reading it). The running cluster writes its process id to {@code control/pid},
 * takes each request file put (whole, by rename) into {@code control/requests}, and answers in
 * {@code control/responses}. A {@link Target} says what a request's words do to the cluster.
 */
public final class ClusterControl {
  private static final Duration POLL = Duration.ofMillis(200);

  private ClusterControl() {}

  /** What a running cluster does on a request's words; it returns what it did, and throws for a bad input. */
  public interface Target {
    /**
     * @throws IllegalArgumentException for a request naming something the cluster does not have
     * @throws UnsupportedOperationException for a request this cluster does not know
     */
    String handle(String[] words) throws IOException;
  }

  /** Serves requests for {@code cluster} from {@code base} on a daemon thread until the process exits. */
  public static void serve(Path base, Target cluster) throws IOException {
    Path control = base.resolve("control");
    Files.createDirectories(control.resolve("requests"));
    Files.createDirectories(control.resolve("responses"));
    writeWhole(control.resolve("pid"), Long.toString(ProcessHandle.current().pid()));
    Thread server = new Thread(() -> {
      while (true) {
        try (DirectoryStream<Path> requests = Files.newDirectoryStream(control.resolve("requests"), "*.req")) {
          for (Path request : requests) {
            String answer = answer(cluster, Files.readString(request, StandardCharsets.UTF_8).trim());
            String name = request.getFileName().toString().replace(".req", ".res");
            writeWhole(control.resolve("responses").resolve(name), answer);
            Files.deleteIfExists(request);
          }
          Thread.sleep(POLL.toMillis());
        } catch (InterruptedException e) {
          return;
        } catch (IOException e) {
          System.err.println("strata: cluster control: " + e.getMessage());
        }
      }
    }, "strata-cluster-control");
    server.setDaemon(true);
    server.start();
  }

  /** Removes the process id, so later requests are told that no cluster runs here. */
  public static void stopServing(Path base) {
    try {
      Files.deleteIfExists(base.resolve("control").resolve("pid"));
    } catch (IOException e) {
      // the next request finds the process gone
    }
  }

  private static String answer(Target cluster, String request) {
    String[] words = request.split("\\s+");
    try {
      return "ok: " + cluster.handle(words);
    } catch (UnsupportedOperationException e) {
      return "bad: " + e.getMessage();
    } catch (IllegalArgumentException e) {
      return "bad: " + e.getMessage();
    } catch (IOException | RuntimeException e) {
      return "error: " + e;
    }
  }

  /**
   * Sends {@code request} to the cluster running in {@code base} and returns its answer, which starts with
   * {@code ok:}, {@code bad:} (a wrong host) or {@code error:}.
   *
   * @throws ConfigException when no cluster runs there
   */
  public static String request(Path base, String request, Duration timeout)
      throws IOException, InterruptedException {
    Path control = base.resolve("control");
    long pid;
    try {
      pid = Long.parseLong(Files.readString(control.resolve("pid")).trim());
    } catch (NoSuchFileException | NumberFormatException e) {
      throw new ConfigException(base + ": no embedded cluster runs here (start one with strata cluster up --dir "
          + base + ")");
    }
    if (!ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
      throw new ConfigException(base + ": the embedded cluster that ran here (process " + pid + ") has exited");
    }
    String id = UUID.randomUUID().toString();
    writeWhole(control.resolve("requests").resolve(id + ".req"), request);
    Path response = control.resolve("responses").resolve(id + ".res");
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!Files.exists(response)) {
      if (System.nanoTime() > deadline) {
        throw new IOException("the embedded cluster in " + base + " did not answer '" + request + "' within "
            + timeout.toSeconds() + " s");
      }
      Thread.sleep(POLL.toMillis());
    }
    String answer = Files.readString(response, StandardCharsets.UTF_8);
    Files.deleteIfExists(response);
    return answer;
  }

  /** The live process that serves requests in {@code base}, unless it is this one. */
  public static Optional<ProcessHandle> server(Path base) throws IOException {
    try {
      long pid = Long.parseLong(Files.readString(base.resolve("control").resolve("pid")).strip());
      return ProcessHandle.of(pid).filter(ProcessHandle::isAlive).filter(p -> p.pid() != ProcessHandle.current().pid());
    } catch (NoSuchFileException | NumberFormatException e) {
      return Optional.empty();
    }
  }

  /** Writes a file under another name and renames it into place, so a reader never sees it half written. */
  private static void writeWhole(Path file, String text) throws IOException {
    Path partial = file.resolveSibling("." + file.getFileName() + ".partial");
    Files.writeString(partial, text, StandardCharsets.UTF_8);
    try {
      Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
