package io.strata.hdfs.kat;

import io.strata.core.config.ConfigException;
import io.strata.core.kat.PartitionMap;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UTFDataFormatException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.DoubleStream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Options.Rename;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/**
 * The partition map of a KAT directory in a compact binary form, {@code DST/_kat.map}, for the tasks of a
 * drop-in job: its partitioner needs the whole map (up to {@link PartitionMap#DEFAULT_MAX_ASSIGNED_KEYS} keys),
 * which the JSON manifest holds in 3.4 MB that cost a map task about a second of CPU to parse. This file holds the
 * same map gzipped (keys sorted within each partition, 0.5 MB for 200,000 keys) and loads in a third of that CPU;
 * the drop-in job ships it through the distributed cache, so each NodeManager fetches it once.
 *
 * <p>The manifest stays the record of the map; this file is derived from it and carries the manifest's
 * {@link KatManifest#mapDigest()}, which a reader checks, so a stale copy is never used.
 */
public final class KatMapFile {
  public static final String FILE = "_kat.map";
  private static final int MAGIC = 0x4b41544d; // "KATM"
  private static final int VERSION = 1;

  private KatMapFile() {}

  public static Path file(Path dir) {
    return new Path(dir, FILE);
  }

  /**
   * Writes {@code dir/_kat.map} from {@code manifest} unless it already holds the manifest's map; returns its
   * path. Written to a temporary file and renamed over it, so a reader sees the old file or the new one.
   */
  public static Path ensure(FileSystem fs, Path dir, KatManifest manifest) throws IOException {
    return ensure(fs, dir, manifest, manifest.mapDigest());
  }

  /** {@link #ensure(FileSystem, Path, KatManifest)} with the manifest's digest already computed. */
  public static Path ensure(FileSystem fs, Path dir, KatManifest manifest, String digest) throws IOException {
    return ensure(fs, dir, digest, () -> manifest);
  }

  /** Where the manifest comes from when the map file must be written: a job's client reads it only then. */
  @FunctionalInterface
  public interface ManifestSource {
    KatManifest read() throws IOException;
  }

  /**
   * {@link #ensure(FileSystem, Path, KatManifest)} for the map with {@code digest}, taking the manifest from
   * {@code source} only if the file does not hold that map yet.
   */
  public static Path ensure(FileSystem fs, Path dir, String digest, ManifestSource source) throws IOException {
    Path file = file(dir);
    if (digest.equals(digestIfPresent(fs, file))) {
      return file;
    }
    // A name of its own: two clients may bring the same old directory up to date at once.
    Path tmp = new Path(dir, "." + FILE + "." + java.util.UUID.randomUUID() + ".tmp");
    try (OutputStream out = fs.create(tmp, true)) {
      write(source.read(), digest, out);
    }
    if (fs instanceof DistributedFileSystem dfs) {
      dfs.rename(tmp, file, Rename.OVERWRITE);
    } else {
      fs.delete(file, false);
      fs.rename(tmp, file);
    }
    return file;
  }

  /** The map digest recorded in {@code file}, or null if there is no such file or it is not a map file. */
  static String digestIfPresent(FileSystem fs, Path file) throws IOException {
    // Small buffers: the header is the first few dozen bytes, and a client should not fetch the whole file.
    try (DataInputStream in = open(fs.open(file), 512)) {
      return header(in);
    } catch (FileNotFoundException e) {
      return null;
    } catch (IOException e) {
      return null; // unreadable or not a map file: rewritten
    }
  }

  /** Writes the map of {@code manifest}, whose {@link KatManifest#mapDigest()} is {@code digest}, to {@code out}. */
  public static void write(KatManifest manifest, String digest, OutputStream out) throws IOException {
    List<List<String>> byPartition = new ArrayList<>();
    for (int p = 0; p < manifest.partitions(); p++) {
      byPartition.add(new ArrayList<>());
    }
    manifest.assignedKeys().forEach((key, p) -> byPartition.get(p).add(key));
    GZIPOutputStream zip = new GZIPOutputStream(out, 1 << 16);
    DataOutputStream data = new DataOutputStream(new BufferedOutputStream(zip, 1 << 16));
    data.writeInt(MAGIC);
    data.writeInt(VERSION);
    data.writeUTF(digest);
    data.writeInt(manifest.partitions());
    int[] buckets = manifest.buckets();
    data.writeInt(buckets.length);
    for (int b : buckets) {
      data.writeInt(b);
    }
    for (double share : manifest.expectedShares()) {
      data.writeDouble(share);
    }
    for (List<String> keys : byPartition) {
      Collections.sort(keys); // neighbours share prefixes: gzip packs them tighter
      data.writeInt(keys.size());
      for (String key : keys) {
        data.writeUTF(key);
      }
    }
    data.flush();
    zip.finish();
  }

  /**
   * The map in {@code in} (closed afterwards); refused unless it is the map whose digest is {@code digest}, the
   * manifest's, so a job never partitions by a map other than the one its data was ingested with.
   */
  public static PartitionMap read(InputStream in, String digest) throws IOException {
    try (DataInputStream data = open(in)) {
      String recorded = header(data);
      if (!recorded.equals(digest)) {
        throw new IOException(FILE + " holds the partition map " + recorded + ", the manifest's is " + digest
            + ": it is stale; rewrite it with KatMapFile.ensure");
      }
      int partitions = data.readInt();
      int bucketCount = data.readInt();
      // A damaged count must not size an array (negative, or gigabytes): check it, and let what is read grow with
      // what the file holds.
      if (partitions < 1 || bucketCount != PartitionMap.BUCKETS) {
        throw new IOException(FILE + " is damaged: it claims " + partitions + " partitions and " + bucketCount
            + " hash buckets (a map has at least 1 partition and " + PartitionMap.BUCKETS + " buckets)");
      }
      int[] buckets = new int[PartitionMap.BUCKETS];
      for (int b = 0; b < buckets.length; b++) {
        buckets[b] = data.readInt();
      }
      DoubleStream.Builder shares = DoubleStream.builder();
      for (int p = 0; p < partitions; p++) {
        shares.add(data.readDouble());
      }
      Map<String, Integer> assigned = new HashMap<>();
      for (int p = 0; p < partitions; p++) {
        Integer partition = p;
        int keys = data.readInt();
        for (int k = 0; k < keys; k++) {
          assigned.put(data.readUTF(), partition);
        }
      }
      try {
        return new PartitionMap(partitions, assigned, buckets, shares.build().toArray());
      } catch (ConfigException e) {
        throw new IOException(FILE + " is damaged: " + e.getMessage(), e);
      }
    } catch (EOFException e) {
      throw new IOException(FILE + " is truncated: it ends before its map does", e);
    } catch (UTFDataFormatException | ZipException e) {
      throw new IOException(FILE + " is damaged: " + e.getMessage(), e);
    }
  }

  private static DataInputStream open(InputStream in) throws IOException {
    return open(in, 1 << 16);
  }

  private static DataInputStream open(InputStream in, int buffer) throws IOException {
    try {
      return new DataInputStream(new BufferedInputStream(new GZIPInputStream(in, buffer), buffer));
    } catch (IOException e) {
      in.close();
      throw e;
    }
  }

  private static String header(DataInputStream in) throws IOException {
    if (in.readInt() != MAGIC || in.readInt() != VERSION) {
      throw new IOException(FILE + " is not a KAT map file (version " + VERSION + ")");
    }
    return in.readUTF();
  }
}
