package io.strata.cli.cluster;

import io.strata.cli.shared.ExitCodes;
import io.strata.embedded.control.ClusterControl;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

/** A request to a running {@code strata cluster up}, its answer reported as a command's output and exit code. */
final class ClusterRequest {
  private ClusterRequest() {}

  /**
   * Sends {@code request} as {@link ClusterControl#request} does and reports the answer: its text on stdout and exit
   * code 0 for {@code ok:}, otherwise on stderr with 2 for {@code bad:} and 1 for anything else.
   */
  static int send(Path base, String request, Duration timeout) throws IOException, InterruptedException {
    String answer = ClusterControl.request(base, request, timeout);
    if (answer.startsWith("ok:")) {
      System.out.println(answer.substring(3).trim());
      return 0;
    }
    System.err.println("strata: " + answer.substring(answer.indexOf(':') + 1).trim());
    return answer.startsWith("bad:") ? ExitCodes.BAD_INPUT : ExitCodes.FAILED;
  }
}
