package io.strata.cli.floors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import io.strata.testing.BuiltJars;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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
  @CsvSource({"strata-hdfs, strata-hdfs-.*-plugin\\.jar", "strata-inplace, strata-inplace-.*-fs\\.jar"})
  void aShippedJarHoldsNoBenchmarkDemoOrWorkloadAndEveryStrataClassItUses(String module, String jarName)
      throws IOException {
    Path jar = BuiltJars.find(module, jarName);
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
}
