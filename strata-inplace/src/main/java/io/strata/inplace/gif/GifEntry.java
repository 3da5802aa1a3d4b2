package io.strata.inplace.gif;

import java.util.List;

/**
 * One row of the Global Information File: an object that Hadoop may read in place (in-place analytics paper, section 4.3).
 *
 * @param fileName the path Hadoop sees, "/" + the object name
 * @param blockName the pre-calculated block name, a hash of the object name, its location and the replication
 * @param hosts the CRUSH hosts holding a replica, the primary's first
 * @param pool the pool holding the object
 * @param objectName the object's name in the pool
 * @param size the object's size in bytes
 * @param mtimeSeconds the object's modification time (seconds since the epoch) when it was scanned
 * @param pg the placement group, e.g. "2.1f"
 */
public record GifEntry(String fileName, String blockName, List<String> hosts, String pool, String objectName,
    long size, long mtimeSeconds, String pg) {

  public GifEntry {
    hosts = List.copyOf(hosts);
    if (size < 0) {
      throw new IllegalArgumentException("negative size for " + objectName);
    }
  }

  /** The absolute object path: {@code ceph://POOL/OBJECT}. */
  public String objectPath() {
    return "ceph://" + pool + "/" + objectName;
  }

  /** The replication level the placement showed (the number of distinct replica hosts). */
  public int replication() {
    return hosts.size();
  }
}
