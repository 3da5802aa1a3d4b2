package io.strata.hdfs.kat;

/** What an ingest does with a line that holds no key (too few fields, no match, not UTF-8). */
public enum MalformedPolicy {
  /** Stop at the first one, naming its file and line; the batch's partial files are removed. */
  FAIL,
  /** Write it to DST/_rejects/b-NNNNN as "FILE:LINE<tab>REASON<tab>LINE", count it, and go on. */
  SKIP
}
