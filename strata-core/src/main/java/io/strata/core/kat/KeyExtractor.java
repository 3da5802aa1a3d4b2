package io.strata.core.kat;

/**
 * How KAT finds the intermediate key of each input record before the data is stored, so that every record of a
 * key lands in the partition (and on the node) where that key will be reduced. A record is one line of text, or
 * for extractors that {@link #splitsLines() split lines}, a piece of one (a token).
 */
public interface KeyExtractor {
  /** Receives the records of a line, each with its key. */
  @FunctionalInterface
  interface RecordSink {
    void accept(String key, String record);
  }

  /**
   * Passes every record of {@code line} with its key to {@code sink}; a line may hold none (a blank line for
   * {@code tokens}).
   *
   * @throws MalformedRecordException if the line should hold a key and does not (too few fields, no match)
   */
  void extract(String line, RecordSink sink) throws MalformedRecordException;

  /**
   * True if the records are pieces of a line (tokens): the ingest joins a line's pieces of one partition with a
   * space, which keeps every token a whitespace tokenizer (WordCount's) would see.
   */
  default boolean splitsLines() {
    return false;
  }
}
