package io.strata.core.popularity;

/**
 * What a replication advisor needs to know of a file now.
 *
 * @param path               the file
 * @param replication        its replication factor now
 * @param onSecondary        true when it lives on the secondary tier now
 * @param bytes              its length
 * @param blocks             its block count
 */
public record FileFacts(String path, int replication, boolean onSecondary, long bytes, int blocks) {
  public long pathHash() {
    return PathHash.of(path);
  }
}
