package io.strata.hdfs.autotier;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.hdfs.placement.PlacementAdmins;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileContext;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;

/**
 * The applier's journal in HDFS, beside the tier API's ({@code /.strata/tier-ops}): every accepted plan's
 * changes are written to {@code /.strata/autotier/plans/ID.json} before the first is applied, and each change
 * is marked done after it, by an empty file {@code plans/ID.done/INDEX.OUTCOME} (one create call that fails if
 * the marker exists, and no block to write); attempts that did not finish are counted the same way, in
 * {@code plans/ID.tries/}. A restarted daemon finishes every plan still under {@code plans/},
 * skipping the changes marked done; a finished plan moves to {@code done/ID.json}, where the last
 * {@value #KEEP_DONE} stay for inspection.
 */
public final class AutotierJournal {
  public static final String DIR = "/.strata/autotier";
  static final int KEEP_DONE = 20;
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final DateTimeFormatter ID = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS")
      .withZone(ZoneOffset.UTC);

  /** A journaled plan. */
  public record Entry(String id, long createdMillis, String advisor, double lossProbability, List<Change> changes) {
    public Entry {
      changes = List.copyOf(changes);
    }
  }

  private final FileSystem fs;
  private final Path plans;
  private final Path done;

  public AutotierJournal(FileSystem fs, Path dir) {
    this.fs = fs;
    this.plans = new Path(dir, "plans");
    this.done = new Path(dir, "done");
  }

  /** Writes a plan, complete, before any of it is applied (written aside, then renamed into place). */
  public Entry write(String advisor, double lossProbability, List<Change> changes, long nowMillis) throws IOException {
    String id = ID.format(Instant.ofEpochMilli(nowMillis));
    ObjectNode root = JSON.createObjectNode();
    root.put("id", id).put("created", nowMillis).put("advisor", advisor).put("lossProbability", lossProbability);
    ArrayNode list = root.putArray("changes");
    for (Change c : changes) {
      list.addObject().put("index", c.index()).put("path", c.path()).put("fromReplication", c.fromReplication())
          .put("fromSecondary", c.fromSecondary()).put("toReplication", c.toReplication())
          .put("toSecondary", c.toSecondary()).put("bytes", c.bytes()).put("blocks", c.blocks())
          .put("reason", c.reason());
    }
    fs.mkdirs(plans);
    Path target = new Path(plans, id + ".json");
    Path temp = new Path(plans, "." + id + ".json.tmp");
    try (OutputStream out = fs.create(temp, true)) {
      out.write(JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(root));
    }
    FileContext.getFileContext(fs.getUri(), fs.getConf()).rename(temp, target, Options.Rename.OVERWRITE);
    return new Entry(id, nowMillis, advisor, lossProbability, changes);
  }

  /** Plans not finished yet, oldest first. */
  public List<Entry> unfinished() throws IOException {
    return entriesIn(plans);
  }

  /** The finished plans kept for inspection (the last {@value #KEEP_DONE}), oldest first. */
  public List<Entry> finished() throws IOException {
    return entriesIn(done);
  }

  private List<Entry> entriesIn(Path dir) throws IOException {
    List<Entry> entries = new ArrayList<>();
    FileStatus[] listed;
    try {
      listed = fs.listStatus(dir);
    } catch (FileNotFoundException e) {
      return entries;
    }
    List<FileStatus> files = new ArrayList<>();
    for (FileStatus status : listed) {
      String name = status.getPath().getName();
      if (status.isFile() && name.endsWith(".json") && !name.startsWith(".")) {
        files.add(status);
      }
    }
    files.sort(Comparator.comparing(s -> s.getPath().getName()));
    for (FileStatus status : files) {
      entries.add(read(status.getPath()));
    }
    return entries;
  }

  /** The attempts of a plan's changes that did not finish, by change index (none: not listed). */
  public Map<Integer, Integer> failedAttempts(String id) throws IOException {
    Map<Integer, Integer> attempts = new TreeMap<>();
    markersIn(tries(id)).forEach((index, counts) -> attempts.put(index, counts.size()));
    return attempts;
  }

