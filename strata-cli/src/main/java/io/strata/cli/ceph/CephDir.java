package io.strata.cli.ceph;

/** Where {@code strata ceph up} keeps the cluster unless told otherwise: down, status and scan look there too. */
final class CephDir {
  static final String DEFAULT = "strata-ceph";

  private CephDir() {}
}
