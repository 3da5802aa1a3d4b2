package io.strata.inplace.placement;

import java.nio.charset.StandardCharsets;

/**
 * Where Ceph puts an object, the part every client computes itself: the object name's hash (Bob Jenkins' hash,
 * {@code ceph_str_hash_rjenkins} in Ceph's src/common/ceph_hash.cc) and its placement group within the pool
 * ({@code ceph_stable_mod} over {@code pg_num}). Which OSDs serve a placement group is CRUSH's part, computed
 * from the OSD map by {@link OsdMapSnapshot}.
 */
public final class ObjectHash {
  /** The pool flag value for rjenkins, {@code CEPH_STR_HASH_RJENKINS}: the default of every pool since 2009. */
  public static final int RJENKINS = 2;

  private ObjectHash() {}

  /** The 32-bit rjenkins hash of the object name's UTF-8 bytes, as an unsigned value. */
  public static long rjenkins(String objectName) {
    return rjenkins(objectName.getBytes(StandardCharsets.UTF_8)) & 0xffffffffL;
  }

  static int rjenkins(byte[] k) {
    int length = k.length;
    int a = 0x9e3779b9;
    int b = a;
    int c = 0;
    int i = 0;
    int len = length;
    while (len >= 12) {
      a += (k[i] & 0xff) + ((k[i + 1] & 0xff) << 8) + ((k[i + 2] & 0xff) << 16) + ((k[i + 3] & 0xff) << 24);
      b += (k[i + 4] & 0xff) + ((k[i + 5] & 0xff) << 8) + ((k[i + 6] & 0xff) << 16) + ((k[i + 7] & 0xff) << 24);
      c += (k[i + 8] & 0xff) + ((k[i + 9] & 0xff) << 8) + ((k[i + 10] & 0xff) << 16) + ((k[i + 11] & 0xff) << 24);
      int[] mixed = mix(a, b, c);
      a = mixed[0];
      b = mixed[1];
      c = mixed[2];
      i += 12;
      len -= 12;
    }
    c += length;
    // The cases fall through, as in the C original; the lowest byte of c is reserved for the length.
    switch (len) {
      case 11 :
        c += (k[i + 10] & 0xff) << 24; // fall through
      case 10 :
        c += (k[i + 9] & 0xff) << 16; // fall through
      case 9 :
        c += (k[i + 8] & 0xff) << 8; // fall through
      case 8 :
        b += (k[i + 7] & 0xff) << 24; // fall through
      case 7 :
        b += (k[i + 6] & 0xff) << 16; // fall through
      case 6 :
        b += (k[i + 5] & 0xff) << 8; // fall through
      case 5 :
        b += k[i + 4] & 0xff; // fall through
      case 4 :
        a += (k[i + 3] & 0xff) << 24; // fall through
      case 3 :
        a += (k[i + 2] & 0xff) << 16; // fall through
      case 2 :
        a += (k[i + 1] & 0xff) << 8; // fall through
      case 1 :
        a += k[i] & 0xff; // fall through
      default :
        break;
    }
    return mix(a, b, c)[2];
  }

  private static int[] mix(int a, int b, int c) {
    a -= b;
    a -= c;
    a ^= c >>> 13;
    b -= c;
    b -= a;
    b ^= a << 8;
    c -= a;
    c -= b;
    c ^= b >>> 13;
    a -= b;
    a -= c;
    a ^= c >>> 12;
    b -= c;
    b -= a;
    b ^= a << 16;
    c -= a;
    c -= b;
    c ^= b >>> 5;
    a -= b;
    a -= c;
    a ^= c >>> 3;
    b -= c;
    b -= a;
    b ^= a << 10;
    c -= a;
    c -= b;
    c ^= b >>> 15;
    return new int[] {a, b, c};
  }

  /**
   * The placement group (its "seed") of a raw hash in a pool of {@code pgNum} groups: Ceph's
   * {@code ceph_stable_mod}, which keeps most objects in place when pg_num grows to a non-power of two.
   */
  public static int placementGroup(long hash, int pgNum) {
    if (pgNum <= 0) {
      throw new IllegalArgumentException("pg_num must be > 0, got " + pgNum);
    }
    long mask = (1L << (64 - Long.numberOfLeadingZeros(pgNum - 1L))) - 1;
    long low = hash & mask;
    return (int) (low < pgNum ? low : hash & (mask >> 1));
  }
}
