package io.strata.sim.whatif;

import io.strata.core.whatif.NamespaceEntry;
import io.strata.core.whatif.NamespaceReader;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * The files of an operator's namespace image with their sizes: what an audit log's opens and creates read and
 * write. Read once and shared by every candidate's replay, which keep their own changes apart
 * ({@link AuditLogTrace}); memory grows with the namespace, never with the log.
 */
public final class WhatifNamespace {
  private final Map<String, Long> sizes;
  private final long bytes;
  private final String source;

  private WhatifNamespace(Map<String, Long> sizes, long bytes, String source) {
    this.sizes = sizes;
    this.bytes = bytes;
    this.source = source;
  }

  /** Reads every file of {@code reader} (directories are left out) and closes it. */
  public static WhatifNamespace read(NamespaceReader reader) throws IOException {
    try (reader) {
      Map<String, Long> sizes = new HashMap<>();
      long bytes = 0;
      for (NamespaceEntry entry = reader.next(); entry != null; entry = reader.next()) {
        if (!entry.directory()) {
          sizes.put(entry.path(), entry.size());
          bytes += entry.size();
        }
      }
      return new WhatifNamespace(sizes, bytes, reader.source());
    }
  }

  /** The size of the file at {@code path} in the image, or -1 when the image has no such file. */
  public long size(String path) {
    Long size = sizes.get(path);
    return size == null ? -1 : size;
  }

  public int files() {
    return sizes.size();
  }

  public long bytes() {
    return bytes;
  }

  /** The image, as named to its reader. */
  public String source() {
    return source;
  }
}
