package io.strata.dashboard;

/** A page needs a setting the dashboard was started without; the message says which option gives it. */
public final class NotConfiguredException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public NotConfiguredException(String message) {
    super(message);
  }
}
