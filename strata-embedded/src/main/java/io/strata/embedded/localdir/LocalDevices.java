package io.strata.embedded.localdir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Finds the emulated device a local path lives on: the nearest directory above it that holds a
 * {@link LocalDevice#STATE_FILE}. Answers are cached per directory (MapReduce touches few directories, often).
 */
public final class LocalDevices {
  private static final Map<Path, Optional<Path>> STATE_FILE_BY_DIR = new ConcurrentHashMap<>();

  private LocalDevices() {}

  /** The device holding {@code file}, if it lies under an emulated device's directory. */
  public static Optional<LocalDevice> of(Path file) throws IOException {
    Path dir = file.toAbsolutePath().normalize().getParent();
    if (dir == null) {
      return Optional.empty();
    }
    Optional<Path> stateFile = stateFileFor(dir);
    return stateFile.isPresent() ? Optional.of(LocalDevice.open(stateFile.get())) : Optional.empty();
  }

  /** Drops cached answers, e.g. "no device here" for a directory that has just become one. */
  static void forgetLookups() {
    STATE_FILE_BY_DIR.clear();
  }

  private static Optional<Path> stateFileFor(Path dir) {
    Optional<Path> known = STATE_FILE_BY_DIR.get(dir);
    if (known != null) {
      return known;
    }
    Path candidate = dir.resolve(LocalDevice.STATE_FILE);
    Optional<Path> found;
    if (Files.isRegularFile(candidate)) {
      found = Optional.of(candidate);
    } else {
      found = dir.getParent() == null ? Optional.empty() : stateFileFor(dir.getParent());
    }
    STATE_FILE_BY_DIR.put(dir, found);
    return found;
  }
}
