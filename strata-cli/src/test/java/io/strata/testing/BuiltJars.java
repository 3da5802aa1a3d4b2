package io.strata.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Jars that a sibling module's {@code package} phase built before strata-cli's tests run. */
public final class BuiltJars {
  private BuiltJars() {}

  /**
   * The jar in {@code module/target} whose file name matches {@code nameRegex}.
   *
   * @throws IllegalStateException naming the directory and how to build the jar, when there is none
   */
  public static Path find(String module, String nameRegex) {
    Path target = Path.of("..", module, "target").toAbsolutePath().normalize();
    String build = "; build it first: mvn -B -ntp package -DskipTests -pl " + module + " -am";
    if (!Files.isDirectory(target)) {
      throw new IllegalStateException("no " + target + build);
    }
    try (var files = Files.list(target)) {
      return files.filter(p -> p.getFileName().toString().matches(nameRegex)).findFirst()
          .orElseThrow(() -> new IllegalStateException("no jar matching " + nameRegex + " in " + target + build));
    } catch (IOException e) {
      throw new IllegalStateException("cannot list " + target + ": " + e.getMessage(), e);
    }
  }
}
