package io.strata.inplace.scan;

import io.strata.inplace.gif.Gif;
import io.strata.inplace.gif.GifEntry;
import io.strata.inplace.gif.GifFiles;
import io.strata.inplace.gif.GifFormatException;
import io.strata.inplace.gif.GifHeader;
import io.strata.inplace.placement.OsdMapSnapshot;
import io.strata.inplace.rados.RadosCluster;
import io.strata.inplace.rados.RadosPool;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The initial object store scan (in-place analytics paper, section 4.2): lists the objects of a pool (under a prefix), stats
 * them, computes where each one's replicas are, and builds the Global Information File. Run again, it picks up
 * new, changed and deleted objects; {@link Result#diff()} says which.
 */
public final class GifScanner {
  /** Stats kept outstanding at once: enough to hide the round trip on loopback and on a LAN. */
  public static final int STAT_WINDOW = 256;

  private GifScanner() {}

  /** How long each phase took, in milliseconds. */
  public record Timings(long listMillis, long statMillis, long placementMillis, long totalMillis) {}

  /**
   * What changed against the previous GIF ({@code againstPrevious} false when there was none). An object counts
   * as changed when its size, its modification time (librados reports whole seconds) or its block name (so its
   * placement) differ.
   */
  public record Diff(boolean againstPrevious, int added, int changed, int removed, int unchanged,
      List<String> examples) {}

  /** A finished scan. {@code skipped} lists objects whose names cannot be Hadoop paths (why, per object). */
  public record Result(Gif gif, Timings timings, Diff diff, List<String> skipped) {}

  /**
   * A scan registered in Hadoop: the GIF written to {@code out} (previous version read first, to report what
   * changed), and the whole time from the first Ceph request to the GIF's rename, which is what the in-place
   * path costs instead of copying data into HDFS.
   */
  public record Registered(Result result, Path gifPath, long writeMillis, long totalMillis, String previousProblem) {}

  public static Registered scanAndWrite(RadosCluster cluster, CephUri what, FileSystem fs, Path out, Clock clock)
      throws IOException {
    long started = System.nanoTime();
    Path gifPath = fs.makeQualified(out);
    Gif previous = null;
    String previousProblem = null;
    if (fs.exists(gifPath)) {
      try {
        previous = GifFiles.read(fs, gifPath);
        if (!previous.header().pool().equals(what.pool())) {
          throw new IllegalArgumentException(gifPath + " is the GIF of pool '" + previous.header().pool()
              + "', not of '" + what.pool() + "'; choose another --out");
        }
      } catch (GifFormatException e) {
        previousProblem = "the previous GIF could not be read, so it is replaced without a comparison: "
            + e.getMessage();
      }
    }
    Result result = scan(cluster, what, previous, clock);
    long writeStarted = System.nanoTime();
    GifFiles.write(fs, gifPath, result.gif());
    return new Registered(result, gifPath, millisSince(writeStarted), millisSince(started), previousProblem);
  }

  public static Result scan(RadosCluster cluster, CephUri what, Gif previous, Clock clock) throws IOException {
    long started = System.nanoTime();
    List<String> names = new ArrayList<>();
    long listMillis;
    long statMillis;
    List<RadosPool.ObjectStat> stats;
    try (RadosPool pool = cluster.openPool(what.pool())) {
      pool.listObjects(name -> {
        if (name.startsWith(what.prefix())) {
          names.add(name);
        }
      });
      listMillis = millisSince(started);
      long statStarted = System.nanoTime();
      stats = pool.statAll(names, STAT_WINDOW);
      statMillis = millisSince(statStarted);
    }
    long placementStarted = System.nanoTime();
    OsdMapSnapshot map = OsdMapSnapshot.fetch(cluster, what.pool());
    long placementMillis = millisSince(placementStarted);

    List<String> skipped = new ArrayList<>();
    List<GifEntry> entries = new ArrayList<>(names.size());
    Set<String> directories = new HashSet<>();
    for (int i = 0; i < names.size(); i++) {
      RadosPool.ObjectStat stat = stats.get(i);
      String name = names.get(i);
      if (stat == null) {
        continue; // deleted between listing and stat: it is gone, like any deleted object
      }
      String problem = pathProblem(name);
      if (problem != null) {
        skipped.add(name + ": " + problem);
        continue;
      }
      OsdMapSnapshot.PgPlacement placement = map.placementOf(name);
      String fileName = "/" + name;
      entries.add(new GifEntry(fileName, blockName(map, name, placement), placement.hosts(), what.pool(), name,
          stat.size(), stat.mtimeSeconds(), placement.pgid()));
      for (int slash = fileName.indexOf('/', 1); slash > 0; slash = fileName.indexOf('/', slash + 1)) {
        directories.add(fileName.substring(0, slash));
      }
    }
    // An object named like a "directory" of other objects ("a" beside "a/b") cannot be both in Hadoop: keep the
    // directory, so the deeper objects stay visible, and report the object.
    List<GifEntry> kept = new ArrayList<>(entries.size());
    for (GifEntry entry : entries) {
      if (directories.contains(entry.fileName())) {
        skipped.add(entry.objectName() + ": other objects use it as a directory (" + entry.objectName() + "/...)");
      } else {
        kept.add(entry);
      }
    }
    long bytes = kept.stream().mapToLong(GifEntry::size).sum();
    GifHeader header = new GifHeader(GifHeader.VERSION, map.fsid(), what.pool(), map.pool().id(), map.pool().size(),
        map.epoch(), what.prefix(), clock.instant().truncatedTo(ChronoUnit.MILLIS), kept.size(),
        bytes, skipped.size());
    Gif gif = new Gif(header, kept);
    Diff diff = diff(previous, gif);
    return new Result(gif, new Timings(listMillis, statMillis, placementMillis, millisSince(started)), diff,
        List.copyOf(skipped));
  }

  /** Why an object name cannot become a Hadoop path, or null when it can. */
  static String pathProblem(String name) {
    if (name.isEmpty()) {
      return "empty name";
    }
    for (String component : name.split("/", -1)) {
      if (component.isEmpty()) {
        return "empty path component (leading, trailing or double '/')";
      }
      if (component.equals(".") || component.equals("..")) {
        return "'" + component + "' as a path component";
      }
    }
    return null;
  }

  /**
   * The pre-calculated block name: "blk_" and 63 bits of SHA-256 over the object's identity (cluster, pool,
   * name), its location (placement group and replica hosts) and its replication, so it changes whenever the
   * object moves.
   */
  static String blockName(OsdMapSnapshot map, String objectName, OsdMapSnapshot.PgPlacement placement) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      String identity = String.join("\u0000", map.fsid(), Long.toString(map.pool().id()), objectName,
          placement.pgid(), String.join(",", placement.hosts()), Integer.toString(map.pool().size()));
      byte[] digest = sha.digest(identity.getBytes(StandardCharsets.UTF_8));
      return "blk_" + (ByteBuffer.wrap(digest).getLong() & Long.MAX_VALUE);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }

  static Diff diff(Gif previous, Gif current) {
    if (previous == null) {
      return new Diff(false, 0, 0, 0, 0, List.of());
    }
    Map<String, GifEntry> before = previous.entries().stream()
        .collect(Collectors.toMap(GifEntry::fileName, Function.identity()));
    int added = 0;
    int changed = 0;
    int unchanged = 0;
    List<String> examples = new ArrayList<>();
    for (GifEntry entry : current.entries()) {
      GifEntry old = before.remove(entry.fileName());
      if (old == null) {
        added++;
        example(examples, "+ " + entry.fileName());
      } else if (old.size() != entry.size() || old.mtimeSeconds() != entry.mtimeSeconds()
          || !old.blockName().equals(entry.blockName())) {
        changed++;
        example(examples, "~ " + entry.fileName());
      } else {
        unchanged++;
      }
    }
    before.keySet().stream().sorted().forEach(name -> example(examples, "- " + name));
    return new Diff(true, added, changed, before.size(), unchanged, List.copyOf(examples));
  }

  private static void example(List<String> examples, String line) {
    if (examples.size() < 10) {
      examples.add(line);
    }
  }

  private static long millisSince(long startNanos) {
    return (System.nanoTime() - startNanos) / 1_000_000;
  }
}
