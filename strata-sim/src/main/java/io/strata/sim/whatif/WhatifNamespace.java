package io.strata.sim.whatif;

import io.strata.core.whatif.NamespaceEntry;
import io.strata.core.whatif.NamespaceReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The files of an operator's namespace image with their sizes: what an audit log's opens and creates read and
 * write. Each file gets an int id (its index in the image), so the log's jobs name files by id and sizes sit in one
 * array; read once and shared by every candidate's replay ({@link AuditLogJobs}).
 */
public final class WhatifNamespace {
  private final Map<String, Integer> ids;
  private final String[] paths;
  private final long[] sizes;
  private final long bytes;
  private final String source;

  private WhatifNamespace(Map<String, Integer> ids, String[] paths, long[] sizes, long bytes, String source) {
    this.ids = ids;
    this.paths = paths;
    this.sizes = sizes;
    this.bytes = bytes;
    this.source = source;
  }

  /** Reads every file of {@code reader} (directories are left out) and closes it. */
  public static WhatifNamespace read(NamespaceReader reader) throws IOException {
    try (reader) {
      Map<String, Integer> ids = new HashMap<>();
      List<String> paths = new ArrayList<>();
      long[] sizes = new long[1024];
      long bytes = 0;
      for (NamespaceEntry entry = reader.next(); entry != null; entry = reader.next()) {
        if (entry.directory()) {
          continue;
        }
        Integer known = ids.putIfAbsent(entry.path(), paths.size());
        int id = known != null ? known : paths.size();
        if (known == null) {
          paths.add(entry.path());
          if (id == sizes.length) {
            sizes = Arrays.copyOf(sizes, sizes.length * 2);
          }
        }
        sizes[id] = entry.size();
        bytes += entry.size();
      }
      return new WhatifNamespace(ids, paths.toArray(String[]::new), Arrays.copyOf(sizes, paths.size()), bytes,
          reader.source());
    }
  }

  /** The id of the file at {@code path}, or -1 when the image has no such file. */
  public int id(String path) {
    Integer id = ids.get(path);
    return id == null ? -1 : id;
  }

  /** The path of file {@code id}. */
  public String path(int id) {
    return paths[id];
  }

  /** The size of file {@code id} in the image. */
  public long size(int id) {
    return sizes[id];
  }

  /** Every file's size in the image, indexed by id: a copy the caller may change. */
  long[] sizes() {
    return sizes.clone();
  }

  public int files() {
    return paths.length;
  }

  public long bytes() {
    return bytes;
  }

  /** The image, as named to its reader. */
  public String source() {
    return source;
  }
}
