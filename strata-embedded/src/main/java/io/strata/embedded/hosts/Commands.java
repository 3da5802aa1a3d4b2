package io.strata.embedded.hosts;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Runs {@code ip}, {@code tc} and friends and turns a failure into an exception naming the command and its stderr. */
final class Commands {
  private static final long TIMEOUT_SECONDS = 60;

  private Commands() {}

  /** Runs the command and returns its stdout; throws if it exits non-zero. */
  static String run(List<String> command) {
    Result result = attempt(command);
    if (result.exitCode() != 0) {
      throw new HostNetworkException("`" + String.join(" ", command) + "` failed (exit " + result.exitCode() + "): "
          + result.stderr().strip());
    }
    return result.stdout();
  }

  static String run(String... command) {
    return run(List.of(command));
  }

  /** Runs the command and reports how it went without throwing on a non-zero exit (for teardown). */
  static Result attempt(List<String> command) {
    Process process;
    try {
      process = new ProcessBuilder(command).start();
      process.getOutputStream().close();
    } catch (IOException e) {
      throw new HostNetworkException("cannot start `" + String.join(" ", command) + "`: " + e.getMessage(), e);
    }
    CompletableFuture<String> stderr = CompletableFuture.supplyAsync(() -> read(process.getErrorStream()));
    String stdout = read(process.getInputStream());
    try {
      if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new HostNetworkException(
            "`" + String.join(" ", command) + "` did not finish in " + TIMEOUT_SECONDS + " s");
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new HostNetworkException("interrupted while running `" + String.join(" ", command) + "`", e);
    }
    return new Result(process.exitValue(), stdout, stderr.join());
  }

  static Result attempt(String... command) {
    return attempt(List.of(command));
  }

  record Result(int exitCode, String stdout, String stderr) {}

  private static String read(InputStream in) {
    try (in) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
