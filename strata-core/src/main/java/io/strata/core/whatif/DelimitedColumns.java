package io.strata.core.whatif;

import java.util.ArrayList;
import java.util.List;

/**
 * The columns of {@code hdfs oiv -p Delimited} text, from its header line: {@code Path}, {@code Replication},
 * {@code ModificationTime}, {@code AccessTime}, {@code PreferredBlockSize}, {@code BlocksCount}, {@code FileSize},
 * {@code NSQUOTA}, {@code DSQUOTA}, {@code Permission}, {@code UserName}, {@code GroupName}, then {@code
 * StoragePolicyId} with {@code -sp} and {@code ErasureCodingPolicy} with {@code -ec}. Columns are found by name. The
 * delimiter ({@code -delimiter}, a tab by default) is whatever stands between {@code Path} and {@code Replication}.
 */
final class DelimitedColumns {
  static final String PATH = "Path";
  static final String REPLICATION = "Replication";
  static final String MODIFICATION_TIME = "ModificationTime";
  static final String ACCESS_TIME = "AccessTime";
  static final String BLOCK_SIZE = "PreferredBlockSize";
  static final String FILE_SIZE = "FileSize";
  static final String PERMISSION = "Permission";
  static final String STORAGE_POLICY = "StoragePolicyId";
  static final String ERASURE_CODING_POLICY = "ErasureCodingPolicy";
  private static final List<String> REQUIRED = List.of(PATH, REPLICATION, MODIFICATION_TIME, ACCESS_TIME, BLOCK_SIZE,
      FILE_SIZE, PERMISSION);

  final String delimiter;
  final List<String> names;
  final int count;
  final int path;
  final int replication;
  final int modificationTime;
  final int accessTime;
  final int blockSize;
  final int fileSize;
  final int permission;
  /** -1 when the text was written without {@code -sp}. */
  final int storagePolicy;
  /** -1 when the text was written without {@code -ec}. */
  final int erasureCodingPolicy;

  private DelimitedColumns(String delimiter, List<String> names) {
    this.delimiter = delimiter;
    this.names = List.copyOf(names);
    this.count = names.size();
    this.path = names.indexOf(PATH);
    this.replication = names.indexOf(REPLICATION);
    this.modificationTime = names.indexOf(MODIFICATION_TIME);
    this.accessTime = names.indexOf(ACCESS_TIME);
    this.blockSize = names.indexOf(BLOCK_SIZE);
    this.fileSize = names.indexOf(FILE_SIZE);
    this.permission = names.indexOf(PERMISSION);
    this.storagePolicy = names.indexOf(STORAGE_POLICY);
    this.erasureCodingPolicy = names.indexOf(ERASURE_CODING_POLICY);
  }

  /** The columns named by {@code header}, line 1 of {@code source}. */
  static DelimitedColumns parse(String source, String header) throws BadInputException {
    if (header == null) {
      throw BadInputException.atLine(source, 1, "empty: expected the header line of `hdfs oiv -p Delimited` output");
    }
    String line = header.startsWith("\uFEFF") ? header.substring(1) : header;
    int replicationAt = line.indexOf(REPLICATION, PATH.length());
    if (!line.startsWith(PATH) || replicationAt <= PATH.length()) {
      throw BadInputException.atLine(source, 1, "not the header of `hdfs oiv -p Delimited` output (expected "
          + "Path, a delimiter, Replication, ...): '" + BadInputException.excerpt(line) + "'");
    }
    String delimiter = line.substring(PATH.length(), replicationAt);
    List<String> names = new ArrayList<>();
    int from = 0;
    while (true) {
      int at = line.indexOf(delimiter, from);
      names.add(line.substring(from, at < 0 ? line.length() : at));
      if (at < 0) {
        break;
      }
      from = at + delimiter.length();
    }
    List<String> missing = REQUIRED.stream().filter(name -> !names.contains(name)).toList();
    if (!missing.isEmpty()) {
      throw BadInputException.atLine(source, 1, "the header lacks column(s) " + String.join(", ", missing)
          + " (found " + String.join(", ", names) + ")");
    }
    return new DelimitedColumns(delimiter, names);
  }
}
