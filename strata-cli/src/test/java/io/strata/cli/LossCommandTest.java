package io.strata.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code strata loss} as a user runs it. */
class LossCommandTest {
  private final CliRun cli = new CliRun();

  @Test
  void oneBlockIsLostExactlyWhenAllNodesHoldingItFail() throws Exception {
    // With one block, Eqs. 3-5 reduce to p^r: the r nodes holding it must all fail in the period.
    assertEquals(0, cli.strata("loss", "--nodes", "4", "--replication", "2", "--blocks", "1", "--mtbf-years", "2",
        "--period-days", "30", "--json"), cli.stderr());
    JsonNode json = new ObjectMapper().readTree(cli.stdout());
    double p = 1 - Math.exp(-30 / 365.25 / 2);
    assertEquals(p, json.get("nodeFailureProbability").asDouble(), 1e-15);
    assertEquals(p * p, json.get("lossProbability").asDouble(), 1e-15);
  }

  @Test
  void noBlocksCannotBeLostAndMoreBlocksLoseMore() throws Exception {
    assertEquals(0, cli.strata("loss", "--nodes", "500", "--replication", "3", "--blocks", "0", "--mtbf-years", "4",
        "--json"), cli.stderr());
    assertEquals(0.0, new ObjectMapper().readTree(cli.stdout()).get("lossProbability").asDouble());
    assertEquals(0, cli.strata("loss", "--nodes", "500", "--replication", "3", "--blocks", "4e6", "--mtbf-years", "4"),
        cli.stderr());
    String text = cli.stdout();
    assertTrue(text.contains("probability of losing at least one of 4.000e+06 blocks (r=3, 500 nodes)"), text);
  }

  @Test
  void aBadValueNamesItsOption() {
    String[][] cases = {
        {"--nodes", "0", "--nodes must be a finite number > 0, got 0"},
        {"--replication", "-1", "--replication must be a finite number > 0, got -1"},
        {"--blocks", "-5", "--blocks must be a finite number >= 0, got -5"},
        {"--mtbf-years", "0", "--mtbf-years must be a finite number > 0, got 0"},
        {"--period-days", "NaN", "--period-days must be a finite number > 0, got NaN"},
        {"--replication", "11", "--replication 11 exceeds --nodes 10"},
    };
    for (String[] bad : cases) {
      String[] args = {"loss", "--nodes", "10", "--replication", "3", "--blocks", "100", "--mtbf-years", "4"};
      for (int i = 1; i < args.length; i += 2) {
        if (args[i].equals(bad[0])) {
          args[i + 1] = bad[1];
        }
      }
      List<String> all = new ArrayList<>(List.of(args));
      if (!all.contains(bad[0])) {
        all.add(bad[0]);
        all.add(bad[1]);
      }
      assertEquals(2, cli.strata(all.toArray(String[]::new)), bad[0] + " " + bad[1]);
      assertTrue(cli.stderr().contains(bad[2]), bad[0] + " " + bad[1] + ": " + cli.stderr());
      assertEquals("", cli.stdout(), "nothing printed on stdout for " + bad[0] + " " + bad[1]);
    }
  }
}
