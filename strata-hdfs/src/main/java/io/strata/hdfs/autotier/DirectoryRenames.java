package io.strata.hdfs.autotier;

import io.strata.core.popularity.AuditEvent;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;

/**
 * A rename in the audit log names only what was renamed: for a directory, its files' popularity would stay with
 * their old paths. This turns the rename of a directory into one rename per file below it, found by listing the
 * new directory as the namespace has it now (so it is meant for the live log, read moments after the rename).
 */
final class DirectoryRenames {
  private DirectoryRenames() {}

  /**
   * One rename event per file now below {@code rename}'s destination, from its old path to its new one, at the
   * rename's time; empty when the destination is not a directory (or is gone).
   */
  static List<AuditEvent> perFile(FileSystem fs, AuditEvent rename) throws IOException {
    List<AuditEvent> files = new ArrayList<>();
    Path destination = new Path(rename.dst());
    try {
      if (!fs.getFileStatus(destination).isDirectory()) {
        return files;
      }
    } catch (FileNotFoundException gone) {
      return files;
    }
    String to = destination.toUri().getPath();
    Deque<Path> directories = new ArrayDeque<>(List.of(destination));
    while (!directories.isEmpty()) {
      RemoteIterator<FileStatus> listed;
      try {
        listed = fs.listStatusIterator(directories.pop());
      } catch (FileNotFoundException gone) {
        continue;
      }
      while (listed.hasNext()) {
        FileStatus status = listed.next();
        if (status.isDirectory()) {
          directories.push(status.getPath());
        } else {
          String now = status.getPath().toUri().getPath();
          files.add(AuditEvent.of(rename.timeMillis(), AuditEvent.Command.RENAME,
              rename.src() + now.substring(to.length()), now));
        }
      }
    }
    return files;
  }
}
