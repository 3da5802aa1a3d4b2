package io.strata.embedded.localdir;

import org.apache.hadoop.fs.LocalFileSystem;

/**
 * Hadoop's local file system ({@code file:}) with emulated device speeds under device directories: set as
 * {@code fs.file.impl} for the task JVMs. MapReduce reaches its spills and map outputs through
 * {@code FileSystem.getLocal(conf).getRaw()} and casts the raw file system to {@code RawLocalFileSystem}, so the
 * pacing sits in {@link EmulatedRawLocalFileSystem}, a subclass of it.
 */
public class EmulatedLocalFileSystem extends LocalFileSystem {
  public EmulatedLocalFileSystem() {
    super(new EmulatedRawLocalFileSystem());
  }
}
