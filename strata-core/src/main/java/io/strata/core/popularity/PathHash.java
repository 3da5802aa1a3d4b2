package io.strata.core.popularity;

/**
 * 64-bit hash of a path, the key under which popularity state is kept instead of the path itself (a path costs
 * tens of bytes; 100 million files must fit in a few GB). Two paths colliding in 64 bits among 100 million has
 * odds around 1 in 4,000, and would only merge two files' popularity.
 */
public final class PathHash {
  private PathHash() {}

  public static long of(String path) {
    long h = 0xcbf29ce484222325L; // FNV-1a
    for (int i = 0; i < path.length(); i++) {
      h ^= path.charAt(i);
      h *= 0x100000001b3L;
    }
    h ^= h >>> 33; // murmur3 finalizer: spreads FNV's weak low bits
    h *= 0xff51afd7ed558ccdL;
    h ^= h >>> 33;
    h *= 0xc4ceb9fe1a85ec53L;
    h ^= h >>> 33;
    return h == 0 ? 1 : h; // 0 marks an empty slot
  }
}
