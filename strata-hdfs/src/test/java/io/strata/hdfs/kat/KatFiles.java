package io.strata.hdfs.kat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;

/** A KAT data set for the integration tests: written, ingested, and its partitions' blocks and records read. */
final class KatFiles {
  /** Lines in {@link #keyedLines}. */
  static final int LINES = 120_000;

  private KatFiles() {}

  /** 120,000 tab-separated lines over 1,000 keys (about 13 MiB), written to {@code file}. */
  static java.nio.file.Path keyedLines(java.nio.file.Path file) throws IOException {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < LINES; i++) {
      text.append("key").append(i % 1000).append('\t').append("payload-").append(i).append(' ')
          .append("y".repeat(80)).append('\n');
    }
    return Files.writeString(file, text);
  }

  /** Ingests {@link #keyedLines} from {@code temp} into {@code dst}: {@code partitions} partitions, one replica. */
  static KatIngest.Result ingest(DistributedFileSystem fs, Configuration conf, java.nio.file.Path temp, Path dst,
      int partitions) throws Exception {
    java.nio.file.Path src = keyedLines(temp.resolve(dst.getName() + ".tsv"));
    return KatIngest.run(fs, conf, KatIngest.Options.of(List.of(new Path(src.toUri())), dst, "field:1",
        partitions).withReplication((short) 1), new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
  }

  /** Every block of partition {@code p}'s files, with where its replicas are. */
  static List<LocatedBlock> blocks(DistributedFileSystem fs, KatManifest manifest, Path dst, int p)
      throws IOException {
    List<LocatedBlock> blocks = new ArrayList<>();
    for (FileStatus file : manifest.partitionFiles(fs, fs.makeQualified(dst), p)) {
      blocks.addAll(fs.getClient().getLocatedBlocks(file.getPath().toUri().getPath(), 0, file.getLen())
          .getLocatedBlocks());
    }
    return blocks;
  }

  /** The records in every partition's files. */
  static long lines(DistributedFileSystem fs, KatManifest manifest, Path dst) throws IOException {
    long lines = 0;
    for (int p = 0; p < manifest.partitions(); p++) {
      for (FileStatus file : manifest.partitionFiles(fs, fs.makeQualified(dst), p)) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(fs.open(file.getPath()),
            StandardCharsets.UTF_8))) {
          lines += in.lines().count();
        }
      }
    }
    return lines;
  }
}
