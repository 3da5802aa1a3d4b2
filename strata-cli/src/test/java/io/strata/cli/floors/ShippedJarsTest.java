package io.strata.cli.floors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The two jars an operator installs, the NameNode plugin jar and the {@code cephgif://} jar, carry only what the
 * cluster runs: no benchmark, demo or workload class, and no Strata class they use is missing from them.
 */
class ShippedJarsTest {

  /**
   * A class of a module never shipped to a cluster (benchmarks, workloads, the emulation, the simulator, the
   * dashboard, the command), or a benchmark, demo, testbed or page cache model by package or name.
   */
  private static final Pattern NOT_FOR_A_CLUSTER = Pattern
      .compile("^io\\.strata\\.(bench|workloads|embedded|sim|dashboard|cli)\\."
          + "|\\.(bench|demo|workloads?|testbed|pagecache)\\.|(Bench|Benchmark|Jmh|Demo|Testbed)(\\$.*)?$");

  @ParameterizedTest
  @ValueSource(strings = {"strata-hdfs/target/strata-hdfs-.*-plugin\\.jar",
      "strata-inplace/target/strata-inplace-.*-fs\\.jar"})
  void aShippedJarHoldsNoBenchmarkDemoOrWorkloadAndEveryStrataClassItUses(String jarPattern) throws IOException {
    Path jar = builtJar(jarPattern);
    JavaClasses classes;
    try (JarFile file = new JarFile(jar.toFile())) {
      classes = new ClassFileImporter().importJar(file);
    }
    Set<String> inJar = classes.stream().map(JavaClass::getName).collect(Collectors.toSet());
    assertTrue(inJar.size() > 10, jar + " holds Strata's classes: " + inJar.size() + " classes");

    List<String> misplaced = inJar.stream().filter(name -> NOT_FOR_A_CLUSTER.matcher(name).find()).sorted().toList();
    assertEquals(List.of(), misplaced, jar + " carries benchmark, demo or workload classes");

    Set<String> missing = new TreeSet<>();
    for (JavaClass c : classes) {
      c.getDirectDependenciesFromSelf().stream().map(d -> d.getTargetClass().getBaseComponentType().getName())
          .filter(name -> name.startsWith("io.strata.") && !inJar.contains(name))
          .forEach(name -> missing.add(c.getName() + " -> " + name));
    }
    assertEquals(Set.of(), missing, jar + "'s classes use Strata classes it does not carry");
  }

  /** The jar that the module's {@code package} phase built before strata-cli's tests run. */
  private static Path builtJar(String pattern) throws IOException {
    Path target = Path.of("..").toAbsolutePath().normalize().resolve(pattern.substring(0, pattern.indexOf("/target/")))
        .resolve("target");
    String name = pattern.substring(pattern.lastIndexOf('/') + 1);
    if (!Files.isDirectory(target)) {
      throw new IllegalStateException("no " + target + "; build it first: mvn -B -ntp package -DskipTests");
    }
    try (var files = Files.list(target)) {
      return files.filter(p -> p.getFileName().toString().matches(name)).findFirst()
          .orElseThrow(() -> new IllegalStateException("no jar matching " + name + " in " + target
              + "; build it first: mvn -B -ntp package -DskipTests"));
    }
  }
}
