package io.strata.hdfs.placement;

import io.strata.hdfs.StrataKeys;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.AclEntry;
import org.apache.hadoop.fs.permission.AclEntryScope;
import org.apache.hadoop.fs.permission.AclEntryType;
import org.apache.hadoop.fs.permission.FsAction;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.fs.CommonConfigurationKeys;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.NameNodeProxies;
import org.apache.hadoop.hdfs.protocol.HdfsConstants;
import org.apache.hadoop.ipc.RPC;
import org.apache.hadoop.ipc.RemoteException;
import org.apache.hadoop.security.AccessControlException;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.tools.GetUserMappingsProtocol;

/**
 * Who may decide where data lives: the HDFS superuser (the NameNode's own user, or a member of
 * {@code dfs.permissions.superusergroup}) and the members of {@code strata.placement.admin-group}. The NameNode
 * applies the rules kept in HDFS only when they are what one of them wrote, as sshd's StrictModes trusts a key file:
 * the file and every directory above it up to {@code /} owned by an admin and writable by no one else (no write bit
 * for others, a group write bit only for an admin group, no ACL entry granting write to anyone else). Trusting the
 * superuser group loses nothing: its members may chown the file to the NameNode's user anyway.
 */
public final class PlacementAdmins {
  private final String superuser;
  private final Set<String> adminGroups;
  private final Function<String, Set<String>> groupsOf;

  /**
   * @param superuser   the NameNode's own user
   * @param adminGroups the groups whose members are admins
   * @param groupsOf    a user's groups, as the NameNode maps them
   */
  PlacementAdmins(String superuser, Set<String> adminGroups, Function<String, Set<String>> groupsOf) {
    this.superuser = superuser;
    // In the given order, so that messages name them alike every time.
    this.adminGroups = Collections.unmodifiableSet(new LinkedHashSet<>(adminGroups));
    this.groupsOf = groupsOf;
  }

  /** The admins as the NameNode this process runs sees them: its login user and its group mapping. */
  static PlacementAdmins ofNameNode(Configuration conf) throws IOException {
    String superuser = UserGroupInformation.getLoginUser().getShortUserName();
    return new PlacementAdmins(superuser, adminGroups(conf),
        user -> UserGroupInformation.createRemoteUser(user).getGroupsSet());
  }

