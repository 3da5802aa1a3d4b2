package io.strata.core.spec;

/**
 * Link speeds, used by the simulator and reports (the embedded cluster runs on loopback).
 *
 * @param nicGbps            bandwidth of each node's network interface
 * @param rackUplinkGbps     bandwidth from a rack switch to the core
 */
public record NetworkSpec(double nicGbps, double rackUplinkGbps) {
  /** 10 Gbps NICs and a 2:1 oversubscribed uplink for a rack of 20, a common Hadoop build-out. */
  public static NetworkSpec defaults() {
    return new NetworkSpec(10, 100);
  }
}
