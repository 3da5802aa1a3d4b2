package io.strata.embedded.hosts;

import java.io.InputStream;
import java.util.Arrays;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A client run inside a host's namespace by {@link HostClusterIT}, with the cluster directory first on its class
 * path. {@code locations PATH}: one line per block, its replicas' hosts in the order the NameNode gave this client.
 * {@code read PATH}: reads the whole file and prints the bytes read and the nanoseconds the reading took.
 */
public final class HostClient {
  private HostClient() {}

  public static void main(String[] args) throws Exception {
    Configuration conf = new Configuration();
    Path path = new Path(args[1]);
    try (FileSystem fs = FileSystem.get(conf)) {
      switch (args[0]) {
        case "locations" -> {
          FileStatus status = fs.getFileStatus(path);
          for (BlockLocation block : fs.getFileBlockLocations(status, 0, status.getLen())) {
            System.out.println(Arrays.stream(block.getHosts()).collect(Collectors.joining(",")));
          }
        }
        case "read" -> {
          byte[] buffer = new byte[1 << 20];
          long bytes = 0;
          long start;
          try (InputStream in = fs.open(path)) {
            start = System.nanoTime();
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
              bytes += n;
            }
          }
          System.out.println(bytes + " " + (System.nanoTime() - start));
        }
        default -> throw new IllegalArgumentException("unknown command " + args[0]);
      }
    }
  }
}
