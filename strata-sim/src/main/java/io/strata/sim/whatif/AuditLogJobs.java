package io.strata.sim.whatif;

import io.strata.core.popularity.AuditEvent;
import io.strata.core.whatif.BadInputs;
import io.strata.core.whatif.MergedAuditLog;
import io.strata.sim.trace.TraceJob;
import io.strata.sim.trace.TraceReader;
import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * An operator's audit logs as the simulator's jobs, in time order, parsed once and shared by every candidate's
 * replay: an open becomes a job reading the whole file, a create one writing it (at the size the image gives it),
 * and deletes and renames change which files exist. The jobs are kept as fixed-size records (time, size, line,
 * file id) in a memory-mapped temporary file, deleted once mapped, so a log of 100 million lines costs the heap
 * nothing per line; files are named by their {@link WhatifNamespace} id, files the log creates get ids after the
 * image's.
 */
public final class AuditLogJobs {
  /** Milliseconds since the first event, size, log line, file id (-1 for a create, which reads nothing). */
  private static final int RECORD_BYTES = 8 + 8 + 8 + 4;
  private static final int RECORDS_PER_CHUNK = Integer.MAX_VALUE / RECORD_BYTES;
  private static final long GONE = -1;
  /** Events between two looks at how far the log has been read (summing the open files' positions). */
  private static final int PROGRESS_EVENTS = 4096;

  private final ByteBuffer[] chunks;
  private final long jobs;
  private final WhatifNamespace namespace;
  private final List<String> newPaths;
  private final long skipped;
  private final List<String> problems;
  private final String source;
  private final long unknownFiles;

  private AuditLogJobs(ByteBuffer[] chunks, long jobs, WhatifNamespace namespace, List<String> newPaths,
      BadInputs bad, String source, long unknownFiles) {
    this.chunks = chunks;
    this.jobs = jobs;
    this.namespace = namespace;
    this.newPaths = newPaths;
    this.skipped = bad.skipped();
    this.problems = bad.first().map(first -> List.of(first.getMessage())).orElse(List.of());
    this.source = source;
    this.unknownFiles = unknownFiles;
  }

  /** Reads {@code logs} once, merged in time order, against {@code namespace}. */
  public static AuditLogJobs read(WhatifNamespace namespace, List<Path> logs, ZoneId zone, boolean skipBad) {
    return read(namespace, logs, zone, skipBad, false);
  }

