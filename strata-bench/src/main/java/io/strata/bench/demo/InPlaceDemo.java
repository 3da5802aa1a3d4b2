package io.strata.bench.demo;

import io.strata.core.config.ByteSize;
import io.strata.embedded.yarn.ExampleJobs;
import io.strata.inplace.scan.CephUri;
import io.strata.inplace.scan.GifScanner;
import io.strata.inplace.testbed.InPlaceTestbed;
import io.strata.inplace.testbed.TextObjects;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * {@code strata demo --inplace}: objects written into Ceph are scanned, not copied; Hadoop lists them from the GIF,
 * reads them in place and runs Hadoop's own WordCount with its maps on the nodes holding the replicas.
 */
public final class InPlaceDemo {
  private InPlaceDemo() {}

  public static void run(java.nio.file.Path dir, int objects, long totalBytes, PrintStream out, PrintStream log)
      throws Exception {
    long started = System.nanoTime();
    out.println("In-place analytics over Ceph: Hadoop reads objects where they are and runs its maps on");
    out.println("the nodes that hold their replicas; nothing is copied into HDFS.");
    out.println();
    try (InPlaceTestbed testbed = InPlaceTestbed.start(dir, InPlaceTestbed.Options.defaults().withYarn(true), log)) {
      out.printf("1. Ceph up in %.1f s: 1 mon, 1 mgr, OSDs in CRUSH hosts %s, pool 'strata' with %d replicas.%n",
          testbed.ceph().startSeconds(), String.join(", ", testbed.ceph().hosts()), testbed.ceph().replicas());
      out.printf("   HDFS (DataNodes %s) and YARN (NodeManagers of the same names) up after %.0f s.%n",
          String.join(", ", testbed.hdfs().hosts()), seconds(started));

      int objectBytes = (int) Math.max(1, totalBytes / objects);
      List<String> names = TextObjects.write(testbed.pool(), "books/", objects, objectBytes, 42);
      out.printf("2. Wrote %d text objects of %s into Ceph with librados: %s ... %s%n", names.size(),
          ByteSize.format(objectBytes), names.get(0), names.get(names.size() - 1));

      FileSystem hdfs = testbed.hdfsFileSystem();
      Path gifPath = new Path("/strata/gif/strata.gif");
      GifScanner.Registered scan = GifScanner.scanAndWrite(testbed.rados(), CephUri.parse("ceph://strata/books/"), hdfs,
          gifPath, Clock.systemUTC());
      out.printf("3. strata scan ceph://strata/books/: %d objects (%s) registered in %d ms; no data copied.%n",
          scan.result().gif().entries().size(), ByteSize.format(scan.result().gif().header().bytes()),
          scan.totalMillis());
      out.printf("   The Global Information File is an ordinary HDFS file, %s:%n", hdfs.makeQualified(gifPath));
      try (BufferedReader reader = new BufferedReader(
          new InputStreamReader(hdfs.open(gifPath), StandardCharsets.UTF_8))) {
        String line;
        int rows = 0;
        while ((line = reader.readLine()) != null && rows < 4) {
          if (line.startsWith("#fsid") || line.startsWith("#prefix") || line.startsWith("#skipped")) {
            continue;
          }
          out.println("     " + line.replace('\t', ' '));
          rows += line.startsWith("#") ? 0 : 1;
        }
        out.println("     ... (TAB-separated; format: docs/gif-format.md)");
      }

      Configuration conf = testbed.conf();
      Path books = new Path("cephgif://strata/books");
      FileSystem cephgif = books.getFileSystem(conf);
      out.printf("4. Hadoop sees them as %s (listed from the GIF; block locations = replica hosts, primary first):%n",
          books);
      List<FileStatus> files = new ArrayList<>(List.of(cephgif.listStatus(books)));
      files.sort(Comparator.comparing(f -> f.getPath().getName()));
      for (FileStatus file : files.subList(0, Math.min(4, files.size()))) {
        BlockLocation[] blocks = cephgif.getFileBlockLocations(file, 0, file.getLen());
        out.printf("     %-48s %9s  on %s%n", file.getPath(), ByteSize.format(file.getLen()),
            String.join(", ", blocks[0].getHosts()));
      }
      if (files.size() > 4) {
        out.printf("     ... %d more%n", files.size() - 4);
      }

      out.println("5. Hadoop's own WordCount (hadoop-mapreduce-examples 3.4.2) on YARN over " + books + " ...");
      ExampleJobs.Outcome wordCount = ExampleJobs.wordCount(conf, books, new Path("/demo/wordcount"));
      out.printf("   done in %.1f s: %d maps (one per object), %d data-local (%.0f%%), %d rack-local.%n",
          wordCount.seconds(), wordCount.launchedMaps(), wordCount.dataLocalMaps(), 100 * wordCount.dataLocalShare(),
          wordCount.rackLocalMaps());
      List<String[]> counts = new ArrayList<>();
      for (String line : ExampleJobs.outputLines(hdfs, new Path("/demo/wordcount"))) {
        counts.add(line.split("\t"));
      }
      counts.sort(Comparator.comparingLong((String[] c) -> Long.parseLong(c[1])).reversed());
      StringBuilder top = new StringBuilder();
      for (String[] c : counts.subList(0, Math.min(5, counts.size()))) {
        top.append(top.length() == 0 ? "" : ", ").append(c[0]).append(' ').append(c[1]);
      }
      out.printf("   most frequent words: %s (%d distinct)%n", top, counts.size());
    }
    out.printf("%nDemo finished in %.0f s; everything it started is stopped. Your own cluster: strata ceph up, then"
        + " strata scan ceph://strata (see README, In-place analytics).%n", seconds(started));
  }

  private static double seconds(long startNanos) {
    return (System.nanoTime() - startNanos) / 1e9;
  }
}
