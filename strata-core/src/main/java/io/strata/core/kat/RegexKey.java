package io.strata.core.kat;

import io.strata.core.config.ConfigException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The key is the first match of a regular expression in the line (its group 1 if it has groups); the record is
 * the whole line. A line without a match is malformed.
 */
public final class RegexKey implements KeyExtractor {
  private final Pattern pattern;

  public RegexKey(String regex) {
    this.pattern = compile("regex", regex);
  }

  static Pattern compile(String kind, String regex) {
    try {
      return Pattern.compile(regex);
    } catch (PatternSyntaxException e) {
      throw new ConfigException("key '" + kind + ":" + regex + "': not a regular expression: " + e.getDescription());
    }
  }

  @Override
  public void extract(String line, RecordSink sink) throws MalformedRecordException {
    Matcher matcher = pattern.matcher(line);
    if (!matcher.find()) {
      throw new MalformedRecordException("does not match " + pattern.pattern());
    }
    sink.accept(matcher.groupCount() > 0 ? matcher.group(1) : matcher.group(), line);
  }
}
