package io.strata.inplace.ceph;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs Ceph's command-line tools, turning a failure into an error that shows the command and its output. */
final class Commands {
  private Commands() {}

  /** The output of a finished command. */
  record Result(int exitCode, String output) {}

  static Result run(List<String> command, Path workDir, long timeoutSeconds) throws IOException {
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    if (workDir != null) {
      builder.directory(workDir.toFile());
    }
    // Daemons fork into the background and keep inherited descriptors open, so their output goes to a file
    // rather than a pipe that would never reach end-of-file.
    Path output = Files.createTempFile("strata-ceph-cmd", ".out");
    try {
      builder.redirectOutput(output.toFile());
      Process process = builder.start();
      try {
        if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
          process.destroyForcibly();
          throw new IOException("timed out after " + timeoutSeconds + " s: " + String.join(" ", command) + "\n"
              + tail(Files.readString(output, StandardCharsets.UTF_8)));
        }
      } catch (InterruptedException e) {
        process.destroyForcibly();
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while running " + String.join(" ", command), e);
      }
      return new Result(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(output);
    }
  }

  /** Runs and requires exit code 0. */
  static String check(List<String> command, Path workDir, long timeoutSeconds) throws IOException {
    Result result = run(command, workDir, timeoutSeconds);
    if (result.exitCode() != 0) {
      throw new IOException("failed (exit " + result.exitCode() + "): " + String.join(" ", command) + "\n"
          + tail(result.output()));
    }
    return result.output();
  }

  static String tail(String text) {
    String trimmed = text.strip();
    return trimmed.length() <= 2000 ? trimmed : "..." + trimmed.substring(trimmed.length() - 2000);
  }
}
