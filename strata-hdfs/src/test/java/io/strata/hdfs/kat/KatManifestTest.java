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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

  @TempDir
  Path temp;

  /** A small manifest's JSON as the ingest writes it, changed by {@code edit}. */
  private static String written(UnaryOperator<String> edit) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    KatManifest.of("tokens", PartitionMap.hashed(3), List.of("h1", "h2", "h3")).writeTo(out);
    return edit.apply(out.toString(StandardCharsets.UTF_8));
  }

  /** The reason each reader gives for refusing {@code json}: as a job's client reads it, and as the tools do. */
  private List<String> refusals(String json) throws IOException {
    ConfigException head = assertThrows(ConfigException.class, () -> KatManifest.readHead(
        new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)), "/dst/_kat.json"));
    assertTrue(head.getMessage().startsWith("/dst/_kat.json: not a KAT manifest: "), head.getMessage());
    return List.of(head.getMessage().substring("/dst/_kat.json: not a KAT manifest: ".length()),
        refusalOfTheWhole(json));
  }

  /** The reason the tools, which read the whole manifest, give for refusing {@code json}. */
  private String refusalOfTheWhole(String json) throws IOException {
    Files.writeString(temp.resolve(KatManifest.FILE), json);
    org.apache.hadoop.fs.Path dir = new org.apache.hadoop.fs.Path(temp.toUri());
    ConfigException whole = assertThrows(ConfigException.class,
        () -> KatManifest.read(FileSystem.getLocal(new Configuration()), dir));
    String file = KatManifest.file(dir).toString();
    assertTrue(whole.getMessage().startsWith(file + ": not a KAT manifest: "), whole.getMessage());
    return whole.getMessage().substring((file + ": not a KAT manifest: ").length());
  }

  @Test
  void aManifestWithoutAnOwnerPerPartitionOrAKeyFunctionIsRefusedByName() throws IOException {
    // Found by KatManifestFuzzTest: these were read, and strata kat check, heal and a job's splits then failed on an
    // index out of bounds (an owner short) or a null key function.
    String twoOwners = "it names 2 owners for 3 partitions (an owner each)";
    assertEquals(List.of(twoOwners, twoOwners), refusals(written(json -> json.replace("\"h1\", \"h2\", \"h3\"",
        "\"h1\", \"h2\""))));
    String noPartitions = "it has 0 partitions (at least 1)";
    assertEquals(List.of(noPartitions, noPartitions), refusals(written(json -> json.replace("\"partitions\" : 3",
        "\"partitions\" : 0"))));
    assertEquals("it names no key function", refusals(written(json -> json.replace("\"tokens\"", "null"))).get(1));
    assertEquals(List.of("it lacks the key function, the partition count, the owners or the batches",
        "it names 0 owners for 3 partitions (an owner each)"),
        refusals(written(json -> json.replace("[ \"h1\", \"h2\", \"h3\" ]", "null"))));
    String unowned = "it names no owner for partition 1";
    assertEquals(List.of(unowned, unowned), refusals(written(json -> json.replace("\"h2\"", "null"))));
  }

  @Test
  void aManifestWhosePartitionMapIsMissingOrDoesNotFitIsRefusedByName() throws IOException {
    // Found by KatManifestFuzzTest: such a manifest was read, and the ingest and a job's partitioner then failed on a
    // NullPointerException (no map) or a "partition map: ..." error that did not say which file.
    String oldTestManifest = "{\"assignedKeys\": {\"the\": 1}, \"buckets\": [0, 1, 2], \"format\": 1, "
        + "\"keyFunction\": \"tokens\", \"partitions\": 3, \"owners\": [\"h1\", \"h2\", \"h3\"], \"batches\": []}";
    assertEquals("it has no partition map (assignedKeys, buckets and expectedShares)",
        refusalOfTheWhole(oldTestManifest));
    assertEquals("partition map: 3 hash buckets, expected 1024",
        refusalOfTheWhole(oldTestManifest.replace("\"format\"", "\"expectedShares\": [0.3, 0.3, 0.4], \"format\"")));
    assertEquals("it has no partition map (assignedKeys, buckets and expectedShares)",
        refusalOfTheWhole(written(json -> json.replace("\"assignedKeys\" : { }", "\"assignedKeys\" : null"))));
    assertEquals("partition map: key 'the' is in partition 5, outside 0..2",
        refusalOfTheWhole(written(json -> json.replace("\"assignedKeys\" : { }", "\"assignedKeys\" : {\"the\": 5}"))));
  }

  @Test
  void bytesJsonCannotBeDecodedFromAreRefusedByName() throws IOException {
    // Found by KatManifestFuzzTest: bytes Jackson takes for UTF-32 (here of an unsupported byte order) threw a
    // CharConversionException that did not say which file.
    byte[] notJson = {0, 0, '*', 0, 0};
    ConfigException head = assertThrows(ConfigException.class,
        () -> KatManifest.readHead(new ByteArrayInputStream(notJson), "/dst/_kat.json"));
    assertEquals("/dst/_kat.json: not a KAT manifest: Unsupported UCS-4 endianness (2143) detected",
        head.getMessage());
    Files.write(temp.resolve(KatManifest.FILE), notJson);
    org.apache.hadoop.fs.Path dir = new org.apache.hadoop.fs.Path(temp.toUri());
    ConfigException whole = assertThrows(ConfigException.class,
        () -> KatManifest.read(FileSystem.getLocal(new Configuration()), dir));
    assertTrue(whole.getMessage().startsWith(KatManifest.file(dir) + ": not a KAT manifest: Unsupported UCS-4"),
        whole.getMessage());
  }
}