  /**
   * The admins as a client of the cluster behind {@code dfs} sees them: the owner of {@code /} as the superuser (HDFS
   * makes the NameNode's user own it, and only the superuser can give it away), and users' groups as the NameNode
   * maps them (asked once per user; an {@link UncheckedIOException} when it cannot be asked).
   */
  static PlacementAdmins ofCluster(DistributedFileSystem dfs) throws IOException {
    String superuser = dfs.getFileStatus(new Path("/")).getOwner();
    Map<String, Set<String>> groups = new HashMap<>();
    return new PlacementAdmins(superuser, adminGroups(dfs.getConf()), user -> groups.computeIfAbsent(user, u -> {
      try {
        return Set.copyOf(Arrays.asList(nameNodeGroups(dfs, u)));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }));
  }

  /** The HDFS superuser group and the configured admin group (by default the same). */
  static Set<String> adminGroups(Configuration conf) {
    String superGroup = conf.getTrimmed(DFSConfigKeys.DFS_PERMISSIONS_SUPERUSERGROUP_KEY,
        DFSConfigKeys.DFS_PERMISSIONS_SUPERUSERGROUP_DEFAULT);
    Set<String> groups = new LinkedHashSet<>();
    groups.add(superGroup);
    groups.add(conf.getTrimmed(StrataKeys.PLACEMENT_ADMIN_GROUP, superGroup));
    return groups;
  }

  /**
   * Refuses, with an {@link AccessControlException} that says who may, a user who is not an admin as the NameNode
   * behind {@code fs} sees them: its superuser check (passed by anyone when HDFS checks no permissions), then the
   * user's groups as the NameNode maps them against this client's admin groups.
   */
  static void requireAdmin(FileSystem fs, Path file) throws IOException {
    if (!(fs instanceof DistributedFileSystem dfs)) {
      return;
    }
    try {
      dfs.getClient().getDatanodeStorageReport(HdfsConstants.DatanodeReportType.DEAD);
      return;
    } catch (IOException e) {
      IOException cause = e instanceof RemoteException remote ? remote.unwrapRemoteException() : e;
      if (!(cause instanceof AccessControlException)) {
        throw e;
      }
    }
    String user = UserGroupInformation.getCurrentUser().getShortUserName();
    Set<String> groups = adminGroups(fs.getConf());
    List<String> userGroups = List.of(nameNodeGroups(dfs, user));
    if (userGroups.stream().anyMatch(groups::contains)) {
      return;
    }
    throw new AccessControlException("only the HDFS superuser or a member of " + String.join(" or ", groups)
        + " may change the placement rules in " + fs.makeQualified(file) + ", and " + user + " (groups: "
        + (userGroups.isEmpty() ? "none" : String.join(", ", userGroups)) + ") is neither; "
        + StrataKeys.PLACEMENT_ADMIN_GROUP + " names the admin group");
  }

  private static String[] nameNodeGroups(DistributedFileSystem dfs, String user) throws IOException {
    Configuration conf = new Configuration(dfs.getConf());
    // As `hdfs groups` does: the NameNode's own principal serves this protocol on a Kerberized cluster.
    conf.set(CommonConfigurationKeys.HADOOP_SECURITY_SERVICE_USER_NAME_KEY,
        conf.get(DFSConfigKeys.DFS_NAMENODE_KERBEROS_PRINCIPAL_KEY, ""));
    GetUserMappingsProtocol mappings = NameNodeProxies.createProxy(conf, dfs.getUri(),
        GetUserMappingsProtocol.class).getProxy();
    try {
      return mappings.getGroupsForUser(user);
    } finally {
      RPC.stopProxy(mappings);
    }
  }

  boolean isAdmin(String user) {
    if (user.equals(superuser)) {
      return true;
    }
    for (String group : groupsOf.apply(user)) {
      if (adminGroups.contains(group)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Fails unless {@code file} is what an admin wrote and no one else can change, when {@code fs} is HDFS with its
   * permissions on (without them HDFS judges no owner, so neither does this). For files Strata's tools act on as the
   * superuser: the rules, the journals of tier calls and autotier plans under {@code /.strata}.
   *
   * @param what        what the file holds, for the message, e.g. "the placement rules"
   * @param consequence what is not done with it, for the message
   * @throws AccessControlException naming the file, why it is not trusted and how to mend it
   */
  public static void requireTrusted(FileSystem fs, Path file, String what, String consequence) throws IOException {
    if (!(fs instanceof DistributedFileSystem dfs) || !fs.getConf().getBoolean(
        DFSConfigKeys.DFS_PERMISSIONS_ENABLED_KEY, DFSConfigKeys.DFS_PERMISSIONS_ENABLED_DEFAULT)) {
      return;
    }
    String why;
    try {
      why = ofCluster(dfs).distrust(fs, file);
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    if (why != null) {
      throw new AccessControlException(what + " in " + fs.makeQualified(file) + " are not what an admin wrote, and "
          + consequence + ": " + why + "; check the file, then make the HDFS superuser or a member of "
          + String.join(" or ", adminGroups(fs.getConf())) + " own it and the directories above it, writable by no "
          + "one else (or remove it)");
    }
  }

  /**
   * Why {@code file} may not be trusted, or null when an admin wrote it and no one else can change it. The file
   * need not exist: its existing ancestors are judged then (whoever can write them could remove or replace it).
   */
  String distrust(FileSystem fs, Path file) throws IOException {
    List<Path> chain = new ArrayList<>();
    for (Path p = fs.makeQualified(file); p != null; p = p.getParent()) {
      chain.add(p);
    }
    for (Path path : chain) {
      FileStatus status;
      try {
        status = fs.getFileStatus(path);
      } catch (FileNotFoundException e) {
        continue;
      }
      List<AclEntry> acl = status.hasAcl() ? fs.getAclStatus(path).getEntries() : List.of();
      String why = distrust(status, acl);
      if (why != null) {
        return why;
      }
    }
    return null;
  }

  /** Why this one file or directory lets someone who is not an admin change the rules, or null. */
  String distrust(FileStatus status, List<AclEntry> aclEntries) {
    String name = status.getPath().toUri().getPath();
    FsPermission mode = status.getPermission();
    String what = name + " (" + status.getOwner() + ":" + status.getGroup() + " " + mode + ")";
    if (!isAdmin(status.getOwner())) {
      return what + " is owned by " + status.getOwner() + ", who is neither the HDFS superuser (" + superuser
          + ") nor in " + String.join(" or ", adminGroups);
    }
    if (mode.getOtherAction().implies(FsAction.WRITE)) {
      return what + " is writable by every user";
    }
    // With an ACL the group bits are its mask: the entries under it say who may write.
    if (aclEntries.isEmpty() && mode.getGroupAction().implies(FsAction.WRITE)
        && !adminGroups.contains(status.getGroup())) {
      return what + " is writable by group " + status.getGroup() + ", which is not an admin group";
    }
    for (AclEntry entry : aclEntries) {
      boolean user = entry.getType() == AclEntryType.USER;
      if (entry.getScope() != AclEntryScope.ACCESS || !user && entry.getType() != AclEntryType.GROUP
          || !entry.getPermission().and(mode.getGroupAction()).implies(FsAction.WRITE)) {
        continue;
      }
      if (user ? entry.getName() != null && !isAdmin(entry.getName())
          : !adminGroups.contains(entry.getName() != null ? entry.getName() : status.getGroup())) {
        return what + " has an ACL entry letting " + (user ? "user " : "group ")
            + (entry.getName() != null ? entry.getName() : status.getGroup()) + " write it";
      }
    }
    return null;
  }
}
