package io.strata.inplace.rados;

import java.util.Map;

/** Names for the Linux errno values librados returns, so messages say "No such file or directory (ENOENT)". */
final class Errno {
  private static final Map<Integer, String> NAMES = Map.ofEntries(
      Map.entry(1, "Operation not permitted (EPERM)"),
      Map.entry(2, "No such object (ENOENT)"),
      Map.entry(5, "I/O error (EIO)"),
      Map.entry(11, "Resource temporarily unavailable (EAGAIN)"),
      Map.entry(12, "Out of memory (ENOMEM)"),
      Map.entry(13, "Permission denied (EACCES)"),
      Map.entry(17, "Already exists (EEXIST)"),
      Map.entry(22, "Invalid argument (EINVAL)"),
      Map.entry(27, "File too large (EFBIG)"),
      Map.entry(28, "No space left (ENOSPC)"),
      Map.entry(34, "Result out of range (ERANGE)"),
      Map.entry(38, "Function not implemented (ENOSYS)"),
      Map.entry(95, "Operation not supported (EOPNOTSUPP)"),
      Map.entry(107, "Not connected (ENOTCONN)"),
      Map.entry(108, "Connection shut down (ESHUTDOWN)"),
      Map.entry(110, "Timed out (ETIMEDOUT)"),
      Map.entry(111, "Connection refused (ECONNREFUSED)"),
      Map.entry(122, "Quota exceeded (EDQUOT)"),
      Map.entry(125, "Operation canceled (ECANCELED)"));

  private Errno() {}

  static String describe(int errno) {
    return NAMES.getOrDefault(errno, "error " + errno);
  }
}
