package io.strata.cli.autotier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.cli.CliRun;
import io.strata.cli.StrataCli;
import io.strata.cli.shared.ClusterChoice;
import io.strata.embedded.ClientConfigWriter;
import io.strata.embedded.EmbeddedCluster;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivilegedExceptionAction;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Trash;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** AptStore's dry run on the embedded aptstore preset, from the NameNode's real audit log. */
class AutotierPlanIT {
  @Test
  void hotFilesGainReplicasAndColdOnesGoToTheFilerWithOneReplica(@TempDir Path dir) throws Exception {
    ClusterChoice.Loaded loaded = new ClusterChoice().load("aptstore");
    Path audit = dir.resolve("hdfs-audit.log");
    EmbeddedCluster.Options options = EmbeddedCluster.Options.defaults(dir.resolve("hdfs")).withEmulation(false)
        .withBlockSize(1 << 20).withAuditLog(audit);
    try (EmbeddedCluster cluster = EmbeddedCluster.start(loaded.spec(), options)) {
      ClientConfigWriter.write(cluster, dir, loaded.text());
      FileSystem fs = cluster.fileSystem();
      for (int i = 0; i < 6; i++) {
        try (OutputStream out = fs.create(new org.apache.hadoop.fs.Path("/data/f" + i))) {
          out.write(new byte[1 << 20]);
        }
      }
      // An erasure-coded file read as often as the hot ones: its block group has no replicas to add, and the
      // NameNode refuses setReplication on it, so the plan leaves it out. Its reads do not count either, as reads
      // outside --path: counted, they made /data/d2/h below merely average (1.25x AVG(P), checked).
      DistributedFileSystem dfs = (DistributedFileSystem) fs;
      dfs.enableErasureCodingPolicy("XOR-2-1-1024k");
      dfs.mkdirs(new org.apache.hadoop.fs.Path("/data/ec"));
      dfs.setErasureCodingPolicy(new org.apache.hadoop.fs.Path("/data/ec"), "XOR-2-1-1024k");
      try (OutputStream out = fs.create(new org.apache.hadoop.fs.Path("/data/ec/hot"))) {
        out.write(new byte[2 << 20]);
      }
      assertTrue(fs.getFileStatus(new org.apache.hadoop.fs.Path("/data/ec/hot")).isErasureCoded());
      for (int round = 0; round < 40; round++) {
        for (String hot : new String[] {"/data/f0", "/data/f1", "/data/ec/hot"}) {
          try (var in = fs.open(new org.apache.hadoop.fs.Path(hot))) {
            in.read();
          }
        }
      }
      assertTrue(Files.size(audit) > 0, "the NameNode wrote its audit log");

      JsonNode plan = plan(audit, dir);
      assertTrue(plan.get("linesParsed").asLong() >= 80, plan.toString());
      assertEquals(6, plan.get("files").asInt(), "the erasure-coded file is not one of them: " + plan);
      assertEquals(1, plan.get("erasureCodedLeftAlone").asInt(), plan.toString());
      assertTrue(plan.get("accepted").asBoolean(), plan.toString());
      Map<String, JsonNode> changes = new HashMap<>();
      plan.get("changes").forEach(c -> changes.put(c.get("path").asText(), c));
      assertTrue(!changes.containsKey("/data/ec/hot"), plan.toString());
      for (String hot : new String[] {"/data/f0", "/data/f1"}) {
        assertTrue(changes.containsKey(hot) && changes.get(hot).get("replication").asInt() > 3
            && !changes.get(hot).get("secondary").asBoolean(), hot + " in " + plan);
      }
      for (int i = 2; i < 6; i++) {
        JsonNode cold = changes.get("/data/f" + i);
        assertTrue(cold != null && cold.get("secondary").asBoolean(), "/data/f" + i + " in " + plan);
        assertEquals(1, cold.get("replication").asInt(), "the aptstore filer is internally redundant");
      }

      // The operator's settings: f2 is pinned (never demoted), f3 is read by a job every minute.
      Path settings = Files.writeString(dir.resolve("autotier.yaml"), """
          pins:
            - {path: /data/f2, neverDemote: true}
          scheduled:
            - {path: /data/f3, cron: "* * * * *", zone: UTC}
          """);
      JsonNode configured = plan(audit, dir, "--config", settings.toString());
      Map<String, JsonNode> now = new HashMap<>();
      configured.get("changes").forEach(c -> now.put(c.get("path").asText(), c));
      assertTrue(!now.containsKey("/data/f2") || !now.get("/data/f2").get("secondary").asBoolean(),
          "pinned: stays on the primary tier: " + configured);
      JsonNode scheduled = now.get("/data/f3");
      assertTrue(scheduled != null && !scheduled.get("secondary").asBoolean()
          && scheduled.get("replication").asInt() > 3, "promoted ahead of its job: " + configured);
      assertTrue(scheduled.get("reason").asText().contains("a scheduled job reads it"), scheduled.toString());
      for (String cold : new String[] {"/data/f4", "/data/f5"}) {
        assertTrue(now.get(cold).get("secondary").asBoolean(), cold + " in " + configured);
      }

      // The files were written moments ago: with demoteAfterIdle 1d none is demoted; the hot ones still gain.
      Path guarded = Files.writeString(dir.resolve("guarded.yaml"), "rules: {demoteAfterIdle: 1d}\n");
      JsonNode idle = plan(audit, dir, "--config", guarded.toString());
      Map<String, JsonNode> kept = new HashMap<>();
      idle.get("changes").forEach(c -> kept.put(c.get("path").asText(), c));
      for (int i = 2; i < 6; i++) {
        JsonNode change = kept.get("/data/f" + i);
        assertTrue(change == null || !change.get("secondary").asBoolean(), "/data/f" + i + " in " + idle);
      }
      assertTrue(kept.get("/data/f0").get("replication").asInt() > 3, idle.toString());

      // Planning counts the DataNodes and the daemon moves blocks as the Mover does: both need the HDFS
      // superuser. Anyone else is told so in one line, exit code 1, and nothing changes.
      UserGroupInformation alice = UserGroupInformation.createUserForTesting("alice", new String[] {"users"});
      for (String command : new String[] {"plan", "run"}) {
        CliRun denied = new CliRun();
        int exit = alice.doAs((PrivilegedExceptionAction<Integer>) () -> denied.strata("autotier", command,
            command.equals("run") ? "--once" : "--json", "--audit-log", audit.toString(), "--path", "/data",
            "--conf", dir.toString()));
        assertEquals(1, exit, denied.stderr());
        // The daemon may warn first (caller context off in this configuration); the refusal is the last line.
        List<String> said = denied.stderr().lines().toList();
        String refusal = said.get(said.size() - 1);
        assertTrue(refusal.startsWith("strata autotier " + command + ": ")
            && refusal.contains("needs the HDFS superuser: Access denied for user alice"), denied.stderr());
        assertTrue(said.stream().noneMatch(line -> line.strip().startsWith("at ")), "no stack trace: " + said);
        assertEquals("", denied.stdout());
      }
      for (int i = 0; i < 6; i++) {
        assertEquals(3, fs.getFileStatus(new org.apache.hadoop.fs.Path("/data/f" + i)).getReplication());
      }

      // What the NameNode logs for renames and deletes names a directory, not the files: HDFS's rename of a file
      // onto an existing directory logs the directory, a directory's rename and delete name only the directory,
      // and the trash is a rename with options. Popularity follows the files, and the gone ones are forgotten.
      fs.mkdirs(new org.apache.hadoop.fs.Path("/data/dir"));
      for (String file : new String[] {"/data/d1/h", "/data/tmp/x"}) {
        try (OutputStream out = fs.create(new org.apache.hadoop.fs.Path(file))) {
          out.write(new byte[1 << 20]);
        }
      }
      for (int round = 0; round < 40; round++) {
        for (String hot : new String[] {"/data/d1/h", "/data/tmp/x"}) {
          try (var in = fs.open(new org.apache.hadoop.fs.Path(hot))) {
            in.read();
          }
        }
      }
      assertTrue(fs.rename(new org.apache.hadoop.fs.Path("/data/f0"), new org.apache.hadoop.fs.Path("/data/dir")));
      assertTrue(fs.rename(new org.apache.hadoop.fs.Path("/data/f1"), new org.apache.hadoop.fs.Path("/data/dir")));
      assertTrue(fs.rename(new org.apache.hadoop.fs.Path("/data/d1"), new org.apache.hadoop.fs.Path("/data/d2")));
      assertTrue(fs.delete(new org.apache.hadoop.fs.Path("/data/tmp"), true));
      Configuration trash = new Configuration(fs.getConf());
      trash.setLong("fs.trash.interval", 60);
      assertTrue(Trash.moveToAppropriateTrash(fs, new org.apache.hadoop.fs.Path("/data/f5"),
          trash));
      String log = Files.readString(audit);
      assertTrue(log.contains("cmd=rename\tsrc=/data/f0\tdst=/data/dir\t"), "the directory, not /data/dir/f0");
      assertTrue(log.contains("cmd=rename\tsrc=/data/f1\tdst=/data/dir\t"), "the directory, not /data/dir/f1");
      assertTrue(log.contains("cmd=rename (options=[TO_TRASH])\tsrc=/data/f5\t"), "the trash");

      JsonNode moved = plan(audit, dir);
      assertEquals(6, moved.get("files").asInt(), "f2-f4, /data/dir/f0, /data/dir/f1 and /data/d2/h: " + moved);
      Map<String, JsonNode> after = new HashMap<>();
      moved.get("changes").forEach(c -> after.put(c.get("path").asText(), c));
      for (String hot : new String[] {"/data/dir/f0", "/data/dir/f1", "/data/d2/h"}) {
        JsonNode change = after.get(hot);
        assertTrue(change != null && change.get("replication").asInt() > 3
            && change.get("reason").asText().startsWith("popular"), hot + " kept its popularity: " + moved);
      }
      CliRun daemon = new CliRun();
      assertEquals(0, daemon.strata("autotier", "run", "--once", "--dry-run", "--json", "--audit-log",
          audit.toString(), "--path", "/data", "--conf", dir.toString()), daemon.stderr());
      JsonNode cycle = new ObjectMapper().readTree(daemon.stdout().lines()
          .filter(line -> line.contains("\"event\":\"plan\"")).reduce((a, b) -> b).orElseThrow());
      JsonNode totals = cycle.get("totals");
      assertEquals(3, totals.get("filesFoundThroughRenames").asLong(), "/data/dir/f0, f1 and /data/d2/h: " + totals);
      assertEquals(2, totals.get("filesForgotten").asLong(), "/data/tmp/x and the trashed /data/f5: " + totals);
      assertEquals(0, totals.get("renamesDropped").asLong());

      // This NameNode runs without Strata's placement plugin: a tier move says so before it starts.
      CliRun move = new CliRun();
      assertEquals(1, move.strata("tier", "move", "/data/nothing", "das", "filer", "--conf", dir.toString()));
      assertTrue(move.stderr().startsWith("strata tier move: warning: the NameNode at ")
          && move.stderr().contains("does not run Strata's placement plugin"), move.stderr());
    }
  }

  /** {@code strata autotier plan --json} over /data with the extra options, as printed. */
  private static JsonNode plan(Path audit, Path conf, String... extra) throws Exception {
    List<String> args = new ArrayList<>(List.of("autotier", "plan", "--audit-log", audit.toString(), "--path",
        "/data", "--conf", conf.toString(), "--json"));
    args.addAll(List.of(extra));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream old = System.out;
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    int code;
    try {
      code = StrataCli.execute(args.toArray(String[]::new));
    } finally {
      System.setOut(old);
    }
    assertEquals(0, code, String.join(" ", args));
    return new ObjectMapper().readTree(out.toString(StandardCharsets.UTF_8));
  }
}
