package io.strata.inplace.ceph;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether this machine has the Ceph programs Strata runs, and installing Debian's packages when they are
 * missing: {@code ceph-mon ceph-mgr ceph-osd ceph-common} (Debian 12 ships Ceph 16 "pacific"), without
 * recommended packages. The daemons are never started by the packages (there is no systemd here); Strata
 * starts its own in a directory it owns.
 */
public final class CephInstallation {
  /** The packages, in the order apt-get gets them. */
  public static final List<String> PACKAGES = List.of("ceph-mon", "ceph-mgr", "ceph-osd", "ceph-common");

  /** Programs the launcher and the scan run; osdmaptool and monmaptool come with ceph-osd's ceph-base. */
  static final List<String> PROGRAMS = List.of(
      "ceph-mon", "ceph-mgr", "ceph-osd", "ceph-authtool", "monmaptool", "osdmaptool", "ceph", "rados");

  private static final List<String> LIBRARY_DIRS = List.of(
      "/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib", "/usr/local/lib");

  private CephInstallation() {}

  /** Programs (and librados) not found on this machine; empty when Ceph is usable. */
  public static List<String> missing() {
    List<String> missing = new ArrayList<>();
    for (String program : PROGRAMS) {
      if (which(program) == null) {
        missing.add(program);
      }
    }
    if (LIBRARY_DIRS.stream().noneMatch(dir -> Files.exists(Path.of(dir, "librados.so.2")))) {
      missing.add("librados.so.2");
    }
    return missing;
  }

  /** Finds a program on PATH (and in /usr/sbin, /sbin, where Debian puts some of Ceph's tools). */
  static Path which(String program) {
    List<String> dirs = new ArrayList<>(List.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)));
    dirs.addAll(List.of("/usr/sbin", "/sbin", "/usr/bin"));
    for (String dir : dirs) {
      if (dir.isEmpty()) {
        continue;
      }
      Path candidate = Path.of(dir, program);
      if (Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    return null;
  }

  /**
   * Makes sure Ceph is installed: installs the packages with apt-get when something is missing and this
   * process may (root, apt-get present). Throws {@link CephUnavailableException} saying why Ceph cannot be
   * had otherwise.
   */
  public static void ensure(PrintStream log) throws CephUnavailableException {
    List<String> missing = missing();
    if (missing.isEmpty()) {
      return;
    }
    if (which("apt-get") == null) {
      throw new CephUnavailableException("Ceph is not installed (missing " + String.join(", ", missing)
          + ") and there is no apt-get to install it; install Ceph 16+ (" + String.join(" ", PACKAGES) + ")");
    }
    if (!isRoot()) {
      throw new CephUnavailableException("Ceph is not installed (missing " + String.join(", ", missing)
          + "); installing needs root: sudo apt-get install --no-install-recommends " + String.join(" ", PACKAGES));
    }
    log.println("strata: installing Ceph (" + String.join(" ", PACKAGES) + "), missing: " + String.join(", ", missing));
    try {
      List<String> update = List.of("apt-get", "update", "-qq");
      Commands.Result updated = Commands.run(withNoninteractive(update), null, 600);
      if (updated.exitCode() != 0) {
        log.println("strata: apt-get update failed, trying the install anyway:\n" + Commands.tail(updated.output()));
      }
      List<String> install = new ArrayList<>(List.of("apt-get", "install", "-y", "-qq", "--no-install-recommends"));
      install.addAll(PACKAGES);
      Commands.Result installed = Commands.run(withNoninteractive(install), null, 900);
      if (installed.exitCode() != 0) {
        throw new CephUnavailableException("apt-get could not install Ceph:\n" + Commands.tail(installed.output()));
      }
    } catch (IOException e) {
      throw new CephUnavailableException("installing Ceph failed: " + e.getMessage());
    }
    missing = missing();
    if (!missing.isEmpty()) {
      throw new CephUnavailableException("after installing " + String.join(" ", PACKAGES) + " still missing: "
          + String.join(", ", missing));
    }
  }

  private static List<String> withNoninteractive(List<String> command) {
    List<String> full = new ArrayList<>(List.of("env", "DEBIAN_FRONTEND=noninteractive"));
    full.addAll(command);
    return full;
  }

  static boolean isRoot() {
    try {
      Object uid = Files.getAttribute(Path.of("/proc/self"), "unix:uid");
      return Integer.valueOf(0).equals(uid);
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      return "root".equals(System.getProperty("user.name"));
    }
  }
}
