package io.strata.bench.hadoop;

import io.strata.embedded.yarn.ExampleJobs;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.examples.terasort.TeraGen;
import org.apache.hadoop.examples.terasort.TeraSort;
import org.apache.hadoop.examples.terasort.TeraValidate;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.TestDFSIO;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;

/**
 * Hadoop 3.4.2's own benchmark and example jobs, run unchanged from the released jars through their Tool
 * interfaces (or, for WordCount and Grep, {@link ExampleJobs}), and each checked: TestDFSIO must have moved every
 * byte, TeraGen must have written every row, TeraValidate must report no error, and Grep's and WordCount's output
 * is summed up as a digest so runs under different policies can be compared.
 */
public final class HadoopJobs {
  public static final String DFSIO_WRITE = "testdfsio-write";
  /** Where under its {@code test.build.data} directory TestDFSIO writes the files it reads back. */
  public static final String DFSIO_DATA_DIR = "io_data";
  public static final String DFSIO_READ = "testdfsio-read";
  public static final String TERAGEN = "teragen";
  public static final String TERASORT = "terasort";
  public static final String TERAVALIDATE = "teravalidate";
  public static final String GREP = "grep";
  public static final String WORDCOUNT = "wordcount";
  public static final List<String> NAMES = List.of(DFSIO_WRITE, DFSIO_READ, TERAGEN, TERASORT, TERAVALIDATE, GREP,
      WORDCOUNT);
  /** What Grep looks for in the text {@link TextCorpus} writes: words starting with "st". */
  public static final String GREP_REGEX = "\\bst[a-z]*";

  private HadoopJobs() {}

  /** Runs {@code request} with {@code clusterConf} (a YARN job configuration) and checks its output. */
  public static JobRun run(Configuration clusterConf, JobRequest request) throws Exception {
    // TeraSort and TestDFSIO print progress on System.out; stdout is for the benchmark's report.
    PrintStream stdout = System.out;
    System.setOut(System.err);
    try {
      return runChecked(clusterConf, request);
    } finally {
      System.setOut(stdout);
    }
  }

  private static JobRun runChecked(Configuration clusterConf, JobRequest request) throws Exception {
    Configuration conf = new Configuration(clusterConf);
    request.conf().forEach(conf::set);
    try (FileSystem fs = FileSystem.newInstance(conf)) {
      return switch (request.job()) {
        case DFSIO_WRITE -> dfsio(conf, request, "-write");
        case DFSIO_READ -> dfsio(conf, request, "-read");
        case TERAGEN -> teraGen(conf, fs, request);
        case TERASORT -> teraSort(conf, fs, request);
        case TERAVALIDATE -> teraValidate(conf, fs, request);
        case GREP -> withOutput(ExampleJobs.grep(conf, new Path(request.input()), new Path(request.output()),
            GREP_REGEX), fs, request, 0);
        case WORDCOUNT -> withOutput(ExampleJobs.wordCount(conf, new Path(request.input()),
            new Path(request.output())), fs, request, 0);
        default -> throw new IllegalArgumentException("unknown job '" + request.job() + "' (known: "
            + String.join(", ", NAMES) + ")");
      };
    }
  }

  private static JobRun dfsio(Configuration conf, JobRequest request, String mode) throws Exception {
    conf.set("test.build.data", request.input());
    java.nio.file.Path results = Files.createTempFile("strata-dfsio", ".log");
    try {
      ExampleJobs.Outcome outcome = ExampleJobs.tool(conf, request.job(), new TestDFSIO(), mode, "-nrFiles",
          Integer.toString(request.count()), "-size", request.bytes() + "B", "-resFile", results.toString());
      List<String> lines = Files.readAllLines(results, StandardCharsets.UTF_8);
      double megabytes = value(lines, "Total MBytes processed");
      double expected = request.count() * (double) request.bytes() / (1 << 20);
      if (Math.abs(megabytes - expected) > 0.01) {
        throw new IOException("TestDFSIO " + mode + " under " + request.input() + " processed " + megabytes
            + " MB, expected " + expected);
      }
      return new JobRun(request.job(), outcome.seconds(), outcome.launchedMaps(), outcome.dataLocalMaps(),
          value(lines, "Throughput mb/sec"), value(lines, "Average IO rate mb/sec"), 0, "");
    } finally {
      Files.deleteIfExists(results);
    }
  }

