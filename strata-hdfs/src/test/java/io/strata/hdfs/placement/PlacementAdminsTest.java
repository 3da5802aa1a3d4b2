package io.strata.hdfs.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.hdfs.StrataKeys;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.AclEntry;
import org.apache.hadoop.fs.permission.AclEntryScope;
import org.apache.hadoop.fs.permission.AclEntryType;
import org.apache.hadoop.fs.permission.FsAction;
import org.apache.hadoop.fs.permission.FsPermission;
import org.junit.jupiter.api.Test;

/** Whose rules file the NameNode trusts: an admin's that no one else can write, as sshd's StrictModes. */
class PlacementAdminsTest {
  private static final Map<String, Set<String>> GROUPS = Map.of("hdfs", Set.of("hadoop"), "ops", Set.of("admins"),
      "alice", Set.of("users"));
  private final PlacementAdmins admins = new PlacementAdmins("hdfs",
      new LinkedHashSet<>(List.of("supergroup", "admins")),
      user -> GROUPS.getOrDefault(user, Set.of()));

  private static FileStatus status(String owner, String group, int mode) {
    return new FileStatus(0, false, 1, 1, 0, 0, new FsPermission((short) mode), owner, group,
        new Path("/.strata/placement-rules.yaml"));
  }

  @Test
  void theSuperuserAndTheAdminGroupAreAdminsAndNoOneElse() {
    assertTrue(admins.isAdmin("hdfs"));
    assertTrue(admins.isAdmin("ops"));
    assertFalse(admins.isAdmin("alice"));
    assertFalse(admins.isAdmin("nobody"));
  }

  @Test
  void aFileAnAdminOwnsAndOnlyItCanWriteIsTrusted() {
    assertNull(admins.distrust(status("hdfs", "supergroup", 0644), List.of()));
    assertNull(admins.distrust(status("ops", "users", 0600), List.of()));
    // Writable by an admin group: only admins can write it.
    assertNull(admins.distrust(status("hdfs", "admins", 0664), List.of()));
  }

  @Test
  void anOrdinaryOwnerIsRefusedByName() {
    String why = admins.distrust(status("alice", "supergroup", 0644), List.of());
    assertEquals("/.strata/placement-rules.yaml (alice:supergroup rw-r--r--) is owned by alice, who is neither the "
        + "HDFS superuser (hdfs) nor in supergroup or admins", why);
  }

  @Test
  void writableByOthersOrAnOrdinaryGroupIsRefused() {
    assertTrue(admins.distrust(status("hdfs", "supergroup", 0646), List.of()).endsWith("is writable by every user"));
    assertTrue(admins.distrust(status("hdfs", "users", 0664), List.of())
        .endsWith("is writable by group users, which is not an admin group"));
    // A sticky bit does not help: the rules file's own directory must not let others create a replacement.
    assertTrue(admins.distrust(status("hdfs", "supergroup", 01777), List.of()).endsWith("writable by every user"));
  }

  @Test
  void anAclGrantingWriteToAnOrdinaryUserOrGroupIsRefusedUnlessTheMaskTakesItAway() {
    AclEntry alice = new AclEntry.Builder().setScope(AclEntryScope.ACCESS).setType(AclEntryType.USER)
        .setName("alice").setPermission(FsAction.READ_WRITE).build();
    AclEntry users = new AclEntry.Builder().setScope(AclEntryScope.ACCESS).setType(AclEntryType.GROUP)
        .setName("users").setPermission(FsAction.ALL).build();
    AclEntry ops = new AclEntry.Builder().setScope(AclEntryScope.ACCESS).setType(AclEntryType.USER)
        .setName("ops").setPermission(FsAction.ALL).build();
    AclEntry ownGroup = new AclEntry.Builder().setScope(AclEntryScope.ACCESS).setType(AclEntryType.GROUP)
        .setPermission(FsAction.READ_EXECUTE).build();
    // With an ACL the group bits are the mask (rw- here).
    assertTrue(admins.distrust(status("hdfs", "supergroup", 0664), List.of(ownGroup, alice))
        .endsWith("has an ACL entry letting user alice write it"));
    assertTrue(admins.distrust(status("hdfs", "supergroup", 0664), List.of(ownGroup, users))
        .endsWith("has an ACL entry letting group users write it"));
    assertNull(admins.distrust(status("hdfs", "supergroup", 0664), List.of(ownGroup, ops)), "an admin may write");
    assertNull(admins.distrust(status("hdfs", "supergroup", 0644), List.of(ownGroup, alice, users)),
        "a read-only mask");
  }

  @Test
  void theAdminGroupDefaultsToTheSuperuserGroup() {
    Configuration conf = new Configuration(false);
    assertEquals(Set.of("supergroup"), PlacementAdmins.adminGroups(conf));
    conf.set("dfs.permissions.superusergroup", "hadoop");
    conf.set(StrataKeys.PLACEMENT_ADMIN_GROUP, "strata-admins");
    assertEquals(Set.of("hadoop", "strata-admins"), PlacementAdmins.adminGroups(conf));
  }
}
