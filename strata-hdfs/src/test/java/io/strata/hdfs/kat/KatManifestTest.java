package io.strata.hdfs.kat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.config.ConfigException;
import io.strata.core.kat.PartitionMap;
import io.strata.workloads.kat.ZipfWords;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KatManifestTest {
  /** A manifest with a large map (many keys assigned explicitly) and two batches. */
  private static KatManifest manifest() {
    ZipfWords words = new ZipfWords(50_000, 1.0, 3);
    Map<String, Long> counts = new HashMap<>();
    for (int i = 0; i < 300_000; i++) {
      counts.merge(words.next(), 1L, Long::sum);
    }
    return KatManifest.of("tokens", PartitionMap.build(counts, 3, 20_000), List.of("h1", "h2", "h3"))
        .withBatch(new KatManifest.Batch(0, List.of("/in/a"), 10, 12, 0, 1000, 1.5, null))
        .withBatch(new KatManifest.Batch(1, List.of("/in/b"), 20, 24, 1, 2000, 2.5, "/dst/_rejects/b-00001"));
  }

  /** Counts the bytes a reader took from the stream. */
  private static final class Counting extends FilterInputStream {
    long read;

    Counting(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      read += b < 0 ? 0 : 1;
      return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      int n = super.read(buffer, offset, length);
      read += Math.max(0, n);
      return n;
    }
  }

  @Test
  void theHeadIsReadWithoutTheMapWhichComesLast() throws IOException {
    KatManifest manifest = manifest();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    manifest.writeTo(out);
    Counting in = new Counting(new ByteArrayInputStream(out.toByteArray()));

    KatManifest.Head head = KatManifest.readHead(in, "test manifest");

    assertEquals(manifest.head(), head);
    assertEquals(2, head.batches().size());
    assertEquals("/dst/_rejects/b-00001", head.batches().get(1).rejects());
    assertTrue(out.size() > 200_000, "the map makes the manifest large: " + out.size() + " bytes");
    // The parser reads ahead by its buffer (8 KiB), no more.
    assertTrue(in.read < 16_384, "read " + in.read + " of " + out.size() + " bytes");
  }

  @Test
  void aManifestWithTheMapFirstStillGivesItsHead() throws IOException {
    KatManifest manifest = manifest();
    String mapFirst = "{\"assignedKeys\": {\"the\": 1}, \"buckets\": [0, 1, 2], \"format\": 1, \"keyFunction\": "
        + "\"tokens\", \"partitions\": 3, \"owners\": [\"h1\", \"h2\", \"h3\"], \"batches\": []}";
    KatManifest.Head head = KatManifest.readHead(new ByteArrayInputStream(mapFirst.getBytes(
        StandardCharsets.UTF_8)), "old manifest");
    assertEquals(new KatManifest.Head("tokens", 3, manifest.owners(), List.of()), head);
  }

  @Test
  void aFileThatIsNoManifestIsNamedWithWhatIsWrong() {
    ConfigException notJson = assertThrows(ConfigException.class, () -> KatManifest.readHead(
        new ByteArrayInputStream("owners: [h1]".getBytes(StandardCharsets.UTF_8)), "/dst/_kat.json"));
    assertTrue(notJson.getMessage().startsWith("/dst/_kat.json: not a KAT manifest"), notJson.getMessage());
    ConfigException missing = assertThrows(ConfigException.class, () -> KatManifest.readHead(
        new ByteArrayInputStream("{\"keyFunction\": \"tokens\", \"partitions\": 2}".getBytes(
            StandardCharsets.UTF_8)),
        "/dst/_kat.json"));
    assertTrue(missing.getMessage().contains("lacks the key function, the partition count, the owners or the "
        + "batches"), missing.getMessage());
  }
}
