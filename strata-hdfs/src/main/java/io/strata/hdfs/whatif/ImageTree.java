package io.strata.hdfs.whatif;

import io.strata.core.whatif.HdfsStoragePolicies;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.hadoop.hdfs.server.namenode.INodeId;

/**
 * The directories of an fsimage and the parent of every inode, in flat arrays: what it takes to give each inode
 * its path and inherited storage policy while the inodes themselves are streamed. A directory costs its name and
 * a few ints, a file 12 bytes in {@link InodeIdMap}; directory paths are built when first asked for and kept.
 */
final class ImageTree {
  /** Marks a directory not reachable from the root (kept only by a snapshot). */
  private static final String UNREACHABLE = new String("(unreachable)");
  private static final byte NOT_RESOLVED = -1;

  private final InodeIdMap directoryIndex;
  private final InodeIdMap parents;
  private long[] ids = new long[1024];
  private byte[][] names = new byte[1024][];
  private byte[] ownPolicies = new byte[1024];
  private int count;
  private String[] paths;
  private byte[] policies;

  /** A tree for an image of {@code inodes} inodes. */
  ImageTree(long inodes) {
    this.directoryIndex = new InodeIdMap(Math.max(1024, inodes / 16));
    this.parents = new InodeIdMap(inodes);
  }

  /** Adds a directory (the first pass over the inodes). */
  void addDirectory(long id, byte[] name, int ownPolicy) {
    if (count == ids.length) {
      ids = Arrays.copyOf(ids, count * 2);
      names = Arrays.copyOf(names, count * 2);
      ownPolicies = Arrays.copyOf(ownPolicies, count * 2);
    }
    if (directoryIndex.putIfAbsent(id, count)) {
      ids[count] = id;
      names[count] = name;
      ownPolicies[count] = (byte) ownPolicy;
      count++;
    }
  }

  int directories() {
    return count;
  }

  /**
   * Records that {@code child} is in directory {@code parent} (the directory section). False when the parent is
   * no directory read in the first pass. An inode listed twice keeps its first parent.
   */
  boolean link(long parent, long child) {
    int index = directoryIndex.get(parent);
    if (index == InodeIdMap.ABSENT) {
      return false;
    }
    parents.putIfAbsent(child, index);
    return true;
  }

  /** The index of the directory containing inode {@code id}, or {@link InodeIdMap#ABSENT} (not in the tree). */
  int parentOf(long id) {
    return parents.get(id);
  }

  /** The index of directory {@code id}, or {@link InodeIdMap#ABSENT}. */
  int directoryIndex(long id) {
    return directoryIndex.get(id);
  }

  /** The path of directory {@code index}, or null when it is not reachable from the root. */
  String path(int index) {
    if (paths == null) {
      paths = new String[count];
    }
    if (paths[index] == null) {
      // Walk up to a directory whose path is known (or the root), then build the paths back down.
      int[] chain = new int[16];
      int depth = 0;
      int at = index;
      String base = null;
      while (base == null) {
        if (paths[at] != null) {
          base = paths[at];
        } else if (ids[at] == INodeId.ROOT_INODE_ID) {
          base = paths[at] = "/";
        } else {
          if (depth == chain.length) {
            chain = Arrays.copyOf(chain, depth * 2);
          }
          chain[depth++] = at;
          int parent = parents.get(ids[at]);
          if (parent == InodeIdMap.ABSENT || depth > count) {
            base = UNREACHABLE; // not in the tree, or a loop only a corrupt image has
          } else {
            at = parent;
          }
        }
      }
      for (int i = depth - 1; i >= 0; i--) {
        int dir = chain[i];
        base = paths[dir] = base == UNREACHABLE ? UNREACHABLE : child(base, names[dir]);
      }
    }
    return paths[index] == UNREACHABLE ? null : paths[index];
  }

  /** The path of entry {@code name} in directory {@code parentPath}. */
  static String child(String parentPath, byte[] name) {
    String own = new String(name, StandardCharsets.UTF_8);
    return parentPath.endsWith("/") ? parentPath + own : parentPath + "/" + own;
  }

  /** The storage policy id in force in directory {@code index}: its own, else its nearest ancestor's. */
  int policy(int index) {
    if (policies == null) {
      policies = new byte[count];
      Arrays.fill(policies, NOT_RESOLVED);
    }
    if (policies[index] == NOT_RESOLVED) {
      // Walk up to a directory whose policy is known or set, then give it to every directory on the way.
      int[] chain = new int[16];
      int depth = 0;
      int at = index;
      int found = HdfsStoragePolicies.UNSPECIFIED;
      while (true) {
        if (policies[at] != NOT_RESOLVED) {
          found = policies[at];
          break;
        }
        if (depth == chain.length) {
          chain = Arrays.copyOf(chain, depth * 2);
        }
        chain[depth++] = at;
        if (ownPolicies[at] != HdfsStoragePolicies.UNSPECIFIED) {
          found = ownPolicies[at];
          break;
        }
        int parent = ids[at] == INodeId.ROOT_INODE_ID ? InodeIdMap.ABSENT : parents.get(ids[at]);
        if (parent == InodeIdMap.ABSENT || depth > count) {
          break;
        }
        at = parent;
      }
      for (int i = 0; i < depth; i++) {
        policies[chain[i]] = (byte) found;
      }
    }
    return policies[index];
  }
}
