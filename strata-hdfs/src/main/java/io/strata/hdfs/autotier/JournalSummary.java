package io.strata.hdfs.autotier;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.time.Instant;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The autotier daemon's journal as {@code strata autotier journal --json} and the dashboard show it: each unfinished
 * plan with every change, whether it is done and its failed attempts, then the finished plans kept.
 */
public final class JournalSummary {
  private JournalSummary() {}

  /** Reads the journal in {@link AutotierJournal#DIR}; only reads. */
  public static ObjectNode read(FileSystem fs) throws IOException {
    AutotierJournal journal = new AutotierJournal(fs, new Path(AutotierJournal.DIR));
    ObjectNode root = new ObjectMapper().createObjectNode();
    ArrayNode unfinished = root.putArray("unfinished");
    for (AutotierJournal.Entry entry : journal.unfinished()) {
      ObjectNode plan = summary(unfinished.addObject(), entry);
      Map<Integer, String> done = journal.done(entry.id());
      Map<Integer, Integer> failed = journal.failedAttempts(entry.id());
      plan.put("done", done.size());
      ArrayNode changes = plan.putArray("changes");
      for (Change change : entry.changes()) {
        changes.addObject().put("index", change.index()).put("path", change.path()).put("kind", change.kind().name())
            .put("from", PlanJson.place(change.fromReplication(), change.fromSecondary()))
            .put("to", PlanJson.place(change.toReplication(), change.toSecondary())).put("bytes", change.bytes())
            .put("reason", change.reason()).put("outcome", done.get(change.index()))
            .put("failedAttempts", failed.getOrDefault(change.index(), 0));
      }
    }
    ArrayNode finished = root.putArray("finished");
    for (AutotierJournal.Entry entry : journal.finished()) {
      summary(finished.addObject(), entry);
    }
    return root;
  }

  private static ObjectNode summary(ObjectNode node, AutotierJournal.Entry entry) {
    return node.put("id", entry.id()).put("created", Instant.ofEpochMilli(entry.createdMillis()).toString())
        .put("advisor", entry.advisor()).put("lossProbability", entry.lossProbability())
        .put("changeCount", entry.changes().size());
  }
}
