package io.strata.bench.whatif;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;

/**
 * An operator's inputs at scale, written to disk: the text of {@code hdfs oiv -p Delimited -sp} for a namespace of
 * {@code files} files (a thousand a directory, some top directories with a storage policy, the directories listed
 * after their files as an image may list them), and an HDFS audit log of {@code lines} records over a day, rotated
 * into files whose edges overlap, the older ones gzipped. Times are UTC.
 */
final class SyntheticInputs {
  static final long START_MILLIS = Instant.parse("2026-03-01T00:00:00Z").toEpochMilli();
  private static final int FILES_PER_DIRECTORY = 1000;
  private static final int DIRECTORIES_PER_USER = 100;
  private static final String[] POLICIES = {"0", "12", "0", "10", "0", "0", "2", "0"};
  private static final DateTimeFormatter MINUTE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");
  private static final DateTimeFormatter SECOND = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
  private static final int EDGE = 1000;

  private SyntheticInputs() {}

  static String filePath(long i) {
    long directory = i / FILES_PER_DIRECTORY;
    return "/user/u" + directory / DIRECTORIES_PER_USER + "/part" + directory % DIRECTORIES_PER_USER + "/f" + i;
  }

  /** Writes the Delimited text of {@code files} files to {@code out}. */
  static void writeImage(Path out, long files) throws IOException {
    SplittableRandom random = new SplittableRandom(43);
    String minute = MINUTE.format(LocalDateTime.ofEpochSecond(START_MILLIS / 1000, 0, ZoneOffset.UTC));
    try (Writer w = new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(out), StandardCharsets.UTF_8),
        1 << 20)) {
      w.write("Path\tReplication\tModificationTime\tAccessTime\tPreferredBlockSize\tBlocksCount\tFileSize\t"
          + "NSQUOTA\tDSQUOTA\tPermission\tUserName\tGroupName\tStoragePolicyId\n");
      StringBuilder line = new StringBuilder(160);
      for (long i = 0; i < files; i++) {
        long size = random.nextLong(1L << random.nextInt(8, 31));
        long blockSize = 128L << 20;
        line.setLength(0);
        line.append(filePath(i)).append('\t').append(1 + random.nextInt(3)).append('\t').append(minute).append('\t')
            .append(minute).append('\t').append(blockSize).append('\t').append((size + blockSize - 1) / blockSize)
            .append('\t').append(size).append("\t0\t0\t-rw-r--r--\thdfs\thadoop\t")
            .append(random.nextInt(50) == 0 ? "7" : "0").append('\n');
        w.append(line);
      }
      long directories = (files + FILES_PER_DIRECTORY - 1) / FILES_PER_DIRECTORY;
      long users = (directories + DIRECTORIES_PER_USER - 1) / DIRECTORIES_PER_USER;
      directory(w, "/", minute, "0");
      directory(w, "/user", minute, "0");
      for (long u = 0; u < users; u++) {
        directory(w, "/user/u" + u, minute, POLICIES[(int) (u % POLICIES.length)]);
      }
      for (long d = 0; d < directories; d++) {
        directory(w, "/user/u" + d / DIRECTORIES_PER_USER + "/part" + d % DIRECTORIES_PER_USER, minute, "0");
      }
    }
  }

  private static void directory(Writer w, String path, String minute, String policy) throws IOException {
    w.write(path + "\t0\t" + minute + "\t1970-01-01 00:00\t0\t0\t0\t-1\t-1\tdrwxr-xr-x\thdfs\thadoop\t" + policy
        + "\n");
  }

  /**
   * Writes an audit log of {@code lines} records over a day into {@code rotations} files in {@code dir}: {@code
   * hdfs-audit.log} the newest, {@code .1}, {@code .2}, ... older; all but the two newest gzipped. The last {@value
   * #EDGE} records of each file's span go to it or to the next at random, so neighbours overlap in time.
   */
  static List<Path> writeAuditLogs(Path dir, long lines, int rotations, long files) throws IOException {
    List<Path> paths = new ArrayList<>();
    List<Writer> writers = new ArrayList<>();
    try {
      for (int r = 0; r < rotations; r++) {
        int age = rotations - 1 - r; // file r holds the r-th part of the day; the last is the live log
        Path path = dir.resolve(age == 0 ? "hdfs-audit.log" : "hdfs-audit.log." + age);
        OutputStream raw = Files.newOutputStream(path);
        OutputStream out = age >= 2 ? new FastGzip(raw) : raw;
        paths.add(path);
        writers.add(new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 20));
      }
      SplittableRandom random = new SplittableRandom(44);
      long perFile = (lines + rotations - 1) / rotations;
      double step = 86_400_000.0 / lines;
      long second = Long.MIN_VALUE;
      String secondText = "";
      StringBuilder line = new StringBuilder(256);
      for (long i = 0; i < lines; i++) {
        long millis = START_MILLIS + (long) (i * step);
        if (millis / 1000 != second) {
          second = millis / 1000;
          secondText = SECOND.format(LocalDateTime.ofEpochSecond(second, 0, ZoneOffset.UTC));
        }
        int part = (int) (i / perFile);
        if (part + 1 < rotations && i % perFile >= perFile - EDGE && random.nextBoolean()) {
          part++;
        }
        // A skewed popularity: a few files take most of the reads.
        double u = random.nextDouble();
        long file = (long) (files * u * u * u);
        int kind = random.nextInt(100);
        String cmd = kind < 80 ? "open" : kind < 90 ? "create" : kind < 95 ? "delete" : "rename";
        line.setLength(0);
        line.append(secondText).append(',');
        long ms = millis % 1000;
        line.append((char) ('0' + ms / 100)).append((char) ('0' + ms / 10 % 10)).append((char) ('0' + ms % 10));
        line.append(" INFO FSNamesystem.audit: allowed=true\tugi=etl (auth:SIMPLE)\tip=/10.1.")
            .append(file % 200).append('.').append(file % 250).append("\tcmd=").append(cmd).append("\tsrc=")
            .append(filePath(file)).append("\tdst=");
        if (cmd.equals("rename")) {
          line.append(filePath(file)).append(".moved");
        } else {
          line.append("null");
        }
        line.append("\tperm=etl:hadoop:rw-r--r--\tproto=rpc\n");
        writers.get(part).append(line);
      }
    } finally {
      for (Writer w : writers) {
        w.close();
      }
    }
    return paths;
  }

  /** Deletes {@code dir} and everything in it (the generated inputs). */
  static void delete(Path dir) throws IOException {
    try (Stream<Path> walk = Files.walk(dir)) {
      walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }

  /** gzip at its fastest level: the bench measures reading, not writing. */
  private static final class FastGzip extends GZIPOutputStream {
    FastGzip(OutputStream out) throws IOException {
      super(out, 1 << 16);
      def.setLevel(Deflater.BEST_SPEED);
    }
  }
}
