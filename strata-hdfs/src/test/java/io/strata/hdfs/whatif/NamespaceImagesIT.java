package io.strata.hdfs.whatif;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.spec.Presets;
import io.strata.core.whatif.BadInputException;
import io.strata.core.whatif.BadInputs;
import io.strata.core.whatif.DelimitedImageReader;
import io.strata.core.whatif.NamespaceEntry;
import io.strata.core.whatif.NamespaceReader;
import io.strata.embedded.EmbeddedCluster;
import java.io.IOException;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.SafeModeAction;
import org.apache.hadoop.hdfs.server.namenode.FSImageUtil;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.FileSummary;
import org.apache.hadoop.hdfs.tools.DFSAdmin;
import org.apache.hadoop.hdfs.tools.offlineImageViewer.OfflineImageViewerPB;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real NameNode's namespace, saved and fetched as an operator would ({@code dfsadmin -saveNamespace} in safe
 * mode, {@code -fetchImage}), read by both readers: the binary fsimage directly, and the text Hadoop's own {@code
 * oiv -p Delimited} makes of it. Both must give exactly the files written, with their sizes, replication, block
 * sizes and storage policies, whether set on the file or inherited from a directory.
 */
class NamespaceImagesIT {
  private static final String ROOT = "/whatif";
  @TempDir
  static Path dir;
  static EmbeddedCluster cluster;
  static DistributedFileSystem fs;
  static Path image;
  /** What the NameNode says of every file under {@link #ROOT}, by path. */
  static final Map<String, FileStatus> WRITTEN = new TreeMap<>();
  static final Map<String, String> POLICIES = new TreeMap<>();

  @BeforeAll
  static void writeSaveAndFetch() throws Exception {
    cluster = EmbeddedCluster.start(Presets.load("hybrid-node"),
        EmbeddedCluster.Options.defaults(dir.resolve("hdfs")).withEmulation(false).withBlockSize(128 << 10));
    fs = cluster.fileSystem();
    mkdirs(ROOT + "/plain", null);
    mkdirs(ROOT + "/ssd/deep/deeper", "ALL_SSD");
    mkdirs(ROOT + "/onessd", "ONE_SSD");
    mkdirs(ROOT + "/warm", "WARM");
    mkdirs(ROOT + "/snap", null);
    long[] blockSizes = {64 << 10, 128 << 10, 256 << 10};
    int[] sizes = {0, 1, 4096, 100_000, 300_000, 700_000};
    String[] dirs = {"/plain", "/ssd", "/ssd/deep/deeper", "/onessd", "/warm"};
    for (int i = 0; i < 30; i++) {
      write(ROOT + dirs[i % dirs.length] + "/f" + i, sizes[i % sizes.length], (short) (1 + i % 3),
          blockSizes[i % blockSizes.length]);
    }
    // Names Hadoop's Delimited writer must quote or keep as they are.
    write(ROOT + "/plain/with,comma", 10, (short) 2, 64 << 10);
    write(ROOT + "/plain/with \"quote\" and space", 10, (short) 2, 64 << 10);
    write(ROOT + "/plain/ünïcode", 10, (short) 2, 64 << 10);
    // A policy of the file's own beats its directory's; COLD is set after the write (no ARCHIVE volume to write to).
    write(ROOT + "/ssd/own-cold", 5000, (short) 2, 64 << 10);
    fs.setStoragePolicy(new org.apache.hadoop.fs.Path(ROOT + "/ssd/own-cold"), "COLD");
    write(ROOT + "/plain/own-onessd", 5000, (short) 2, 64 << 10);
    fs.setStoragePolicy(new org.apache.hadoop.fs.Path(ROOT + "/plain/own-onessd"), "ONE_SSD");
    // Snapshots: a file deleted after the snapshot lives on only in it (not in the namespace); a file renamed after
    // it is listed through the reference section.
    fs.allowSnapshot(new org.apache.hadoop.fs.Path(ROOT + "/snap"));
    write(ROOT + "/snap/deleted", 1000, (short) 1, 64 << 10);
    write(ROOT + "/snap/renamed-from", 2000, (short) 1, 64 << 10);
    fs.createSnapshot(new org.apache.hadoop.fs.Path(ROOT + "/snap"), "s0");
    fs.delete(new org.apache.hadoop.fs.Path(ROOT + "/snap/deleted"), false);
    fs.rename(new org.apache.hadoop.fs.Path(ROOT + "/snap/renamed-from"),
        new org.apache.hadoop.fs.Path(ROOT + "/snap/renamed-to"));
    for (var files = fs.listFiles(new org.apache.hadoop.fs.Path(ROOT), true); files.hasNext();) {
      FileStatus status = files.next();
      String path = status.getPath().toUri().getPath();
      WRITTEN.put(path, status);
      POLICIES.put(path, fs.getStoragePolicy(status.getPath()).getName());
    }

    fs.setSafeMode(SafeModeAction.SAFEMODE_ENTER);
    fs.saveNamespace();
    fs.setSafeMode(SafeModeAction.SAFEMODE_LEAVE);
    Path fetched = Files.createDirectories(dir.resolve("fetched"));
    assertEquals(0,
        ToolRunner.run(new DFSAdmin(cluster.clientConf()), new String[] {"-fetchImage", fetched.toString()}));
    try (var files = Files.list(fetched)) {
      image = files.filter(p -> p.getFileName().toString().startsWith("fsimage_")).findFirst().orElseThrow();
    }
  }

