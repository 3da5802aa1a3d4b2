package io.strata.inplace.gif;

import java.time.Instant;

/**
 * What a GIF describes as a whole: which cluster, pool and prefix were scanned, from which OSD map epoch and
 * when, with totals.
 */
public record GifHeader(int version, String fsid, String pool, long poolId, int replication, long osdmapEpoch,
    String prefix, Instant scannedAt, long objects, long bytes, long skipped) {

  public static final int VERSION = 1;
}
