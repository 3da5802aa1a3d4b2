package io.strata.bench.inplace;

import io.strata.core.config.ByteSize;
import io.strata.embedded.yarn.ExampleJobs;
import io.strata.inplace.ceph.LocalCephCluster;
import io.strata.inplace.scan.CephUri;
import io.strata.inplace.scan.GifScanner;
import io.strata.inplace.testbed.InPlaceTestbed;
import io.strata.inplace.testbed.TextObjects;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * The in-place analytics paper's headline, measured side by side on one machine: the "initial data copy" of
 * stock Hadoop (copy the objects into HDFS) against the in-place path (scan Ceph and register the GIF in HDFS), for several data sizes;
 * the scan rate on many small objects; and the MapReduce phase (WordCount, Grep) in place against over the copy.
 */
public final class InPlaceBenchmark {
  /** What to run. */
  public record Settings(List<Long> sizes, long objectBytes, LocalCephCluster.ObjectStore store, int copyThreads,
      int scanObjects, long mapReduceBytes, int scanRounds) {}

  /** One data size: scan+register (each round) against the copy into HDFS. */
  public record SizeResult(long bytes, int objects, List<Long> scanMillis, long copyMillis) {
    public long medianScanMillis() {
      long[] sorted = scanMillis.stream().mapToLong(Long::longValue).sorted().toArray();
      return sorted[sorted.length / 2];
    }

    public double ratio() {
      return copyMillis == 0 ? 0 : (double) medianScanMillis() / copyMillis;
    }
  }

  /** Everything measured. */
  public record Results(Settings settings, double cephStartSeconds, int scanObjects, List<Long> scanRateMillis,
      List<SizeResult> sizes, List<ExampleJobs.Outcome> inPlaceJobs, List<ExampleJobs.Outcome> copyJobs) {}

  private InPlaceBenchmark() {}

  public static Results run(Settings settings, Path dir, PrintStream log) throws Exception {
    InPlaceTestbed.Options options = InPlaceTestbed.Options.defaults().withYarn(settings.mapReduceBytes() > 0)
        .withStore(settings.store(),
            Math.max(4L << 30, 2 * settings.sizes().stream().mapToLong(Long::longValue).sum()));
    try (InPlaceTestbed testbed = InPlaceTestbed.start(dir, options, log)) {
      FileSystem hdfs = testbed.hdfsFileSystem();
      log.printf("testbed up: Ceph (%s) in %.1f s, HDFS and%s YARN on node1..node3%n", settings.store().confName(),
          testbed.ceph().startSeconds(), testbed.hasYarn() ? "" : " no");

      List<SizeResult> sizes = new ArrayList<>();
      boolean warmedUp = false;
      for (long bytes : settings.sizes()) {
        int objects = (int) Math.max(1, (bytes + settings.objectBytes() - 1) / settings.objectBytes());
        String prefix = "size-" + ByteSize.format(bytes).replace(" ", "") + "/";
        log.printf("writing %s as %d text objects under %s...%n", ByteSize.format(bytes), objects, prefix);
        List<String> names = TextObjects.write(testbed.pool(), prefix, objects, (int) settings.objectBytes(), bytes);
        if (!warmedUp) {
          ObjectCopier.copy(testbed.pool(), names.subList(0, 1), prefix, hdfs, new org.apache.hadoop.fs.Path("/warmup"),
              1);
          hdfs.delete(new org.apache.hadoop.fs.Path("/warmup"), true);
          warmedUp = true;
        }
        List<Long> scans = new ArrayList<>();
        for (int round = 0; round <= settings.scanRounds(); round++) {
          GifScanner.Registered registered = GifScanner.scanAndWrite(testbed.rados(), CephUri.parse("ceph://strata/"
              + prefix), hdfs, new org.apache.hadoop.fs.Path("/strata/gif/strata.gif"), Clock.systemUTC());
          if (round > 0) {
            scans.add(registered.totalMillis());
          }
          GifScanner.Timings t = registered.result().timings();
          log.printf("    scan+register %d ms: list %d, stat %d, placement %d, GIF write %d%n",
              registered.totalMillis(),
              t.listMillis(), t.statMillis(), t.placementMillis(), registered.writeMillis());
        }
        org.apache.hadoop.fs.Path copyDir = new org.apache.hadoop.fs.Path("/copy/" + prefix);
        long started = System.nanoTime();
        ObjectCopier.copy(testbed.pool(), names, prefix, hdfs, copyDir, settings.copyThreads());
        long copyMillis = (System.nanoTime() - started) / 1_000_000;
        SizeResult result = new SizeResult(bytes, objects, scans, copyMillis);
        log.printf("  %s: scan+register %d ms (median of %s), copy into HDFS %d ms: %.2f%%%n", ByteSize.format(bytes),
            result.medianScanMillis(), scans, copyMillis, 100 * result.ratio());
        sizes.add(result);
        if (bytes != settings.mapReduceBytes()) {
          hdfs.delete(copyDir, true);
        }
      }

      List<ExampleJobs.Outcome> inPlace = new ArrayList<>();
      List<ExampleJobs.Outcome> copy = new ArrayList<>();
      if (settings.mapReduceBytes() > 0) {
        String prefix = "size-" + ByteSize.format(settings.mapReduceBytes()).replace(" ", "") + "/";
        // The GIF must describe these objects: rescan them (the last size's scan may have covered another prefix).
        GifScanner.scanAndWrite(testbed.rados(), CephUri.parse("ceph://strata/" + prefix), hdfs,
            new org.apache.hadoop.fs.Path("/strata/gif/strata.gif"), Clock.systemUTC());
        Configuration conf = testbed.conf();
        org.apache.hadoop.fs.Path inPlaceInput = new org.apache.hadoop.fs.Path("cephgif://strata/" + prefix);
        org.apache.hadoop.fs.Path copyInput = new org.apache.hadoop.fs.Path("/copy/" + prefix);
        log.printf("MapReduce over %s: WordCount and Grep, in place and over the HDFS copy...%n",
            ByteSize.format(settings.mapReduceBytes()));
        inPlace.add(ExampleJobs.wordCount(conf, inPlaceInput, new org.apache.hadoop.fs.Path("/out/wc-inplace")));
        copy.add(ExampleJobs.wordCount(conf, copyInput, new org.apache.hadoop.fs.Path("/out/wc-copy")));
        inPlace.add(ExampleJobs.grep(conf, inPlaceInput, new org.apache.hadoop.fs.Path("/out/grep-inplace"),
            "ka[a-z]*lo"));
        copy.add(ExampleJobs.grep(conf, copyInput, new org.apache.hadoop.fs.Path("/out/grep-copy"), "ka[a-z]*lo"));
        for (String job : List.of("wc", "grep")) {
          if (!ExampleJobs.outputLines(hdfs, new org.apache.hadoop.fs.Path("/out/" + job + "-inplace")).equals(
              ExampleJobs.outputLines(hdfs, new org.apache.hadoop.fs.Path("/out/" + job + "-copy")))) {
            throw new IllegalStateException(job + " output differs between in place and the copy");
          }
        }
        log.println("  outputs identical in place and over the copy (wordcount, grep)");
      }
      // Scan rate, last, so that its many objects do not lengthen the listings above (RADOS lists a whole pool;
      // a prefix is filtered on the client): many small objects, so per-object work dominates.
      List<Long> scanRate = new ArrayList<>();
      if (settings.scanObjects() > 0) {
        log.printf("writing %d small objects for the scan rate...%n", settings.scanObjects());
        testbed.pool().writeAll(TextObjects.names("scanrate/", settings.scanObjects()), n -> new byte[1024], 64);
        for (int round = 0; round <= settings.scanRounds(); round++) {
          GifScanner.Registered registered = GifScanner.scanAndWrite(testbed.rados(), CephUri.parse(
              "ceph://strata/scanrate/"), hdfs, new org.apache.hadoop.fs.Path("/strata/gif/scanrate.gif"),
              Clock.systemUTC());
          if (round > 0) { // round 0 warms up the JVM
            scanRate.add(registered.totalMillis());
          }
          GifScanner.Timings t = registered.result().timings();
          log.printf("    scan+register of %d objects %d ms: list %d, stat %d, placement %d, GIF write %d%n",
              registered.result().gif().entries().size(), registered.totalMillis(), t.listMillis(), t.statMillis(),
              t.placementMillis(), registered.writeMillis());
        }
      }

      return new Results(settings, testbed.ceph().startSeconds(), settings.scanObjects(), scanRate, sizes, inPlace,
          copy);
    }
  }