  /** A figure from TestDFSIO's result file, whose lines read {@code   Throughput mb/sec: 12.3}. */
  private static double value(List<String> lines, String label) throws IOException {
    for (String line : lines) {
      int colon = line.indexOf(':');
      if (colon > 0 && line.substring(0, colon).trim().equals(label)) {
        return Double.parseDouble(line.substring(colon + 1).trim().replace(",", ""));
      }
    }
    throw new IOException("TestDFSIO's result file has no '" + label + "': " + lines);
  }

  private static JobRun teraGen(Configuration conf, FileSystem fs, JobRequest request) throws Exception {
    long rows = request.bytes() / 100;
    conf.setInt("mapreduce.job.maps", request.count());
    ExampleJobs.Outcome outcome = ExampleJobs.tool(conf, TERAGEN, new TeraGen(), Long.toString(rows),
        request.output());
    long written = dataBytes(fs, new Path(request.output()));
    if (written != rows * 100) {
      throw new IOException("TeraGen wrote " + written + " bytes to " + request.output() + ", expected "
          + rows * 100);
    }
    return new JobRun(TERAGEN, outcome.seconds(), outcome.launchedMaps(), outcome.dataLocalMaps(),
        written / 1e6 / outcome.seconds(), 0, 0, "");
  }

  private static JobRun teraSort(Configuration conf, FileSystem fs, JobRequest request) throws Exception {
    conf.setInt("mapreduce.job.reduces", request.count());
    // One map per TeraGen file, however small the blocks: the block size sets placement's grain, not how many task
    // JVMs share this machine's cores.
    long largestFile = 0;
    long bytes = 0;
    for (FileStatus file : fs.listStatus(new Path(request.input()), HadoopJobs::isData)) {
      largestFile = Math.max(largestFile, file.getLen());
      bytes += file.getLen();
    }
    conf.setLong(FileInputFormat.SPLIT_MINSIZE, largestFile);
    ExampleJobs.Outcome outcome = ExampleJobs.tool(conf, TERASORT, new TeraSort(), request.input(),
        request.output());
    return new JobRun(TERASORT, outcome.seconds(), outcome.launchedMaps(), outcome.dataLocalMaps(),
        bytes / 1e6 / outcome.seconds(), 0, 0, "");
  }

  /** TeraValidate writes "error" lines for rows out of order or a wrong checksum, and one "checksum" line. */
  private static JobRun teraValidate(Configuration conf, FileSystem fs, JobRequest request) throws Exception {
    ExampleJobs.Outcome outcome = ExampleJobs.tool(conf, TERAVALIDATE, new TeraValidate(), request.input(),
        request.output());
    List<String> report = ExampleJobs.outputLines(fs, new Path(request.output()));
    List<String> errors = report.stream().filter(line -> line.startsWith("error")).toList();
    String checksum = report.stream().filter(line -> line.startsWith("checksum")).findFirst()
        .map(line -> line.substring("checksum".length()).trim()).orElse(null);
    if (!errors.isEmpty() || checksum == null) {
      throw new IOException("TeraValidate found " + request.input() + " not sorted or incomplete: "
          + (errors.isEmpty() ? "no checksum in its report " + report : errors));
    }
    return new JobRun(TERAVALIDATE, outcome.seconds(), outcome.launchedMaps(), outcome.dataLocalMaps(), 0, 0,
        report.size(), checksum);
  }

  private static JobRun withOutput(ExampleJobs.Outcome outcome, FileSystem fs, JobRequest request, double rate)
      throws IOException {
    List<String> lines = ExampleJobs.outputLines(fs, new Path(request.output()));
    if (lines.isEmpty()) {
      throw new IOException(request.job() + " over " + request.input() + " wrote nothing to " + request.output());
    }
    return new JobRun(request.job(), outcome.seconds(), outcome.launchedMaps(), outcome.dataLocalMaps(), rate, 0,
        lines.size(), digest(lines));
  }

  /** The bytes of a job's output files (part-*), leaving out _SUCCESS and TeraSort's partition file. */
  private static long dataBytes(FileSystem fs, Path dir) throws IOException {
    long bytes = 0;
    for (var status : fs.listStatus(dir, HadoopJobs::isData)) {
      bytes += status.getLen();
    }
    return bytes;
  }

  private static boolean isData(Path file) {
    return file.getName().startsWith("part-");
  }

  static String digest(List<String> sortedLines) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      for (String line : sortedLines) {
        sha.update(line.getBytes(StandardCharsets.UTF_8));
        sha.update((byte) '\n');
      }
      return HexFormat.of().formatHex(sha.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

}
