package io.strata.cli.autotier;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.cli.shared.HdfsConnection;
import io.strata.hdfs.autotier.AutotierJournal;
import io.strata.hdfs.autotier.JournalSummary;
import java.util.concurrent.Callable;
import org.apache.hadoop.fs.FileSystem;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code strata autotier journal}: what the daemon has left to do, and what it finished last. */
@Command(name = "journal", mixinStandardHelpOptions = true,
    description = {"Show the autotier daemon's journal in HDFS (" + AutotierJournal.DIR + "): each plan not",
        "finished yet with every change, whether it is done and how many of its attempts failed, then the last",
        "finished plans. A running or restarted daemon finishes the unfinished ones first. Reads only."})
final class AutotierJournalCommand implements Callable<Integer> {
  @Option(names = "--json", description = "print JSON")
  boolean json;

  @Mixin
  HdfsConnection connection;

  @Override
  public Integer call() throws Exception {
    try (FileSystem fs = connection.fileSystem()) {
      ObjectNode root = JournalSummary.read(fs);
      if (json) {
        System.out.println(new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(root));
      } else {
        print(root);
      }
      return 0;
    }
  }

  private static void print(ObjectNode root) {
    System.out.printf("unfinished plans: %d%n", root.get("unfinished").size());
    root.get("unfinished").forEach(plan -> {
      System.out.printf("  plan %s (%s, %s, loss probability %.2g): %d change(s), %d done%n",
          plan.get("id").asText(), plan.get("advisor").asText(), plan.get("created").asText(),
          plan.get("lossProbability").asDouble(), plan.get("changeCount").asInt(), plan.get("done").asInt());
      plan.get("changes").forEach(c -> {
        String state = c.get("outcome").isNull() ? "pending" : c.get("outcome").asText();
        int failed = c.get("failedAttempts").asInt();
        System.out.printf("    %3d %-8s %-15s %s: %s -> %s%s%n", c.get("index").asInt(), state,
            c.get("kind").asText(), c.get("path").asText(), c.get("from").asText(), c.get("to").asText(),
            failed == 0 ? "" : " (" + failed + " failed attempt(s))");
      });
    });
    System.out.printf("finished plans kept: %d%n", root.get("finished").size());
    root.get("finished").forEach(plan -> System.out.printf("  plan %s (%s, %s): %d change(s)%n",
        plan.get("id").asText(), plan.get("advisor").asText(), plan.get("created").asText(),
        plan.get("changeCount").asInt()));
  }
}
