package io.strata.embedded.hosts;

/** A host network could not be built, changed or removed; the message names the command and its stderr. */
public class HostNetworkException extends RuntimeException {
  public HostNetworkException(String message) {
    super(message);
  }

  public HostNetworkException(String message, Throwable cause) {
    super(message, cause);
  }
}
