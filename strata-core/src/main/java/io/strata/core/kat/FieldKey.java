package io.strata.core.kat;

import io.strata.core.config.ConfigException;

/** The key is field N (1-based) of a delimited line; the record is the whole line. */
public final class FieldKey implements KeyExtractor {
  private final int field;
  private final String delimiter;

  public FieldKey(int field, String delimiter) {
    if (field < 1) {
      throw new ConfigException("key 'field:" + field + "': the field number counts from 1");
    }
    if (delimiter.isEmpty()) {
      throw new ConfigException("key 'field:" + field + "': the delimiter is empty");
    }
    this.field = field;
    this.delimiter = delimiter;
  }

  @Override
  public void extract(String line, RecordSink sink) throws MalformedRecordException {
    int start = 0;
    for (int i = 1; i < field; i++) {
      int next = line.indexOf(delimiter, start);
      if (next < 0) {
        throw new MalformedRecordException("has " + i + " field(s), the key is field " + field);
      }
      start = next + delimiter.length();
    }
    int end = line.indexOf(delimiter, start);
    sink.accept(line.substring(start, end < 0 ? line.length() : end), line);
  }
}
