package io.strata.hdfs.placement;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/** Remembers the last files it was told about, so a warning is logged once per file, not once per block. */
final class OncePerFileLog {
  private static final int REMEMBERED = 10_000;

  private final Set<String> seen = Collections.newSetFromMap(Collections.synchronizedMap(
      new LinkedHashMap<String, Boolean>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
          return size() > REMEMBERED;
        }
      }));

  /** True the first time a file is seen (again after it dropped out of memory). */
  boolean first(String path) {
    return seen.add(path);
  }
}