  @AfterAll
  static void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  private static void mkdirs(String path, String policy) throws IOException {
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(path);
    fs.mkdirs(p);
    if (policy != null) {
      // The top directory carries the policy; the ones below inherit it.
      org.apache.hadoop.fs.Path top = p;
      while (!top.getParent().toUri().getPath().equals(ROOT)) {
        top = top.getParent();
      }
      fs.setStoragePolicy(top, policy);
    }
  }

  private static void write(String path, int bytes, short replication, long blockSize) throws IOException {
    try (OutputStream out = fs.create(new org.apache.hadoop.fs.Path(path), true, 4096, replication, blockSize)) {
      out.write(new byte[bytes]);
    }
  }

  private static Map<String, NamespaceEntry> read(NamespaceReader reader, Predicate<NamespaceEntry> keep)
      throws IOException {
    Map<String, NamespaceEntry> entries = new TreeMap<>();
    try (reader) {
      NamespaceEntry e;
      while ((e = reader.next()) != null) {
        if (e.path().startsWith(ROOT + "/") && keep.test(e)) {
          entries.put(e.path(), e);
        }
      }
    }
    return entries;
  }

  private static boolean isFile(NamespaceEntry entry) {
    return !entry.directory();
  }

  private static void assertMatchesWhatWasWritten(Map<String, NamespaceEntry> files, boolean policies) {
    assertEquals(WRITTEN.keySet(), files.keySet());
    for (FileStatus status : WRITTEN.values()) {
      String path = status.getPath().toUri().getPath();
      NamespaceEntry entry = files.get(path);
      assertEquals(status.getLen(), entry.size(), path);
      assertEquals(status.getReplication(), entry.replication(), path);
      assertEquals(status.getBlockSize(), entry.blockSize(), path);
      assertEquals(policies ? POLICIES.get(path) : null, entry.storagePolicy(), path);
      assertNull(entry.erasureCodingPolicy(), path);
    }
  }

  private Path oiv(String name, String... options) throws Exception {
    Path out = dir.resolve(name);
    String[] args = new String[6 + options.length];
    System.arraycopy(new String[] {"-i", image.toString(), "-o", out.toString(), "-p", "Delimited"}, 0, args, 0, 6);
    System.arraycopy(options, 0, args, 6, options.length);
    assertEquals(0, OfflineImageViewerPB.run(args), "oiv " + String.join(" ", args));
    return out;
  }

  @Test
  void theFsimageGivesEveryFileWrittenWithItsPolicyAndTimes() throws Exception {
    Map<String, NamespaceEntry> files;
    try (NamespaceReader reader = NamespaceImages.open(image, ZoneId.systemDefault(), BadInputs.failing())) {
      assertTrue(reader instanceof FsImageReader, "told from its magic: " + reader.getClass());
      files = read(reader, NamespaceImagesIT::isFile);
      assertEquals(1, ((FsImageReader) reader).unreachable(), "the deleted file only its snapshot holds");
    }
    assertMatchesWhatWasWritten(files, true);
    assertEquals("ALL_SSD", files.get(ROOT + "/ssd/deep/deeper/f2").storagePolicy(), "inherited over two levels");
    assertEquals("COLD", files.get(ROOT + "/ssd/own-cold").storagePolicy());
    assertEquals("HOT", files.get(ROOT + "/plain/f0").storagePolicy());
    assertTrue(files.containsKey(ROOT + "/snap/renamed-to"));
    for (FileStatus status : WRITTEN.values()) {
      NamespaceEntry entry = files.get(status.getPath().toUri().getPath());
      assertEquals(status.getModificationTime(), entry.modificationTime(), entry.path());
      assertEquals(status.getAccessTime(), entry.accessTime(), entry.path());
    }
    Map<String, NamespaceEntry> dirs = read(NamespaceImages.open(image, ZoneId.systemDefault(), BadInputs.failing()),
        NamespaceEntry::directory);
    assertEquals("ALL_SSD", dirs.get(ROOT + "/ssd/deep").storagePolicy());
    assertEquals("WARM", dirs.get(ROOT + "/warm").storagePolicy());
  }