  /** The changes of a plan marked done, by index, with their outcome ({@code applied}, {@code in-place}, ...). */
  public Map<Integer, String> done(String id) throws IOException {
    Map<Integer, String> marked = new TreeMap<>();
    markersIn(markers(id)).forEach((index, outcomes) -> marked.put(index, outcomes.get(0)));
    return marked;
  }

  /** The empty marker files {@code INDEX.SUFFIX} in a directory: each index's suffixes (none: no directory). */
  private Map<Integer, List<String>> markersIn(Path dir) throws IOException {
    Map<Integer, List<String>> found = new TreeMap<>();
    try {
      for (FileStatus status : fs.listStatus(dir)) {
        String name = status.getPath().getName();
        int dot = name.indexOf('.');
        if (dot > 0) {
          try {
            found.computeIfAbsent(Integer.parseInt(name.substring(0, dot)), i -> new ArrayList<>())
                .add(name.substring(dot + 1));
          } catch (NumberFormatException e) {
            // not a marker
          }
        }
      }
    } catch (FileNotFoundException e) {
      // nothing marked yet
    }
    return found;
  }

  /** Marks a change done; false when this marker exists already. */
  public boolean markDone(String id, int index, String outcome) throws IOException {
    if (!outcome.matches("[a-z-]+")) {
      throw new IllegalArgumentException("outcome must be lower-case letters and dashes, got " + outcome);
    }
    try {
      fs.create(new Path(markers(id), index + "." + outcome), false).close();
      return true;
    } catch (FileAlreadyExistsException e) {
      return false;
    }
  }

  /**
   * Records one more attempt at a change that did not finish, and returns how many there have been, counting
   * those of earlier runs: an empty file {@code plans/ID.tries/INDEX.N} per attempt, so a change that cannot finish
   * (a full tier) is given up after so many attempts even when every run is a new process ({@code --once} from cron).
   */
  public int recordAttempt(String id, int index) throws IOException {
    Path tries = tries(id);
    int made = 0;
    try {
      for (FileStatus status : fs.listStatus(tries)) {
        if (status.getPath().getName().startsWith(index + ".")) {
          made++;
        }
      }
    } catch (FileNotFoundException e) {
      // the first attempt that failed
    }
    while (true) {
      made++;
      try {
        fs.create(new Path(tries, index + "." + made), false).close();
        return made;
      } catch (FileAlreadyExistsException e) {
        // another run counted this attempt meanwhile: take the next number
      }
    }
  }

  /** Moves a finished plan to {@code done/}, drops its markers and all but the newest finished plans. */
  public void finish(String id) throws IOException {
    fs.mkdirs(done);
    Path plan = new Path(plans, id + ".json");
    if (fs.exists(plan)) {
      FileContext.getFileContext(fs.getUri(), fs.getConf()).rename(plan, new Path(done, id + ".json"),
          Options.Rename.OVERWRITE);
    }
    fs.delete(markers(id), true);
    fs.delete(tries(id), true);
    FileStatus[] finished = fs.listStatus(done);
    Arrays.sort(finished, Comparator.comparing(s -> s.getPath().getName()));
    for (int i = 0; i < finished.length - KEEP_DONE; i++) {
      fs.delete(finished[i].getPath(), false);
    }
  }

  private Path markers(String id) {
    return new Path(plans, id + ".done");
  }

  private Path tries(String id) {
    return new Path(plans, id + ".tries");
  }

  private Entry read(Path file) throws IOException {
    // A plan is carried out as the superuser: one that someone else could have written is not.
    PlacementAdmins.requireTrusted(fs, file, "the autotier plan", "the daemon does not carry it out");
    JsonNode root;
    try (InputStream in = fs.open(file)) {
      root = JSON.readTree(in);
    }
    List<Change> changes = new ArrayList<>();
    for (JsonNode c : root.path("changes")) {
      changes.add(new Change(c.get("index").asInt(), c.get("path").asText(), c.get("fromReplication").asInt(),
          c.get("fromSecondary").asBoolean(), c.get("toReplication").asInt(), c.get("toSecondary").asBoolean(),
          c.get("bytes").asLong(), c.get("blocks").asInt(), c.get("reason").asText()));
    }
    return new Entry(root.get("id").asText(), root.get("created").asLong(), root.get("advisor").asText(),
        root.get("lossProbability").asDouble(), changes);
  }
}
