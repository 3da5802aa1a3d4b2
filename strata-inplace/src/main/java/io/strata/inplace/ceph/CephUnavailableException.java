package io.strata.inplace.ceph;

import java.io.IOException;

/** Ceph cannot be run on this machine; the message says why and what would fix it. */
public class CephUnavailableException extends IOException {
  private static final long serialVersionUID = 1L;

  public CephUnavailableException(String message) {
    super(message);
  }
}
