package io.strata.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.core.placement.PlacementPolicies;
import io.strata.core.popularity.ReplicationAdvisors;
import io.strata.core.retrieval.RetrievalPolicies;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The command line as a user meets it: help, exit codes, and refusals before anything starts. */
class StrataCliTest {
  private final CliRun cli = new CliRun();

  @Test
  void helpListsTheSubcommandsAndExitsZero() {
    assertEquals(0, cli.strata("--help"));
    for (String command : new String[] {"demo", "cluster", "report", "devices", "spec", "bench"}) {
      assertTrue(cli.stdout().contains(command), command + " missing from:\n" + cli.stdout());
    }
    assertEquals(0, cli.strata("cluster", "up", "--help"));
    assertTrue(cli.stdout().contains("--preset"));
  }

  @Test
  void everyDescriptionWrapsItsSentencesToTheFullWidth() {
    List<String> ragged = new ArrayList<>();
    walk(StrataCli.commandLine(), ragged);
    assertTrue(ragged.isEmpty(), "lines cut short mid-sentence at width 80 (description / option list):\n"
        + String.join("\n", ragged));
  }

  /** A line picocli broke short although the next one goes on with its sentence. */
  private static void walk(CommandLine commandLine, List<String> ragged) {
    commandLine.setUsageHelpWidth(80);
    String[] lines = commandLine.getHelp().description().split("\\R");
    for (int i = 0; i + 1 < lines.length; i++) {
      String line = lines[i].stripTrailing();
      String next = lines[i + 1];
      boolean sameSentence = !line.isEmpty() && !line.endsWith(".") && !line.endsWith(":") && !next.isBlank()
          && !Character.isWhitespace(next.charAt(0)) && !next.matches("^(\\d+\\.|[-*]) .*");
      if (sameSentence && line.length() < 60) {
        ragged.add(commandLine.getCommandSpec().qualifiedName() + ": '" + line + "' / '" + next + "'");
      }
    }
    // In the option list a description goes on 2 columns in from where it starts; a line at the start column
    // below another description line begins a new element, which should begin a new sentence.
    // picocli widens the option column for long option names, so the start column is read off the --help line.
    String optionList = commandLine.getHelp().optionList();
    String[] options = optionList.split("\\R");
    int start = java.util.Arrays.stream(options).filter(l -> l.contains("Show this help message"))
        .mapToInt(l -> l.indexOf("Show this help message")).findFirst().orElse(29);
    for (int i = 1; i < options.length; i++) {
      String previous = options[i - 1].stripTrailing();
      if (options[i].matches("^ {" + start + "}\\S.*") && previous.startsWith(" ".repeat(start))
          && !previous.endsWith(".")
          && !previous.endsWith(":")) {
        ragged.add(commandLine.getCommandSpec().qualifiedName() + ": '" + previous.strip() + "' / '"
            + options[i].strip() + "'");
      }
    }
    commandLine.getSubcommands().values().forEach(sub -> walk(sub, ragged));
  }

  @Test
  void policyHelpNamesEveryRegisteredPolicy() {
    List<String> placement = PlacementPolicies.STANDARD.syntaxes();
    for (String[] command : new String[][] {{"policy", "--help"}, {"policy", "set", "--help"},
        {"tier", "set-policy", "--help"}, {"simulate", "--help"}, {"cluster", "up", "--help"}}) {
      assertEquals(0, cli.strata(command));
      for (String policy : placement) {
        assertTrue(cli.stdout().contains(policy), policy + " missing from " + List.of(command) + ":\n" + cli.stdout());
      }
    }
    assertEquals(0, cli.strata("simulate", "--help"));
    List<String> others = new ArrayList<>(RetrievalPolicies.STANDARD.names());
    others.addAll(ReplicationAdvisors.NAMES);
    for (String policy : others) {
      assertTrue(cli.stdout().contains(policy), policy + " missing from simulate --help:\n" + cli.stdout());
    }
    for (String command : new String[] {"plan", "run"}) {
      assertEquals(0, cli.strata("autotier", command, "--help"));
      for (String advisor : ReplicationAdvisors.NAMES) {
        assertTrue(cli.stdout().contains(advisor), advisor + " missing from autotier " + command + ":\n"
            + cli.stdout());
      }
    }
  }

