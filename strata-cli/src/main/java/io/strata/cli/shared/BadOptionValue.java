package io.strata.cli.shared;

import picocli.CommandLine;

/**
 * A value one of Strata's option converters refused. The message says why without the option's name, which
 * the command line puts in front, as in {@code strata: --block-size: not a byte size: 'lots'}.
 */
public final class BadOptionValue extends CommandLine.TypeConversionException {
  BadOptionValue(String message) {
    super(message);
  }
}
