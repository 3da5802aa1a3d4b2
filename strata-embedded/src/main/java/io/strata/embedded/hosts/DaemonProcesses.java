package io.strata.embedded.hosts;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The daemon JVMs of a cluster directory: each logs to {@code logs/NAME.log} and has its pid in {@code pids/NAME},
 * so {@link #stopRecorded} finds what a killed launcher left. A stop is SIGTERM, then SIGKILL after a grace period.
 */
final class DaemonProcesses {
  static final String LOGS = "logs";
  static final String PIDS = "pids";
  /** How long a daemon may take to come up. */
  static final Duration START_TIMEOUT = Duration.ofMinutes(5);
  /** What Hadoop needs opened on Java 17 (the same as the project's tests and bin/strata give it). */
  static final List<String> JAVA_OPENS = Stream.of("java.lang", "java.util", "java.nio", "sun.nio.ch",
      "java.lang.reflect", "java.io", "java.net", "java.util.concurrent")
      .flatMap(p -> Stream.of("--add-opens", "java.base/" + p + "=ALL-UNNAMED")).toList();
  private static final Duration STOP_GRACE = Duration.ofSeconds(20);

  private final Path dir;

  DaemonProcesses(Path dir) {
    this.dir = dir;
  }

  Path log(String name) {
    return dir.resolve(LOGS).resolve(name + ".log");
  }

  /**
   * Starts daemon {@code name} logging to its log, with its stdin a pipe this JVM holds open (DataNodes exit when it
   * closes), and records its pid.
   */
  Process start(String name, List<String> command) throws IOException {
    return start(name, command, Map.of());
  }

  /** As {@link #start(String, List)}, with {@code environment} added to this JVM's. */
  Process start(String name, List<String> command, Map<String, String> environment) throws IOException {
    Process process = startUnrecorded(name, command, environment);
    Files.writeString(pidFile(name), Long.toString(process.pid()));
    return process;
  }

  /** Starts a short-lived process logging to {@code name}'s log, with no pid file (it is waited for). */
  Process startUnrecorded(String name, List<String> command) throws IOException {
    return startUnrecorded(name, command, Map.of());
  }

  private Process startUnrecorded(String name, List<String> command, Map<String, String> environment)
      throws IOException {
    ProcessBuilder builder = new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log(name).toFile()));
    builder.environment().putAll(environment);
    return builder.start();
  }

  /** Stops daemon {@code name} and removes its pid file. */
  void stop(String name, Process process) throws IOException {
    stop(process.toHandle());
    Files.deleteIfExists(pidFile(name));
  }

  /** "see LOG:" and the last lines of {@code name}'s log, for a message saying that it failed. */
  String seeLog(String name) {
    Path log = log(name);
    return "see " + log + ":\n" + tail(log);
  }

  /** The failure of daemon {@code name}, which {@code what} names for a reader, found no longer running. */
  IOException exited(String what, String name) {
    return new IOException("the " + what + " exited; " + seeLog(name));
  }

  private Path pidFile(String name) {
    return dir.resolve(PIDS).resolve(name);
  }

  /** SIGTERM to all first, so they shut down side by side; returns once all are gone. */
  static void stopAll(Collection<Process> processes) {
    processes.forEach(p -> p.toHandle().destroy());
    processes.forEach(p -> stop(p.toHandle()));
  }

  /** SIGTERM, then SIGKILL after a grace period; returns once the process is gone. */
  static void stop(ProcessHandle process) {
    process.destroy();
    try {
      process.onExit().get(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS);
    } catch (Exception e) {
      process.destroyForcibly();
      process.onExit().completeOnTimeout(process, STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS).join();
    }
  }

  /**
   * Stops the processes the pid files of cluster directory {@code dir} name, if they still run and their command
   * lines name {@code dir}, daemon {@code last} after the others, and removes the pid files. Returns what it stopped.
   */
  static List<String> stopRecorded(Path dir, String last) {
    List<String> stopped = new ArrayList<>();
    Path pids = dir.resolve(PIDS);
    if (!Files.isDirectory(pids)) {
      return stopped;
    }
    try (Stream<Path> files = Files.list(pids)) {
      for (Path file : files.sorted(Comparator.comparing(p -> p.getFileName().toString().equals(last))).toList()) {
        ownProcess(file, dir).ifPresent(process -> {
          stop(process);
          stopped.add("process " + process.pid() + " (" + file.getFileName() + ")");
        });
        Files.deleteIfExists(file);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + pids, e);
    }
    return stopped;
  }

  /** The process a pid file names, if it still runs and its command line names the cluster directory. */
  private static Optional<ProcessHandle> ownProcess(Path pidFile, Path dir) throws IOException {
    long pid;
    try {
      pid = Long.parseLong(Files.readString(pidFile).strip());
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
    return ProcessHandle.of(pid)
        .filter(ProcessHandle::isAlive)
        .filter(p -> commandLine(p.pid()).contains(dir.toString()));
  }

  /** The kernel's copy of a process's command line (ProcessHandle.Info cuts long ones short). */
  private static String commandLine(long pid) {
    try {
      return Files.readString(Path.of("/proc", Long.toString(pid), "cmdline")).replace('\0', ' ');
    } catch (IOException e) {
      return "";
    }
  }

  static String javaBinary() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  private static String tail(Path log) {
    try {
      List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    } catch (IOException e) {
      return "(cannot read " + log + ")";
    }
  }
}
