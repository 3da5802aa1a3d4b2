package io.strata.embedded.control;

import io.strata.embedded.hosts.HostCluster;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.NoSuchElementException;

/** The requests a running {@code strata cluster up --hosts} serves: DataNode stop/start and link changes. */
public final class HostClusterTarget implements ClusterControl.Target {
  private final HostCluster cluster;

  public HostClusterTarget(HostCluster cluster) {
    this.cluster = cluster;
  }

  @Override
  public String handle(String[] words) throws IOException {
    try {
      return switch (words.length == 2 || words.length == 3 ? words[0] : "") {
        case "stop" -> {
          cluster.stopDataNode(words[1]);
          yield "the DataNode of " + words[1] + " is stopped and dead to the NameNode";
        }
        case "start" -> {
          cluster.startDataNode(words[1]);
          yield "the DataNode of " + words[1] + " is running again";
        }
        case "link-cut" -> {
          cluster.network().cutUplink(words[1]);
          yield "the uplink of rack " + words[1] + " is cut: its hosts reach only each other";
        }
        case "link-restore" -> {
          cluster.network().restoreUplink(words[1]);
          yield "the uplink of rack " + words[1] + " is up again";
        }
        case "rate-host" -> {
          cluster.network().setNicRate(words[1], Long.parseLong(words[2]));
          yield "the NIC of " + words[1] + " runs at " + rate(Long.parseLong(words[2]));
        }
        case "rate-rack" -> {
          cluster.network().setUplinkRate(words[1], Long.parseLong(words[2]));
          yield "the uplink of rack " + words[1] + " runs at " + rate(Long.parseLong(words[2]));
        }
        default -> throw new UnsupportedOperationException("unknown request '" + String.join(" ", words) + "'");
      };
    } catch (NoSuchElementException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  /** A rate in bits per second as the answers name it, e.g. {@code 50 Mbit/s}. */
  static String rate(long bitsPerSecond) {
    return new BigDecimal(bitsPerSecond).movePointLeft(6).stripTrailingZeros().toPlainString() + " Mbit/s";
  }
}
