package io.strata.hdfs.kat;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.strata.core.config.ConfigException;
import io.strata.core.kat.PartitionMap;
import java.io.CharConversionException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Options.Rename;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/**
 * What a KAT ingest recorded with the data in its directory DST: the key function, the partition map, each
 * partition's owner (the DataNode its records live on) and every ingest batch. It is {@code DST/_kat.json}
 * (hidden from MapReduce's input listing by its underscore), and the key function, partition count and the
 * map's digest are also extended attributes of DST, so {@code hdfs dfs -getfattr -d DST} shows them. The map
 * comes last in the file, so that a job's client reads the {@link Head} and stops before it.
 */
@JsonPropertyOrder({"format", "keyFunction", "partitions", "owners", "batches", "assignedKeys", "buckets",
    "expectedShares"})
public record KatManifest(int format, String keyFunction, int partitions, List<String> owners,
    Map<String, Integer> assignedKeys, int[] buckets, double[] expectedShares, List<Batch> batches) {

  public static final String FILE = "_kat.json";
  public static final String REJECTS_DIR = "_rejects";
  public static final String XATTR_KEY = "user.strata.kat.key";
  public static final String XATTR_PARTITIONS = "user.strata.kat.partitions";
  public static final String XATTR_MAP_DIGEST = "user.strata.kat.map-sha256";
  /** On each partition file: its partition number and its owner. */
  public static final String XATTR_PARTITION = "user.strata.kat.partition";
  public static final String XATTR_OWNER = "user.strata.kat.owner";
  private static final TypeReference<List<String>> OWNERS = new TypeReference<>() {};
  private static final TypeReference<List<Batch>> BATCHES = new TypeReference<>() {};
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  /** One ingest: what it read and wrote, and how long it took. */
  public record Batch(int batch, List<String> sources, long lines, long records, long malformed, long bytesWritten,
      double seconds, String rejects) {}

  public KatManifest {
    Head.check(keyFunction, partitions, owners, batches);
    if (assignedKeys == null || assignedKeys.values().stream().anyMatch(Objects::isNull) || buckets == null
        || expectedShares == null) {
      throw new ConfigException("it has no partition map (assignedKeys, buckets and expectedShares)");
    }
    // Checked once here, so that a map that does not fit the partitions is refused where it is read, by file name,
    // not at the first record an ingest or a job's partitioner places.
    new PartitionMap(partitions, assignedKeys, buckets, expectedShares);
    owners = List.copyOf(owners);
    batches = List.copyOf(batches);
  }

  public static KatManifest of(String keyFunction, PartitionMap map, List<String> owners) {
    return new KatManifest(1, keyFunction, map.partitions(), owners, map.assigned(), map.buckets(),
        map.expectedShares(), List.of());
  }

  public PartitionMap partitionMap() {
    return new PartitionMap(partitions, assignedKeys, buckets, expectedShares);
  }

  public KatManifest withBatch(Batch batch) {
    List<Batch> more = new ArrayList<>(batches);
    more.add(batch);
    return new KatManifest(format, keyFunction, partitions, owners, assignedKeys, buckets, expectedShares, more);
  }

  public KatManifest withOwners(List<String> newOwners) {
    return new KatManifest(format, keyFunction, partitions, newOwners, assignedKeys, buckets, expectedShares,
        batches);
  }

  /** The directory of partition {@code p} under {@code dir}. */
  public static Path partitionDir(Path dir, int partition) {
    return new Path(dir, String.format("p-%05d", partition));
  }

  /** The files of partition {@code p} under {@code dir}: see {@link Head#partitionFiles}. */
  public List<FileStatus> partitionFiles(FileSystem fs, Path dir, int p) throws IOException {
    return head().partitionFiles(fs, dir, p);
  }

  /** Everything but the partition map. */
  public Head head() {
    return new Head(keyFunction, partitions, owners, batches);
  }

  /**
   * The manifest without its partition map: what a job needs to list and place its splits. The map can be
   * megabytes (3.4 MB for 200,000 keys); a job's client on a slow link should not fetch it.
   */
  public record Head(String keyFunction, int partitions, List<String> owners, List<Batch> batches) {
    public Head {
      check(keyFunction, partitions, owners, batches);
      owners = List.copyOf(owners);
      batches = List.copyOf(batches);
    }

    /**
     * Refuses what the tools and a job's splits could not use: they take the key function, and each partition's
     * owner and files.
     */
    private static void check(String keyFunction, int partitions, List<String> owners, List<Batch> batches) {
      if (keyFunction == null) {
        throw new ConfigException("it names no key function");
      }
      if (partitions < 1) {
        throw new ConfigException("it has " + partitions + " partitions (at least 1)");
      }
      if (owners == null || owners.size() != partitions) {
        throw new ConfigException("it names " + (owners == null ? 0 : owners.size()) + " owners for " + partitions
            + " partitions (an owner each)");
      }
      for (int p = 0; p < partitions; p++) {
        if (owners.get(p) == null) {
          throw new ConfigException("it names no owner for partition " + p);
        }
      }
      if (batches == null || batches.stream().anyMatch(Objects::isNull)) {
        throw new ConfigException("its list of batches is missing or has an empty entry");
      }
    }

    /**
     * The files of partition {@code p} under {@code dir} that the manifest lists, in batch order: a file a killed
     * ingest left is not read, and one a batch did not write (removed by hand) is left out.
     */
    public List<FileStatus> partitionFiles(FileSystem fs, Path dir, int p) throws IOException {
      List<FileStatus> files = new ArrayList<>();
      for (Batch batch : batches) {
        Path file = new Path(partitionDir(dir, p), String.format("b-%05d", batch.batch()));
        if (fs.exists(file)) {
          files.add(fs.getFileStatus(file));
        }
      }
      return files;
    }
  }

  /** The partition a file under DST belongs to, from its directory's name; -1 if it is no partition file. */
  public static int partitionOf(Path file) {
    String name = file.getParent() == null ? "" : file.getParent().getName();
    if (!name.matches("p-\\d{5}")) {
      return -1;
    }
    return Integer.parseInt(name.substring(2));
  }

  public static Path file(Path dir) {
    return new Path(dir, FILE);
  }

  /** The manifest of {@code dir}, or null if nothing was ingested there. */
  public static KatManifest readIfPresent(FileSystem fs, Path dir) throws IOException {
    try (InputStream in = fs.open(file(dir))) {
      return JSON.readValue(in, KatManifest.class);
    } catch (FileNotFoundException e) {
      return null;
    } catch (JacksonException | CharConversionException e) {
      // CharConversionException: bytes Jackson cannot decode in the encoding it detected (UTF-32 of either order).
      throw notAManifest(file(dir).toString(), e);
    }
  }

  private static ConfigException notAManifest(String name, Exception e) {
    // A manifest its own checks refused says what is wrong; Jackson's wrapper only adds the record's class name.
    String why = e.getCause() instanceof ConfigException refused ? refused.getMessage()
        : e instanceof JacksonException jackson ? jackson.getOriginalMessage() : e.getMessage();
    return new ConfigException(name + ": not a KAT manifest: " + why);
  }

  /** The manifest of {@code dir}; a clear error if there is none. */
  public static KatManifest read(FileSystem fs, Path dir) throws IOException {
    KatManifest manifest = readIfPresent(fs, dir);
    if (manifest == null) {
      throw noKatData(dir);
    }
    return manifest;
  }

  /**
   * The {@link Head} of {@code dir}'s manifest, read up to the partition map and no further; a clear error if
   * there is none.
   */
  public static Head readHead(FileSystem fs, Path dir) throws IOException {
    try (InputStream in = fs.open(file(dir), 4096)) {
      return readHead(in, file(dir).toString());
    } catch (FileNotFoundException e) {
      throw noKatData(dir);
    }
  }

  private static ConfigException noKatData(Path dir) {
    return new ConfigException(dir + " holds no KAT data (no " + FILE + "); run strata kat ingest first");
  }

  /** {@link #readHead(FileSystem, Path)} from a stream; {@code name} names it in errors. */
  static Head readHead(InputStream in, String name) throws IOException {
    String keyFunction = null;
    Integer partitions = null;
    List<String> owners = null;
    List<Batch> batches = null;
    try (JsonParser parser = JSON.getFactory().createParser(in)) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        throw new ConfigException(name + ": not a KAT manifest: not a JSON object");
      }
      while (parser.nextToken() == JsonToken.FIELD_NAME
          && (keyFunction == null || partitions == null || owners == null || batches == null)) {
        String field = parser.currentName();
        parser.nextToken();
        switch (field) {
          case "keyFunction" -> keyFunction = parser.getValueAsString();
          case "partitions" -> partitions = parser.getIntValue();
          case "owners" -> owners = JSON.readValue(parser, OWNERS);
          case "batches" -> batches = JSON.readValue(parser, BATCHES);
          default -> parser.skipChildren();
        }
      }
    } catch (JacksonException | CharConversionException e) {
      // CharConversionException: bytes Jackson cannot decode in the encoding it detected (UTF-32 of either order).
      throw notAManifest(name, e);
    }
    if (keyFunction == null || partitions == null || owners == null || batches == null) {
      throw new ConfigException(name + ": not a KAT manifest: it lacks the key function, the partition count, "
          + "the owners or the batches");
    }
    try {
      return new Head(keyFunction, partitions, owners, batches);
    } catch (ConfigException e) {
      throw notAManifest(name, e);
    }
  }

  /**
   * Writes the manifest next to the data (a temporary file renamed over the old one), DST's attributes, and the
   * map's compact copy for jobs' tasks ({@link KatMapFile}) if it does not hold this map yet.
   */
  public void write(FileSystem fs, Path dir) throws IOException {
    Path tmp = new Path(dir, "." + FILE + ".tmp");
    try (OutputStream out = fs.create(tmp, true)) {
      writeTo(out);
    }
    if (fs instanceof DistributedFileSystem dfs) {
      dfs.rename(tmp, file(dir), Rename.OVERWRITE);
    } else {
      fs.delete(file(dir), false);
      fs.rename(tmp, file(dir));
    }
    fs.setXAttr(dir, XATTR_KEY, keyFunction.getBytes(StandardCharsets.UTF_8));
    fs.setXAttr(dir, XATTR_PARTITIONS, Integer.toString(partitions).getBytes(StandardCharsets.UTF_8));
    String digest = mapDigest();
    fs.setXAttr(dir, XATTR_MAP_DIGEST, digest.getBytes(StandardCharsets.UTF_8));
    KatMapFile.ensure(fs, dir, this, digest);
  }

  /** The manifest as JSON, its partition map last. */
  void writeTo(OutputStream out) throws IOException {
    JSON.writeValue(out, this);
  }

  /** SHA-256 of the partition map (keys sorted), to tell two maps apart. */
  public String mapDigest() {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      digest.update(Integer.toString(partitions).getBytes(StandardCharsets.UTF_8));
      new java.util.TreeMap<>(assignedKeys).forEach((k, v) -> {
        digest.update(k.getBytes(StandardCharsets.UTF_8));
        digest.update((byte) 0);
        digest.update(Integer.toString(v).getBytes(StandardCharsets.UTF_8));
      });
      for (int b : buckets) {
        digest.update((byte) b);
      }
      return HexFormat.of().formatHex(digest.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
