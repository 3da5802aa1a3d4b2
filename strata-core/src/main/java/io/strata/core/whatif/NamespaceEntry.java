package io.strata.core.whatif;

/**
 * A file or directory of a namespace image, as HDFS stores it. Times are milliseconds since the epoch (the
 * Delimited text has them to the minute only).
 *
 * @param path the absolute path
 * @param directory true for a directory (size, replication and block size are then 0)
 * @param size the file's length in bytes
 * @param replication the file's replication factor
 * @param blockSize the file's preferred block size in bytes
 * @param storagePolicy the policy in force (its own, else its nearest ancestor's, else {@value
 *        HdfsStoragePolicies#DEFAULT}); null when the input does not say (Delimited text without the {@code -sp}
 *        column)
 * @param erasureCodingPolicy the erasure coding policy of a striped file, null for a replicated file or when the
 *        input does not say
 * @param modificationTime when the file or directory last changed
 * @param accessTime when the file was last opened, to the NameNode's access-time precision (0: not kept)
 */
public record NamespaceEntry(String path, boolean directory, long size, int replication, long blockSize,
    String storagePolicy, String erasureCodingPolicy, long modificationTime, long accessTime) {

  /** The number of blocks the file has. */
  public long blocks() {
    return size == 0 || blockSize == 0 ? 0 : (size + blockSize - 1) / blockSize;
  }
}