  /** As {@link #read(WhatifNamespace, List, ZoneId, boolean)}, with a progress bar over the logs' bytes. */
  public static AuditLogJobs read(WhatifNamespace namespace, List<Path> logs, ZoneId zone, boolean skipBad,
      boolean progressBar) {
    BadInputs bad = skipBad ? BadInputs.skipping() : BadInputs.failing();
    try (MergedAuditLog log = MergedAuditLog.open(logs, zone, bad);
         ProgressBar bar = progressBar ? progressBar(log.totalBytes()) : null) {
      Path file = Files.createTempFile("strata-whatif-jobs", ".bin");
      try {
        Parse parse = new Parse(namespace);
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file),
            1 << 16))) {
          long events = 0;
          for (AuditEvent event = log.next(); event != null; event = log.next()) {
            parse.add(event, log.records(), out);
            if (bar != null && ++events % PROGRESS_EVENTS == 0) {
              bar.stepTo(log.bytesRead());
            }
          }
          if (bar != null) {
            bar.stepTo(log.totalBytes());
          }
        }
        return new AuditLogJobs(map(file, parse.jobs), parse.jobs, namespace, parse.newPaths, bad, log.position(),
            parse.unknownFiles);
      } finally {
        Files.delete(file);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e.getMessage(), e);
    }
  }

  /** A bar over the logs' bytes on disk, drawn as the replay's bar is; in KiB for logs below 16 MiB. */
  private static ProgressBar progressBar(long totalBytes) {
    boolean small = totalBytes < 16L << 20;
    return new ProgressBarBuilder().setTaskName("reading audit log").setInitialMax(totalBytes)
        .setUnit(small ? " KiB" : " MiB", small ? 1 << 10 : 1 << 20).setStyle(ProgressBarStyle.ASCII)
        .setConsumer(new ConsoleProgressBarConsumer(System.err))
        .setUpdateIntervalMillis(500).build();
  }

  private static ByteBuffer[] map(Path file, long records) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      ByteBuffer[] chunks = new ByteBuffer[(int) ((records + RECORDS_PER_CHUNK - 1) / RECORDS_PER_CHUNK)];
      for (int c = 0; c < chunks.length; c++) {
        long first = (long) c * RECORDS_PER_CHUNK;
        long count = Math.min(RECORDS_PER_CHUNK, records - first);
        chunks[c] = channel.map(FileChannel.MapMode.READ_ONLY, first * RECORD_BYTES, count * RECORD_BYTES);
      }
      return chunks;
    }
  }

  /** The namespace as the log changes it, and the jobs found so far. */
  private static final class Parse {
    private final WhatifNamespace namespace;
    private final Map<String, Integer> newIds = new HashMap<>();
    private final List<String> newPaths = new ArrayList<>();
    private long[] sizes;
    private long firstMillis = Long.MIN_VALUE;
    private long jobs;
    private long unknownFiles;

    Parse(WhatifNamespace namespace) {
      this.namespace = namespace;
      this.sizes = namespace.sizes();
    }

    void add(AuditEvent event, long line, DataOutputStream out) throws IOException {
      if (!event.allowed()) {
        return;
      }
      if (firstMillis == Long.MIN_VALUE) {
        firstMillis = event.timeMillis();
      }
      long millis = event.timeMillis() - firstMillis;
      switch (event.command()) {
        case OPEN -> {
          int id = id(event.src(), false);
          long size = id < 0 ? GONE : sizes[id];
          if (size > 0) {
            write(out, millis, size, line, id);
          } else if (size < 0) {
            unknownFiles++;
          }
        }
        case CREATE -> {
          int id = id(event.src(), true);
          long size = id < namespace.files() ? namespace.size(id) : GONE;
          sizes[id] = Math.max(0, size);
          if (size > 0) {
            write(out, millis, size, line, -1);
          }
        }
        case DELETE -> {
          int id = id(event.src(), false);
          if (id >= 0) {
            sizes[id] = GONE;
          }
        }
        case RENAME -> {
          if (event.dst() != null) {
            int src = id(event.src(), false);
            long size = src < 0 ? GONE : sizes[src];
            int dst = id(event.dst(), true);
            sizes[dst] = size;
            if (src >= 0) {
              sizes[src] = GONE;
            }
          }
        }
        default -> {
        }
      }
    }

    private void write(DataOutputStream out, long millis, long size, long line, int id) throws IOException {
      out.writeLong(millis);
      out.writeLong(size);
      out.writeLong(line);
      out.writeInt(id);
      jobs++;
    }

    /** The id of {@code path}: the image's, else one the log gave it, else a new one when {@code add}, else -1. */
    private int id(String path, boolean add) {
      int id = namespace.id(path);
      if (id >= 0) {
        return id;
      }
      Integer known = newIds.get(path);
      if (known != null) {
        return known;
      }
      if (!add) {
        return -1;
      }
      id = namespace.files() + newPaths.size();
      newIds.put(path, id);
      newPaths.add(path);
      if (id == sizes.length) {
        sizes = Arrays.copyOf(sizes, Math.max(16, sizes.length * 2));
      }
      sizes[id] = GONE;
      return id;
    }
  }

  /** Jobs in the log: opens of files that exist with bytes in them, creates of files with bytes. */
  public long jobs() {
    return jobs;
  }

  /** Opens of files neither the image nor an earlier create or rename knows (read nothing in the replay). */
  public long unknownFiles() {
    return unknownFiles;
  }

  /** A fresh reader of the jobs from the first; readers share the mapped records, each keeps its own place. */
  public TraceReader reader() {
    return new Reader();
  }

  private String path(int id) {
    return id < namespace.files() ? namespace.path(id) : newPaths.get(id - namespace.files());
  }

  private final class Reader implements TraceReader {
    private long next;

    @Override
    public TraceJob next() {
      if (next >= jobs) {
        return null;
      }
      long index = next++;
      ByteBuffer chunk = chunks[(int) (index / RECORDS_PER_CHUNK)];
      int at = (int) (index % RECORDS_PER_CHUNK) * RECORD_BYTES;
      double seconds = chunk.getLong(at) / 1000.0;
      long size = chunk.getLong(at + 8);
      long line = chunk.getLong(at + 16);
      int id = chunk.getInt(at + 24);
      // Every job's id is its kind: the simulator's own job sequence numbers make output paths unique, and
      // formatting a number per job cost 6% of a replay.
      return id < 0 ? new TraceJob("create", line, seconds, 0, 0, size, null)
          : new TraceJob("open", line, seconds, size, 0, 0, path(id));
    }

    @Override
    public long skipped() {
      return skipped;
    }

    @Override
    public List<String> problems() {
      return problems;
    }

    @Override
    public String source() {
      return source;
    }

    @Override
    public void close() {}
  }
}