  @Test
  void unknownOptionsAreUsageErrorsWithExitCodeTwo() {
    assertEquals(2, cli.strata("report", "--colour"));
    assertTrue(cli.stderr().contains("Unknown option: '--colour'"), cli.stderr());
    assertEquals(2, cli.strata("frobnicate"));
    assertEquals(2, cli.strata());
  }

  /** A script must tell a missing command from a present one, with --help as without. */
  @Test
  void anUnknownCommandIsNamedWithExitCodeTwoAlsoWithHelp() {
    for (List<String> args : List.of(List.of("nosuch"), List.of("nosuch", "--help"), List.of("bench", "enrgy"),
        List.of("bench", "enrgy", "--help"), List.of("autotier", "rn", "-h"))) {
      String unknown = args.get(args.size() > 1 && args.get(1).startsWith("-") ? 0 : Math.min(1, args.size() - 1));
      assertEquals(2, cli.strata(args.toArray(String[]::new)), args + ": " + cli.stdout());
      assertTrue(cli.stderr().contains("'" + unknown + "'"), args + ": " + cli.stderr());
      assertFalse(cli.stdout().contains("Usage:"), args + " printed help:\n" + cli.stdout());
    }
    assertEquals(0, cli.strata("bench", "--help"));
    assertTrue(cli.stdout().contains("Usage: strata bench"), cli.stdout());
  }

  @Test
  void aBadSpecIsRefusedBeforeAnyDaemonStarts(@TempDir Path dir) throws Exception {
    Path spec = dir.resolve("bad.yaml");
    Files.writeString(spec,
        "racks:\n  - name: r1\n    nodes:\n      - host: n1\n        volumes:\n          - {device: tape, capacity: 1GiB}\n");
    Path clusterDir = dir.resolve("cluster");
    assertEquals(2, cli.strata("cluster", "up", "--spec", spec.toString(), "--dir", clusterDir.toString()));
    assertTrue(cli.stderr().contains(spec + ":6:"), cli.stderr());
    assertTrue(cli.stderr().contains("unknown device 'tape'"), cli.stderr());
    assertFalse(Files.exists(clusterDir), "nothing may be started or created for a bad spec");
  }

  @Test
  void theAutotierBenchRefusesBadSizesBeforeStartingAnything() {
    assertEquals(2, cli.strata("bench", "autotier", "--cold-size", "1MiB"));
    assertTrue(cli.stderr().contains("--cold-size must be at least 8MiB"), cli.stderr());
    assertEquals(2, cli.strata("bench", "autotier", "--phases", "8MiB/1,fast/1"));
    assertTrue(cli.stderr().contains("--phases"), cli.stderr());
    assertEquals(2, cli.strata("bench", "autotier", "--phases", "8MiB/0"));
    assertTrue(cli.stderr().contains("files at once must be a whole number >= 1, got '8MiB/0'"), cli.stderr());
  }

  @Test
  void badSizesAndPresetsAreRefusedWithTheOptionNamed(@TempDir Path dir) {
    assertEquals(2, cli.strata("cluster", "up", "--block-size", "lots", "--dir", dir.resolve("c").toString()));
    assertTrue(cli.stderr().contains("--block-size"), cli.stderr());
    assertEquals(2, cli.strata("cluster", "up", "--block-size", "0", "--dir", dir.resolve("c").toString()));
    assertTrue(cli.stderr().contains("--block-size: must be > 0, got '0'"), cli.stderr());
    assertEquals(2, cli.strata("autotier", "run", "--audit-log", "a.log", "--change-interval", "soon"));
    assertTrue(cli.stderr().contains("--change-interval: not a duration: 'soon'"), cli.stderr());
    assertEquals(2, cli.strata("bench", "inplace", "--sizes", "256MiB,lots"));
    assertTrue(cli.stderr().contains("--sizes: not a byte size: 'lots'"), cli.stderr());
    assertEquals(2, cli.strata("bench", "inplace", "--sizes", "256MiB,1GiB", "--mapreduce-size", "2GiB"));
    assertTrue(cli.stderr().contains("--mapreduce-size 2GiB is not one of --sizes 256MiB,1GiB"), cli.stderr());
    assertEquals(2, cli.strata("spec", "--preset", "hatz"));
    assertTrue(cli.stderr().contains("unknown preset 'hatz'"), cli.stderr());
  }