  public static void print(Results results, PrintStream out) {
    Settings s = results.settings();
    out.printf(Locale.ROOT, "In-place analytics over Ceph: Ceph %s, 3 OSD hosts node1..node3, pool of 2"
        + " replicas; HDFS with 3 DataNodes node1..node3, replication 2, 128 MiB blocks; one machine, loopback.%n",
        s.store().confName());
    if (!results.scanRateMillis().isEmpty()) {
      long[] sorted = results.scanRateMillis().stream().mapToLong(Long::longValue).sorted().toArray();
      long median = sorted[sorted.length / 2];
      out.printf(Locale.ROOT, "%nScan rate: %d objects of 1 KiB, scan+register (list, stat, place, write the GIF"
          + " into HDFS) %d ms median of %s: %,.0f objects/s (target 10,000)%n", results.scanObjects(), median,
          results.scanRateMillis(), results.scanObjects() * 1000.0 / median);
    }
    out.printf(Locale.ROOT, "%nInitial data copy (objects of %s; copy: %d stream%s from librados into HDFS):%n",
        ByteSize.format(s.objectBytes()), s.copyThreads(), s.copyThreads() == 1 ? "" : "s");
    out.println("| data | objects | copy into HDFS | scan + register GIF | in place / copy |");
    out.println("|---|---|---|---|---|");
    for (SizeResult r : results.sizes()) {
      out.printf(Locale.ROOT, "| %s | %d | %.2f s | %d ms | %.2f%% |%n", ByteSize.format(r.bytes()), r.objects(),
          r.copyMillis() / 1000.0, r.medianScanMillis(), 100 * r.ratio());
    }
    if (!results.inPlaceJobs().isEmpty()) {
      out.printf(Locale.ROOT, "%nMapReduce phase over %s (YARN, NodeManagers node1..node3):%n",
          ByteSize.format(s.mapReduceBytes()));
      out.println("| job | in place | HDFS copy | in place / copy | data-local maps in place | data-local maps copy |");
      out.println("|---|---|---|---|---|---|");
      for (int i = 0; i < results.inPlaceJobs().size(); i++) {
        ExampleJobs.Outcome a = results.inPlaceJobs().get(i);
        ExampleJobs.Outcome b = results.copyJobs().get(i);
        out.printf(Locale.ROOT, "| %s | %.1f s | %.1f s | %.2f | %d of %d | %d of %d |%n", a.name(), a.seconds(),
            b.seconds(), a.seconds() / b.seconds(), a.dataLocalMaps(), a.launchedMaps(), b.dataLocalMaps(),
            b.launchedMaps());
      }
    }
  }
}
