package io.strata.sim.whatif;

import io.strata.core.popularity.AuditEvent;
import io.strata.core.whatif.BadInputs;
import io.strata.core.whatif.MergedAuditLog;
import io.strata.sim.trace.TraceJob;
import io.strata.sim.trace.TraceReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An operator's audit logs as the simulator's jobs, in time order: an open becomes a job reading the whole file, a
 * create one writing it (at the size the image gives it), and deletes and renames change which files exist.
 * Events come from the autotier daemon's parser through {@link MergedAuditLog}; only the changes the log makes to
 * the namespace are kept here, so memory grows with the namespace, not the log.
 */
public final class AuditLogTrace implements TraceReader {
  private static final long GONE = -1;

  private final WhatifNamespace namespace;
  private final MergedAuditLog log;
  private final BadInputs bad;
  private final Map<String, Long> changed = new HashMap<>();
  private long firstMillis = Long.MIN_VALUE;
  private long jobs;
  private long unknownFiles;

  private AuditLogTrace(WhatifNamespace namespace, MergedAuditLog log, BadInputs bad) {
    this.namespace = namespace;
    this.log = log;
    this.bad = bad;
  }

  /** Opens the logs afresh (one replay per candidate). */
  public static AuditLogTrace open(WhatifNamespace namespace, List<Path> logs, ZoneId zone, boolean skipBad) {
    BadInputs bad = skipBad ? BadInputs.skipping() : BadInputs.failing();
    try {
      return new AuditLogTrace(namespace, MergedAuditLog.open(logs, zone, bad), bad);
    } catch (IOException e) {
      throw new UncheckedIOException(e.getMessage(), e);
    }
  }

  @Override
  public TraceJob next() {
    try {
      for (AuditEvent event = log.next(); event != null; event = log.next()) {
        if (!event.allowed()) {
          continue;
        }
        if (firstMillis == Long.MIN_VALUE) {
          firstMillis = event.timeMillis();
        }
        double seconds = (event.timeMillis() - firstMillis) / 1000.0;
        switch (event.command()) {
          case OPEN -> {
            long size = size(event.src());
            if (size > 0) {
              return new TraceJob("open-" + ++jobs, log.records(), seconds, size, 0, 0, event.src());
            }
            if (size < 0) {
              unknownFiles++;
            }
          }
          case CREATE -> {
            long size = namespace.size(event.src());
            changed.put(event.src(), Math.max(0, size));
            if (size > 0) {
              return new TraceJob("create-" + ++jobs, log.records(), seconds, 0, 0, size, null);
            }
          }
          case DELETE -> changed.put(event.src(), GONE);
          case RENAME -> {
            if (event.dst() != null) {
              changed.put(event.dst(), size(event.src()));
              changed.put(event.src(), GONE);
            }
          }
          default -> {
          }
        }
      }
      return null;
    } catch (IOException e) {
      throw new UncheckedIOException(e.getMessage(), e);
    }
  }

  private long size(String path) {
    Long size = changed.get(path);
    return size != null ? size : namespace.size(path);
  }

  /** Opens of files neither the image nor an earlier create or rename knows (read nothing in the replay). */
  public long unknownFiles() {
    return unknownFiles;
  }

  /** Audit log bytes read so far, for a progress bar. */
  public long bytesRead() throws IOException {
    return log.bytesRead();
  }

  @Override
  public long skipped() {
    return bad.skipped();
  }

  @Override
  public List<String> problems() {
    List<String> problems = new ArrayList<>();
    bad.first().ifPresent(first -> problems.add(first.getMessage()));
    return problems;
  }

  @Override
  public String source() {
    return log.position();
  }

  @Override
  public void close() {
    try {
      log.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e.getMessage(), e);
    }
  }
}
