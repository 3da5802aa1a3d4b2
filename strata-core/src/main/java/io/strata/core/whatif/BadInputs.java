package io.strata.core.whatif;

import java.util.Optional;
import java.util.function.Function;

/**
 * What the readers do with a line or entry they cannot read: stop at the first with its error (the default), or
 * skip it and count it ({@code --skip-bad}), keeping the first one skipped for the report. One instance may be
 * shared by several readers to count their inputs together.
 */
public final class BadInputs {
  private final boolean skip;
  private long skipped;
  private BadInputException first;

  private BadInputs(boolean skip) {
    this.skip = skip;
  }

  /** Every bad line or entry is an error. */
  public static BadInputs failing() {
    return new BadInputs(false);
  }

  /** Bad lines and entries are skipped and counted. */
  public static BadInputs skipping() {
    return new BadInputs(true);
  }

  public boolean skips() {
    return skip;
  }

  /** Throws {@code bad}, or counts it when skipping. */
  public void found(BadInputException bad) throws BadInputException {
    if (!skip) {
      throw bad;
    }
    if (first == null) {
      first = bad;
    }
    skipped++;
  }

  /** Lines and entries skipped so far. */
  public long skipped() {
    return skipped;
  }

  /** The first one skipped, to show what the others were like. */
  public Optional<BadInputException> first() {
    return Optional.ofNullable(first);
  }

  /** "no bad lines or entries", or how many were skipped and the first of them. */
  public String summary() {
    return summary(BadInputException::getMessage);
  }

  /** As {@link #summary()}, the first shown as {@code shown} words it (e.g. without its text). */
  public String summary(Function<BadInputException, String> shown) {
    return skipped == 0 ? "no bad lines or entries"
        : skipped + " bad line(s) or entries skipped, the first: " + shown.apply(first);
  }
}
