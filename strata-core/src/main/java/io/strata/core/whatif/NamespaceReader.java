package io.strata.core.whatif;

import java.io.Closeable;
import java.io.IOException;

/**
 * A namespace image read one entry at a time, so an image of any size is read in little memory: entries come in
 * the image's own order (no directory before its children is promised), and a reader keeps none after handing it
 * out. Symbolic links and inodes kept only by snapshots are left out.
 */
public interface NamespaceReader extends Closeable {
  /** The next file or directory, or null after the last. */
  NamespaceEntry next() throws IOException;

  /** The file being read, as named to the reader. */
  String source();

  /** Entries handed out so far. */
  long entriesRead();
}
