package io.strata.cli.ceph;

import io.strata.cli.shared.ExitCodes;
import io.strata.inplace.ceph.LocalCephCluster;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.apache.commons.io.FileUtils;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code strata ceph down}: stop the daemons `strata ceph up` started in DIR. */
@Command(name = "down", mixinStandardHelpOptions = true,
    description = {
        "Stop the Ceph daemons started in DIR (TERM, then KILL after 10 s), exactly the pids recorded there."})
final class CephDownCommand implements Callable<Integer> {
  @Option(names = "--dir", paramLabel = "DIR", defaultValue = CephDir.DEFAULT,
      description = "the cluster's directory (default: ${DEFAULT-VALUE})")
  Path dir;

  @Option(names = "--purge", description = "also delete DIR (data, logs and configuration)")
  boolean purge;

  @Override
  public Integer call() throws Exception {
    if (!Files.isRegularFile(dir.resolve(LocalCephCluster.STATE_FILE))) {
      System.err.println("strata: no Strata Ceph cluster in " + dir.toAbsolutePath());
      return ExitCodes.FAILED;
    }
    LocalCephCluster.stop(dir, System.err);
    if (purge) {
      FileUtils.deleteDirectory(dir.toFile());
      System.out.println("Ceph in " + dir.toAbsolutePath() + " stopped and deleted.");
    } else {
      System.out
          .println("Ceph in " + dir.toAbsolutePath() + " stopped (data kept in the directory; --purge deletes it).");
    }
    return 0;
  }
}
