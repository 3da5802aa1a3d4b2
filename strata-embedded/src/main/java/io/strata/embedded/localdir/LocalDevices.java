package io.strata.embedded.localdir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Finds the emulated device a local path lives on: the nearest directory above it that holds a
 * {@link LocalDevice#STATE_FILE}; likewise a node's page cache ({@link NodePageCache#STATE_FILE}). Answers are
 * cached per directory (MapReduce touches few directories, often).
 */
public final class LocalDevices {
  private static final Map<String, Map<Path, Optional<Path>>> STATE_FILE_BY_DIR = new ConcurrentHashMap<>();

  private LocalDevices() {}

  /** The device holding {@code file}, if it lies under an emulated device's directory. */
  public static Optional<LocalDevice> of(Path file) throws IOException {
    Path dir = file.toAbsolutePath().normalize().getParent();
    if (dir == null) {
      return Optional.empty();
    }
    Optional<Path> stateFile = nearest(dir, LocalDevice.STATE_FILE);
    return stateFile.isPresent() ? Optional.of(LocalDevice.open(stateFile.get())) : Optional.empty();
  }

  /** The page cache of the node holding {@code file}, if its directory lies under one. */
  public static Optional<NodePageCache> pageCacheOf(Path file) throws IOException {
    Path dir = file.toAbsolutePath().normalize().getParent();
    if (dir == null) {
      return Optional.empty();
    }
    Optional<Path> stateFile = nearest(dir, NodePageCache.STATE_FILE);
    return stateFile.isPresent() ? Optional.of(NodePageCache.open(stateFile.get())) : Optional.empty();
  }

  /** Drops cached answers, e.g. "no device here" for a directory that has just become one. */
  static void forgetLookups() {
    STATE_FILE_BY_DIR.clear();
  }

  private static Optional<Path> nearest(Path dir, String stateFileName) {
    Map<Path, Optional<Path>> byDir = STATE_FILE_BY_DIR.computeIfAbsent(stateFileName, n -> new ConcurrentHashMap<>());
    Optional<Path> known = byDir.get(dir);
    if (known != null) {
      return known;
    }
    Path candidate = dir.resolve(stateFileName);
    Optional<Path> found;
    if (Files.isRegularFile(candidate)) {
      found = Optional.of(candidate);
    } else {
      found = dir.getParent() == null ? Optional.empty() : nearest(dir.getParent(), stateFileName);
    }
    byDir.put(dir, found);
    return found;
  }
}
