package io.strata.sim.whatif;

import io.strata.core.spec.ClusterSpec;
import io.strata.sim.engine.BatchRunner;
import io.strata.sim.engine.SimConfig;
import io.strata.sim.metrics.SimResult;
import io.strata.sim.trace.TraceSource;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

/**
 * Replays an operator's audit logs over their namespace through the simulator once per candidate, today's
 * configuration first: the same policy code the NameNode runs makes every decision, the simulator's statistics
 * measure them.
 *
 * @param logs        the audit logs, rotated and gzipped ones too, in any order
 * @param zone        the NameNode JVM's time zone, in which the logs' times are written
 * @param skipBad     skip and count malformed lines instead of failing at the first
 * @param blockSize   block size of the modeled files
 * @param replication replicas per block
 */
public record WhatifRun(WhatifNamespace namespace, List<Path> logs, ZoneId zone, boolean skipBad, ClusterSpec spec,
    long blockSize, int replication) {

  public WhatifRun {
    logs = List.copyOf(logs);
  }

  /** The audit logs read once into the jobs every candidate replays. */
  public AuditLogJobs jobs() {
    return jobs(false);
  }

  /** As {@link #jobs()}, with a progress bar over the logs' bytes when {@code progressBar}. */
  public AuditLogJobs jobs(boolean progressBar) {
    return AuditLogJobs.read(namespace, logs, zone, skipBad, progressBar);
  }

  /** Each candidate's result, in the candidates' order; the first is the baseline the others are compared to. */
  public List<WhatifResult> run(List<WhatifCandidate> candidates, int threads, boolean progressBar) {
    // A misspelt policy fails here, before the whole log is read; the replay checks each candidate again.
    for (WhatifCandidate candidate : candidates) {
      candidate.check(spec);
    }
    return run(candidates, jobs(progressBar), threads, progressBar);
  }

  /** As {@link #run(List, int, boolean)}, replaying jobs already read (a bench times reading and replay apart). */
  public List<WhatifResult> run(List<WhatifCandidate> candidates, AuditLogJobs jobs, int threads,
      boolean progressBar) {
    TraceSource trace = TraceSource.ofReaders("audit log (" + logs.size() + " file" + (logs.size() == 1 ? "" : "s")
        + ")", jobs::reader, jobs.jobs());
    List<SimConfig> configs = new ArrayList<>();
    for (WhatifCandidate candidate : candidates) {
      candidate.check(spec);
      configs.add(candidate.run(spec, trace, blockSize, replication));
    }
    List<SimResult> results = BatchRunner.run(configs, threads, progressBar);
    List<WhatifResult> out = new ArrayList<>();
    for (int i = 0; i < candidates.size(); i++) {
      out.add(new WhatifResult(candidates.get(i), results.get(i), results.get(0)));
    }
    return out;
  }
}
