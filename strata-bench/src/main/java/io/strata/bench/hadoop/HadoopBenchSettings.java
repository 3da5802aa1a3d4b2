package io.strata.bench.hadoop;

import java.util.List;

/**
 * What {@link HadoopBenchmark} runs: a preset's set-up (which jobs under which policies) and its sizes, scaled to
 * finish in minutes on one machine; every field may be changed before the run.
 */
public final class HadoopBenchSettings {
  public static final String HATS = "hats";
  public static final String HDFSH = "hdfsh";
  public static final List<String> PRESETS = List.of(HATS, HDFSH);
  /** hats's jobs, by the name {@code --jobs} takes: TestDFSIO (write, then read), TeraGen, Grep, WordCount. */
  public static final String TESTDFSIO = "testdfsio";
  public static final List<String> HATS_JOBS = List.of(TESTDFSIO, HadoopJobs.TERAGEN, HadoopJobs.GREP,
      HadoopJobs.WORDCOUNT);

  /** hats or hdfsh: which paper's set-up, and the spec preset it runs on unless another spec is given. */
  public String preset;
  /** Factor on every emulated device speed: low enough that storage, not this machine's cores, bounds the jobs. */
  public double speedScale;
  /**
   * HDFS block size. hdfsh: 1 MiB, so that every file holds several blocks: the share on SSD is set per file,
   * block by block, and a file of one block is either all HDD or all SSD whatever the share.
   */
  public long blockSize;
  /**
   * How often every configuration runs each read job (policy order rotated each round); a target is judged only on
   * {@link io.strata.bench.protocol.DeclaredTarget#MIN_ROUNDS} or more.
   */
  public int rounds = io.strata.bench.protocol.DeclaredTarget.MIN_ROUNDS;
  /**
   * hats: the configuration TestDFSIO read's target is judged on, declared before any run: hatS's placement with the
   * read order these docs recommend to operators (it weighs tier, distance and load).
   */
  public static final String HATS_DECLARED = "tier-aware + adaptive";
  /** hdfsh: the share HDFS-H's headline names (20% HDD / 80% SSD). */
  public static final String HDFSH_DECLARED = "20/80";
  /**
   * The best of the stock peers in a job (the one with the best median ratio to the baseline), which the declared
   * configuration's second target line is compared with.
   */
  public static final String STOCK_BEST = "stock-best";
  /**
   * The stock peers, run side by side with Strata's configurations: each a storage policy set on its own directory,
   * its files written and read by stock HDFS (the NameNode restarted without Strata's plugin) with
   * {@code dfs.namenode.read.considerStorageType} and {@code considerLoad} on. hats: ONE_SSD; hdfsh: ONE_SSD and
   * ALL_SSD, the stock policies nearest to a share of blocks on SSD. Empty for none.
   */
  public List<String> stockPolicies;
  /** hats: which of {@link #HATS_JOBS} run. */
  public List<String> hatsJobs = HATS_JOBS;
  /** hats: placement policies, the first the baseline. */
  public List<String> placements = List.of("network", "tier-aware", "hybrid");
  /** hats: retrieval policies, the first the baseline. */
  public List<String> retrievals = List.of("network", "tier-weighted", "hybrid", "adaptive");
  /** hats: TestDFSIO's files (one map each) and bytes per file. */
  public int dfsioFiles = 4;
  public long dfsioFileBytes = 16L << 20;
  /** hats: TeraGen's bytes per placement. */
  public long teragenBytes = 16L << 20;
  /** hats: text for Grep and WordCount, in 4 files. */
  public long textBytes = 16L << 20;
  /** hdfsh: the share of each file's blocks on SSD, the first (0, all on HDD) the baseline. */
  public List<Double> ratios = List.of(0.0, 0.2, 0.5, 0.8, 1.0);
  /** hdfsh: TeraSort's input sizes (TeraGen writes them). */
  public List<Long> sortBytes = List.of(16L << 20, 32L << 20);
  public int sortReducers = 2;

  private HadoopBenchSettings(String preset, double speedScale, long blockSize, List<String> stockPolicies) {
    this.preset = preset;
    this.speedScale = speedScale;
    this.blockSize = blockSize;
    this.stockPolicies = stockPolicies;
  }

  /**
   * The preset's defaults.
   *
   * @throws IllegalArgumentException for a name not in {@link #PRESETS}
   */
  public static HadoopBenchSettings of(String preset) {
    return switch (preset) {
      case HATS -> new HadoopBenchSettings(HATS, 0.1, 8L << 20, List.of("ONE_SSD"));
      case HDFSH -> new HadoopBenchSettings(HDFSH, 0.02, 1L << 20, List.of("ONE_SSD", "ALL_SSD"));
      default -> throw new IllegalArgumentException("unknown preset '" + preset + "' (known: "
          + String.join(", ", PRESETS) + ")");
    };
  }

  /** HDFS-H's name for a share of blocks on SSD: HD, 80/20 (HDD/SSD), ..., SSD. */
  public static String ratioLabel(double ssdShare) {
    if (ssdShare == 0) {
      return "HD";
    } else if (ssdShare == 1) {
      return "SSD";
    }
    long ssd = Math.round(ssdShare * 100);
    return (100 - ssd) + "/" + ssd;
  }

  /** A stock peer's configuration label in tables: {@code stock ONE_SSD}. */
  public static String stockLabel(String storagePolicy) {
    return "stock " + storagePolicy;
  }
}
