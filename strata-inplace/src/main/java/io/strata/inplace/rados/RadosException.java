package io.strata.inplace.rados;

import java.io.IOException;

/** A librados call failed; carries the (positive) errno and, where there is one, the object. */
public class RadosException extends IOException {
  private static final long serialVersionUID = 1L;
  public static final int ENOENT = 2;
  public static final int ETIMEDOUT = 110;

  private final int errno;
  private final String object;

  public RadosException(String message, int errno, String object) {
    super(message);
    this.errno = Math.abs(errno);
    this.object = object;
  }

  /** A failed call's return value ({@code -errno}) as an exception whose message says what was attempted. */
  static RadosException of(String what, int returned, String object) {
    int errno = Math.abs(returned);
    return new RadosException(what + (object == null ? "" : " '" + object + "'") + ": " + Errno.describe(errno),
        errno, object);
  }

  public int errno() {
    return errno;
  }

  public String object() {
    return object;
  }

  public boolean notFound() {
    return errno == ENOENT;
  }
}
