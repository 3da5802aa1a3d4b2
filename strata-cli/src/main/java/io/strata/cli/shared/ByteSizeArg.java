package io.strata.cli.shared;

import io.strata.core.config.ByteSize;
import picocli.CommandLine;

/**
 * A byte size given on the command line, such as {@code 64MiB} or {@code 120GB}: its bytes, and its text as typed
 * for messages. Options of this type are positive sizes (see {@link Converter}).
 */
public record ByteSizeArg(long bytes, String text) {
  /** Any size, zero too. */
  public static ByteSizeArg parse(String text) {
    try {
      return new ByteSizeArg(ByteSize.parse(text), text);
    } catch (IllegalArgumentException e) {
      throw new BadOptionValue(e.getMessage());
    }
  }

  /** A size above zero. */
  public static ByteSizeArg parsePositive(String text) {
    ByteSizeArg size = parse(text);
    if (size.bytes() <= 0) {
      throw new BadOptionValue("must be > 0, got '" + text + "'");
    }
    return size;
  }

  @Override
  public String toString() {
    return text;
  }

  /** The converter the command line has for every option of this type. */
  public static final class Converter implements CommandLine.ITypeConverter<ByteSizeArg> {
    @Override
    public ByteSizeArg convert(String text) {
      return parsePositive(text);
    }
  }

  /** For an option where a size of zero turns something off. */
  public static final class OrZero implements CommandLine.ITypeConverter<ByteSizeArg> {
    @Override
    public ByteSizeArg convert(String text) {
      return parse(text);
    }
  }
}
