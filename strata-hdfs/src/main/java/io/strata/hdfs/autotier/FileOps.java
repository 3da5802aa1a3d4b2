package io.strata.hdfs.autotier;

import io.strata.core.placement.TierLayout;
import java.io.IOException;
import java.util.Optional;

/** What the applier needs of the file system: a file's state now, and one step applied to it. */
public interface FileOps {
  /** The file as the NameNode reports it, or empty when it does not exist. */
  Optional<FileState> state(String path) throws IOException;

  /** The layout the file's placement rule records, or null when its rule records none. */
  TierLayout recordedLayout(String path) throws IOException;

  /**
   * Applies one step and returns the replica bytes it copied with block moves.
   *
   * @throws IOException when the step did not finish (whatever it did keeps every block readable)
   */
  long apply(String path, Step step) throws IOException;
}
