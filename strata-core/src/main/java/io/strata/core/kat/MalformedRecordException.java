package io.strata.core.kat;

/** A record holds no key by the key function's rule (the caller adds the file and line). */
public class MalformedRecordException extends Exception {
  private static final long serialVersionUID = 1L;

  public MalformedRecordException(String message) {
    super(message);
  }
}
