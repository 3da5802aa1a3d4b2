package io.strata.inplace.gif;

import java.io.IOException;

/** A GIF that cannot be read; the message names the file and line. */
public class GifFormatException extends IOException {
  private static final long serialVersionUID = 1L;

  public GifFormatException(String message) {
    super(message);
  }
}
