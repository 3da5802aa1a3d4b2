package io.strata.bench.kat;

import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.SpecParser;
import io.strata.embedded.hosts.HostCluster;
import io.strata.embedded.yarn.ExampleJobs;
import io.strata.embedded.yarn.TaskHosts;
import io.strata.hdfs.kat.KatIngest;
import io.strata.hdfs.kat.mr.KatJobs;
import io.strata.workloads.kat.ZipfWords;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.net.NetUtils;

/**
 * {@code strata bench kat}: Hadoop's WordCount and Grep over the same generated Zipf text, natively and in each
 * KAT mode, on a cluster of hosts with YARN (a network namespace per host, links shaped by the kernel), at each
 * NIC rate, side by side in one run. For every job it keeps MapReduce's counters, the seconds, and the bytes the
 * hosts' NICs really sent while it ran; the ingest and the plain load are timed apart.
 */
public final class KatBenchmark {
  public static final List<String> MODES = List.of("native", "drop-in", "shuffle-free");
  public static final List<String> JOBS = List.of("wordcount", "grep");
  /** Grep's pattern: whole tokens from "w1" (the \\b keeps it off the "w1" inside "ww1"). */
  public static final String GREP_REGEX = "\\bw1[0-9a-z]*";

  /** What to run: hosts, input size, vocabulary, NIC rates in Mbit/s, and where. */
  public record Settings(int hosts, long inputBytes, int vocabulary, double zipfExponent, List<Long> ratesMbps,
      Path dir, Path pluginJar, List<Path> hadoopJars) {}

  /**
   * One job run. {@code reducesOnOwner}: in the drop-in mode, how many reduces ran on the owner of their
   * partition (the shuffle to those stays on the node); -1 in the modes without partition reducers.
   */
  public record JobRun(long rateMbps, String job, String mode, double seconds, long launchedMaps,
      long dataLocalMaps, long launchedReduces, int reducesOnOwner, long reduceShuffleBytes,
      long mapOutputMaterializedBytes, long hostBytesSent, boolean sameOutputAsNative) {}

  /** The whole run: load and ingest times, and every job. */
  public record Result(Settings settings, long inputBytes, double loadSeconds, double ingestSeconds,
      double expectedImbalance, List<JobRun> runs) {}

  private KatBenchmark() {}

  public static Result run(Settings settings, PrintStream log) throws Exception {
    Path work = settings.dir();
    Files.createDirectories(work);
    Path text = work.resolve("zipf.txt");
    log.printf("generating %d MiB of Zipf words (vocabulary %,d, exponent %.2f)%n", settings.inputBytes() >> 20,
        settings.vocabulary(), settings.zipfExponent());
    generate(text, settings.inputBytes(), settings.vocabulary(), settings.zipfExponent());
    String specText = spec(settings.hosts());
    ClusterSpec spec = SpecParser.parse("kat bench", specText);
    HostCluster.Options options = HostCluster.Options.defaults(work.resolve("cluster"), spec, specText,
        settings.pluginJar(), settings.hadoopJars(), Map.of()).withYarn(true).withSpeedScale(0)
        .withBlockSize(16L << 20);
    List<JobRun> runs = new ArrayList<>();
    try (HostCluster cluster = HostCluster.start(options, log)) {
      for (String host : cluster.hosts()) {
        NetUtils.addStaticResolution(host, cluster.network().address(host));
      }
      Configuration conf = jobConf(cluster, settings.pluginJar());
      DistributedFileSystem fs = (DistributedFileSystem) FileSystem.newInstance(cluster.uri(), conf);
      org.apache.hadoop.fs.Path plain = new org.apache.hadoop.fs.Path("/bench/plain");
      org.apache.hadoop.fs.Path kat = new org.apache.hadoop.fs.Path("/bench/kat");
      long started = System.nanoTime();
      fs.mkdirs(plain);
      fs.copyFromLocalFile(new org.apache.hadoop.fs.Path(text.toUri()), new org.apache.hadoop.fs.Path(plain,
          "zipf.txt"));
      double loadSeconds = (System.nanoTime() - started) / 1e9;
      log.printf("plain load (hdfs dfs -put): %.1f s%n", loadSeconds);
      KatIngest.Result ingest = KatIngest.run(fs, conf, KatIngest.Options.of(List.of(new org.apache.hadoop.fs.Path(
          text.toUri())), kat, "tokens", settings.hosts()), log);
      double ingestSeconds = ingest.batch().seconds();
      log.printf("KAT ingest: %.1f s%n", ingestSeconds);

      for (long rate : settings.ratesMbps()) {
        for (String host : cluster.hosts()) {
          cluster.network().setNicRate(host, rate * 1_000_000L);
        }
        log.printf("NICs at %d Mbit/s%n", rate);
        for (String job : JOBS) {
          List<String> nativeOutput = null;
          for (String mode : MODES) {
            org.apache.hadoop.fs.Path out = new org.apache.hadoop.fs.Path("/bench/out/" + rate + "-" + job + "-"
                + mode);
            long[] before = sent(cluster);
            Job[] submitted = new Job[1];
            ExampleJobs.Outcome outcome = runJob(conf, job, mode, mode.equals("native") ? plain : kat, kat, out,
                submitted);
            long crossed = sent(cluster)[0] - before[0];
            int reducesOnOwner = mode.equals("drop-in") ? TaskHosts.of(submitted[0])
                .reducesOn(ingest.manifest().owners()) : -1;
            List<String> lines = ExampleJobs.outputLines(fs, out);
            if (nativeOutput == null) {
              nativeOutput = lines;
            }
            JobRun run = new JobRun(rate, job, mode, outcome.seconds(), outcome.launchedMaps(),
                outcome.dataLocalMaps(), outcome.launchedReduces(), reducesOnOwner, outcome.reduceShuffleBytes(),
                outcome.mapOutputMaterializedBytes(), crossed, lines.equals(nativeOutput));
            runs.add(run);
            log.printf("  %-9s %-12s %6.1f s  shuffle %,12d B  host NICs sent %,12d B  data-local %d/%d%s  %s%n",
                job, mode, run.seconds(), run.reduceShuffleBytes(), run.hostBytesSent(), run.dataLocalMaps(),
                run.launchedMaps(), reducesOnOwner < 0 ? ""
                    : "  reduces on their owner " + reducesOnOwner + "/" + run.launchedReduces(),
                run.sameOutputAsNative() ? "same output" : "OUTPUT DIFFERS");
            fs.delete(out, true);
          }
        }
      }
      fs.close();
      return new Result(settings, Files.size(text), loadSeconds, ingestSeconds,
          ingest.manifest().partitionMap().expectedImbalance(), runs);
    }
  }

