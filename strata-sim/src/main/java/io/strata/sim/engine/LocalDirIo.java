package io.strata.sim.engine;

import io.strata.sim.model.SimCluster;
import java.util.function.Consumer;

/**
 * MapReduce's intermediate I/O on a node's local dirs, the devices of its intermediate tier
 * ({@link SimCluster#intermediateTier}), as Hadoop 3's defaults do it ({@link IntermediateIo#FULL}):
 * <ul>
 *   <li>a map sorts its output in a buffer of {@code mapreduce.task.io.sort.mb} (100 MiB) and spills it at
 *       {@code mapreduce.map.sort.spill.percent} (80%): output up to 80 MiB is one spill, renamed to the map's
 *       output file (written once); more is several spills, merged into one file (written, read and written
 *       again);</li>
 *   <li>the ShuffleHandler serves each reducer one segment of every map's output: each segment costs its device a
 *       positioning before it is read ({@link #fetchPositioning});</li>
 *   <li>with {@code mapreduce.reduce.input.buffer.percent} at its default 0, a reducer's final merge writes what it
 *       fetched to its local dir before the reduce starts (MergeManagerImpl.finalMerge), and the reduce reads it
 *       back while it writes the job's output.</li>
 * </ul>
 * Writes are sequential (no positioning). Not modeled: the page cache, combiners and compression (the trace's
 * shuffle bytes are what moved), extra merge passes when a reducer has more on-disk files than
 * {@code mapreduce.task.io.sort.factor}.
 */
final class LocalDirIo {
  /** Map output that fits one spill: {@code mapreduce.task.io.sort.mb} x {@code mapreduce.map.sort.spill.percent}. */
  static final long ONE_SPILL_BYTES = 80L << 20;

  private LocalDirIo() {}

  /** The map's output, {@code bytes}, written to its node's local dir, and merged if it spilled more than once. */
  static void writeMapOutput(RunContext run, int node, long bytes, long key, Runnable done) {
    if (run.localDirs() != IntermediateIo.FULL || bytes <= 0) {
      done.run();
      return;
    }
    SimCluster cluster = run.cluster();
    int tier = cluster.intermediateTier(node);
    int device = cluster.device(node, tier, key);
    run.intermediate().mapOutput(tier, bytes);
    deviceFlow(run, node, device, bytes, true, () -> {
      if (bytes <= ONE_SPILL_BYTES) {
        done.run();
        return;
      }
      run.intermediate().mapMerge(tier, bytes);
      deviceFlow(run, node, device, bytes, false, () -> deviceFlow(run, node, device, bytes, true, done));
    });
  }

  /**
   * Before a reducer reads {@code bytes} in {@code segments} map-output segments from {@code source}'s device, the
   * device positions once per segment: under {@link IntermediateIo#FULL}, a device-only read that takes
   * {@code segments x positioning} when the device is otherwise idle (and longer when it is shared), then
   * {@code then}. Under {@link IntermediateIo#FETCHES} only counts the bytes.
   */
  static void fetchPositioning(RunContext run, int source, long bytes, long segments, long key, Runnable then) {
    SimCluster cluster = run.cluster();
    int tier = cluster.intermediateTier(source);
    if (run.localDirs() != IntermediateIo.FULL) {
      run.intermediate().fetched(tier, bytes, 0, 0);
      then.run();
      return;
    }
    double seconds = segments * cluster.positionSeconds(source, tier);
    run.intermediate().fetched(tier, bytes, segments, seconds);
    long equivalentBytes = Math.round(seconds * cluster.deviceReadRate(source, tier));
    if (equivalentBytes <= 0) {
      then.run();
      return;
    }
    deviceFlow(run, source, cluster.device(source, tier, key), equivalentBytes, false, then);
  }

  /**
   * A reducer's final merge: what it fetched, {@code bytes}, written to its node's local dir, then read back by the
   * reduce while {@code writeOutput} writes the job's output; {@code done} when both are over.
   */
  static void mergeAndReduce(RunContext run, int node, long bytes, long key, Consumer<Runnable> writeOutput,
      Runnable done) {
    if (run.localDirs() != IntermediateIo.FULL || bytes <= 0) {
      writeOutput.accept(done);
      return;
    }
    SimCluster cluster = run.cluster();
    int tier = cluster.intermediateTier(node);
    int device = cluster.device(node, tier, key);
    run.intermediate().reduceMerge(tier, bytes);
    deviceFlow(run, node, device, bytes, true, () -> {
      int[] pending = {2};
      Runnable oneDone = () -> {
        if (--pending[0] == 0) {
          done.run();
        }
      };
      deviceFlow(run, node, device, bytes, false, oneDone);
      writeOutput.accept(oneDone);
    });
  }

  private static void deviceFlow(RunContext run, int node, int device, long bytes, boolean write, Runnable then) {
    run.transfers().begin(node);
    run.network().start(run.now(), bytes, write, new int[] {device}, (flow, at) -> {
      run.transfers().end(node);
      then.run();
    });
  }
}
