package io.strata.cli.kat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.cli.CliRun;
import io.strata.cli.shared.ExitCodes;
import io.strata.hdfs.kat.KatCheck;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code strata kat ingest|check|heal} as a user runs them, up to where they would reach HDFS: every bad input is
 * refused with exit code 2 and one line naming it, before anything is read or written. (KatIngestIT and
 * KatPinningIT run the same code against real HDFS.)
 */
class KatCommandTest {
  private final CliRun cli = new CliRun();

  @TempDir
  Path dir;

  private void refused(String expected, String... args) {
    assertEquals(ExitCodes.BAD_INPUT, cli.strata(args), cli.stdout() + cli.stderr());
    assertTrue(cli.stderr().contains(expected), "expected '" + expected + "' in: " + cli.stderr());
    assertTrue(cli.stdout().isEmpty(), cli.stdout());
  }

  @Test
  void katWithoutASubcommandNamesThem() {
    refused("a subcommand is required (ingest, check, heal)", "kat");
  }

  @Test
  void ingestRefusesMissingPathsAndKey() throws Exception {
    Path src = Files.writeString(dir.resolve("in.txt"), "a b\n");
    refused("PATH", "kat", "ingest", src.toString(), "--key", "tokens");
    refused("Missing required option: '--key=FUNCTION'", "kat", "ingest", src.toString(), "/kat/out");
  }

  @Test
  void ingestRefusesBadOptionValuesByName() throws Exception {
    String src = Files.writeString(dir.resolve("in.txt"), "a b\n").toString();
    refused("unknown key function 'column:2' (known: ", "kat", "ingest", src, "/kat/out", "--key", "column:2");
    refused("key 'field:x': 'x' is not a field number", "kat", "ingest", src, "/kat/out", "--key", "field:x");
    refused("--on-malformed must be fail or skip, got 'ignore'", "kat", "ingest", src, "/kat/out", "--key",
        "tokens", "--on-malformed", "ignore");
    refused("--partitions must be at least 1, got -2", "kat", "ingest", src, "/kat/out", "--key", "tokens",
        "--partitions", "-2");
    refused("--replication must be at least 1, got -1", "kat", "ingest", src, "/kat/out", "--key", "tokens",
        "--replication", "-1");
    refused("strata: --sample: ", "kat", "ingest", src, "/kat/out", "--key", "tokens", "--sample", "lots");
  }

  @Test
  void everySubcommandRefusesAFileSystemThatIsNotHdfs() throws Exception {
    String src = Files.writeString(dir.resolve("in.txt"), "a b\n").toString();
    refused("file:/// is not HDFS; this command needs HDFS", "kat", "ingest", src, dir.resolve("out").toString(),
        "--key", "tokens", "--fs", "file:///");
    refused("file:/// is not HDFS", "kat", "check", dir.toString(), "--fs", "file:///");
    refused("file:/// is not HDFS", "kat", "heal", dir.toString(), "--fs", "file:///", "--json");
  }

  @Test
  void aMissingConfigurationDirectoryIsNamed() {
    Path missing = dir.resolve("no-conf");
    refused(missing + ": no such configuration directory", "kat", "check", "/kat/out", "--conf", missing.toString());
  }

  @Test
  void checkPrintsATableOrJsonThatNamesEveryPartition() throws Exception {
    KatCheck.Report report = new KatCheck.Report("hdfs://nn/kat/out", "tokens", 2, List.of(
        new KatCheck.PartitionState(0, "h1", true, 1_048_576, 1, 0, List.of()),
        new KatCheck.PartitionState(1, "h2", false, 2_097_152, 2, 2, List.of("h3", "h4"))));
    String table = printed(() -> KatCommand.printCheck(report, false));
    assertTrue(table.startsWith("hdfs://nn/kat/out: key 'tokens', 2 partitions, 1 not in place"), table);
    assertTrue(table.contains("1  h2             NO        2,097,152       2          2  h3,h4"), table);
    JsonNode json = new ObjectMapper().readTree(printed(() -> KatCommand.printCheck(report, true)));
    assertEquals("tokens", json.path("keyFunction").asText());
    assertEquals(2, json.path("states").size());
    assertEquals("h2", json.path("states").path(1).path("owner").asText());
    assertEquals(2, json.path("states").path(1).path("blocksOffOwner").asInt());
    assertEquals(false, json.path("states").path(1).path("ownerLive").asBoolean());
  }

  private interface Printing {
    void run() throws Exception;
  }

  private static String printed(Printing printing) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream old = System.out;
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    try {
      printing.run();
    } finally {
      System.setOut(old);
    }
    return out.toString(StandardCharsets.UTF_8);
  }
}
