package io.strata.core.whatif;

/**
 * HDFS's built-in storage policies by the id an fsimage stores (Hadoop's {@code
 * BlockStoragePolicySuite.createDefaultSuite()}; HDFS has no others). A file or directory whose own id is
 * {@link #UNSPECIFIED} takes its nearest ancestor's policy, and {@link #DEFAULT} when none has one, as the
 * NameNode does. strata-hdfs's tests check this table against Hadoop's suite.
 */
public final class HdfsStoragePolicies {
  /** The id of an inode with no policy of its own. */
  public static final int UNSPECIFIED = 0;
  /** The policy of a file when neither it nor any ancestor has one. */
  public static final String DEFAULT = "HOT";

  private static final String[] NAMES = new String[16];

  static {
    NAMES[1] = "PROVIDED";
    NAMES[2] = "COLD";
    NAMES[5] = "WARM";
    NAMES[7] = "HOT";
    NAMES[10] = "ONE_SSD";
    NAMES[12] = "ALL_SSD";
    NAMES[14] = "ALL_NVDIMM";
    NAMES[15] = "LAZY_PERSIST";
  }

  private HdfsStoragePolicies() {}

  /** The name of the policy with this id, or null when HDFS has none with it. */
  public static String name(int id) {
    return id > 0 && id < NAMES.length ? NAMES[id] : null;
  }
}
