package io.strata.core.whatif;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a report that is to be shared ({@code strata whatif --anonymize}) shows instead of the cluster's paths.
 * Each component of a path becomes the first {@value #TOKEN_HEX_DIGITS} hex digits of the SHA-256 of its UTF-8
 * bytes, so the directory structure stays visible ({@code /a/b} and {@code /a/c} share their first token) and the
 * same path gives the same token in every run on every machine. The hash has no key: it hides names from a reader,
 * not from one who guesses a name and hashes it. A bad input line may hold paths anywhere in it, so it is named
 * by file and line only.
 */
public final class PathAnonymizer {
  /** 64 bits: two of n different names share a token with a chance of about n^2 / 2^65. */
  public static final int TOKEN_HEX_DIGITS = 16;

  /** {@code source:LINE: reason}, as {@link BadInputException#atLine} words it. */
  private static final Pattern LINE_PROBLEM = Pattern.compile("^(.*?):(\\d+): ");
  private static final String WITHHELD = "its text is withheld by --anonymize";

  private PathAnonymizer() {}

  /** {@code path} with every component replaced by its token; separators, and the root, stay as they are. */
  public static String path(String path) {
    StringBuilder out = new StringBuilder(path.length());
    int start = 0;
    while (start <= path.length()) {
      int slash = path.indexOf('/', start);
      int end = slash < 0 ? path.length() : slash;
      if (end > start) {
        out.append(token(path.substring(start, end)));
      }
      if (slash < 0) {
        break;
      }
      out.append('/');
      start = slash + 1;
    }
    return out.toString();
  }

  /** The token of one path component. */
  static String token(String component) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(component.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest, 0, TOKEN_HEX_DIGITS / 2);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }

  /** {@code bad} named by its file's name and its place in it, without the line, which may hold paths. */
  public static String problem(BadInputException bad) {
    return fileName(bad.source()) + ": " + bad.location() + ": " + WITHHELD;
  }

  /**
   * A problem message as the simulator keeps it ({@code source:LINE: reason}), named by the file's name and the
   * line only; any other message is withheld whole.
   */
  public static String problem(String message) {
    Matcher line = LINE_PROBLEM.matcher(message);
    return line.find() ? fileName(line.group(1)) + ": line " + line.group(2) + ": " + WITHHELD
        : "a bad input line or entry: " + WITHHELD;
  }

  private static String fileName(String source) {
    Path name = Path.of(source).getFileName();
    return name == null ? source : name.toString();
  }
}
