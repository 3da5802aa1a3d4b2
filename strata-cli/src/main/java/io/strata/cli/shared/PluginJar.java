package io.strata.cli.shared;

import io.strata.core.config.ConfigException;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

/** The NameNode plugin jar a cluster of hosts runs: {@code --plugin-jar}, else the one this source tree built. */
public final class PluginJar {
  private PluginJar() {}

  /** {@code given} (from {@code --plugin-jar}) if not null, else the plugin jar strata-hdfs's build made. */
  public static Path find(Path given) throws IOException {
    if (given != null) {
      if (!Files.isRegularFile(given)) {
        throw new ConfigException("--plugin-jar: no such file " + given);
      }
      return given.toAbsolutePath();
    }
    Path target = projectRoot().resolve("strata-hdfs").resolve("target");
    if (Files.isDirectory(target)) {
      try (Stream<Path> files = Files.list(target)) {
        Optional<Path> jar = files.filter(p -> p.getFileName().toString().matches("strata-hdfs-.*-plugin\\.jar"))
            .findFirst();
        if (jar.isPresent()) {
          return jar.get();
        }
      }
    }
    throw new ConfigException("no plugin jar in " + target + "; build it (mvn -B -ntp package -DskipTests -pl "
        + "strata-hdfs -am) or give --plugin-jar JAR");
  }

  /** The source tree this CLI was built in: strata-cli/target/strata-cli.jar (or classes) is two levels down. */
  private static Path projectRoot() {
    try {
      Path location = Path.of(PluginJar.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      return location.getParent().getParent().getParent();
    } catch (URISyntaxException | NullPointerException e) {
      return Path.of(".").toAbsolutePath();
    }
  }
}
