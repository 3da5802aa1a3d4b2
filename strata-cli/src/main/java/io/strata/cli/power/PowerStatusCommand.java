package io.strata.cli.power;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.strata.cli.shared.ExitCodes;
import io.strata.hdfs.power.PowerManager;
import io.strata.hdfs.power.PowerStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code strata power status}: each volume's power state and energy, as the power manager last wrote them. */
@Command(name = "status", mixinStandardHelpOptions = true,
    description = {"Each volume's power state, time per state, spin-ups by cause, stalls and joules since the power",
        "manager started, and the node's energy with its base power, as the manager last wrote them (every tick)."})
final class PowerStatusCommand implements Callable<Integer> {
  @Option(names = "--state-dir", paramLabel = "DIR", required = true,
      description = "the manager's --state-dir (for `cluster up --power`: DIR/power of its --dir)")
  Path stateDir;

  @Option(names = "--json", description = "print the status as JSON")
  boolean json;

  @Override
  public Integer call() throws Exception {
    if (!Files.isDirectory(stateDir)) {
      System.err.println("strata: --state-dir " + stateDir + " is not a directory");
      return ExitCodes.BAD_INPUT;
    }
    PowerStatus status = PowerManager.readStatus(stateDir).orElse(null);
    if (status == null) {
      System.err.println("strata: no power status in " + stateDir + " (is a power manager running with it?)");
      return ExitCodes.FAILED;
    }
    if (json) {
      System.out
          .println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(status.json()));
    } else {
      System.out.print(status.table());
    }
    return 0;
  }
}
