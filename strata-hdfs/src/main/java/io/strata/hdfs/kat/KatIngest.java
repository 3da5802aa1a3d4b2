package io.strata.hdfs.kat;

import io.strata.core.config.ConfigException;
import io.strata.core.kat.KeyExtractor;
import io.strata.core.kat.KeyFunctions;
import io.strata.core.kat.KeySample;
import io.strata.core.kat.MalformedRecordException;
import io.strata.core.kat.PartitionMap;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;

/**
 * {@code strata kat ingest}: reads text (local files or HDFS), finds each record's key with a key function and
 * writes one file per partition into DST, each created with its owner DataNode as the favored node (HDFS-2576), so
 * the first replica of every block is on the owner and the others follow the rack rules. The first ingest into
 * DST samples the input and builds the partition map; later ones reuse the recorded map and key function and
 * refuse a different one.
 */
public final class KatIngest {
  /** Bytes the sampling pass reads at most, in chunks spread over the input. */
  public static final long DEFAULT_SAMPLE_BYTES = 64L << 20;
  private static final long SAMPLE_CHUNK = 1L << 20;
  private static final long PROGRESS_EVERY_BYTES = 64L << 20;

  /**
   * What to ingest: sources (files or directories, any Hadoop file system), DST, the key function, the partition
   * count (0: DST's recorded one), the replication (0: the cluster's default), what to do with malformed lines,
   * how many bytes to sample, and a hook called every 1,000 lines written (tests use it to fail a DataNode).
   */
  public record Options(List<Path> sources, Path destination, String keyFunction, int partitions, short replication,
      MalformedPolicy onMalformed, long sampleBytes, LongConsumer everyThousandLines) {
    public Options {
      sources = List.copyOf(sources);
    }

    public static Options of(List<Path> sources, Path destination, String keyFunction, int partitions) {
      return new Options(sources, destination, keyFunction, partitions, (short) 0, MalformedPolicy.FAIL,
          DEFAULT_SAMPLE_BYTES, n -> {});
    }

    public Options withReplication(short r) {
      return new Options(sources, destination, keyFunction, partitions, r, onMalformed, sampleBytes,
          everyThousandLines);
    }

    public Options withMalformed(MalformedPolicy policy) {
      return new Options(sources, destination, keyFunction, partitions, replication, policy, sampleBytes,
          everyThousandLines);
    }

    public Options withSampleBytes(long bytes) {
      return new Options(sources, destination, keyFunction, partitions, replication, onMalformed, bytes,
          everyThousandLines);
    }

    public Options withHook(LongConsumer hook) {
      return new Options(sources, destination, keyFunction, partitions, replication, onMalformed, sampleBytes,
          hook);
    }
  }

  /**
   * What an ingest did: the manifest as now recorded, this batch, whether it built a new map, the bytes written
   * per partition, and how many of the batch's blocks have a replica on their partition's owner.
   */
  public record Result(KatManifest manifest, KatManifest.Batch batch, boolean newMap, long[] partitionBytes,
      int blocks, int blocksOnOwner, List<String> warnings) {}

  private KatIngest() {}

