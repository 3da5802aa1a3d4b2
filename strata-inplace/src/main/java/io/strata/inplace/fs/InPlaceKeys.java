package io.strata.inplace.fs;

import org.apache.hadoop.conf.Configuration;

/**
 * Hadoop configuration keys of the cephgif:// file system. Connection details and credentials come from here
 * (or from the ceph.conf and keyring they name), never from code; {@link #CEPH_KEY} is read with
 * {@code Configuration.getPassword}, so it can live in a Hadoop credential provider instead of a site file.
 */
public final class InPlaceKeys {
  /** A ceph.conf to read (monitors, keyring path, client options). Default: /etc/ceph/ceph.conf if present. */
  public static final String CEPH_CONF_FILE = "strata.ceph.conf.file";
  /** Monitor addresses, e.g. {@code [v2:10.0.0.1:3300,v1:10.0.0.1:6789]}; overrides the ceph.conf's. */
  public static final String CEPH_MON_HOST = "strata.ceph.mon.host";
  /** The Ceph client id, without "client." (default "admin"). */
  public static final String CEPH_USER = "strata.ceph.user";
  /** A keyring file holding the user's key. */
  public static final String CEPH_KEYRING = "strata.ceph.keyring";
  /** The user's secret key itself (base64); read through Hadoop's credential providers when configured. */
  public static final String CEPH_KEY = "strata.ceph.key";
  /** Seconds to wait for the monitors when connecting (librados client_mount_timeout; default 30). */
  public static final String CONNECT_TIMEOUT_SECONDS = "strata.ceph.connect.timeout.seconds";
  /**
   * Seconds a single read may wait for an OSD (librados rados_osd_op_timeout; default 120). While an OSD is down
   * librados resends reads to the placement group's new primary; this bounds how long a read may take if no
   * replica answers.
   */
  public static final String OP_TIMEOUT_SECONDS = "strata.ceph.op.timeout.seconds";
  /**
   * Serve reads from the replica nearest this machine rather than the primary (default true): librados' localized
   * reads, with the client's CRUSH location set to host={@link #CLIENT_HOST}.
   */
  public static final String LOCALIZE_READS = "strata.ceph.read.localize";
  /** This machine's CRUSH host name. Default: the NodeManager's host (NM_HOST) in a YARN task, else the hostname. */
  public static final String CLIENT_HOST = "strata.ceph.client.host";
  /** Bytes fetched from Ceph per read request (default 4 MiB). */
  public static final String READ_BUFFER_BYTES = "strata.ceph.read.buffer.bytes";
  /** Directory holding GIFs named POOL.gif (default /strata/gif on fs.defaultFS). */
  public static final String GIF_DIR = "strata.gif.dir";
  /** The GIF of one pool, overriding {@link #GIF_DIR}: {@code strata.gif.POOL.path}. */
  public static final String GIF_PATH_PATTERN = "strata.gif.%s.path";
  /** How often (ms) an open file system checks whether its GIF was replaced by a rescan (default 5000). */
  public static final String GIF_REFRESH_MS = "strata.gif.refresh.ms";

  public static final String DEFAULT_GIF_DIR = "/strata/gif";

  private InPlaceKeys() {}

  /** Where the GIF of {@code pool} is, unqualified: the per-pool key, else GIF_DIR/POOL.gif. */
  public static String gifPath(Configuration conf, String pool) {
    String explicit = conf.getTrimmed(String.format(GIF_PATH_PATTERN, pool));
    if (explicit != null && !explicit.isEmpty()) {
      return explicit;
    }
    String dir = conf.getTrimmed(GIF_DIR, DEFAULT_GIF_DIR);
    return (dir.endsWith("/") ? dir : dir + "/") + pool + ".gif";
  }
}
