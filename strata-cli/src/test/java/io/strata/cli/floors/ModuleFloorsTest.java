package io.strata.cli.floors;

import static com.tngtech.archunit.base.DescribedPredicate.alwaysTrue;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The floors of the build, checked on the compiled classes of every module: which module's main code may use which.
 * Maven only stops cycles; this stops a module from reaching up a floor (the core into Hadoop, an adapter into the
 * benchmarks, anything into the command).
 */
class ModuleFloorsTest {

  /** Each module, one of its classes (to find where its classes were built), and the modules it may use. */
  private record Module(String name, String markerClass, Set<String> mayUse) {}

  private static final Map<String, Module> MODULES = new LinkedHashMap<>();

  static {
    add(new Module("strata-core", "io.strata.core.spec.ClusterSpec", Set.of()));
    add(new Module("strata-embedded", "io.strata.embedded.EmbeddedCluster", Set.of("strata-core")));
    add(new Module("strata-hdfs", "io.strata.hdfs.placement.StrataBlockPlacementPolicy", Set.of("strata-core")));
    add(new Module("strata-sim", "io.strata.sim.engine.Simulator", Set.of("strata-core")));
    add(new Module("strata-inplace", "io.strata.inplace.fs.CephGifFileSystem",
        Set.of("strata-core", "strata-embedded")));
    add(new Module("strata-workloads", "io.strata.workloads.dataset.DatasetWriter", Set.of("strata-core")));
    add(new Module("strata-dashboard", "io.strata.dashboard.DashboardServer", Set.of("strata-core", "strata-hdfs")));
    add(new Module("strata-bench", "io.strata.bench.placement.ChooseTargetBenchmark", Set.of("strata-core",
        "strata-embedded", "strata-hdfs", "strata-sim", "strata-inplace", "strata-workloads", "strata-dashboard")));
    add(new Module("strata-cli", "io.strata.cli.StrataCli", Set.of("strata-core", "strata-embedded", "strata-hdfs",
        "strata-sim", "strata-inplace", "strata-workloads", "strata-dashboard", "strata-bench")));
  }

  private static void add(Module module) {
    MODULES.put(module.name(), module);
  }

  private static final Map<String, JavaClasses> CLASSES_BY_MODULE = new LinkedHashMap<>();
  private static final Map<String, String> MODULE_OF_CLASS = new HashMap<>();

  @BeforeAll
  static void importEveryModule() throws Exception {
    for (Module module : MODULES.values()) {
      JavaClasses classes = importClassesBesides(module.markerClass());
      CLASSES_BY_MODULE.put(module.name(), classes);
      classes.forEach(c -> MODULE_OF_CLASS.put(c.getName(), module.name()));
    }
  }

  @Test
  void everyModuleUsesOnlyTheModulesBelowIt() {
    for (Module module : MODULES.values()) {
      Set<String> forbidden = new TreeSet<>(MODULES.keySet());
      forbidden.removeAll(module.mayUse());
      forbidden.remove(module.name());
      if (forbidden.isEmpty()) {
        continue;
      }
      noClasses().should().dependOnClassesThat(inModules(forbidden))
          .as(module.name() + " uses only " + (module.mayUse().isEmpty() ? "itself" : new TreeSet<>(module.mayUse())))
          .check(CLASSES_BY_MODULE.get(module.name()));
    }
  }

  @Test
  void theDecisionCoreUsesNoHadoop() {
    noClasses().should().dependOnClassesThat().resideInAPackage("org.apache.hadoop..")
        .as("strata-core uses no Hadoop class").check(CLASSES_BY_MODULE.get("strata-core"));
  }

  /**
   * Inside the command a group of subcommands uses only what the groups share: never the top command, a parent
   * command or another group. The top command registers the groups, so the arrows point one way.
   */
  @Test
  void commandGroupsUseOnlyTheSharedOptions() {
    JavaClasses cli = CLASSES_BY_MODULE.get("strata-cli");
    noClasses().that().resideInAPackage("io.strata.cli.*..").should().dependOnClassesThat()
        .resideInAPackage("io.strata.cli").as("no command group uses the top command or a single command")
        .check(cli);
    slices().matching("io.strata.cli.(*)..").should().notDependOnEachOther()
        .ignoreDependency(alwaysTrue(), resideInAPackage("io.strata.cli.shared.."))
        .as("command groups use each other's classes only through io.strata.cli.shared").check(cli);
  }

  private static DescribedPredicate<JavaClass> inModules(Set<String> modules) {
    return DescribedPredicate.describe("classes of " + modules,
        c -> {
          String module = MODULE_OF_CLASS.get(c.getName());
          return module != null && modules.contains(module);
        });
  }

  /** The main classes of a module: the directory or jar the marker class was loaded from. */
  private static JavaClasses importClassesBesides(String markerClass)
      throws ClassNotFoundException, URISyntaxException, IOException {
    Path location = Path.of(Class.forName(markerClass).getProtectionDomain().getCodeSource().getLocation().toURI());
    if (Files.isDirectory(location)) {
      return new ClassFileImporter().importPath(location);
    }
    try (JarFile jar = new JarFile(location.toFile())) {
      return new ClassFileImporter().importJar(jar);
    }
  }
}
