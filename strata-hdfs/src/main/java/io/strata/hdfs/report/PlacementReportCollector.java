package io.strata.hdfs.report;

import io.strata.core.tier.TierMap;
import io.strata.hdfs.tier.TierAccessException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.HashSet;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.Set;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;

/**
 * Reads block placement from a live file system through the public FileSystem API only, so it works against
 * any HDFS (and, with less detail, any other Hadoop file system), and feeds a {@link PlacementReportBuilder}.
 */
public final class PlacementReportCollector {
  private final FileSystem fs;

  public PlacementReportCollector(FileSystem fs) {
    this.fs = Objects.requireNonNull(fs, "fs");
  }

  /**
   * Reports on every file under {@code path} (or on {@code path} itself if it is a file). The cluster's rack
   * count comes from the DataNode report when the file system is HDFS and allows it.
   *
   * @throws FileNotFoundException naming the path when it does not exist
   */
  public PlacementReport collect(Path path, TierMap tierMap) throws IOException {
    PlacementReportBuilder builder = new PlacementReportBuilder(path.toString(), tierMap);
    datanodeRackCount().ifPresent(builder::clusterRacks);
    addFiles(path, builder);
    return builder.build();
  }

  /**
   * Adds every file under {@code path} (or {@code path} itself if it is a file) to {@code builder}, one file at
   * a time as the listing streams in.
   *
   * @throws FileNotFoundException naming the path when it does not exist
   */
  public void addFiles(Path path, PlacementReportBuilder builder) throws IOException {
    requireExists(path);
    RemoteIterator<LocatedFileStatus> files = fs.listFiles(path, true);
    while (files.hasNext()) {
      LocatedFileStatus file = files.next();
      builder.addFile(file.getPath().toUri().getPath(), file.getLen(), file.getReplication(),
          file.getBlockLocations());
    }
  }

  /**
   * The number of distinct racks (network locations) among all DataNodes, live or dead; empty when the file
   * system is not HDFS or the user may not read the DataNode report (it needs superuser on some versions).
   */
  public OptionalInt datanodeRackCount() throws IOException {
    if (!(fs instanceof DistributedFileSystem dfs)) {
      return OptionalInt.empty();
    }
    DatanodeInfo[] datanodes;
    try {
      datanodes = dfs.getDataNodeStats();
    } catch (IOException e) {
      if (TierAccessException.denied(e)) {
        return OptionalInt.empty();
      }
      throw e;
    }
    Set<String> racks = new HashSet<>();
    for (DatanodeInfo datanode : datanodes) {
      racks.add(datanode.getNetworkLocation());
    }
    return OptionalInt.of(racks.size());
  }

  private void requireExists(Path path) throws IOException {
    // Checked up front: listFiles may fail lazily, with a message that varies by file system.
    try {
      fs.getFileStatus(path);
    } catch (FileNotFoundException e) {
      FileNotFoundException notFound = new FileNotFoundException("no such file or directory: " + path);
      notFound.initCause(e);
      throw notFound;
    }
  }
}
