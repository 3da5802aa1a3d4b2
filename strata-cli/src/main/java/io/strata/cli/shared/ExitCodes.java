package io.strata.cli.shared;

/** The exit codes every command returns besides 0 (success), as the top command's help lists them. */
public final class ExitCodes {
  /** The operation failed: HDFS unreachable, path not found, permission denied, I/O error. */
  public static final int FAILED = 1;
  /** Bad usage or bad input: unknown option, malformed spec or config. */
  public static final int BAD_INPUT = 2;

  private ExitCodes() {}
}
