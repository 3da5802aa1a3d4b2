package io.strata.hdfs.tier;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.core.placement.PlacementRules;
import io.strata.core.placement.TierLayout;
import io.strata.core.tier.TierMap;
import io.strata.hdfs.placement.PlacementAdmins;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.fs.FileContext;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;

/**
 * Makes tier calls that are not idempotent by themselves ("move 1 replica from hdd to ssd") safe to rerun: before
 * a call changes anything it writes what it will do, the rules to record and every file's target, to
 * {@code /.strata/tier-ops/}, and it marks the entry as it goes (planned, rules recorded, done). A rerun of the
 * same call finds the entry and finishes those targets instead of computing new ones from layouts it already
 * changed; a rerun of a {@code moveTier} that completed less than {@code strata.tier.journal.keep.ms} ago (default
 * one hour) only checks that its files still match their layouts. The other calls are idempotent and are applied
 * again when rerun after they completed.
 */
final class TierJournal {
  static final String DIR = "/.strata/tier-ops";
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * What a call does.
   *
   * @param command    the call, e.g. {@code moveTier /data hdd pcie-ssd 1}
   * @param setRules   rules to record (path, policy)
   * @param clearBelow directories whose more specific rules the call replaces
   * @param targets    every file's replication and layout
   */
  record Plan(String command, List<PlacementRules.Rule> setRules, List<String> clearBelow,
      List<Reconciler.Target> targets) {}

  /** How far a call got. */
  enum State { PLANNED, RECORDED, DONE }

  /** A journal entry: the plan, its state and when the state was written. */
  record Entry(Plan plan, State state, long written) {}

  private final FileSystem fs;
  private final TierMap tierMap;

  TierJournal(FileSystem fs, TierMap tierMap) {
    this.fs = fs;
    this.tierMap = tierMap;
  }

  Optional<Entry> find(String command) throws IOException {
    // A recorded call is resumed as the caller, an admin: one that someone else could have written is not.
    PlacementAdmins.requireTrusted(fs, entry(command), "the tier call record", "the call is not resumed from it");
    try (InputStream in = fs.open(entry(command))) {
      JsonNode root = JSON.readTree(in);
      return Optional.of(new Entry(parse(root), State.valueOf(root.path("state").asText("PLANNED")),
          root.path("written").asLong()));
    } catch (FileNotFoundException e) {
      return Optional.empty();
    }
  }

  void write(Plan plan, State state) throws IOException {
    ObjectNode root = JSON.createObjectNode();
    root.put("command", plan.command());
    root.put("state", state.name());
    root.put("written", System.currentTimeMillis());
    ArrayNode rules = root.putArray("setRules");
    plan.setRules().forEach(r -> rules.addObject().put("path", r.path()).put("policy", r.policy()));
    ArrayNode clear = root.putArray("clearBelow");
    plan.clearBelow().forEach(clear::add);
    ArrayNode targets = root.putArray("targets");
    for (Reconciler.Target target : plan.targets()) {
      ObjectNode node = targets.addObject().put("file", target.file()).put("replication", target.replication());
      if (target.layout() != null) {
        node.put("layout", target.layout().policyName());
      }
    }
    Path entry = entry(plan.command());
    Path temp = new Path(entry.getParent(), "." + entry.getName() + ".tmp");
    fs.mkdirs(entry.getParent());
    try (OutputStream out = fs.create(temp, true)) {
      out.write(JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(root));
    }
    FileContext.getFileContext(fs.getUri(), fs.getConf()).rename(temp, entry, Options.Rename.OVERWRITE);
  }

  /** Removes entries of calls completed longer than {@code keepMillis} ago. */
  void expire(long keepMillis) throws IOException {
    Path dir = new Path(DIR);
    if (!fs.exists(dir)) {
      return;
    }
    for (FileStatus status : fs.listStatus(dir)) {
      if (System.currentTimeMillis() - status.getModificationTime() <= keepMillis) {
        continue;
      }
      try (InputStream in = fs.open(status.getPath())) {
        if (!State.DONE.name().equals(JSON.readTree(in).path("state").asText())) {
          continue; // an unfinished call stays until it is rerun
        }
      } catch (IOException | RuntimeException e) {
        continue;
      }
      fs.delete(status.getPath(), false);
    }
  }

  private Plan parse(JsonNode root) {
    List<PlacementRules.Rule> rules = new ArrayList<>();
    root.path("setRules")
        .forEach(r -> rules.add(new PlacementRules.Rule(r.get("path").asText(), r.get("policy").asText())));
    List<String> clear = new ArrayList<>();
    root.path("clearBelow").forEach(c -> clear.add(c.asText()));
    List<Reconciler.Target> targets = new ArrayList<>();
    for (JsonNode t : root.path("targets")) {
      TierLayout layout = t.hasNonNull("layout") ? TierLayout.parse(t.get("layout").asText(), tierMap) : null;
      targets.add(new Reconciler.Target(t.get("file").asText(), (short) t.get("replication").asInt(), layout));
    }
    return new Plan(root.get("command").asText(), rules, clear, targets);
  }

  /** One entry per distinct call, named by a digest of the call. */
  Path entry(String command) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(command.getBytes(StandardCharsets.UTF_8));
      String op = command.substring(0, Math.max(0, command.indexOf(' '))).replaceAll("[^A-Za-z]", "");
      return new Path(DIR, op + "-" + HexFormat.of().formatHex(digest, 0, 8) + ".json");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 missing from this JVM", e);
    }
  }
}
