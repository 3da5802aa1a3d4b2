package io.strata.cli;

/** Small cluster specs for tests on the cluster of hosts. */
public final class HostSpecs {
  /** Two racks of one host each, one HDD per host, 1 Gbit/s links. */
  public static final String TWO_HOSTS = """
      name: two-hosts
      description: 2 racks x 1 host
      network: {nicGbps: 1, rackUplinkGbps: 1}
      tiers:
        - {name: hdd, storageType: DISK}
      racks:
        - name: /rack1
          nodes:
            - {host: h1, volumes: [{device: hdd, capacity: 2GiB}]}
        - name: /rack2
          nodes:
            - {host: h2, volumes: [{device: hdd, capacity: 2GiB}]}
      """;

  private HostSpecs() {}
}