  /** Runs one job; {@code submitted[0]} is then the job that read the input (Grep's search job). */
  private static ExampleJobs.Outcome runJob(Configuration conf, String job, String mode,
      org.apache.hadoop.fs.Path input, org.apache.hadoop.fs.Path kat, org.apache.hadoop.fs.Path out,
      Job[] submitted) throws Exception {
    ExampleJobs.JobSetup setup = switch (mode) {
      case "drop-in" -> j -> KatJobs.dropIn(j, kat);
      case "shuffle-free" -> j -> KatJobs.shuffleFree(j, kat);
      default -> j -> {};
    };
    // The tasks load KAT's classes from the plugin jar (it holds strata-hdfs and the core); Hadoop's examples
    // are on the cluster's class path.
    ExampleJobs.JobSetup withJar = j -> {
      setup.apply(j);
      j.setJar(conf.get("strata.bench.kat.jar"));
      submitted[0] = j;
    };
    return job.equals("wordcount") ? ExampleJobs.wordCount(conf, input, out, withJar)
        : ExampleJobs.grep(conf, input, out, GREP_REGEX, withJar);
  }

  /** Bytes sent by all hosts' NICs so far, and received. */
  private static long[] sent(HostCluster cluster) {
    long sent = 0;
    long received = 0;
    for (String host : cluster.hosts()) {
      long[] bytes = cluster.network().nicBytes(host);
      sent += bytes[0];
      received += bytes[1];
    }
    return new long[] {sent, received};
  }

  /** The cluster's client configuration with its YARN and MapReduce files, as {@code hadoop --config DIR} has it. */
  private static Configuration jobConf(HostCluster cluster, Path pluginJar) {
    Configuration conf = new Configuration(cluster.clientConf());
    for (String file : List.of("yarn-site.xml", "mapred-site.xml")) {
      conf.addResource(new org.apache.hadoop.fs.Path(cluster.dir().resolve(file).toUri()));
    }
    conf.set("strata.bench.kat.jar", pluginJar.toAbsolutePath().toString());
    // One reducer per host for the native jobs too, so every mode reduces with the same parallelism.
    conf.setInt("mapreduce.job.reduces", cluster.hosts().size());
    return conf;
  }

  /** One rack of hosts at 1 Gbit/s; the rates are reshaped per phase. */
  static String spec(int hosts) {
    StringBuilder nodes = new StringBuilder();
    for (int i = 1; i <= hosts; i++) {
      nodes.append("        - {host: k").append(i).append(", volumes: [{device: hdd, capacity: 8GiB}]}\n");
    }
    return """
        name: kat-bench
        description: one rack of hosts for strata bench kat
        network: {nicGbps: 1, rackUplinkGbps: 1}
        tiers:
          - {name: hdd, storageType: DISK}
        racks:
          - name: /rack1
            nodes:
        """ + nodes;
  }

  /** Lines of 12 Zipf words until {@code bytes}. */
  static void generate(Path file, long bytes, int vocabulary, double exponent) throws IOException {
    ZipfWords words = new ZipfWords(vocabulary, exponent, 42);
    long written = 0;
    try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      while (written < bytes) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < 12; i++) {
          line.append(words.next()).append(i == 11 ? '\n' : ' ');
        }
        out.write(line.toString());
        written += line.length();
      }
    }
  }
}
