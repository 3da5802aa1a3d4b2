package io.strata.cli.shared;

import io.strata.core.config.Durations;
import java.time.Duration;
import picocli.CommandLine;

/** A duration given on the command line, such as {@code 90s} or {@code 12h}: its length, and its text as typed. */
public record DurationArg(Duration duration, String text) {
  public long millis() {
    return duration.toMillis();
  }

  @Override
  public String toString() {
    return text;
  }

  /** The converter the command line has for every option of this type. */
  public static final class Converter implements CommandLine.ITypeConverter<DurationArg> {
    @Override
    public DurationArg convert(String text) {
      try {
        return new DurationArg(Durations.parse(text), text);
      } catch (IllegalArgumentException e) {
        throw new BadOptionValue(e.getMessage());
      }
    }
  }
}
