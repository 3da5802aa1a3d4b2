package io.strata.core.device;

/**
 * The storage types HDFS knows, by the same names as {@code org.apache.hadoop.fs.StorageType},
 * so adapters convert by name while the core stays free of Hadoop.
 */
public enum StorageKind {
  RAM_DISK, NVDIMM, SSD, DISK, ARCHIVE, PROVIDED;

  /** Parses a storage type name case-insensitively; null when the name is not a storage type. */
  public static StorageKind parse(String name) {
    if (name == null) {
      return null;
    }
    for (StorageKind kind : values()) {
      if (kind.name().equalsIgnoreCase(name.trim())) {
        return kind;
      }
    }
    return null;
  }
}