  public static Result run(DistributedFileSystem dfs, Configuration conf, Options options, PrintStream progress)
      throws IOException {
    long started = System.nanoTime();
    KeyExtractor extractor = KeyFunctions.STANDARD.create(options.keyFunction());
    List<FileStatus> inputs = listInputs(conf, options.sources());
    Path dst = dfs.makeQualified(options.destination());
    KatManifest existing = KatManifest.readIfPresent(dfs, dst);
    List<String> warnings = new ArrayList<>();
    KatManifest manifest;
    if (existing != null) {
      if (!existing.keyFunction().equals(options.keyFunction())) {
        throw new ConfigException(dst + " was ingested with key function '" + existing.keyFunction()
            + "', this ingest asks for '" + options.keyFunction() + "': a job over " + dst
            + " would no longer find each key in one partition. Ingest into another directory, or use --key '"
            + existing.keyFunction() + "'");
      }
      if (options.partitions() != 0 && options.partitions() != existing.partitions()) {
        throw new ConfigException(dst + " has " + existing.partitions() + " partitions, this ingest asks for "
            + options.partitions() + ": leave --partitions out to use the recorded map, or ingest elsewhere");
      }
      manifest = existing;
      progress.printf("using the partition map recorded in %s: key '%s', %d partitions%n", KatManifest.file(dst),
          manifest.keyFunction(), manifest.partitions());
    } else {
      if (options.partitions() < 1) {
        throw new ConfigException("--partitions must be at least 1 for a first ingest into " + dst + ", got "
            + options.partitions());
      }
      List<String> owners = chooseOwners(OwnerStorage.eligible(dfs, dst, liveDataNodes(dfs), warnings),
          options.partitions());
      PartitionMap map = sample(conf, inputs, extractor, options, progress);
      manifest = KatManifest.of(options.keyFunction(), map, owners);
      progress.printf("partition map: %d keys assigned, expected largest partition %.3fx the mean%n",
          map.assigned().size(), map.expectedImbalance());
      if (map.expectedImbalance() > 1.1) {
        warnings.add(String.format("the largest partition is expected at %.2fx the mean: a key heavier than the "
            + "mean partition cannot be split without breaking the shuffle-free mode; use fewer partitions",
            map.expectedImbalance()));
      }
    }
    int batchNo = manifest.batches().size();
    String batchName = String.format("b-%05d", batchNo);
    Map<String, DatanodeInfo> live = liveDataNodes(dfs);
    PartitionWriters writers = new PartitionWriters(dfs, dst, manifest, batchName, options, live, warnings);
    Path rejectsPath = new Path(new Path(dst, KatManifest.REJECTS_DIR), batchName);
    Writer rejects = null;
    long lines = 0;
    long records = 0;
    long malformed = 0;
    try {
      PartitionMap map = manifest.partitionMap();
      StringBuilder[] pieces = new StringBuilder[manifest.partitions()];
      long readBytes = 0;
      long nextProgress = PROGRESS_EVERY_BYTES;
      for (FileStatus input : inputs) {
        progress.printf("ingesting %s (%,d bytes)%n", input.getPath(), input.getLen());
        FileSystem fs = input.getPath().getFileSystem(conf);
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(fs.open(input.getPath()),
            StandardCharsets.UTF_8), 1 << 16)) {
          String line;
          long lineNo = 0;
          while ((line = reader.readLine()) != null) {
            lineNo++;
            lines++;
            readBytes += line.length() + 1;
            String reason = null;
            if (line.indexOf('\uFFFD') >= 0) {
              reason = "is not valid UTF-8";
            } else {
              try {
                records += writeRecords(extractor, map, line, pieces, writers);
              } catch (MalformedRecordException e) {
                reason = e.getMessage();
              }
            }
            if (reason != null) {
              malformed++;
              String where = input.getPath() + ":" + lineNo;
              if (options.onMalformed() == MalformedPolicy.FAIL) {
                throw new ConfigException(where + ": " + reason + " (key function '" + options.keyFunction()
                    + "'); nothing of this ingest was kept. --on-malformed skip writes such lines to "
                    + new Path(dst, KatManifest.REJECTS_DIR) + " and goes on");
              }
              if (rejects == null) {
                rejects = new BufferedWriter(new OutputStreamWriter(dfs.create(rejectsPath, true),
                    StandardCharsets.UTF_8));
              }
              rejects.write(where + "\t" + reason + "\t" + line + "\n");
            }
            if (lines % 1000 == 0) {
              options.everyThousandLines().accept(lines);
            }
            if (readBytes >= nextProgress) {
              progress.printf("  %,d MiB read, %,d records written%n", readBytes >> 20, records);
              nextProgress += PROGRESS_EVERY_BYTES;
            }
          }
        }
      }
      if (rejects != null) {
        rejects.close();
        rejects = null;
      }
      writers.close();
    } catch (IOException | RuntimeException e) {
      writers.abort();
      if (rejects != null) {
        try {
          rejects.close();
        } catch (IOException ignored) {
          // the batch is being removed anyway
        }
      }
      dfs.delete(rejectsPath, false);
      throw e;
    }
    if (malformed > 0) {
      warnings.add(String.format("%,d malformed line(s) written to %s", malformed, rejectsPath));
    }
    long[] partitionBytes = new long[manifest.partitions()];
    int blocks = 0;
    int onOwner = 0;
    for (int p = 0; p < manifest.partitions(); p++) {
      Path file = writers.path(p);
      FileStatus status = dfs.getFileStatus(file);
      partitionBytes[p] = status.getLen();
      dfs.setXAttr(file, KatManifest.XATTR_PARTITION, Integer.toString(p).getBytes(StandardCharsets.UTF_8));
      dfs.setXAttr(file, KatManifest.XATTR_OWNER, manifest.owners().get(p).getBytes(StandardCharsets.UTF_8));
      int partitionBlocks = 0;
      int partitionOnOwner = 0;
      for (org.apache.hadoop.fs.BlockLocation block : dfs.getFileBlockLocations(status, 0, status.getLen())) {
        partitionBlocks++;
        if (Arrays.asList(block.getHosts()).contains(manifest.owners().get(p))) {
          partitionOnOwner++;
        }
      }
      if (partitionOnOwner < partitionBlocks && live.containsKey(manifest.owners().get(p))) {
        warnings.add(String.format("partition %d: %d of %d block(s) of %s have no replica on the owner %s; "
            + "strata kat check %s lists them", p, partitionBlocks - partitionOnOwner, partitionBlocks,
            file.getName(), manifest.owners().get(p), dst));
      }
      blocks += partitionBlocks;
      onOwner += partitionOnOwner;
    }
    double seconds = (System.nanoTime() - started) / 1e9;
    KatManifest.Batch batch = new KatManifest.Batch(batchNo, inputs.stream().map(s -> s.getPath().toString())
        .toList(), lines, records, malformed, Arrays.stream(partitionBytes).sum(), seconds,
        malformed > 0 ? rejectsPath.toString() : null);
    KatManifest recorded = manifest.withBatch(batch);
    recorded.write(dfs, dst);
    progress.printf("ingested %,d lines as %,d records into %d partitions in %.1f s; %d of %d blocks on their "
        + "partition's owner%n", lines, records, manifest.partitions(), seconds, onOwner, blocks);
    return new Result(recorded, batch, existing == null, partitionBytes, blocks, onOwner, warnings);
  }

  /** Writes a line's records; returns how many. Tokens of one line and partition stay on one line. */
  private static long writeRecords(KeyExtractor extractor, PartitionMap map, String line, StringBuilder[] pieces,
      PartitionWriters writers) throws MalformedRecordException, IOException {
    if (!extractor.splitsLines()) {
      long[] count = {0};
      IOException[] failed = {null};
      extractor.extract(line, (key, record) -> {
        try {
          writers.writeLine(map.partitionOf(key), record);
          count[0]++;
        } catch (IOException e) {
          failed[0] = e;
        }
      });
      if (failed[0] != null) {
        throw failed[0];
      }
      return count[0];
    }
    long[] count = {0};
    extractor.extract(line, (key, record) -> {
      int p = map.partitionOf(key);
      if (pieces[p] == null) {
        pieces[p] = new StringBuilder();
      } else if (pieces[p].length() > 0) {
        pieces[p].append(' ');
      }
      pieces[p].append(record);
      count[0]++;
    });
    for (int p = 0; p < pieces.length; p++) {
      if (pieces[p] != null && pieces[p].length() > 0) {
        writers.writeLine(p, pieces[p]);
        pieces[p].setLength(0);
      }
    }
    return count[0];
  }

  /** Every file under the sources (not those named _* or .*, as MapReduce skips them), in name order. */
  static List<FileStatus> listInputs(Configuration conf, List<Path> sources) throws IOException {
    if (sources.isEmpty()) {
      throw new ConfigException("no SRC given");
    }
    List<FileStatus> files = new ArrayList<>();
    for (Path source : sources) {
      FileSystem fs = source.getFileSystem(conf);
      if (!fs.exists(source)) {
        throw new ConfigException("SRC " + source + " does not exist");
      }
      collect(fs, fs.getFileStatus(source), files);
    }
    if (files.isEmpty()) {
      throw new ConfigException("SRC " + sources + " holds no files");
    }
    files.sort(Comparator.comparing(f -> f.getPath().toString()));
    return files;
  }

  private static void collect(FileSystem fs, FileStatus status, List<FileStatus> files) throws IOException {
    String name = status.getPath().getName();
    if (name.startsWith("_") || name.startsWith(".")) {
      return;
    }
    if (status.isFile()) {
      files.add(status);
      return;
    }
    for (FileStatus child : fs.listStatus(status.getPath())) {
      collect(fs, child, files);
    }
  }

  /**
   * The sample: all input up to {@code sampleBytes}, otherwise 1 MiB chunks spread evenly over every file (each
   * chunk from its first whole line), so keys are seen in proportion wherever they occur.
   */
  static PartitionMap sample(Configuration conf, List<FileStatus> inputs, KeyExtractor extractor, Options options,
      PrintStream progress) throws IOException {
    long total = inputs.stream().mapToLong(FileStatus::getLen).sum();
    long stride = Math.max(1, (long) Math.ceil((double) total / Math.max(1, options.sampleBytes())));
    KeySample sample = new KeySample(1.0, 0);
    long sampledBytes = 0;
    for (FileStatus input : inputs) {
      FileSystem fs = input.getPath().getFileSystem(conf);
      long chunks = Math.max(1, (input.getLen() + SAMPLE_CHUNK - 1) / SAMPLE_CHUNK);
      try (FSDataInputStream in = fs.open(input.getPath())) {
        for (long c = 0; c < chunks; c += stride) {
          long start = c * SAMPLE_CHUNK;
          long end = stride == 1 ? input.getLen() : start + SAMPLE_CHUNK;
          in.seek(start);
          BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
          long position = start;
          if (start > 0) {
            String partial = reader.readLine();
            position += partial == null ? 0 : partial.length() + 1;
          }
          String line;
          while (position < end && (line = reader.readLine()) != null) {
            position += line.length() + 1;
            try {
              extractor.extract(line, (key, record) -> sample.offer(key));
            } catch (MalformedRecordException e) {
              // counted and reported by the writing pass, which sees every line
            }
          }
          sampledBytes += position - start;
          if (stride == 1) {
            break;
          }
        }
      }
    }
    progress.printf("sampled %,d keys (%,d distinct) from %,d of %,d bytes%n", sample.sampled(),
        sample.counts().size(), sampledBytes, total);
    return PartitionMap.build(sample.counts(), options.partitions(), PartitionMap.DEFAULT_MAX_ASSIGNED_KEYS);
  }

  /** Owners for a new map: the eligible DataNodes by name, partition p on node p mod n. */
  static List<String> chooseOwners(Map<String, DatanodeInfo> eligible, int partitions) throws IOException {
    List<String> nodes = new ArrayList<>(eligible.keySet());
    if (nodes.isEmpty()) {
      throw new IOException("no live DataNode to own a partition");
    }
    List<String> owners = new ArrayList<>();
    for (int p = 0; p < partitions; p++) {
      owners.add(nodes.get(p % nodes.size()));
    }
    return owners;
  }

  /**
   * DataNodes that can own a partition, by host name, sorted: live and not being decommissioned (a node leaving
   * the cluster keeps listing its replicas until it is gone, so it must not count as holding a partition). A
   * node in maintenance stays an owner: it comes back with its replicas.
   */
  static Map<String, DatanodeInfo> liveDataNodes(DistributedFileSystem dfs) throws IOException {
    Map<String, DatanodeInfo> live = new java.util.TreeMap<>();
    for (DatanodeInfo info : dfs.getDataNodeStats(DatanodeReportType.LIVE)) {
      if (!info.isDecommissionInProgress() && !info.isDecommissioned()) {
        live.put(info.getHostName(), info);
      }
    }
    return live;
  }

  /**
   * The favored-node address of a DataNode. The client passes it to the NameNode as NAME:PORT, which the NameNode
   * resolves to place the replica, and pins a replica (with {@code dfs.datanode.block-pinning.enabled}) only when
   * NAME is the host name the DataNode registered with. So it is the host name when that resolves here to the
   * DataNode's address, as on a cluster with working DNS; otherwise the address itself, which places the replica
   * as well but cannot pin it ({@link #pinnable} says which).
   */
  static InetSocketAddress favoredAddress(DatanodeInfo info) {
    try {
      byte[] ip = InetAddress.getByName(info.getIpAddr()).getAddress();
      String name = pinnable(info) ? info.getHostName() : info.getIpAddr();
      // An address with its name given: nothing is looked up again when the client reads the name back.
      return new InetSocketAddress(InetAddress.getByAddress(name, ip), info.getXferPort());
    } catch (UnknownHostException e) {
      return new InetSocketAddress(info.getIpAddr(), info.getXferPort());
    }
  }

  /** Whether the DataNode's host name resolves here to its address, so that its favored replicas can be pinned. */
  static boolean pinnable(DatanodeInfo info) {
    try {
      for (InetAddress address : InetAddress.getAllByName(info.getHostName())) {
        if (address.getHostAddress().equals(info.getIpAddr())) {
          return true;
        }
      }
      return false;
    } catch (UnknownHostException e) {
      return false;
    }
  }

  /** One open file per partition for this batch; all of them, empty ones too, so every partition exists. */
  private static final class PartitionWriters {
    private final DistributedFileSystem dfs;
    private final Path[] paths;
    private final Writer[] writers;

    PartitionWriters(DistributedFileSystem dfs, Path dst, KatManifest manifest, String batchName, Options options,
        Map<String, DatanodeInfo> live, List<String> warnings) throws IOException {
      this.dfs = dfs;
      int partitions = manifest.partitions();
      this.paths = new Path[partitions];
      this.writers = new Writer[partitions];
      short replication = options.replication() > 0 ? options.replication() : dfs.getDefaultReplication(dst);
      long blockSize = dfs.getDefaultBlockSize(dst);
      List<String> unpinnable = new ArrayList<>();
      try {
        for (int p = 0; p < partitions; p++) {
          paths[p] = new Path(KatManifest.partitionDir(dst, p), batchName);
          if (dfs.exists(paths[p])) {
            // Left by an ingest that was killed: the manifest does not list its batch, so nothing reads it.
            warnings.add("replaced " + paths[p] + ", left by an interrupted ingest");
          }
          String owner = manifest.owners().get(p);
          DatanodeInfo node = live.get(owner);
          InetSocketAddress[] favored = null;
          if (node != null) {
            favored = new InetSocketAddress[] {favoredAddress(node)};
            if (!pinnable(node) && unpinnable.isEmpty()) {
              unpinnable.add(owner);
              warnings.add("the owners' host names (e.g. " + owner + ") do not resolve here to their DataNodes' "
                  + "addresses: their replicas are placed by address, and HDFS cannot pin them even with "
                  + "dfs.datanode.block-pinning.enabled (check and heal still restore them)");
            }
          } else {
            warnings.add("partition " + p + ": its owner " + owner + " is not live; written without it, "
                + "strata kat heal moves it back or to a new owner");
          }
          FSDataOutputStream out = dfs.create(paths[p], FsPermission.getFileDefault().applyUMask(
              FsPermission.getUMask(dfs.getConf())), true, 1 << 16, replication, blockSize, null, favored);
          writers[p] = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
        }
      } catch (IOException | RuntimeException e) {
        abort();
        throw e;
      }
    }

    void writeLine(int partition, CharSequence line) throws IOException {
      writers[partition].append(line).append('\n');
    }

    Path path(int partition) {
      return paths[partition];
    }

    void close() throws IOException {
      for (Writer writer : writers) {
        writer.close();
      }
    }

    /** Closes what is open and removes this batch's files: a failed ingest leaves DST as it was. */
    void abort() {
      for (int p = 0; p < paths.length; p++) {
        try {
          if (writers[p] != null) {
            writers[p].close();
          }
        } catch (IOException | RuntimeException ignored) {
          // removed below
        }
        try {
          if (paths[p] != null) {
            dfs.delete(paths[p], false);
          }
        } catch (IOException | RuntimeException ignored) {
          // the manifest does not list this batch, so jobs and kat check ignore a file left here
        }
      }
    }
  }
}