  @Test
  void hadoopsDelimitedTextOfTheSameImageGivesTheSameFiles() throws Exception {
    Map<String, NamespaceEntry> binary = read(FsImageReader.open(image, BadInputs.failing()), e -> true);
    Path text = oiv("image.tsv", "-sp", "-ec");
    Map<String, NamespaceEntry> delimited;
    try (NamespaceReader reader = NamespaceImages.open(text, ZoneId.systemDefault(), BadInputs.failing())) {
      assertTrue(reader instanceof DelimitedImageReader, reader.getClass().toString());
      delimited = read(reader, e -> true);
    }
    assertMatchesWhatWasWritten(filesOf(delimited), true);
    assertEquals(binary.keySet(), delimited.keySet(), "the same files and directories");
    for (NamespaceEntry b : binary.values()) {
      NamespaceEntry d = delimited.get(b.path());
      assertEquals(b.directory(), d.directory(), b.path());
      assertEquals(b.storagePolicy(), d.storagePolicy(), b.path());
      // The text has the times to the minute.
      assertEquals(b.modificationTime() / 60_000 * 60_000, d.modificationTime(), b.path());
    }

    // Another delimiter, without the policy column: Hadoop quotes the name with a comma, the reader unquotes it.
    Map<String, NamespaceEntry> commas = read(
        DelimitedImageReader.open(oiv("image.csv", "-delimiter", ","), ZoneId.systemDefault(),
            BadInputs.failing()),
        NamespaceImagesIT::isFile);
    assertMatchesWhatWasWritten(commas, false);
    assertTrue(Files.readString(dir.resolve("image.csv"), StandardCharsets.UTF_8).contains("\"" + ROOT
        + "/plain/with,comma\""), "Hadoop quoted it");
  }

  @Test
  void aCorruptInodeIsAnErrorNamingItsSectionAndOffsetOrIsSkipped() throws Exception {
    Path corrupt = Files.copy(image, dir.resolve("fsimage_corrupt"));
    // The file's inode holds its name then its file record (field 4, tag 0x22): an invalid wire type there (7)
    // breaks that one inode and nothing else.
    byte[] name = "f7".getBytes(StandardCharsets.UTF_8);
    FileSummary.Section inodes;
    try (RandomAccessFile raf = new RandomAccessFile(corrupt.toFile(), "rw")) {
      FileSummary summary = FSImageUtil.loadSummary(raf);
      inodes = summary.getSectionsList().stream().filter(s -> s.getName().equals("INODE")).findFirst().orElseThrow();
      byte[] section = new byte[(int) inodes.getLength()];
      raf.seek(inodes.getOffset());
      raf.readFully(section);
      int at = indexOf(section, new byte[] {0x1a, (byte) name.length, name[0], name[1], 0x22});
      assertTrue(at > 0, "f7's inode is in the section");
      raf.seek(inodes.getOffset() + at + 4);
      raf.write(0x27);
    }
    BadInputException e = assertThrows(BadInputException.class,
        () -> read(FsImageReader.open(corrupt, BadInputs.failing()), e2 -> true));
    assertTrue(e.getMessage().matches(
        "\\Q" + corrupt + ": INODE section, entry \\E\\d+ at byte \\d+: the inode does not parse: .*"),
        e.getMessage());

    BadInputs skipping = BadInputs.skipping();
    Map<String, NamespaceEntry> files = read(FsImageReader.open(corrupt, skipping), NamespaceImagesIT::isFile);
    assertEquals(1, skipping.skipped());
    assertEquals(WRITTEN.size() - 1, files.size());
    assertEquals(List.of(ROOT + "/ssd/deep/deeper/f7"),
        WRITTEN.keySet().stream().filter(p -> !files.containsKey(p)).toList());

    Path cut = dir.resolve("fsimage_cut");
    byte[] bytes = Files.readAllBytes(image);
    Files.write(cut, Arrays.copyOf(bytes, bytes.length - 100));
    e = assertThrows(BadInputException.class, () -> FsImageReader.open(cut, BadInputs.skipping()));
    assertTrue(e.getMessage().startsWith(cut + ": the file summary (the image's last bytes): cannot be read"),
        e.getMessage());
  }

  private static int indexOf(byte[] haystack, byte[] needle) {
    outer : for (int i = 0; i + needle.length <= haystack.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  private static Map<String, NamespaceEntry> filesOf(Map<String, NamespaceEntry> entries) {
    Map<String, NamespaceEntry> files = new TreeMap<>();
    entries.values().stream().filter(e -> !e.directory()).forEach(e -> files.put(e.path(), e));
    return files;
  }
}
