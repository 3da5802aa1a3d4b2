package io.strata.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.core.config.ConfigException;
import io.strata.core.reliability.DataLossModel;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code strata loss}: AptStore's data-loss model (seed 004, Eqs. 3-6). */
@Command(name = "loss", mixinStandardHelpOptions = true,
    description = {"Probability of losing at least one block within a period (AptStore Eqs. 3-6).",
        "Each of N nodes fails in the period with p = 1 - exp(-T/MTBF); B blocks have R replicas on random nodes."})
final class LossCommand implements Callable<Integer> {
  @Option(names = "--nodes", required = true, description = "nodes in the cluster")
  int nodes;
  @Option(names = "--replication", required = true, description = "replicas per block")
  int replication;
  @Option(names = "--blocks", required = true, description = "blocks stored")
  double blocks;
  @Option(names = "--mtbf-years", required = true, description = "a node's mean time between failures, years")
  double mtbfYears;
  @Option(names = "--period-days", defaultValue = "1", description = "the period (default: ${DEFAULT-VALUE} day)")
  double periodDays;
  @Option(names = "--json", description = "print JSON")
  boolean json;

  @Override
  public Integer call() throws Exception {
    requirePositive("--nodes", nodes);
    requirePositive("--replication", replication);
    if (!(blocks >= 0) || Double.isInfinite(blocks)) {
      throw new ConfigException("--blocks must be a finite number >= 0, got " + shown(blocks));
    }
    requirePositive("--mtbf-years", mtbfYears);
    requirePositive("--period-days", periodDays);
    if (replication > nodes) {
      throw new ConfigException("--replication " + replication + " exceeds --nodes " + nodes);
    }
    double p = DataLossModel.nodeFailureProbability(mtbfYears, periodDays);
    double loss = DataLossModel.lossProbability(nodes, replication, blocks, mtbfYears, periodDays);
    if (json) {
      var out = new ObjectMapper().createObjectNode();
      out.put("nodes", nodes).put("replication", replication).put("blocks", blocks).put("mtbfYears", mtbfYears)
          .put("periodDays", periodDays).put("nodeFailureProbability", p).put("lossProbability", loss);
      System.out.println(out);
    } else {
      System.out.printf("node failure probability in %.3g day(s): %.4g%n", periodDays, p);
      System.out.printf("probability of losing at least one of %.4g blocks (r=%d, %d nodes): %.4g%n", blocks,
          replication, nodes, loss);
    }
    return 0;
  }

  private static void requirePositive(String option, double value) {
    if (!(value > 0) || Double.isInfinite(value)) {
      throw new ConfigException(option + " must be a finite number > 0, got " + shown(value));
    }
  }

  /** The value as the user typed it: 0, not 0.0, for a whole number. */
  private static String shown(double value) {
    return value == Math.rint(value) && !Double.isInfinite(value) ? Long.toString((long) value)
        : Double.toString(value);
  }
}
