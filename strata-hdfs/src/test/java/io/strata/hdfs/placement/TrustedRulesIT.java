package io.strata.hdfs.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.placement.PlacementRules;
import io.strata.hdfs.autotier.AutotierJournal;
import io.strata.hdfs.autotier.Change;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.PrivilegedExceptionAction;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileContext;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.security.AccessControlException;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On a cluster with HDFS's permissions on (the embedded cluster's default), the NameNode applies the rules file only
 * while an admin owns it and no one else can write it or its directory; an ordinary user cannot write it through
 * Strata at all.
 */
class TrustedRulesIT {
  private static final org.apache.hadoop.fs.Path DIR = new org.apache.hadoop.fs.Path("/.strata");
  private static final org.apache.hadoop.fs.Path FILE = new org.apache.hadoop.fs.Path(DIR, "placement-rules.yaml");

  @Test
  void onlyRulesAnAdminWroteAndNoOneElseCanWriteArePlaced(@TempDir Path dir) throws Exception {
    try (PluginCluster c = PluginCluster.start("hdfsh", dir, null, Map.of())) {
      StrataBlockPlacementPolicy plugin = c.plugin();
      // The superuser writes the first rule with a umask that would hide the file from everyone else.
      Configuration strictUmask = new Configuration(c.fs.getConf());
      strictUmask.set("fs.permissions.umask-mode", "077");
      try (FileSystem superuser = FileSystem.newInstance(c.fs.getUri(), strictUmask)) {
        set(superuser, "/a", "ratio:1");
      }
      assertEquals(new FsPermission((short) 0755), c.fs.getFileStatus(DIR).getPermission());
      assertEquals(new FsPermission((short) 0644), c.fs.getFileStatus(FILE).getPermission());
      plugin.refreshRules();
      assertEquals("ratio:1", plugin.rules().ruleFor("/a/f").policy());
      assertNull(plugin.rulesDistrust());

      UserGroupInformation alice = UserGroupInformation.createUserForTesting("alice", new String[] {"users"});
      AccessControlException refused = assertThrows(AccessControlException.class,
          () -> alice.doAs((PrivilegedExceptionAction<Object>) () -> {
            try (FileSystem fs = FileSystem.newInstance(c.fs.getUri(), c.fs.getConf())) {
              set(fs, "/a", "ratio:0");
            }
            return null;
          }));
      assertTrue(refused.getMessage().startsWith("only the HDFS superuser or a member of supergroup may change the "
          + "placement rules in hdfs://"), refused.getMessage());
      assertTrue(refused.getMessage().contains("and alice (groups: users) is neither"), refused.getMessage());

      // An administrator opens /.strata up by mistake, and alice replaces the file herself, with HDFS's own calls.
      long untrusted = PlacementMetrics.get().untrustedRuleFiles();
      c.fs.setPermission(DIR, new FsPermission((short) 0777));
      alice.doAs((PrivilegedExceptionAction<Object>) () -> {
        try (FileSystem fs = FileSystem.newInstance(c.fs.getUri(), c.fs.getConf())) {
          org.apache.hadoop.fs.Path temp = new org.apache.hadoop.fs.Path(DIR, "alice.tmp");
          try (OutputStream out = fs.create(temp)) {
            out.write("rules:\n  - {path: /a, policy: 'ratio:0'}\n".getBytes(StandardCharsets.UTF_8));
          }
          FileContext.getFileContext(fs.getUri(), fs.getConf()).rename(temp, FILE, Options.Rename.OVERWRITE);
        }
        return null;
      });
      plugin.refreshRules();
      assertEquals("ratio:1", plugin.rules().ruleFor("/a/f").policy(), "alice's rules are not applied");
      assertTrue(plugin.rulesDistrust().contains("is owned by alice, who is neither the HDFS superuser"),
          plugin.rulesDistrust());
      // The poller may also have seen the open directory before alice's file came: one or two reasons.
      long counted = PlacementMetrics.get().untrustedRuleFiles();
      assertTrue(counted == untrusted + 1 || counted == untrusted + 2, counted + " after " + untrusted);
      plugin.refreshRules();
      Thread.sleep(1_000); // two of the poller's refreshes
      assertEquals(counted, PlacementMetrics.get().untrustedRuleFiles(), "counted (and logged) once");

      // The superuser takes the file over, but the directory still lets anyone replace it.
      c.fs.setOwner(FILE, UserGroupInformation.getCurrentUser().getShortUserName(), "supergroup");
      plugin.refreshRules();
      assertEquals("ratio:1", plugin.rules().ruleFor("/a/f").policy());
      assertTrue(plugin.rulesDistrust().startsWith("/.strata (") && plugin.rulesDistrust()
          .endsWith("is writable by every user"), plugin.rulesDistrust());

      // Closed again: the file is what an admin chose to keep, and it is applied.
      c.fs.setPermission(DIR, new FsPermission((short) 0755));
      plugin.refreshRules();
      assertEquals("ratio:0", plugin.rules().ruleFor("/a/f").policy());
      assertNull(plugin.rulesDistrust());
    }
  }

