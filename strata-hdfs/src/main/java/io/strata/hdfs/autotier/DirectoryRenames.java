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
 * A rename in the audit log is logged as its caller asked for it: for a directory it names only the directory, so
 * its files' popularity would stay with their old paths, and a file renamed onto an existing directory names the
 * directory, not where the file went. This resolves both against the namespace as it is now (so it is meant for
 * the live log, read moments after the rename): a directory's rename becomes one rename per file below it, and a
 * file's rename onto a directory a rename to its path inside.
 */
final class DirectoryRenames {
  private DirectoryRenames() {}

  /**
   * {@code rename} of a file as it happened: when its destination is a directory now, the file went into it
   * (HDFS's rename onto an existing directory), so the event is rewritten to the file's path there.
   */
  static AuditEvent intoDirectory(FileSystem fs, AuditEvent rename) throws IOException {
    try {
      if (!fs.getFileStatus(new Path(rename.dst())).isDirectory()) {
        return rename;
      }
    } catch (FileNotFoundException gone) {
      return rename;
    }
    String name = rename.src().substring(rename.src().lastIndexOf('/') + 1);
    String directory = rename.dst().endsWith("/") ? rename.dst() : rename.dst() + "/";
    return AuditEvent.of(rename.timeMillis(), AuditEvent.Command.RENAME, rename.src(), directory + name);
  }

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
