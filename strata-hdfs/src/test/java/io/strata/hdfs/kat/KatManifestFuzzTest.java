package io.strata.hdfs.kat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.strata.core.config.ConfigException;
import io.strata.core.kat.PartitionMap;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.io.TempDir;

/**
 * Any bytes as a KAT directory's {@code _kat.json}, read as {@code strata kat check|heal|ingest} read it (the whole
 * manifest) and as a job's client does (its head): read, or refused with a {@link ConfigException} naming the file.
 * What is read must be usable as those tools use it (an owner per partition, a valid partition map), and must
 * survive being written back and the map file being derived from it.
 */
class KatManifestFuzzTest {
  private static final FileSystem LOCAL = local();

  @TempDir
  static Path dir;

  private static FileSystem local() {
    try {
      return FileSystem.getLocal(new Configuration());
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  @FuzzTest
  void read(byte[] input) throws IOException {
    org.apache.hadoop.fs.Path kat = new org.apache.hadoop.fs.Path(dir.toUri());
    Files.write(dir.resolve(KatManifest.FILE), input);
    try {
      usable(KatManifest.readHead(LOCAL, kat));
    } catch (ConfigException e) {
      assertTrue(e.getMessage().contains(KatManifest.FILE), e.getMessage());
    }
    KatManifest manifest;
    try {
      manifest = KatManifest.read(LOCAL, kat);
    } catch (ConfigException e) {
      assertTrue(e.getMessage().contains(KatManifest.FILE), e.getMessage());
      return;
    }
    usable(manifest.head());
    PartitionMap map = manifest.partitionMap();
    String digest = manifest.mapDigest();

    ByteArrayOutputStream json = new ByteArrayOutputStream();
    manifest.writeTo(json);
    Files.write(dir.resolve(KatManifest.FILE), json.toByteArray());
    KatManifest again = KatManifest.read(LOCAL, kat);
    assertEquals(manifest.head(), again.head());
    assertEquals(digest, again.mapDigest());
    assertArrayEquals(map.expectedShares(), again.partitionMap().expectedShares());

    ByteArrayOutputStream mapFile = new ByteArrayOutputStream();
    KatMapFile.write(manifest, digest, mapFile);
    PartitionMap derived = KatMapFile.read(new ByteArrayInputStream(mapFile.toByteArray()), digest);
    assertEquals(map.assigned(), derived.assigned());
    assertArrayEquals(map.buckets(), derived.buckets());
    assertArrayEquals(map.expectedShares(), derived.expectedShares());
  }

  /** What the tools and a job's splits take from a manifest: its key function, and each partition's owner. */
  private static void usable(KatManifest.Head head) {
    assertNotNull(head.keyFunction(), "the key function");
    assertTrue(head.partitions() >= 1, "partitions: " + head.partitions());
    for (int p = 0; p < head.partitions(); p++) {
      assertNotNull(head.owners().get(p), "the owner of partition " + p);
    }
  }
}
