package io.strata.hdfs.autotier;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.hdfs.metrics.RegistrySource;
import org.apache.hadoop.metrics2.lib.MutableCounterLong;
import org.apache.hadoop.metrics2.lib.MutableGaugeLong;

/**
 * The autotier daemon's counts, published through Hadoop metrics like the tier monitor's: JMX bean
 * {@code Hadoop:service=StrataAutotier,name=Autotier} in the {@code strata autotier run} process, any configured
 * metrics sink, and {@link #toJson()} for the status line the command prints after each cycle.
 */
public final class AutotierMetrics extends RegistrySource {
  static final String NAME = "Autotier";

  final MutableCounterLong cycles = registry.newCounter("Cycles", "Reference times planned", 0L);
  final MutableCounterLong plansRefused = registry.newCounter("PlansRefused",
      "Plans refused by the data-loss bound (nothing applied)", 0L);
  final MutableCounterLong changesApplied = registry.newCounter("ChangesApplied", "Planned changes applied", 0L);
  final MutableCounterLong changesInPlace = registry.newCounter("ChangesInPlace",
      "Planned changes found already in place (done before a restart, or by someone else)", 0L);
  final MutableCounterLong changesFailed = registry.newCounter("ChangesFailed", "Attempts that did not finish", 0L);
  final MutableCounterLong changesSkipped = registry.newCounter("ChangesSkipped",
      "Planned changes skipped: file gone, or refused as below its minimum replicas", 0L);
  final MutableCounterLong filesPromoted = registry.newCounter("FilesPromoted", "Files moved to the primary tier", 0L);
  final MutableCounterLong filesDemoted = registry.newCounter("FilesDemoted", "Files moved to the secondary tier", 0L);
  final MutableCounterLong replicasAdded = registry.newCounter("ReplicasAdded", "Block replicas added", 0L);
  final MutableCounterLong replicasRemoved = registry.newCounter("ReplicasRemoved", "Block replicas removed", 0L);
  final MutableCounterLong bytesMoved = registry.newCounter("BytesMoved",
      "Replica bytes copied by verified block moves between tiers", 0L);
  final MutableCounterLong bytesReplicated = registry.newCounter("BytesReplicated",
      "Replica bytes of the replicas HDFS was asked to add", 0L);
  final MutableCounterLong blocksRescued = registry.newCounter("BlocksRescued",
      "Blocks behind down DataNodes made readable again from the filer (--filer-shares)", 0L);
  final MutableCounterLong blocksNotRescued = registry.newCounter("BlocksNotRescued",
      "Blocks behind down DataNodes the filer rescue could not make readable (not found, no room, refused)", 0L);
  final MutableCounterLong filesFoundThroughRenames = registry.newCounter("FilesFoundThroughRenames",
      "Files whose popularity a plan found through renames the audit log named a directory in", 0L);
  final MutableCounterLong filesForgotten = registry.newCounter("FilesForgotten",
      "Files whose popularity a plan dropped: no longer under the root (deleted or moved with a directory)", 0L);
  final MutableCounterLong renamesDropped = registry.newCounter("RenamesDropped",
      "Renames not followed because too many came between two plans", 0L);
  final MutableGaugeLong auditLinesParsed = registry.newGauge("AuditLinesParsed", "Audit log lines parsed", 0L);
  final MutableGaugeLong auditLinesSkipped = registry.newGauge("AuditLinesSkipped",
      "Audit log lines skipped as malformed", 0L);
  // A gauge like the two above: a restart or a reload reads the logs again and would count their events twice.
  final MutableGaugeLong auditEventsIgnored = registry.newGauge("AuditEventsIgnored",
      "Audit events of Strata's own files or calls in the logs read, not counted as accesses", 0L);

  public AutotierMetrics() {
    super(NAME, "strata");
  }

  /** Publishes these metrics in the process's metrics system (once per name). */
  public AutotierMetrics register() {
    publishOnce("Strata autotier daemon");
    return this;
  }

  public long changesApplied() {
    return changesApplied.value();
  }

  public long changesInPlace() {
    return changesInPlace.value();
  }

  public long filesPromoted() {
    return filesPromoted.value();
  }

  public long filesDemoted() {
    return filesDemoted.value();
  }

  public long bytesMoved() {
    return bytesMoved.value();
  }

  /** Counts one block the filer rescue handled: made readable again, or not. */
  public void blockRescued(boolean readable) {
    (readable ? blocksRescued : blocksNotRescued).incr();
  }

  /** Every count, as the status line prints it. */
  public ObjectNode toJson() {
    ObjectNode node = JsonNodeFactory.instance.objectNode();
    node.put("cycles", cycles.value()).put("plansRefused", plansRefused.value())
        .put("changesApplied", changesApplied.value()).put("changesInPlace", changesInPlace.value())
        .put("changesFailed", changesFailed.value()).put("changesSkipped", changesSkipped.value())
        .put("filesPromoted", filesPromoted.value()).put("filesDemoted", filesDemoted.value())
        .put("replicasAdded", replicasAdded.value()).put("replicasRemoved", replicasRemoved.value())
        .put("bytesMoved", bytesMoved.value()).put("bytesReplicated", bytesReplicated.value())
        .put("blocksRescued", blocksRescued.value()).put("blocksNotRescued", blocksNotRescued.value())
        .put("filesFoundThroughRenames", filesFoundThroughRenames.value())
        .put("filesForgotten", filesForgotten.value()).put("renamesDropped", renamesDropped.value())
        .put("auditLinesParsed", auditLinesParsed.value()).put("auditLinesSkipped", auditLinesSkipped.value())
        .put("auditEventsIgnored", auditEventsIgnored.value());
    return node;
  }
}