  @Test
  void aLayoutRecordAnOrdinaryUserWroteIsIgnoredCountedAndNotRewrittenByAnAdmin(@TempDir Path dir) throws Exception {
    try (PluginCluster c = PluginCluster.start("hdfsh", dir, null, Map.of())) {
      StrataBlockPlacementPolicy plugin = c.plugin();
      set(c.fs, "/a", "ratio:1");
      plugin.refreshRules();
      // Opened up by mistake; alice records a layout for bob's file, as the tier API records one.
      c.fs.setPermission(DIR, new FsPermission((short) 0777));
      UserGroupInformation alice = UserGroupInformation.createUserForTesting("alice", new String[] {"users"});
      alice.doAs((PrivilegedExceptionAction<Object>) () -> {
        try (FileSystem fs = FileSystem.newInstance(c.fs.getUri(), c.fs.getConf())) {
          org.apache.hadoop.fs.Path temp = new org.apache.hadoop.fs.Path(DIR, "alice.tmp");
          try (OutputStream out = fs.create(temp)) {
            out.write(("rules:\n  - {path: /a, policy: 'ratio:1'}\n  - {path: /users/bob/f, policy: "
                + "'layout:ssd+ssd+ssd'}\n").getBytes(StandardCharsets.UTF_8));
          }
          // A mode of her own, so that the NameNode counts this refusal apart from any other test's.
          fs.setPermission(temp, new FsPermission((short) 0600));
          FileContext.getFileContext(fs.getUri(), fs.getConf()).rename(temp, FILE, Options.Rename.OVERWRITE);
        }
        return null;
      });
      long untrusted = PlacementMetrics.get().untrustedRuleFiles();
      plugin.refreshRules();
      assertEquals("default", plugin.rules().ruleFor("/users/bob/f").policy(), "the NameNode ignores the layout");
      assertTrue(plugin.rulesDistrust().contains("is owned by alice"), plugin.rulesDistrust());
      assertTrue(PlacementMetrics.get().untrustedRuleFiles() > untrusted, "and counts it");

      // The superuser's tools do not act on it either, nor make it theirs by rewriting it with a change of their own.
      StoredRules stored = new StoredRules(c.fs, c.fs.getConf());
      AccessControlException read = assertThrows(AccessControlException.class, stored::read);
      assertTrue(read.getMessage().startsWith("the placement rules in hdfs://") && read.getMessage().contains(
          "are not what an admin wrote, and the NameNode does not apply them: /.strata/placement-rules.yaml (alice:"),
          read.getMessage());
      assertThrows(AccessControlException.class, () -> set(c.fs, "/b", "ratio:1"));
      assertEquals("alice", c.fs.getFileStatus(FILE).getOwner(), "not rewritten");

      // Removed and the directory closed, the superuser's rules are written and applied again.
      c.fs.delete(FILE, false);
      c.fs.setPermission(DIR, new FsPermission((short) 0755));
      set(c.fs, "/a", "ratio:0");
      plugin.refreshRules();
      assertEquals("ratio:0", plugin.rules().ruleFor("/a/f").policy());
      assertEquals("default", plugin.rules().ruleFor("/users/bob/f").policy());
    }
  }

  @Test
  void anAutotierPlanSomeoneElseCouldHaveWrittenIsNotCarriedOut(@TempDir Path dir) throws Exception {
    try (PluginCluster c = PluginCluster.start("hdfsh", dir, null, Map.of())) {
      AutotierJournal journal = new AutotierJournal(c.fs, new org.apache.hadoop.fs.Path(AutotierJournal.DIR));
      AutotierJournal.Entry plan = journal.write("aptstore", 0.0, List.of(new Change(0, "/a/f", 3,
          false, 2, true, 1 << 20, 1, "hot")), 1_000_000L);
      assertEquals(List.of(plan.id()), journal.unfinished().stream().map(AutotierJournal.Entry::id).toList());

      // The plan file handed to alice, as if she had written it into a directory opened up by mistake.
      org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(AutotierJournal.DIR + "/plans/" + plan.id()
          + ".json");
      c.fs.setOwner(file, "alice", "users");
      AccessControlException refused = assertThrows(AccessControlException.class, journal::unfinished);
      assertTrue(refused.getMessage().startsWith("the autotier plan in hdfs://")
          && refused.getMessage().contains("is owned by alice, who is neither the HDFS superuser")
          && refused.getMessage().contains("the daemon does not carry it out"), refused.getMessage());
    }
  }

  private static void set(FileSystem fs, String path, String policy) throws Exception {
    new StoredRules(fs, fs.getConf()).update(rules -> {
      rules.removeIf(r -> r.path().equals(path));
      rules.add(PlacementRules.parseInline(path + "=" + policy, "test").get(0));
      return rules;
    });
  }
}