  @Test
  void specSummaryRanksTiersAndPrintRoundTrips(@TempDir Path dir) throws Exception {
    assertEquals(0, cli.strata("spec", "--preset", "hats"));
    String summary = cli.stdout();
    assertTrue(
        summary.indexOf("pcie-ssd") < summary.indexOf("sata-ssd")
            && summary.indexOf("sata-ssd") < summary.indexOf(" hdd "),
        summary);
    assertEquals(0, cli.strata("spec", "--preset", "energy", "--print"));
    Path copy = dir.resolve("energy.yaml");
    Files.writeString(copy, cli.stdout());
    assertEquals(0, cli.strata("spec", "--spec", copy.toString()));
    assertTrue(cli.stdout().contains("spec 'energy' is valid: 1 racks, 3 nodes"), cli.stdout());
  }

  @Test
  void devicesPrintsTheProfilesAsJson() throws Exception {
    assertEquals(0, cli.strata("devices", "--json"));
    var tree = new ObjectMapper().readTree(cli.stdout());
    assertTrue(tree.isArray() && tree.size() >= 6);
    boolean found = false;
    for (var device : tree) {
      if (device.get("name").asText().equals("pcie-ssd")) {
        assertEquals(533, device.get("readMBps").asDouble());
        found = true;
      }
    }
    assertTrue(found);
  }

  @Test
  void theTierRescueRefusesBadOptionsBeforeReachingAnyCluster(@TempDir Path dir) {
    assertEquals(2, cli.strata("tier", "rescue", "/data"));
    assertTrue(cli.stderr().contains("Missing required option: '--shares=DIR'"), cli.stderr());
    assertEquals(2, cli.strata("tier", "rescue", "--shares", dir.toString(), "--storage-type", "tape"));
    assertTrue(cli.stderr().contains("--storage-type: unknown storage type 'tape'"), cli.stderr());
    assertEquals(2, cli.strata("tier", "rescue", "--shares", dir.toString(), "--parallel", "0"));
    assertTrue(cli.stderr().contains("--parallel must be >= 1, got 0"), cli.stderr());
    assertEquals(2, cli.strata("tier", "rescue", "--shares", dir.toString(), "--fs", "file:///"));
    assertTrue(cli.stderr().contains("is not HDFS"), cli.stderr());
  }

  @Test
  void aDataNodeCommandWithoutARunningClusterIsABadInputNamingTheDirectory(@TempDir Path dir) throws Exception {
    assertEquals(2, cli.strata("cluster", "datanode", "stop", "a1", "--dir", dir.toString()));
    assertTrue(cli.stderr().contains(dir + ": no embedded cluster runs here"), cli.stderr());
    // A cluster that ran here and was killed left its process id behind.
    Files.createDirectories(dir.resolve("control"));
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor();
    Files.writeString(dir.resolve("control/pid"), Long.toString(gone.pid()));
    assertEquals(2, cli.strata("cluster", "datanode", "start", "a1", "--dir", dir.toString()));
    assertTrue(cli.stderr().contains("(process " + gone.pid() + ") has exited"), cli.stderr());
    assertEquals(2, cli.strata("cluster", "datanode", "pause", "a1", "--dir", dir.toString()));
    assertTrue(cli.stderr().contains("pause"), cli.stderr());
  }

  @Test
  void reportOnAMissingPathFailsWithExitOneNamingIt(@TempDir Path dir) {
    assertEquals(1, cli.strata("report", dir.resolve("nothing-here").toString(), "--fs", "file:///"));
    assertTrue(cli.stderr().contains("nothing-here"), cli.stderr());
  }

  @Test
  void theEnergyDemosOptionsAreCheckedBeforeAnythingStarts() {
    assertEquals(2, cli.strata("demo", "--quick-disks"));
    assertTrue(cli.stderr().contains("--quick-disks is for --energy only"), cli.stderr());
    assertEquals(2, cli.strata("demo", "--energy", "--inplace"));
    assertTrue(cli.stderr().contains("--energy runs on the embedded energy cluster; drop --inplace"), cli.stderr());
  }

  @Test
  void reportOnAMissingConfDirIsABadInput(@TempDir Path dir) {
    assertEquals(2, cli.strata("report", "/", "--conf", dir.resolve("nope").toString()));
    assertTrue(cli.stderr().contains("no such configuration directory"), cli.stderr());
  }
}
