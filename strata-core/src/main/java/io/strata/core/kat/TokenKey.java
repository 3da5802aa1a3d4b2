package io.strata.core.kat;

import java.util.StringTokenizer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every whitespace-separated token of a line is a record, split as WordCount's mapper splits it
 * ({@link StringTokenizer}). Its key is the token, or with a regular expression the expression's first match in
 * the token (the token itself if none), which is the key Hadoop's Grep emits for a token it matches.
 */
public final class TokenKey implements KeyExtractor {
  private final Pattern pattern;

  /** {@code regex} may be null: the key is the token. */
  public TokenKey(String regex) {
    this.pattern = regex == null ? null : RegexKey.compile("tokens", regex);
  }

  @Override
  public void extract(String line, RecordSink sink) {
    StringTokenizer tokens = new StringTokenizer(line);
    while (tokens.hasMoreTokens()) {
      String token = tokens.nextToken();
      String key = token;
      if (pattern != null) {
        Matcher matcher = pattern.matcher(token);
        if (matcher.find()) {
          key = matcher.group();
        }
      }
      sink.accept(key, token);
    }
  }

  @Override
  public boolean splitsLines() {
    return true;
  }
}
