package io.strata.cli.shared;

import io.strata.core.config.ConfigException;

/** Checks of option values that their type cannot express, each failing as a bad input naming the option. */
public final class OptionChecks {
  private OptionChecks() {}

  /** {@code value} when it is at least 1. */
  public static int atLeastOne(int value, String option) {
    if (value < 1) {
      throw new ConfigException(option + " must be >= 1, got " + value);
    }
    return value;
  }

  /** {@code path} when it is absolute. */
  public static String absolutePath(String path, String option) {
    if (path == null || !path.startsWith("/")) {
      throw new ConfigException(option + " must be absolute (start with /): " + path);
    }
    return path;
  }
}
