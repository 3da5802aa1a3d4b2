package io.strata.hdfs.kat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.kat.PartitionMap;
import io.strata.workloads.kat.ZipfWords;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KatMapFileTest {
  @TempDir
  Path temp;

  /** A manifest whose map assigns many Zipf words explicitly, as a large vocabulary's ingest makes it. */
  private static KatManifest manifest() {
    ZipfWords words = new ZipfWords(50_000, 1.0, 3);
    Map<String, Long> counts = new HashMap<>();
    for (int i = 0; i < 300_000; i++) {
      counts.merge(words.next(), 1L, Long::sum);
    }
    return KatManifest.of("tokens", PartitionMap.build(counts, 5, 20_000), List.of("a", "b", "c", "d", "e"));
  }

  @Test
  void theCompactMapPartitionsEveryKeyAsTheManifestsMapAndIsAFractionOfItsSize() throws IOException {
    KatManifest manifest = manifest();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    KatMapFile.write(manifest, manifest.mapDigest(), out);
    PartitionMap read = KatMapFile.read(new ByteArrayInputStream(out.toByteArray()), manifest.mapDigest());
    PartitionMap map = manifest.partitionMap();
    assertEquals(20_000, map.assigned().size());
    assertEquals(map.assigned(), read.assigned());
    assertArrayEquals(map.buckets(), read.buckets());
    assertArrayEquals(map.expectedShares(), read.expectedShares());
    for (String key : List.of("w0", "w1", "never-seen", "w" + Integer.toString(49_999, 36))) {
      assertEquals(map.partitionOf(key), read.partitionOf(key), key);
    }
    ByteArrayOutputStream json = new ByteArrayOutputStream();
    new com.fasterxml.jackson.databind.ObjectMapper()
        .enable(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT).writeValue(json, manifest);
    assertTrue(out.size() * 4 < json.size(), out.size() + " B against the manifest's " + json.size() + " B");
  }

  @Test
  void aMapFileOfAnotherMapIsRefused() throws IOException {
    KatManifest manifest = manifest();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    KatMapFile.write(manifest, manifest.mapDigest(), out);
    IOException e = assertThrows(IOException.class,
        () -> KatMapFile.read(new ByteArrayInputStream(out.toByteArray()), "0".repeat(64)));
    assertTrue(e.getMessage().contains("stale"), e.getMessage());
  }

  @Test
  void ensureWritesTheFileOnceAndRewritesItForAnotherMap() throws IOException {
    FileSystem fs = FileSystem.getLocal(new Configuration());
    org.apache.hadoop.fs.Path dir = new org.apache.hadoop.fs.Path(temp.toUri());
    KatManifest manifest = manifest();
    org.apache.hadoop.fs.Path file = KatMapFile.ensure(fs, dir, manifest);
    long written = fs.getFileStatus(file).getModificationTime();
    fs.setTimes(file, written - 60_000, -1);
    KatMapFile.ensure(fs, dir, manifest);
    assertEquals(written - 60_000, fs.getFileStatus(file).getModificationTime(), "an up-to-date file is kept");

    KatManifest other = KatManifest.of("tokens", PartitionMap.hashed(5), manifest.owners());
    KatMapFile.ensure(fs, dir, other);
    assertEquals(other.mapDigest(), KatMapFile.digestIfPresent(fs, file));
    assertEquals(PartitionMap.hashed(5).partitionOf("w1"),
        KatMapFile.read(fs.open(file), other.mapDigest()).partitionOf("w1"));
  }

  /** What follows a map file's header. */
  private interface Body {
    void write(DataOutputStream data) throws IOException;
  }

  /** A map file recording the digest "d", with this after its header, gzipped as the writer does it. */
  private static byte[] mapFile(Body body) throws IOException {
    ByteArrayOutputStream file = new ByteArrayOutputStream();
    try (DataOutputStream data = new DataOutputStream(new GZIPOutputStream(file))) {
      data.writeInt(0x4b41544d); // "KATM"
      data.writeInt(1);
      data.writeUTF("d");
      body.write(data);
    }
    return file.toByteArray();
  }

  /** A map file with these counts after its header, then zeros. */
  private static byte[] withCounts(int partitions, int buckets) throws IOException {
    return mapFile(data -> {
      data.writeInt(partitions);
      data.writeInt(buckets);
      data.write(new byte[4096]);
    });
  }

  @Test
  void damagedCountsAreRefusedWithoutSizingAnythingByThem() throws IOException {
    // Found by KatMapFileFuzzTest: a negative bucket count threw NegativeArraySizeException and a count of 879,113,782
    // partitions ran the task out of memory, both out of a file of a few kilobytes.
    for (int[] counts : new int[][] {{2, -385_679_360}, {0, 1024}, {2, 579}}) {
      byte[] file = withCounts(counts[0], counts[1]);
      IOException e = assertThrows(IOException.class, () -> KatMapFile.read(new ByteArrayInputStream(file), "d"));
      assertTrue(e.getMessage().startsWith("_kat.map is damaged: it claims " + counts[0] + " partitions and "
          + counts[1] + " hash buckets"), e.getMessage());
    }
    byte[] huge = withCounts(879_113_782, 1024);
    assertThrows(IOException.class, () -> KatMapFile.read(new ByteArrayInputStream(huge), "d"));
  }

  @Test
  void aTruncatedOrInconsistentMapFileIsRefusedByName() throws IOException {
    // Found by KatMapFileFuzzTest: an empty file gave an EOFException with no message, and a bucket in a partition
    // the map does not have a "partition map: ..." error that did not say which file.
    IOException empty = assertThrows(IOException.class,
        () -> KatMapFile.read(new ByteArrayInputStream(new byte[0]), "d"));
    assertEquals("_kat.map is truncated: it ends before its map does", empty.getMessage());
    byte[] bucketOutside = mapFile(data -> {
      data.writeInt(3);
      data.writeInt(PartitionMap.BUCKETS);
      for (int b = 0; b < PartitionMap.BUCKETS; b++) {
        data.writeInt(b == 46 ? 131_072 : 0);
      }
      for (int p = 0; p < 3; p++) {
        data.writeDouble(1.0 / 3);
      }
      for (int p = 0; p < 3; p++) {
        data.writeInt(0);
      }
    });
    IOException outside = assertThrows(IOException.class,
        () -> KatMapFile.read(new ByteArrayInputStream(bucketOutside), "d"));
    assertEquals("_kat.map is damaged: partition map: bucket 46 is in partition 131072, outside 0..2",
        outside.getMessage());
    byte[] badKey = mapFile(data -> {
      data.writeInt(1);
      data.writeInt(PartitionMap.BUCKETS);
      data.write(new byte[4 * PartitionMap.BUCKETS]);
      data.writeDouble(1);
      data.writeInt(1);
      data.write(new byte[] {0, 1, (byte) 0xff});
    });
    IOException damaged = assertThrows(IOException.class,
        () -> KatMapFile.read(new ByteArrayInputStream(badKey), "d"));
    assertTrue(damaged.getMessage().startsWith("_kat.map is damaged: "), damaged.getMessage());
  }
}
