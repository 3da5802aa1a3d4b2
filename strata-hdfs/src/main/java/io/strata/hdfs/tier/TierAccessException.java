package io.strata.hdfs.tier;

import java.io.IOException;

/** The user may not do what tier management needs (read storage reports, get block keys): not the superuser. */
public final class TierAccessException extends IOException {
  private static final long serialVersionUID = 1L;

  public TierAccessException(String message, Throwable cause) {
    super(message, cause);
  }
}
