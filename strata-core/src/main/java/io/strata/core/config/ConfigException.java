package io.strata.core.config;

/**
 * A configuration, spec or rule input is wrong. The message always names the input (file and line where
 * known, and the key) and what is wrong with it.
 */
public class ConfigException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public ConfigException(String message) {
    super(message);
  }

  public ConfigException(String message, Throwable cause) {
    super(message, cause);
  }
}
