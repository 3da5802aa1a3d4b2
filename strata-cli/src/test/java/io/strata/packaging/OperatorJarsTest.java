package io.strata.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;

/**
 * The jars an operator puts into a Hadoop cluster, strata-hdfs's plugin jar and strata-inplace's {@code cephgif://}
 * jar, carry no benchmark, demo, workload, testbed or emulation class: those live in strata-bench, strata-workloads,
 * strata-inplace's testbed package and strata-embedded. Both jars are built by their modules' {@code package}
 * phase, before this module's tests run in a reactor build.
 */
class OperatorJarsTest {
  /** Modules and packages that are never shipped to a cluster, as class entry prefixes. */
  private static final List<String> NOT_SHIPPED = List.of("io/strata/bench/", "io/strata/workloads/",
      "io/strata/inplace/testbed/", "io/strata/embedded/", "io/strata/sim/", "io/strata/dashboard/",
      "io/strata/cli/");
  /**
   * Benchmark, demo, workload, testbed and emulation classes by package or name (not, say, a counter of files
   * demoted).
   */
  private static final Pattern NOT_SHIPPED_NAME = Pattern.compile(
      "/(bench|demo|workloads?|testbed|pagecache)/|(Benchmark|Bench|Demo|Jmh|Testbed)(?![a-z])[^/]*$"
          + "|/(DatasetWriter|ParallelReader|TeraRows|ZipfWords|TextObjects|ObjectCopier)[.$]");

  @Test
  void thePluginJarCarriesNoBenchmarkDemoOrWorkload() throws IOException {
    Path target = Path.of("..", "strata-hdfs", "target").toAbsolutePath().normalize();
    Path jar;
    try (var files = Files.list(target)) {
      jar = files.filter(p -> p.getFileName().toString().matches("strata-hdfs-.*-plugin\\.jar")).findFirst()
          .orElseThrow(() -> new IllegalStateException("no plugin jar in " + target
              + "; build it first: mvn -B -ntp package -DskipTests -pl strata-hdfs -am"));
    }
    List<String> classes = classes(jar);
    assertTrue(classes.stream().anyMatch(c -> c.startsWith("io/strata/hdfs/placement/")), jar + ": " + classes);
    assertEquals(List.of(), classes.stream().filter(notShipped()).toList(), jar.toString());
  }

  @Test
  void theCephGifJarCarriesTheFileSystemAlone() throws IOException {
    String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    Path jar = Arrays.stream(classpath.split(File.pathSeparator)).map(Path::of)
        .filter(p -> p.getFileName().toString().matches("strata-inplace-.*-fs\\.jar")).findFirst()
        .orElseThrow(() -> new IllegalStateException("strata-inplace's fs jar is not on " + classpath));
    List<String> classes = classes(jar);
    assertTrue(classes.contains("io/strata/inplace/fs/CephGifFileSystem.class"), jar + ": " + classes);
    assertEquals(List.of(), classes.stream().filter(notShipped()).toList(), jar.toString());
    assertEquals(List.of(), classes.stream().filter(c -> c.startsWith("io/strata/") && !c.matches(
        "io/strata/inplace/(fs|gif|rados)/.*|io/strata/core/config/ConfigException\\.class")).toList(),
        jar + ": only the file system, the GIF reader, librados and the configuration exception");
  }

  private static Predicate<String> notShipped() {
    return c -> NOT_SHIPPED.stream().anyMatch(c::startsWith) || NOT_SHIPPED_NAME.matcher(c).find();
  }

  private static List<String> classes(Path jar) throws IOException {
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      return zip.stream().map(ZipEntry::getName).filter(n -> n.endsWith(".class")).sorted().toList();
    }
  }
}
